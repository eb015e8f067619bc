/* tb_sdram.c: standalone testbench for rtl/mem/sdram_ctrl.sv against the cycle-accurate device
 * model sim/sdram/sdram_dev.c. The Verilated wrapper is tests/sdram/tb_sdram.sv (through the
 * thin C++ shim tb_sdram_shim.cpp). Run with --help for the tests and options.
 *
 * Every read response is compared with a shadow memory kept by the testbench (updated when a
 * write is accepted); at the end the whole 32 MiB of the device is compared with the shadow.
 * A read burst (mem_req_len_i = n-1) expects n responses, beat i from the word
 * {addr[24:5], (addr[4:2] + i) mod 8} as the shadow holds it when the burst is accepted.
 * Any device-model timing violation fails the test (except in the badtiming test, which must
 * see violations). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdram_dev.h"
#include "tb_sdram_shim.h"

#define SHADOW_BYTES SDRAM_BYTES

static const char *usage =
    "usage: tb_sdram [options] [+verilator+seed+N ...]\n"
    "  --test NAME   init | refresh | random | bankswitch | reset | badtiming | bench\n"
    "  --seed N      stimulus seed (default 1); printed at start\n"
    "  --ops N       number of requests for random/bankswitch/badtiming (default 100000)\n"
    "  --burst-pct P random: percentage of requests that start a burst (read burst of random\n"
    "                length, or a write burst) in every chunk (default: chosen per chunk)\n"
    "  --cl N        CAS latency of the controller under test: 2 (default) or 3\n"
    "  --no-lookahead  test the controller built with Lookahead = 0 (CL2 only)\n"
    "  --trace FILE  write the device model's command trace to FILE\n"
    "  --fst FILE    write an FST waveform (build/sdram/tb_sdram_trace only, make sdram-trace)\n"
    "  --corrupt     self-check: flip one byte of the device (0x123451) behind the testbench's\n"
    "                back; the final compare is told, so only a read response can catch it\n"
    "                (the init and burst tests read it; tests/sdram.list runs them under '!')\n"
    "  --quiet       less output\n"
    "  --help        this text\n"
    "Tests:\n"
    "  init        power-up sequence (pause, PRECHARGE ALL, 8 REFRESH, MRS BL2/CL), first accesses\n"
    "  refresh     continuous traffic over many refresh periods, refresh count and max gap\n"
    "  random      seeded random reads/writes, random byte enables and address patterns\n"
    "  bankswitch  back-to-back bank switches and same-bank row conflicts\n"
    "  burst       read bursts: every start word x length, command count and beat spacing,\n"
    "              write bursts then read bursts of the same block, lookahead across a burst,\n"
    "              sequential burst throughput\n"
    "  reset       asynchronous reset assert / synchronous release, re-initialisation, data kept\n"
    "  badtiming   a controller built with tRCD = 1 cycle: the model must report violations\n"
    "  bench       sustained bandwidth and latency for sequential and random traffic\n"
    "Exit status 0 = pass.\n";

enum addr_mode {
  AM_SEQ, AM_RAND, AM_LOCAL, AM_BANKSW, AM_CONFLICT, AM_ZC, AM_BLOCK, AM_MIX, AM_COUNT
};
enum op_mode { OP_READ, OP_WRITE, OP_RANDOM, OP_ALTERNATE, OP_ZC };

typedef struct {
  uint32_t addr, data;
  uint64_t t_acc;
  uint64_t t_due; /* scanout-like client: cycle the word was wanted (0 = other client) */
  int first;      /* first beat of its read (latency statistics count first beats) */
} exp_t;

#define HQ_CAP 16 /* requests the testbench tracks as held by the controller (limit 2) */

typedef struct {
  tbs_t *m;
  tbs_in_t in;
  tbs_out_t out;
  sdram_dev_t *dev;
  sdram_pins_out_t dout;
  uint64_t cycle;
  uint8_t *shadow;
  exp_t *q;
  size_t qcap, qhead, qtail;
  uint64_t rng;
  int quiet;
  int dev_on; /* tick the device model (off until the first reset has been applied) */
  int depth;  /* requests the controller may hold (2 with lookahead, 1 without) */
  /* queue-depth check: READ/WRITE commands still owed to each accepted request, in order
   * (1 per write, len+1 per read); rw_base + rw_seen = device READ + WRITE count consumed */
  uint8_t hq[HQ_CAP];
  size_t hq_head, hq_tail;
  uint64_t rw_base, rw_seen;
  uint64_t max_held;
  /* results */
  uint64_t errors;
  uint64_t reads, writes;
  uint64_t lat_min, lat_max, lat_sum, lat_n;
  uint64_t first_acc, last_done;
  /* generator state */
  uint32_t seq_addr, seq_step; /* AM_SEQ: next address = seq_addr + seq_step (4 by default) */
  uint64_t gen_i;
  unsigned burst_pct;   /* percentage of requests that start a burst (0: none) */
  int burst_len;        /* read bursts: fixed len (0..7), or -1 = random */
  int write_bursts;     /* a write that starts a burst starts a write burst */
  unsigned wb_left;     /* beats of the current write burst still to present */
  int wb_seq;           /* its beats: sequential words (wrapping) or random words of the block */
  uint32_t wb_addr;     /* address of its last beat */
  /* response cycles (directed burst test) */
  uint64_t rsp_cyc[64];
  unsigned rsp_n;
  /* scanout-like client: the request on the port is one of its words, wanted since t_due */
  uint64_t cur_due;
  uint64_t scan_n, scan_lat_min, scan_lat_max, scan_lat_sum;
} tb_t;

static uint64_t rnd(tb_t *t) {
  uint64_t x = t->rng;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  t->rng = x;
  return x * 0x2545F4914F6CDD1Dull;
}
static uint32_t rnd_below(tb_t *t, uint32_t n) { return (uint32_t)((rnd(t) >> 11) % n); }

static void error(tb_t *t, const char *msg, uint32_t addr, uint32_t got, uint32_t exp) {
  t->errors++;
  if (t->errors <= 10) {
    fprintf(stderr, "ERROR cycle %" PRIu64 ": %s addr 0x%07x got 0x%08x expected 0x%08x\n",
            t->cycle, msg, addr, got, exp);
  }
}

static void q_push(tb_t *t, uint32_t addr, uint32_t data, int first) {
  size_t n = (t->qtail - t->qhead);
  if (n == t->qcap) {
    fprintf(stderr, "internal: expected-queue overflow\n");
    exit(2);
  }
  exp_t *e = &t->q[t->qtail % t->qcap];
  e->addr = addr;
  e->data = data;
  e->t_acc = t->cycle;
  e->t_due = t->cur_due;
  e->first = first;
  t->qtail++;
}

static uint32_t shadow_read(const tb_t *t, uint32_t addr) {
  uint32_t a = addr & (SHADOW_BYTES - 4u);
  return (uint32_t)t->shadow[a] | ((uint32_t)t->shadow[a + 1] << 8) |
         ((uint32_t)t->shadow[a + 2] << 16) | ((uint32_t)t->shadow[a + 3] << 24);
}

static void shadow_write(tb_t *t, uint32_t addr, uint32_t v, unsigned be) {
  uint32_t a = addr & (SHADOW_BYTES - 4u);
  for (unsigned i = 0; i < 4; i++) {
    if (be & (1u << i)) {
      t->shadow[a + i] = (uint8_t)(v >> (8 * i));
    }
  }
}

/* One clock cycle: low phase, sample, rising edge, device tick, bookkeeping.
 * Returns 1 if the request on the inputs was accepted at this edge. */
static int tb_cycle(tb_t *t) {
  sdram_pins_in_t p;
  t->in.clk = 0;
  tbs_eval(t->m, &t->in, &t->out);
  int fire = t->in.req_valid && t->out.req_ready;
  p.cke = t->out.cke;
  p.cs_n = t->out.cs_n;
  p.ras_n = t->out.ras_n;
  p.cas_n = t->out.cas_n;
  p.we_n = t->out.we_n;
  p.ba = t->out.ba;
  p.a = t->out.a;
  p.dqm = t->out.dqm;
  p.dq = t->out.dq_o;
  p.dq_oe = t->out.dq_oe;
  t->in.clk = 1;
  tbs_eval(t->m, &t->in, &t->out);
  if (t->dev_on) {
    sdram_dev_tick(t->dev, &p, &t->dout);
  }
  t->in.dq_i = t->dout.dq;
  t->cycle++;

  if (fire) {
    if (t->hq_tail - t->hq_head == HQ_CAP) {
      fprintf(stderr, "ERROR cycle %" PRIu64 ": %d requests accepted whose READ/WRITE commands "
              "never reached the device\n", t->cycle, HQ_CAP);
      exit(1);
    }
    t->hq[t->hq_tail++ % HQ_CAP] = (uint8_t)(t->in.req_we ? 1u : t->in.req_len + 1u);
  }
  /* Queue depth: requests accepted whose last READ/WRITE the device has not seen yet. (The
   * command reaches the device one edge after the decision, but ready is registered too.) */
  if (t->dev_on) {
    sdram_stats_t st;
    sdram_dev_get_stats(t->dev, &st);
    while (t->rw_seen < st.n_read + st.n_write - t->rw_base) {
      t->rw_seen++;
      if (t->hq_head == t->hq_tail) {
        error(t, "READ/WRITE command without a request held", 0, 0, 0);
      } else if (--t->hq[t->hq_head % HQ_CAP] == 0) {
        t->hq_head++;
      }
    }
    uint64_t held = t->hq_tail - t->hq_head;
    if (held > t->max_held) {
      t->max_held = held;
    }
    if (held > (uint64_t)t->depth) {
      error(t, "controller holds more requests than its queue depth", 0, (uint32_t)held,
            (uint32_t)t->depth);
    }
  }
  if (fire) {
    if (t->first_acc == 0) {
      t->first_acc = t->cycle;
    }
    if (t->in.req_we) {
      shadow_write(t, t->in.req_addr, t->in.req_wdata, t->in.req_be);
      t->writes++;
      t->last_done = t->cycle;
    } else {
      /* a read burst: beat i reads word (addr[4:2] + i) mod 8 of the aligned 32-byte block */
      for (unsigned i = 0; i <= t->in.req_len; i++) {
        uint32_t a = (t->in.req_addr & ~0x1Fu) | ((((t->in.req_addr >> 2) + i) & 7u) << 2);
        q_push(t, a, shadow_read(t, a), i == 0);
      }
    }
    t->in.req_valid = 0;
    t->in.req_len = 0;
  }
  if (t->out.rsp_valid) {
    if (t->rsp_n < 64) {
      t->rsp_cyc[t->rsp_n++] = t->cycle;
    }
    if (t->qhead == t->qtail) {
      error(t, "response without a read outstanding", 0, t->out.rsp_rdata, 0);
    } else {
      exp_t *e = &t->q[t->qhead % t->qcap];
      t->qhead++;
      if (t->out.rsp_rdata != e->data) {
        error(t, "read data mismatch", e->addr, t->out.rsp_rdata, e->data);
      }
      if (e->t_due != 0) {
        uint64_t sl = t->cycle - e->t_due;
        if (t->scan_n == 0 || sl < t->scan_lat_min) {
          t->scan_lat_min = sl;
        }
        if (sl > t->scan_lat_max) {
          t->scan_lat_max = sl;
        }
        t->scan_lat_sum += sl;
        t->scan_n++;
      }
      uint64_t lat = t->cycle - e->t_acc;
      if (e->first) {
        if (t->lat_n == 0 || lat < t->lat_min) {
          t->lat_min = lat;
        }
        if (lat > t->lat_max) {
          t->lat_max = lat;
        }
        t->lat_sum += lat;
        t->lat_n++;
      }
      t->reads++;
      t->last_done = t->cycle;
    }
  }
  return fire;
}

static void reset_stats(tb_t *t) {
  t->reads = t->writes = 0;
  t->lat_min = t->lat_max = t->lat_sum = t->lat_n = 0;
  t->first_acc = t->last_done = 0;
}

static uint32_t gen_addr(tb_t *t, enum addr_mode am) {
  uint32_t row, bank, col;
  uint64_t i = t->gen_i++;
  switch (am) {
  case AM_SEQ:
    t->seq_addr = (t->seq_addr + t->seq_step) & (SHADOW_BYTES - 1u);
    return t->seq_addr;
  case AM_RAND:
    return (uint32_t)rnd(t) & (SHADOW_BYTES - 1u); /* bits [1:0] random: must be ignored */
  /* The next three name physical banks; sdram_dev_addr applies the address map. */
  case AM_LOCAL: /* few rows: many hits and conflicts */
    row = rnd_below(t, 3) + 0x100u;
    bank = rnd_below(t, 4);
    col = rnd_below(t, 8) * 32u + rnd_below(t, 4);
    return sdram_dev_addr(t->dev, bank, row, col * 2u);
  case AM_BANKSW: /* rotate banks every request, new row every round */
    bank = (uint32_t)(i & 3u);
    row = (uint32_t)((i >> 2) * 7u + 0x40u) & 0x1FFFu;
    col = rnd_below(t, 256);
    return sdram_dev_addr(t->dev, bank, row, col * 2u);
  case AM_CONFLICT: /* same bank, alternating rows: worst case */
    bank = rnd_below(t, 4) == 0 ? 1u : 2u;
    row = (uint32_t)(i & 1u) ? 0x1234u : 0x0321u;
    col = rnd_below(t, 256);
    return sdram_dev_addr(t->dev, bank, row, col * 2u);
  case AM_ZC: /* pixel pipeline: Z read, Z write, colour write per pixel (default layout) */
    return (uint32_t)((i % 3u) < 2u ? 0x258000u : 0u) + (uint32_t)(i / 3u) * 4u;
  case AM_BLOCK: /* six 32-byte blocks in two banks and rows: bursts and writes overlap */
    bank = rnd_below(t, 2) ? 3u : 0u;
    row = 0x200u + rnd_below(t, 2);
    col = (rnd_below(t, 3) == 0 ? 31u : rnd_below(t, 2) * 5u) * 8u + rnd_below(t, 8);
    return sdram_dev_addr(t->dev, bank, row, col * 2u) + rnd_below(t, 4);
  case AM_MIX:
  case AM_COUNT:
  default:
    return gen_addr(t, (enum addr_mode)rnd_below(t, AM_MIX));
  }
}

static unsigned gen_be(tb_t *t) {
  switch (rnd_below(t, 4)) {
  case 0:
  case 1:
    return 0xFu;
  default:
    return rnd_below(t, 16);
  }
}

/* Put one request on the inputs: the next beat of a write burst in progress, else a new
 * request of the mode, which starts a burst with probability burst_pct (a read burst of
 * burst_len or random length, or a write burst of 1..8 beats in one 32-byte block). */
static void gen_req(tb_t *t, enum addr_mode am, enum op_mode om) {
  int we;
  unsigned len = 0;
  if (t->wb_left > 0) {
    uint32_t blk = t->wb_addr & ~0x1Fu;
    uint32_t w = t->wb_seq ? ((t->wb_addr >> 2) + 1u) & 7u : rnd_below(t, 8);
    t->wb_left--;
    t->wb_addr = blk | (w << 2);
    t->in.req_valid = 1;
    t->in.req_we = 1;
    t->in.req_addr = t->wb_addr | rnd_below(t, 4);
    t->in.req_wdata = (uint32_t)rnd(t);
    t->in.req_be = (uint8_t)gen_be(t);
    t->in.req_len = (uint8_t)t->wb_left;
    return;
  }
  switch (om) {
  case OP_READ:
    we = 0;
    break;
  case OP_WRITE:
    we = 1;
    break;
  case OP_ALTERNATE:
    we = (int)(t->gen_i & 1u);
    break;
  case OP_ZC:
    we = (t->gen_i % 3u) != 0;
    break;
  case OP_RANDOM:
  default:
    we = (int)(rnd(t) & 1u);
    break;
  }
  t->in.req_valid = 1;
  t->in.req_we = (uint8_t)we;
  t->in.req_addr = gen_addr(t, am);
  t->in.req_wdata = (uint32_t)rnd(t);
  t->in.req_be = (uint8_t)(we ? gen_be(t) : rnd_below(t, 16)); /* be ignored on reads */
  if (t->burst_pct != 0 && rnd_below(t, 100) < t->burst_pct) {
    if (!we) {
      len = t->burst_len >= 0 ? (unsigned)t->burst_len : rnd_below(t, 8);
    } else if (t->write_bursts) {
      len = rnd_below(t, 8);
      t->wb_left = len;
      t->wb_seq = (int)rnd_below(t, 2);
      t->wb_addr = t->in.req_addr & ~3u;
    }
  }
  t->in.req_len = (uint8_t)len;
}

/* Drain outstanding reads (bounded). */
static int drain(tb_t *t) {
  for (int i = 0; i < 300 && (t->qhead != t->qtail || t->in.req_valid); i++) {
    tb_cycle(t);
  }
  if (t->qhead != t->qtail) {
    fprintf(stderr, "ERROR: %zu read responses missing after drain\n", t->qtail - t->qhead);
    t->errors++;
    return 0;
  }
  return 1;
}

/* Issue n requests; p_valid_256 = probability (out of 256) of presenting a new request in a
 * cycle when none is pending. Returns cycles used. */
static uint64_t traffic(tb_t *t, uint64_t n, enum addr_mode am, enum op_mode om,
                        unsigned p_valid_256) {
  uint64_t issued = 0, c0 = t->cycle;
  uint64_t limit = t->cycle + n * 64 + 10000;
  while ((issued < n || t->wb_left > 0) && t->cycle < limit) {
    if (!t->in.req_valid && rnd_below(t, 256) < p_valid_256) {
      gen_req(t, am, om);
    }
    if (tb_cycle(t)) {
      issued++;
    }
  }
  if (issued < n) {
    fprintf(stderr, "ERROR: timeout, %" PRIu64 " of %" PRIu64 " requests accepted\n", issued, n);
    t->errors++;
  }
  drain(t);
  return t->cycle - c0;
}

static int wait_init(tb_t *t) {
  for (int i = 0; i < 30000; i++) {
    tb_cycle(t);
    if (t->out.init_done) {
      return 1;
    }
  }
  fprintf(stderr, "ERROR: init_done not seen\n");
  t->errors++;
  return 0;
}

static void reset_cycles(tb_t *t, int n) {
  t->in.arst_n = 0;
  t->in.req_valid = 0;
  for (int i = 0; i < n; i++) {
    tb_cycle(t);
  }
  t->in.arst_n = 1;
}

/* Shadow := device contents (linear byte order through the address map). */
static void shadow_from_device(tb_t *t) {
  const uint16_t *arr = sdram_dev_array(t->dev);
  for (uint32_t w = 0; w < SDRAM_BYTES / 2u; w++) {
    uint16_t v = arr[sdram_dev_index(t->dev, 2 * w)];
    t->shadow[2 * w] = (uint8_t)v;
    t->shadow[2 * w + 1] = (uint8_t)(v >> 8);
  }
}

static int compare_all(tb_t *t) {
  const uint16_t *arr = sdram_dev_array(t->dev);
  uint64_t bad = 0;
  for (uint32_t w = 0; w < SDRAM_BYTES / 2u; w++) {
    uint16_t s = (uint16_t)(t->shadow[2 * w] | (t->shadow[2 * w + 1] << 8));
    uint16_t dv = arr[sdram_dev_index(t->dev, 2 * w)];
    if (dv != s) {
      if (bad < 5) {
        fprintf(stderr, "ERROR: final compare byte addr 0x%07x device 0x%04x shadow 0x%04x\n",
                2 * w, dv, s);
      }
      bad++;
    }
  }
  if (bad) {
    fprintf(stderr, "ERROR: %" PRIu64 " halfwords differ at the end\n", bad);
    t->errors++;
  }
  return bad == 0;
}

static void print_lat(tb_t *t, const char *what) {
  if (!t->quiet) {
    printf("%-28s reads %7" PRIu64 " writes %7" PRIu64 "  read latency min %3" PRIu64
           " avg %6.2f max %3" PRIu64 "\n",
           what, t->reads, t->writes, t->lat_min,
           t->lat_n ? (double)t->lat_sum / (double)t->lat_n : 0.0, t->lat_max);
  }
}

/* ----------------------------------------------------------------------------------------- */

static void test_init(tb_t *t, int cl) {
  sdram_stats_t s;
  /* A read presented during the power-up sequence must wait for it and then be served. */
  t->in.req_valid = 1;
  t->in.req_we = 0;
  t->in.req_addr = 0x123450;
  t->in.req_be = 0xF;
  uint64_t start = t->cycle;
  wait_init(t);
  tb_cycle(t); /* the device sees the MRS one edge after init_done rises */
  sdram_dev_get_stats(t->dev, &s);
  printf("init done after %" PRIu64 " cycles: PRECHARGE-ALL %" PRIu64 " REFRESH %" PRIu64
         " MRS %" PRIu64 " mode 0x%03x (BL %d, CL %d)\n",
         t->cycle - start, s.n_pre_all, s.n_ref, s.n_mrs, (unsigned)s.mode_reg, s.burst_len,
         s.cas_latency);
  if (t->cycle - start < 20000) {
    error(t, "init finished before the 200 us pause", 0, (uint32_t)(t->cycle - start), 20000);
  }
  if (s.n_pre_all != 1 || s.n_ref < 8 || s.n_mrs != 1 || s.burst_len != 2 ||
      s.cas_latency != cl || s.n_act != 0 || s.n_read != 0 || s.n_write != 0) {
    error(t, "unexpected power-up command counts / mode", 0, (uint32_t)s.mode_reg, 0);
  }
  drain(t);
  /* Then a few accesses, and idle time over several refresh periods. */
  traffic(t, 200, AM_MIX, OP_RANDOM, 128);
  for (int i = 0; i < 4000; i++) {
    tb_cycle(t);
  }
  sdram_dev_get_stats(t->dev, &s);
  printf("after idle: REFRESH %" PRIu64 ", max refresh gap %" PRIu64 " cycles\n", s.n_ref,
         s.max_ref_gap);
  if (s.n_ref < 8 + 4) {
    error(t, "too few refreshes while idle", 0, (uint32_t)s.n_ref, 12);
  }
}

static void test_refresh(tb_t *t) {
  sdram_stats_t s0, s1;
  wait_init(t);
  sdram_dev_get_stats(t->dev, &s0);
  uint64_t c0 = t->cycle;
  /* Continuous traffic (a request every cycle the controller can take one). */
  traffic(t, 40000, AM_MIX, OP_RANDOM, 256);
  uint64_t cycles = t->cycle - c0;
  sdram_dev_get_stats(t->dev, &s1);
  uint64_t refs = s1.n_ref - s0.n_ref;
  uint64_t want = cycles / 781;
  print_lat(t, "refresh under traffic");
  printf("%" PRIu64 " cycles (%.1f refresh periods), %" PRIu64 " refreshes, max gap %" PRIu64
         " cycles (limit 781)\n",
         cycles, (double)cycles / 781.25, refs, s1.max_ref_gap);
  if (refs < want || cycles < 10 * 782) {
    error(t, "refresh count under traffic", 0, (uint32_t)refs, (uint32_t)want);
  }
}

static void test_random(tb_t *t, uint64_t ops, int burst_pct) {
  wait_init(t);
  uint64_t done = 0;
  while (done < ops) {
    uint64_t n = 1000 + rnd_below(t, 4000);
    if (n > ops - done) {
      n = ops - done;
    }
    enum addr_mode am = (enum addr_mode)rnd_below(t, AM_COUNT);
    enum op_mode om = (enum op_mode)rnd_below(t, 4);
    unsigned pv = rnd_below(t, 4) == 0 ? 16 + rnd_below(t, 64) : 256;
    /* bursts: none, some (read bursts of random length, write bursts), all, or all reads as
     * bursts of 8 (or --burst-pct for every chunk) */
    unsigned bm = rnd_below(t, 4);
    t->burst_pct = burst_pct >= 0 ? (unsigned)burst_pct : (bm == 0 ? 0u : bm == 1 ? 30u : 100u);
    t->burst_len = bm == 3 ? 7 : -1;
    t->write_bursts = bm != 3;
    traffic(t, n, am, om, pv);
    done += n;
  }
  t->burst_pct = 0;
  print_lat(t, "random");
}

static void test_bankswitch(tb_t *t, uint64_t ops) {
  wait_init(t);
  traffic(t, ops / 2, AM_BANKSW, OP_RANDOM, 256);
  print_lat(t, "bank rotation");
  reset_stats(t);
  traffic(t, ops / 2, AM_CONFLICT, OP_RANDOM, 256);
  print_lat(t, "same-bank row conflicts");
}

/* Reset synchroniser and re-initialisation. */
static void test_reset(tb_t *t) {
  wait_init(t);
  traffic(t, 3000, AM_MIX, OP_RANDOM, 256);
  for (int round = 0; round < 6; round++) {
    /* Assert reset in the middle of the low phase: the synchronised reset and the command
     * pins must react without a clock edge. Rounds 0-2 assert in the middle of traffic. */
    if (round < 3) {
      for (int i = 0; i < 5 + (int)rnd_below(t, 40); i++) {
        if (!t->in.req_valid) {
          gen_req(t, AM_MIX, OP_RANDOM);
        }
        tb_cycle(t);
      }
    } else {
      /* Idle reset: let every held request reach the device first (a write can wait behind
       * a refresh and a row change for more than 10 cycles), plus its second data beat. */
      drain(t);
      for (int i = 0; i < 100 && t->hq_head != t->hq_tail; i++) {
        tb_cycle(t);
      }
      for (int i = 0; i < 4; i++) {
        tb_cycle(t);
      }
    }
    t->in.clk = 0;
    t->in.arst_n = 0;
    tbs_eval(t->m, &t->in, &t->out);
    if (t->out.rst_sync_n != 0 || t->out.cs_n != 1 || t->out.req_ready != 0 ||
        t->out.rsp_valid != 0 || t->out.init_done != 0) {
      error(t, "asynchronous reset assertion not immediate", 0, t->out.rst_sync_n, 0);
    }
    t->in.req_valid = 0;
    t->in.req_len = 0;
    /* Whatever was in flight is lost: forget expected reads and held requests (a write burst
     * in progress is abandoned), and the device gets a power cycle (the board reset also
     * restarts the SDRAM init). */
    int mid_traffic = t->qhead != t->qtail || round < 3;
    t->qhead = t->qtail;
    t->wb_left = 0;
    {
      sdram_stats_t st;
      sdram_dev_get_stats(t->dev, &st);
      t->hq_head = t->hq_tail;
      t->rw_base = st.n_read + st.n_write;
      t->rw_seen = 0;
    }
    for (int i = 0; i < 1 + (int)rnd_below(t, 5); i++) {
      tb_cycle(t);
    }
    sdram_dev_power_cycle(t->dev);
    /* Release between edges; rst_sync_n must rise exactly at the second rising edge. */
    t->in.clk = 0;
    t->in.arst_n = 1;
    tbs_eval(t->m, &t->in, &t->out);
    int rose_at = -1;
    for (int e = 1; e <= 4; e++) {
      tb_cycle(t);
      if (t->out.rst_sync_n && rose_at < 0) {
        rose_at = e;
      }
    }
    if (rose_at != 2) {
      error(t, "synchronised reset release not at the 2nd edge", 0, (uint32_t)rose_at, 2);
    }
    if (mid_traffic) {
      /* A write cut by the reset may be partial: resynchronise the shadow. */
      shadow_from_device(t);
    }
    wait_init(t);
    traffic(t, 1500, AM_MIX, OP_RANDOM, 200);
  }
  printf("6 resets (3 during traffic, 3 idle), synchroniser released at edge 2 each time\n");
}

/* Present one request and run until it is accepted (bounded). */
static void send(tb_t *t, int we, uint32_t addr, uint32_t data, unsigned be, unsigned len) {
  t->in.req_valid = 1;
  t->in.req_we = (uint8_t)we;
  t->in.req_addr = addr;
  t->in.req_wdata = data;
  t->in.req_be = (uint8_t)be;
  t->in.req_len = (uint8_t)len;
  for (int i = 0; i < 300 && t->in.req_valid; i++) {
    tb_cycle(t);
  }
  if (t->in.req_valid) {
    error(t, "request not accepted", addr, 0, 0);
    t->in.req_valid = 0;
  }
}

/* Read bursts, directed. The shadow checker compares every beat's data; this test adds the
 * command count, the beat spacing, lookahead across a burst and the throughput. */
static void test_burst(tb_t *t, int lookahead) {
  sdram_stats_t s0, s1;
  wait_init(t);

  /* A: every start word x every length on one block, each burst alone: exactly len+1 READ
   * commands and responses, and (unless a refresh came in between) one response every 2
   * cycles. The first burst starts at word 5 with len 7: its last, wrapped beat reads word 4
   * (byte 0x123450, the --corrupt byte). */
  const uint32_t blk = 0x123440u;
  unsigned spaced = 0;
  for (unsigned k = 0; k < 64; k++) {
    unsigned start = (k + 5u) & 7u, len = 7u - k / 8u;
    sdram_dev_get_stats(t->dev, &s0);
    t->rsp_n = 0;
    send(t, 0, blk + start * 4u + (k & 3u), 0, 0xF, len);
    drain(t);
    sdram_dev_get_stats(t->dev, &s1);
    if (s1.n_read - s0.n_read != len + 1 || t->rsp_n != len + 1) {
      error(t, "READ commands / responses of a burst (got READs, want len+1)", blk + start * 4u,
            (uint32_t)(s1.n_read - s0.n_read), len + 1);
    }
    if (s1.n_ref == s0.n_ref) {
      spaced++;
      for (unsigned i = 1; i < t->rsp_n; i++) {
        if (t->rsp_cyc[i] - t->rsp_cyc[i - 1] != 2) {
          error(t, "beats of a burst not 2 cycles apart (gap)", blk + start * 4u,
                (uint32_t)(t->rsp_cyc[i] - t->rsp_cyc[i - 1]), 2);
        }
      }
    }
  }
  printf("A: 64 bursts (8 start words x 8 lengths), %u without a refresh: beats 2 cycles apart\n",
         spaced);

  /* B: write bursts (len n-1 .. 0, own address/data/be per beat) followed at once by read
   * bursts of the same block, single writes into a block between two bursts of it; blocks in
   * rotating banks and rows. */
  for (unsigned r = 0; r < 48; r++) {
    uint32_t b = 0x200000u + r * 0x1460u; /* moves row, bank and column block */
    b &= ~0x1Fu;
    unsigned n = 1u + r % 8u, w0 = rnd_below(t, 8);
    for (unsigned i = 0; i < n; i++) {
      uint32_t w = (r & 1u) ? (w0 + i) & 7u : rnd_below(t, 8);
      send(t, 1, b + w * 4u, (uint32_t)rnd(t), gen_be(t), n - 1u - i);
    }
    send(t, 0, b + rnd_below(t, 8) * 4u, 0, 0xF, 7);
    send(t, 1, b + rnd_below(t, 8) * 4u, (uint32_t)rnd(t), 0xF, 0);
    send(t, 0, b + rnd_below(t, 8) * 4u, 0, 0xF, rnd_below(t, 8));
    send(t, 0, b + rnd_below(t, 8) * 4u + 0x400u, 0, 0xF, 7); /* next bank, same row bits */
  }
  drain(t);
  printf("B: 48 write bursts, each followed by read bursts and a write of the same block\n");

  /* C: lookahead across a burst. Banks 0 and 1 open (rows 0x100), then a burst of 8 on bank 0
   * (row hit) followed by a read of bank 1, row 0x101 (a conflict). With the lookahead its
   * PRECHARGE and ACTIVE use the burst's idle command slots: its response comes 2 cycles after
   * the burst's last one. Without, they start after the burst. Repeated if a refresh falls in. */
  {
    uint64_t gap = 0;
    for (int attempt = 0; attempt < 4; attempt++) {
      uint32_t x = sdram_dev_addr(t->dev, 0, 0x100, 64);
      uint32_t y0 = sdram_dev_addr(t->dev, 1, 0x100, 64);
      uint32_t y1 = sdram_dev_addr(t->dev, 1, 0x101, 64);
      send(t, 0, x, 0, 0xF, 0);
      send(t, 0, y0, 0, 0xF, 0);
      drain(t);
      for (int i = 0; i < 12; i++) { /* tRAS of the opened rows */
        tb_cycle(t);
      }
      sdram_dev_get_stats(t->dev, &s0);
      t->rsp_n = 0;
      send(t, 0, x, 0, 0xF, 7);
      send(t, 0, y1, 0, 0xF, 0);
      drain(t);
      sdram_dev_get_stats(t->dev, &s1);
      if (s1.n_ref != s0.n_ref) {
        continue;
      }
      gap = t->rsp_n == 9 ? t->rsp_cyc[8] - t->rsp_cyc[7] : 0;
      break;
    }
    printf("C: read after a burst, other bank, row conflict: %" PRIu64
           " cycles after the burst's last word (lookahead %s)\n",
           gap, lookahead ? "on: expect 2" : "off: expect >= 6");
    if (lookahead ? gap != 2 : gap < 6) {
      error(t, "lookahead across a burst: response gap", 0, (uint32_t)gap, lookahead ? 2 : 6);
    }
  }

  /* D: throughput, bursts of 8 sequential words back to back (the data bus peak is 0.5
   * words/cycle; refresh and a bank change every 1 KiB cost the rest). */
  {
    reset_stats(t);
    t->seq_addr = 0x300000u - 32u;
    t->seq_step = 32;
    t->burst_pct = 100;
    t->burst_len = 7;
    t->write_bursts = 0;
    uint64_t c0 = t->cycle;
    traffic(t, 1024, AM_SEQ, OP_READ, 256);
    t->burst_pct = 0;
    t->seq_step = 4;
    double wpc = (double)t->reads / (double)(t->last_done - c0);
    printf("D: 1024 sequential bursts of 8: %.3f words/cycle (must be >= 0.45)\n", wpc);
    if (t->reads != 8192 || wpc < 0.45) {
      error(t, "sequential burst throughput (words/cycle x 1000)", 0, (uint32_t)(wpc * 1000.0),
            450);
    }
  }
}

typedef struct {
  const char *name;
  enum addr_mode am;
  enum op_mode om;
  int len;        /* reads: burst len (further words), -1 = random 0..7 */
  uint32_t step;  /* AM_SEQ address step in bytes */
} bench_t;

static void bench(tb_t *t, int cl) {
  static const bench_t b[] = {
      {"sequential read", AM_SEQ, OP_READ, 0, 4},
      {"sequential write", AM_SEQ, OP_WRITE, 0, 4},
      {"sequential read/write alt", AM_SEQ, OP_ALTERNATE, 0, 4},
      {"random read", AM_RAND, OP_READ, 0, 4},
      {"random write", AM_RAND, OP_WRITE, 0, 4},
      {"random read/write mix", AM_RAND, OP_RANDOM, 0, 4},
      {"bank rotation r/w", AM_BANKSW, OP_RANDOM, 0, 4},
      {"same-bank conflicts r/w", AM_CONFLICT, OP_RANDOM, 0, 4},
      {"pixels: Z rd, Z wr, colour wr", AM_ZC, OP_ZC, 0, 4},
      {"burst 8 sequential read", AM_SEQ, OP_READ, 7, 32},
      {"burst 8 random read", AM_RAND, OP_READ, 7, 4},
      {"burst 4 random read", AM_RAND, OP_READ, 3, 4},
      {"burst 1-8 random read", AM_RAND, OP_READ, -1, 4},
      {"burst 8 rd + 1-word wr mix", AM_RAND, OP_RANDOM, 7, 4},
  };
  wait_init(t);
  printf("bench: CL%d, 100 MHz, 32-bit words (read bursts: len+1 words per request), client "
         "always valid; read latency to the first word\n", cl);
  printf("%-28s %10s %8s %10s %s\n", "pattern", "words/cyc", "MB/s", "cycles", "read latency min/avg/max");
  for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
    /* about 20,000 words per pattern */
    const uint64_t n = b[i].len < 0 ? 20000 / 4 : b[i].len > 0 ? 20000 / (uint64_t)(b[i].len + 1)
                                                                : 20000;
    reset_stats(t);
    t->seq_addr = 0x400000u - b[i].step;
    t->seq_step = b[i].step;
    t->burst_pct = b[i].len != 0 ? 100u : 0u;
    t->burst_len = b[i].len;
    t->write_bursts = 0;
    uint64_t c0 = t->cycle;
    traffic(t, n, b[i].am, b[i].om, 256);
    t->burst_pct = 0;
    t->seq_step = 4;
    uint64_t cyc = t->last_done - c0;
    double wpc = (double)(t->reads + t->writes) / (double)cyc;
    if (t->lat_n) {
      printf("%-28s %10.3f %8.1f %10" PRIu64 " %3" PRIu64 " / %5.2f / %3" PRIu64 "\n", b[i].name,
             wpc, wpc * 400.0, cyc, t->lat_min, (double)t->lat_sum / (double)t->lat_n,
             t->lat_max);
    } else {
      printf("%-28s %10.3f %8.1f %10" PRIu64 "   -\n", b[i].name, wpc, wpc * 400.0, cyc);
    }
  }
  /* A scanout-like client with priority (one sequential read wanted every 4 cycles) over
   * saturating random background traffic; its latency counts from the cycle the word is
   * wanted, so it includes waiting for a background request already on the port. */
  {
    reset_stats(t);
    t->scan_n = t->scan_lat_min = t->scan_lat_max = t->scan_lat_sum = 0;
    uint64_t c0 = t->cycle, due = 0, bg = 0;
    uint32_t scan_addr = 0x000000u;
    uint64_t next_due = t->cycle + 4;
    int scan_wanted = 0;
    while (t->scan_n + (t->qtail - t->qhead) < 20000) {
      if (!scan_wanted && t->cycle >= next_due) {
        scan_wanted = 1;
        due = next_due;
        next_due += 4;
      }
      if (!t->in.req_valid) {
        if (scan_wanted) {
          t->in.req_valid = 1;
          t->in.req_we = 0;
          t->in.req_addr = scan_addr;
          t->in.req_be = 0xF;
          t->cur_due = due;
          scan_addr += 4;
          scan_wanted = 0;
        } else {
          gen_req(t, AM_RAND, OP_RANDOM);
          t->cur_due = 0;
          bg++;
        }
      }
      tb_cycle(t);
      if (t->cycle - c0 > 2000000) {
        error(t, "scanout bench did not finish", 0, 0, 0);
        break;
      }
    }
    drain(t);
    t->cur_due = 0;
    printf("%-28s latency from due min %" PRIu64 " avg %.2f max %" PRIu64
           " cycles; background %.3f words/cycle\n",
           "scanout 1/4 + random bg", t->scan_lat_min,
           t->scan_n ? (double)t->scan_lat_sum / (double)t->scan_n : 0.0, t->scan_lat_max,
           (double)(t->reads + t->writes - t->scan_n) / (double)(t->cycle - c0));
    (void)bg;
  }
  /* Isolated reads: latency without queueing. */
  const struct {
    const char *name;
    enum addr_mode am;
  } iso[] = {{"isolated read, row hit", AM_SEQ}, {"isolated read, random", AM_RAND}};
  for (size_t i = 0; i < 2; i++) {
    reset_stats(t);
    for (int k = 0; k < 2000; k++) {
      gen_req(t, iso[i].am, OP_READ);
      while (t->in.req_valid) {
        tb_cycle(t);
      }
      drain(t);
      for (int g = 0; g < 3; g++) {
        tb_cycle(t);
      }
    }
    printf("%-28s read latency min %" PRIu64 " avg %.2f max %" PRIu64 " cycles\n", iso[i].name,
           t->lat_min, (double)t->lat_sum / (double)t->lat_n, t->lat_max);
  }
}

/* ----------------------------------------------------------------------------------------- */

int main(int argc, char **argv) {
  const char *test = "random";
  uint64_t seed = 1, ops = 100000;
  int cl = 2, quiet = 0, no_la = 0, corrupt = 0, burst_pct = -1;
  const char *trace = NULL, *fst = NULL;
  const char *vseed = "(default)";

  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strcmp(argv[i], "--test") && i + 1 < argc) {
      test = argv[++i];
    } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      seed = strtoull(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--ops") && i + 1 < argc) {
      ops = strtoull(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--burst-pct") && i + 1 < argc) {
      burst_pct = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--cl") && i + 1 < argc) {
      cl = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--trace") && i + 1 < argc) {
      trace = argv[++i];
    } else if (!strcmp(argv[i], "--fst") && i + 1 < argc) {
      fst = argv[++i];
    } else if (!strcmp(argv[i], "--corrupt")) {
      corrupt = 1;
    } else if (!strcmp(argv[i], "--no-lookahead")) {
      no_la = 1;
    } else if (!strcmp(argv[i], "--quiet")) {
      quiet = 1;
    } else if (!strncmp(argv[i], "+verilator+seed+", 16)) {
      vseed = argv[i] + 16;
    } else if (argv[i][0] == '+') {
      /* other Verilator run-time options */
    } else {
      fprintf(stderr, "tb_sdram: unknown argument '%s'\n%s", argv[i], usage);
      return 2;
    }
  }
  if ((cl != 2 && cl != 3) || (no_la && cl != 2)) {
    fprintf(stderr, "tb_sdram: --cl must be 2 or 3 (2 with --no-lookahead)\n");
    return 2;
  }
  if (burst_pct > 100) {
    fprintf(stderr, "tb_sdram: --burst-pct must be 0..100\n");
    return 2;
  }
  int bad = !strcmp(test, "badtiming");
  printf("tb_sdram: test %s, seed %" PRIu64 ", verilator seed %s, CL%d%s\n", test, seed, vseed,
         cl, no_la ? ", no lookahead" : "");

  tb_t tb;
  memset(&tb, 0, sizeof(tb));
  tb.quiet = quiet;
  tb.seq_step = 4;
  tb.depth = no_la ? 1 : 2;
  tb.rng = seed * 0x9E3779B97F4A7C15ull + 1;
  tb.qcap = 64;
  tb.q = calloc(tb.qcap, sizeof(exp_t));
  tb.shadow = malloc(SHADOW_BYTES);
  sdram_params_t p;
  sdram_params_default(&p);
  p.name = "sdram";
  FILE *tf = NULL;
  if (trace != NULL) {
    tf = fopen(trace, "w");
    p.trace = tf;
  }
  tb.dev = sdram_dev_new(&p);
  tb.m = tbs_new(argc, argv);
  if (tb.q == NULL || tb.shadow == NULL || tb.dev == NULL || tb.m == NULL) {
    fprintf(stderr, "tb_sdram: out of memory\n");
    return 2;
  }
  if (fst != NULL && tbs_trace_open(tb.m, fst) != 0) {
    fprintf(stderr, "tb_sdram: --fst needs the trace build (make sdram-trace)\n");
    return 2;
  }
  sdram_dev_fill(tb.dev, seed);
  shadow_from_device(&tb);
  if (corrupt) {
    /* 0x123450 is the first address the init test reads. */
    sdram_dev_write8(tb.dev, 0x123451, (uint8_t)~sdram_dev_read8(tb.dev, 0x123451));
    printf("--corrupt: device byte 0x123451 flipped, this run must fail\n");
  }
  tb.in.sel = (uint8_t)(bad ? 2 : (no_la ? 3 : (cl == 3 ? 1 : 0)));
  /* Power-on: registers start random (--x-initial unique); give the reset a falling edge and
   * two clocks before the device model starts watching the pins (on the FPGA, configuration
   * puts every flop in its reset state). */
  tb.in.arst_n = 1;
  tbs_eval(tb.m, &tb.in, &tb.out);
  reset_cycles(&tb, 2);
  tb.in.arst_n = 0;
  tb.dev_on = 1;
  reset_cycles(&tb, 2);

  if (!strcmp(test, "init")) {
    test_init(&tb, cl);
  } else if (!strcmp(test, "refresh")) {
    test_refresh(&tb);
  } else if (!strcmp(test, "random")) {
    test_random(&tb, ops, burst_pct);
  } else if (!strcmp(test, "bankswitch")) {
    test_bankswitch(&tb, ops);
  } else if (!strcmp(test, "burst")) {
    test_burst(&tb, !no_la);
  } else if (!strcmp(test, "reset")) {
    test_reset(&tb);
  } else if (!strcmp(test, "badtiming")) {
    wait_init(&tb);
    traffic(&tb, ops < 2000 ? ops : 2000, AM_MIX, OP_RANDOM, 256);
  } else if (!strcmp(test, "bench")) {
    bench(&tb, cl);
  } else {
    fprintf(stderr, "tb_sdram: unknown test '%s'\n", test);
    return 2;
  }
  /* Let the controller idle a little (refresh keeps running), then final checks. */
  for (int i = 0; i < 100; i++) {
    tb_cycle(&tb);
  }
  sdram_dev_finish(tb.dev);
  if (corrupt) {
    /* the final compare is told about the flipped byte: only a read can have caught it */
    tb.shadow[0x123451] = sdram_dev_read8(tb.dev, 0x123451);
  }
  compare_all(&tb);

  sdram_stats_t s;
  sdram_dev_get_stats(tb.dev, &s);
  uint64_t v = sdram_dev_violations(tb.dev);
  printf("queue: at most %" PRIu64 " requests held (limit %d)\n",
         tb.max_held, tb.depth);
  printf("cycles %" PRIu64 ": ACT %" PRIu64 " READ %" PRIu64 " WRITE %" PRIu64 " PRE %" PRIu64
         " PRE-ALL %" PRIu64 " REF %" PRIu64 " (max gap %" PRIu64 "), violations %" PRIu64
         ", errors %" PRIu64 "\n",
         s.cycles, s.n_act, s.n_read, s.n_write, s.n_pre, s.n_pre_all, s.n_ref, s.max_ref_gap, v,
         tb.errors);
  int pass;
  if (bad) {
    pass = v > 0;
    printf("%s: badtiming expects device-model violations: %s\n", pass ? "PASS" : "FAIL",
           pass ? "reported" : "none reported");
  } else {
    pass = v == 0 && tb.errors == 0;
    printf("%s (seed %" PRIu64 ")\n", pass ? "PASS" : "FAIL", seed);
  }
  tbs_free(tb.m);
  sdram_dev_free(tb.dev);
  free(tb.shadow);
  free(tb.q);
  if (tf != NULL) {
    fclose(tf);
  }
  return pass ? 0 : 1;
}
