// tb_display_tmds: display_tmds_enc (three channels, tests/display/tb_display_tmds.sv) against
// sim/display/tmds.c, every symbol of every channel, every cycle:
//   (a) symbol: the RTL symbol equals tmds_encode_ref's (DE = 1; the reference's disparity is
//       set to 0 in every control period and at reset) or tmds_ctrl_symbol's (DE = 0)
//   (b) decode: tmds_decode gives back the input byte (DE = 1) or {C1, C0} (DE = 0)
//   (c) dc: the running ones minus zeros of the RTL's data symbols since the last control
//       symbol (counted from the symbols alone) stays within -TMDS_DISP_MAX..TMDS_DISP_MAX (8)
//       at every symbol, so each active line's total is within it too
//   (d) ctrl-in-DE: no symbol sent with DE = 1 is one of the four control codes
//   (reset: sym_o is the control symbol of 00 while rst_ni is low)
// Before the RTL, the C pair is checked exhaustively (cref): from disparity 0 the reachable
// disparities are exactly the even values -8..8; for each of them and each byte, the symbol
// decodes to the byte and changes the disparity by its own ones minus zeros; the 460 symbols
// the encoder reaches are exactly those tmds_decode accepts as data, none is a control code.
// Phases: exhaustive (each reachable disparity x each byte, reached by a shortest byte prefix
// after a control symbol; the test fails unless the RTL saw all 9 x 256 pairs on each channel),
// random (random DE runs, data patterns and control values, resets in and out of active
// video), runs (long runs of constant bytes and of alternating pairs, a reset inside one),
// frame (one 800 x 525 frame, DE on 640 x 480, HSYNC on pixels 656-751 and VSYNC on lines
// 490-491, both active low, as {C1, C0} = {VSYNC, HSYNC} on channel 0, random pixels).
// --seed is 1..2^31-1 (Verilator's +verilator+seed+ range).
// --inject-error MODE corrupts the RTL's symbols before the checks, to show the checks fail:
//   bit   one bit of one data symbol (random phase): symbol and usually decode errors
//   ctrl  one data symbol replaced by a control symbol: ctrl-in-DE, symbol and decode errors
//   dc    channel 0's symbols of the 0x00 run sent without DC balance (always the non-inverted
//         form, a legal code for the same byte): dc and symbol errors, no decode error
// Exit status: 0 pass, 1 a check failed, 2 bad option.
#include "Vtb_display_tmds.h"
#include "tmds.h"
#include "verilated.h"
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {
const char *const kTool = "tb_display_tmds";
const int kNumDisp = TMDS_DISP_MAX + 1;   // reachable disparities -8, -6, .., 8

struct rng {
    unsigned long long s;
    uint32_t next()
    {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
    unsigned below(unsigned n) { return next() % n; }
};

enum inject_e { InjNone, InjBit, InjCtrl, InjDc };

// the inputs of one clock: reset held through the edge, or DE with three bytes / {C1, C0}s
struct stim {
    bool rst;
    bool de;
    uint8_t data[3];
    unsigned ctrl[3];
};

struct chan_state {
    int ref_disp;   // tmds_encode_ref's running disparity
    int run;        // (c): ones minus zeros of the RTL's data symbols since the last control symbol
    bool in_line;   // the last symbol was a data symbol
    std::vector<bool> cover;   // (disparity before, byte) pairs checked in active video
};

int popcount(unsigned v)
{
    int n = 0;
    for (; v; v >>= 1) n += (int)(v & 1u);
    return n;
}

bool is_ctrl_code(unsigned sym)
{
    return sym == TMDS_CTRL_00 || sym == TMDS_CTRL_01 || sym == TMDS_CTRL_10 || sym == TMDS_CTRL_11;
}

int disp_index(int d) { return (d + TMDS_DISP_MAX) / 2; }

struct bench {
    Vtb_display_tmds *top;
    chan_state ch[3];
    const char *phase = "reset";
    unsigned long long cycle = 0;
    // counts
    unsigned long n_data = 0, n_ctrl = 0, n_lines = 0, n_resets = 0, n_resets_in_line = 0;
    int max_run = 0, max_line = 0;
    // errors by check
    unsigned long e_cref = 0, e_sym = 0, e_dec = 0, e_dc = 0, e_ctl = 0, e_rst = 0, e_cov = 0;
    unsigned long printed = 0;
    // fault injection
    inject_e inj = InjNone;
    unsigned long long inj_cycle = ~0ULL;   // bit, ctrl: the first DE cycle from this one (random phase)
    unsigned inj_ch = 0, inj_bit = 0, inj_ctrl = 0;
    bool inj_done = false;
    bool inj_dc_on = false;             // dc: set by the runs phase around the 0x00 run

    void fail(unsigned long &counter, const char *check, int k, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)))
    {
        counter++;
        if (printed++ >= 20) return;
        std::printf("FAIL %s: phase %s cycle %llu ch %d: ", check, phase, cycle, k);
        va_list ap;
        va_start(ap, fmt);
        std::vprintf(fmt, ap);
        va_end(ap);
        std::printf("\n");
    }

    void eval() { top->eval(); }

    void drive(const stim &s)
    {
        top->de_i = s.de;
        top->data0_i = s.data[0];
        top->data1_i = s.data[1];
        top->data2_i = s.data[2];
        top->ctrl0_i = s.ctrl[0] & 3u;
        top->ctrl1_i = s.ctrl[1] & 3u;
        top->ctrl2_i = s.ctrl[2] & 3u;
    }

    unsigned sym(int k) const { return k == 0 ? top->sym0_o : k == 1 ? top->sym1_o : top->sym2_o; }

    void end_line(chan_state &c)
    {
        if (c.in_line) {
            n_lines++;
            if (std::abs(c.run) > max_line) max_line = std::abs(c.run);
        }
        c.in_line = false;
        c.run = 0;
    }

    // one clock: inputs settle with the clock low, then the rising edge; sym_o is then the
    // symbol of these inputs
    void step(const stim &s)
    {
        drive(s);
        top->clk_i = 0;
        eval();
        if (s.rst) {
            n_resets++;
            if (ch[0].in_line) n_resets_in_line++;
            top->rst_ni = 0;
            eval();
            for (int k = 0; k < 3; k++) {
                if (sym(k) != TMDS_CTRL_00) fail(e_rst, "reset", k, "sym_o 0x%03x in reset, expected 0x%03x", sym(k), TMDS_CTRL_00);
            }
            top->clk_i = 1;
            eval();
            for (int k = 0; k < 3; k++) {
                if (sym(k) != TMDS_CTRL_00) fail(e_rst, "reset", k, "sym_o 0x%03x at an edge in reset", sym(k));
                end_line(ch[k]);
                ch[k].ref_disp = 0;
            }
            top->clk_i = 0;
            eval();
            top->rst_ni = 1;
            eval();
            cycle++;
            return;
        }
        top->clk_i = 1;
        eval();
        for (int k = 0; k < 3; k++) check(k, s, corrupt(k, s, sym(k)));
        top->clk_i = 0;
        eval();
        cycle++;
    }

    unsigned corrupt(int k, const stim &s, unsigned v)
    {
        if (inj == InjDc && inj_dc_on && k == 0 && s.de && ((v >> 9) & 1u) && popcount(~v & 0xFFu) != 4) {
            return v ^ 0x2FFu;   // the non-inverted form of the same q_m: same byte, no balancing
        }
        if ((inj == InjBit || inj == InjCtrl) && !inj_done && s.de && cycle >= inj_cycle && (unsigned)k == inj_ch) {
            inj_done = true;
            std::printf("inject: phase %s cycle %llu ch %d\n", phase, cycle, k);
            return inj == InjBit ? v ^ (1u << inj_bit) : tmds_ctrl_symbol(inj_ctrl);
        }
        return v;
    }

    void check(int k, const stim &s, unsigned got)
    {
        chan_state &c = ch[k];
        uint8_t dd = 0;
        unsigned cc = 0;
        const int r = tmds_decode((uint16_t)got, &dd, &cc);
        if (s.de) {
            n_data++;
            const int before = c.ref_disp;
            const unsigned exp = tmds_encode_ref(s.data[k], &c.ref_disp);
            if (std::abs(before) <= TMDS_DISP_MAX && (before & 1) == 0) {
                c.cover[(size_t)disp_index(before) * 256 + s.data[k]] = true;
            }
            if (got != exp) fail(e_sym, "symbol", k, "DE data 0x%02x disparity %d: got 0x%03x, expected 0x%03x", s.data[k], before, got, exp);
            if (r != 1 || dd != s.data[k]) fail(e_dec, "decode", k, "DE data 0x%02x: symbol 0x%03x decodes as %s 0x%02x", s.data[k], got, r == 1 ? "data" : r == 0 ? "control" : "nothing", r == 1 ? dd : cc);
            if (is_ctrl_code(got)) fail(e_ctl, "ctrl-in-DE", k, "DE data 0x%02x: control symbol 0x%03x", s.data[k], got);
            c.run += tmds_disparity((uint16_t)got);
            c.in_line = true;
            if (std::abs(c.run) > max_run) max_run = std::abs(c.run);
            if (std::abs(c.run) > TMDS_DISP_MAX) fail(e_dc, "dc", k, "running ones minus zeros %d since the control period", c.run);
        } else {
            n_ctrl++;
            end_line(c);
            c.ref_disp = 0;
            const unsigned exp = tmds_ctrl_symbol(s.ctrl[k]);
            if (got != exp) fail(e_sym, "symbol", k, "control %u: got 0x%03x, expected 0x%03x", s.ctrl[k] & 3u, got, exp);
            if (r != 0 || cc != (s.ctrl[k] & 3u)) fail(e_dec, "decode", k, "control %u: symbol 0x%03x decodes as %s", s.ctrl[k] & 3u, got, r == 1 ? "data" : r == 0 ? "another control" : "nothing");
        }
    }
};

// the C pair against itself, exhaustively; fills prefix[i] with a shortest byte sequence that
// takes the disparity from 0 to the i-th reachable value
unsigned long check_c_pair(std::vector<std::vector<uint8_t>> &prefix)
{
    unsigned long err = 0;
    auto bad = [&err](const char *what, int disp, unsigned d, unsigned sym) {
        if (err++ < 10) std::printf("FAIL cref: %s (disparity %d, byte 0x%02x, symbol 0x%03x)\n", what, disp, d, sym);
    };
    std::vector<bool> reached(kNumDisp, false), enc_sym(1024, false);
    std::vector<int> order;
    prefix.assign(kNumDisp, {});
    reached[disp_index(0)] = true;
    order.push_back(0);
    for (size_t i = 0; i < order.size(); i++) {   // breadth first: prefixes are shortest
        const int from = order[i];
        for (unsigned d = 0; d < 256; d++) {
            int disp = from;
            const unsigned s = tmds_encode_ref((uint8_t)d, &disp);
            uint8_t dd = 0;
            if (s > 0x3FFu) { bad("symbol wider than 10 bits", from, d, s); continue; }
            enc_sym[s] = true;
            if (tmds_decode((uint16_t)s, &dd, nullptr) != 1 || dd != d) bad("does not decode to its byte", from, d, s);
            if (is_ctrl_code(s)) bad("data symbol is a control code", from, d, s);
            if (disp - from != tmds_disparity((uint16_t)s)) bad("disparity change is not the symbol's ones minus zeros", from, d, s);
            if (std::abs(disp) > TMDS_DISP_MAX || (disp & 1)) { bad("disparity leaves the even values -8..8", disp, d, s); continue; }
            if (!reached[disp_index(disp)]) {
                reached[disp_index(disp)] = true;
                order.push_back(disp);
                prefix[disp_index(disp)] = prefix[disp_index(from)];
                prefix[disp_index(disp)].push_back((uint8_t)d);
            }
        }
    }
    if ((int)order.size() != kNumDisp) bad("not every even disparity -8..8 is reachable", 0, 0, 0);
    unsigned n_data = 0;
    for (unsigned s = 0; s < 1024; s++) {
        uint8_t dd = 0;
        unsigned cc = 9;
        const int r = tmds_decode((uint16_t)s, &dd, &cc);
        if (r == 1) n_data++;
        if ((r == 1) != (bool)enc_sym[s]) bad(r == 1 ? "decoder accepts a code the encoder never sends" : "decoder rejects a code the encoder sends", 0, dd, s);
        if ((r == 0) != is_ctrl_code(s)) bad("control decode", 0, cc, s);
        if (r == 0 && tmds_ctrl_symbol(cc) != s) bad("control value does not map back to its symbol", 0, cc, s);
    }
    if (n_data != 460) bad("not 460 data symbols", 0, n_data, 0);
    if (tmds_decode(0x400, nullptr, nullptr) != -1 || tmds_decode(0xFFFF, nullptr, nullptr) != -1) bad("a code above 10 bits decodes", 0, 0, 0x400);
    const unsigned ctrl_exp[4] = {0x354, 0x0AB, 0x154, 0x2AB};   // 1101010100 0010101011 0101010100 1010101011
    for (unsigned c = 0; c < 8; c++) {
        if (tmds_ctrl_symbol(c) != ctrl_exp[c & 3u]) bad("tmds_ctrl_symbol", 0, c, tmds_ctrl_symbol(c));
    }
    std::printf("cref: %zu disparities reachable from 0, %u data symbols, %lu errors\n", order.size(), n_data, err);
    return err;
}

int usage_error(const char *msg, const char *arg)
{
    std::fprintf(stderr, "%s: %s '%s' (see --help)\n", kTool, msg, arg);
    return 2;
}
}  // namespace

int main(int argc, char **argv)
{
    unsigned long long seed = 1, cycles = 200000;
    inject_e inj = InjNone;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            std::printf(
                "usage: %s [--seed N] [--cycles N] [--inject-error bit|ctrl|dc]\n"
                "display_tmds_enc (3 channels) against the C reference encoder and decoder of\n"
                "sim/display/tmds.c, every symbol: symbol, decode, DC balance (|ones - zeros| <= %d\n"
                "within each active run), no control code in active video, reset value; phases:\n"
                "exhaustive (9 disparities x 256 bytes), random DE runs and resets, constant runs,\n"
                "one 800 x 525 frame.\n"
                "  --seed N          1..2147483647; the same seed, the same stimulus (default 1)\n"
                "  --cycles N        cycles of the random phase, positive (default 200000)\n"
                "  --inject-error M  corrupt the RTL's symbols to show the checks fail: bit (one bit\n"
                "                    of one data symbol), ctrl (a control code in active video), dc\n"
                "                    (channel 0's 0x00 run without DC balance); must exit 1\n"
                "exit 0 pass, 1 fail, 2 bad option\n",
                kTool, TMDS_DISP_MAX);
            return 0;
        }
        if (!std::strcmp(a, "--seed") || !std::strcmp(a, "--cycles")) {
            if (i + 1 >= argc) return usage_error("missing value after", a);
            char *end = nullptr;
            const char *v = argv[++i];
            const unsigned long long n = std::strtoull(v, &end, 0);
            if (!*v || *end || n == 0 || v[0] == '-') return usage_error("not a positive number:", v);
            // Verilator takes +verilator+seed+N for N in 1..2^31-1 only
            if (!std::strcmp(a, "--seed") && n > 0x7FFFFFFFULL) return usage_error("--seed is at most 2147483647, not", v);
            *(!std::strcmp(a, "--seed") ? &seed : &cycles) = n;
            continue;
        }
        if (!std::strcmp(a, "--inject-error")) {
            if (i + 1 >= argc) return usage_error("missing mode after", a);
            const char *m = argv[++i];
            if (!std::strcmp(m, "bit")) inj = InjBit;
            else if (!std::strcmp(m, "ctrl")) inj = InjCtrl;
            else if (!std::strcmp(m, "dc")) inj = InjDc;
            else return usage_error("--inject-error takes bit, ctrl or dc, not", m);
            continue;
        }
        return usage_error("unknown option", a);
    }

    std::vector<std::vector<uint8_t>> prefix;
    const unsigned long cref_err = check_c_pair(prefix);

    VerilatedContext ctx;
    const std::string vs = "+verilator+seed+" + std::to_string(seed);
    const char *vargv[] = {kTool, vs.c_str(), "+verilator+rand+reset+2"};
    ctx.commandArgs(3, vargv);
    Vtb_display_tmds top{&ctx};
    bench b;
    b.top = &top;
    b.e_cref = cref_err;
    for (chan_state &c : b.ch) c = {0, 0, false, std::vector<bool>((size_t)kNumDisp * 256, false)};
    rng r{seed};
    rng ri{seed ^ 0x9E3779B97F4A7C15ULL};   // injection draws: the stimulus is the same with or without
    b.inj = inj;
    b.inj_ch = ri.below(3);
    b.inj_bit = ri.below(10);
    b.inj_ctrl = ri.below(4);
    const unsigned long long inj_offset = 100 + ri.below((unsigned)(cycles / 2 + 1));
    std::printf("%s: seed %llu, random phase %llu cycles%s%s\n", kTool, seed, cycles,
                inj != InjNone ? ", inject-error " : "", inj == InjBit ? "bit" : inj == InjCtrl ? "ctrl" : inj == InjDc ? "dc" : "");

    // power-up: inputs idle, then two cycles of reset
    top.rst_ni = 1;
    top.clk_i = 0;
    stim idle = {false, false, {0, 0, 0}, {0, 0, 0}};
    b.drive(idle);
    top.eval();
    stim rs = idle;
    rs.rst = true;
    b.step(rs);
    b.step(rs);

    // exhaustive: every reachable disparity x every byte, after a control symbol and a shortest
    // prefix; channels 1 and 2 take the bytes in other orders
    b.phase = "exhaustive";
    for (int di = 0; di < kNumDisp; di++) {
        for (unsigned d = 0; d < 256; d++) {
            stim s = {false, false, {0, 0, 0}, {r.below(4), r.below(4), r.below(4)}};
            b.step(s);
            s.de = true;
            for (uint8_t p : prefix[(size_t)di]) {
                s.data[0] = s.data[1] = s.data[2] = p;
                b.step(s);
            }
            for (int k = 0; k < 3; k++) s.data[k] = (uint8_t)((d * (2u * k + 1u) + 85u * k) & 0xFFu);
            b.step(s);
        }
    }

    // random: DE runs of random lengths and data patterns, blanking runs with constant or
    // changing control values, resets at random
    b.phase = "random";
    b.inj_cycle = b.cycle + inj_offset;
    {
        const unsigned long long end = b.cycle + cycles;
        while (b.cycle < end) {
            // a blanking run
            unsigned len = r.below(10) < 3 ? 1 + r.below(3) : 1 + r.below(200);
            const bool ctrl_each = r.below(2);
            stim s = {false, false, {0, 0, 0}, {r.below(4), r.below(4), r.below(4)}};
            for (unsigned i = 0; i < len && b.cycle < end; i++) {
                if (ctrl_each) {
                    for (int k = 0; k < 3; k++) s.ctrl[k] = r.below(4);
                }
                stim t = s;
                t.rst = r.below(20000) == 0;
                b.step(t);
            }
            // an active run
            const unsigned kind = r.below(10);
            len = kind < 2 ? 1 + r.below(4) : kind < 6 ? 1 + r.below(64) : 64 + r.below(1500);
            unsigned mode[3];
            uint8_t pool[3][4];
            for (int k = 0; k < 3; k++) {
                mode[k] = r.below(20);
                for (auto &p : pool[k]) p = (uint8_t)r.next();
            }
            s.de = true;
            for (unsigned i = 0; i < len && b.cycle < end; i++) {
                for (int k = 0; k < 3; k++) {
                    if (mode[k] < 10) {
                        s.data[k] = (uint8_t)r.next();                       // uniform
                    } else if (mode[k] < 14) {
                        s.data[k] = pool[k][r.below(4)];                     // a few values
                    } else if (mode[k] < 17) {
                        uint8_t v;                                           // four ones (the tie rule)
                        do v = (uint8_t)r.next(); while (popcount(v) != 4);
                        s.data[k] = v;
                    } else if (i == 0 || r.below(50) == 0) {
                        s.data[k] = (uint8_t)r.next();                       // mostly constant
                    }
                }
                stim t = s;
                t.rst = r.below(20000) == 0;
                b.step(t);
            }
        }
    }

    // runs: long runs of one byte, then of two alternating bytes, each channel its own; a reset
    // in the middle of the second run
    b.phase = "runs";
    {
        std::vector<uint8_t> bytes = {0x00, 0xFF, 0x10, 0x55, 0xAA, 0x01, 0x80, 0x0F, 0xF0, 0x7F,
                                      0xFE, 0x3C, 0xC3, 0x08, 0xEF, 0x11, 0x88};
        for (int i = 0; i < 4; i++) bytes.push_back((uint8_t)r.next());
        const size_t n = bytes.size();
        for (size_t i = 0; i < n; i++) {
            b.inj_dc_on = (i == 0);   // channel 0's run of 0x00
            stim s = {false, true, {bytes[i], bytes[(i + 5) % n], bytes[(i + 11) % n]}, {0, 0, 0}};
            for (int c = 0; c < 3000; c++) {
                stim t = s;
                t.rst = (i == 1 && c == 1500);
                b.step(t);
            }
            b.inj_dc_on = false;
            stim blank = {false, false, {0, 0, 0}, {r.below(4), 0, 0}};
            for (int c = 0; c < 20; c++) b.step(blank);
        }
        const uint8_t pairs[][2] = {{0x00, 0xFF}, {0x55, 0xAA}, {0x0F, 0xF0}, {0x10, 0xEF}, {0x01, 0xFE}};
        for (const auto &p : pairs) {
            for (int c = 0; c < 3000; c++) {
                const uint8_t v = p[c & 1], w = p[(c / 3) & 1];
                stim s = {false, true, {v, w, (uint8_t)(c & 1 ? 0x00 : 0x55)}, {0, 0, 0}};
                b.step(s);
            }
            stim blank = {false, false, {0, 0, 0}, {r.below(4), 0, 0}};
            for (int c = 0; c < 20; c++) b.step(blank);
        }
    }

    // frame: 800 x 525 from the frame boundary (line 480, pixel 0) as the timing generator
    // starts after reset; channel 0 carries {VSYNC, HSYNC}, channels 1 and 2 send 00
    b.phase = "frame";
    {
        const unsigned long lines_before = b.n_lines;
        for (int l = 0; l < 525; l++) {
            const int y = (480 + l) % 525;
            for (int x = 0; x < 800; x++) {
                const unsigned hs = (x >= 656 && x < 752) ? 0u : 1u, vs = (y >= 490 && y < 492) ? 0u : 1u;
                stim s = {false, x < 640 && y < 480, {0, 0, 0}, {(vs << 1) | hs, 0, 0}};
                const uint32_t rgb = r.next();
                s.data[0] = (uint8_t)rgb;           // blue
                s.data[1] = (uint8_t)(rgb >> 8);    // green
                s.data[2] = (uint8_t)(rgb >> 16);   // red
                b.step(s);
            }
        }
        if (b.n_lines - lines_before != 3 * 480) {
            b.fail(b.e_cov, "frame", 0, "%lu active lines seen on three channels, expected %d", b.n_lines - lines_before, 3 * 480);
        }
    }
    top.final();

    unsigned long covered = 0;
    for (int k = 0; k < 3; k++) {
        unsigned long n = 0;
        for (bool v : b.ch[k].cover) n += v;
        covered += n;
        if (n != (unsigned long)kNumDisp * 256) b.fail(b.e_cov, "coverage", k, "%lu of %d (disparity, byte) pairs checked", n, kNumDisp * 256);
    }
    if (inj != InjNone && inj != InjDc && !b.inj_done) std::printf("inject: no DE cycle after the chosen one\n");
    if (b.n_resets_in_line == 0) b.fail(b.e_cov, "coverage", 0, "no reset in the middle of an active run");

    std::printf("%s: %llu cycles, %lu data symbols, %lu control symbols, %lu active runs (3 channels), %lu resets (%lu in a line), "
                "coverage %lu/%d (disparity, byte) pairs, max |ones - zeros| %d at a symbol and %d at the end of a run (bound %d)\n",
                kTool, b.cycle, b.n_data, b.n_ctrl, b.n_lines, b.n_resets, b.n_resets_in_line, covered, 3 * kNumDisp * 256,
                b.max_run, b.max_line, TMDS_DISP_MAX);
    std::printf("%s: errors: cref %lu, symbol %lu, decode %lu, dc %lu, ctrl-in-DE %lu, reset %lu, coverage %lu\n", kTool,
                b.e_cref, b.e_sym, b.e_dec, b.e_dc, b.e_ctl, b.e_rst, b.e_cov);
    const bool fail = b.e_cref || b.e_sym || b.e_dec || b.e_dc || b.e_ctl || b.e_rst || b.e_cov;
    std::printf("%s: seed %llu\n", fail ? "FAIL" : "PASS", seed);
    return fail ? 1 : 0;
}
