/* sdram_dev.c: cycle-accurate SDR SDRAM model with timing checks. See sdram_dev.h. */
#include "sdram_dev.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define NEVER (-((int64_t)1 << 50)) /* "long ago": every spacing check passes */
#define NO_CUT ((int64_t)1 << 60)

enum cmd {
  CMD_MRS = 0, /* {ras_n, cas_n, we_n} = 000 */
  CMD_REF = 1,
  CMD_PRE = 2,
  CMD_ACT = 3,
  CMD_WRITE = 4,
  CMD_READ = 5,
  CMD_BST = 6,
  CMD_NOP = 7,
  CMD_INHIBIT = 8
};

static const char *const cmd_names[] = {"MRS", "REFRESH", "PRECHARGE", "ACTIVE", "WRITE",
                                        "READ", "BURST-STOP", "NOP", "INHIBIT"};

typedef struct {
  int active;           /* row open */
  unsigned row;
  int64_t t_act;        /* last ACTIVE */
  int64_t t_pre;        /* last PRECHARGE (explicit, all, or auto) */
  int64_t t_read;       /* last READ */
  int64_t t_wr_end;     /* edge of the last write beat */
  int ap_pending;       /* auto precharge scheduled */
  int64_t ap_time;      /* when it takes effect */
} bank_t;

typedef struct {
  int valid;
  unsigned bank, row, col;
  int64_t start; /* edge of beat 0 */
  int64_t cut;   /* beats at edges >= cut are dropped */
} burst_t;

struct sdram_dev {
  sdram_params_t p;
  uint16_t *mem;
  int64_t now; /* edge number of the current tick */
  uint64_t violations;
  sdram_stats_t st;

  /* Power-up / init state. */
  int64_t first_cmd_ok; /* first edge at which a command may be issued */
  int any_cmd;          /* a non-NOP command has been seen since power-up */
  int pause_pins_bad;   /* DQM/CKE low during the pause already reported */
  unsigned init_refs;   /* REFRESH commands since power-up */
  int mode_set;
  unsigned mode;
  int cl, bl, interleave, single_write;

  bank_t bank[SDRAM_BANKS];
  int64_t t_act_any;    /* last ACTIVE, any bank */
  int64_t t_ref;        /* last REFRESH */
  int64_t t_mrs;        /* last MODE REGISTER SET */
  int refreshing;       /* at least one REFRESH seen: interval check armed */

  burst_t rd[2]; /* rd[0] newest read burst, rd[1] the one before (may still be on the bus) */
  burst_t wr;    /* current write burst */

  uint8_t dqm_hist[4];   /* DQM sampled at edge now-k is dqm_hist[k & 3] ... ring by edge */
  int drive_next;        /* device drives the cycle after this edge */
  int drive_prev;        /* device drove the cycle that ended at this edge */
  int drive_prev2;       /* ... and the one before */
  int ctrl_drove_prev;   /* controller drove the cycle that ended at the previous edge */
};

/* ------------------------------------------------------------------------------------------ */

void sdram_params_default(sdram_params_t *p) {
  memset(p, 0, sizeof(*p));
  p->name = "sdram";
  p->tck_ps = 10000;
  p->tck_min_cl2_ps = 7500;
  p->tck_min_cl3_ps = 6000;
  p->t_rcd_ps = 15000;
  p->t_rp_ps = 15000;
  p->t_ras_ps = 42000;
  p->t_ras_max_ps = 100000000ull;
  p->t_rc_ps = 60000;
  p->t_rfc_ps = 60000;
  p->t_rrd_ck = 2;
  p->t_wr_ck = 2;
  p->t_mrd_ck = 2;
  p->t_refi_ps = 7812500ull;
  p->t_init_ps = 200000000ull;
  p->init_refreshes = 8;
  p->max_print = 20;
  p->bank_xor = 1;
  p->trace = NULL;
}

static void reset_state(sdram_dev_t *d) {
  d->first_cmd_ok = d->now + (int64_t)((d->p.t_init_ps + d->p.tck_ps - 1) / d->p.tck_ps);
  d->any_cmd = 0;
  d->pause_pins_bad = 0;
  d->init_refs = 0;
  d->mode_set = 0;
  d->mode = 0;
  d->cl = 0;
  d->bl = 0;
  d->interleave = 0;
  d->single_write = 0;
  for (unsigned b = 0; b < SDRAM_BANKS; b++) {
    d->bank[b].active = 0;
    d->bank[b].row = 0;
    d->bank[b].t_act = NEVER;
    d->bank[b].t_pre = NEVER;
    d->bank[b].t_read = NEVER;
    d->bank[b].t_wr_end = NEVER;
    d->bank[b].ap_pending = 0;
    d->bank[b].ap_time = 0;
  }
  d->t_act_any = NEVER;
  d->t_ref = NEVER;
  d->t_mrs = NEVER;
  d->refreshing = 0;
  memset(d->rd, 0, sizeof(d->rd));
  memset(&d->wr, 0, sizeof(d->wr));
  memset(d->dqm_hist, 0, sizeof(d->dqm_hist));
  d->drive_next = 0;
  d->drive_prev = 0;
  d->drive_prev2 = 0;
  d->ctrl_drove_prev = 0;
  d->st.mode_reg = -1;
  d->st.cas_latency = 0;
  d->st.burst_len = 0;
}

sdram_dev_t *sdram_dev_new(const sdram_params_t *p) {
  sdram_dev_t *d = calloc(1, sizeof(*d));
  if (d == NULL) {
    return NULL;
  }
  d->p = *p;
  if (d->p.name == NULL) {
    d->p.name = "sdram";
  }
  if (d->p.tck_ps == 0) {
    d->p.tck_ps = 10000;
  }
  d->mem = calloc(SDRAM_BYTES / 2u, sizeof(uint16_t));
  if (d->mem == NULL) {
    free(d);
    return NULL;
  }
  d->now = 0;
  reset_state(d);
  return d;
}

void sdram_dev_free(sdram_dev_t *d) {
  if (d != NULL) {
    free(d->mem);
    free(d);
  }
}

void sdram_dev_power_cycle(sdram_dev_t *d) { reset_state(d); }

uint64_t sdram_dev_violations(const sdram_dev_t *d) { return d->violations; }
uint64_t sdram_dev_cycle(const sdram_dev_t *d) { return (uint64_t)d->now; }
const uint16_t *sdram_dev_array(const sdram_dev_t *d) { return d->mem; }

void sdram_dev_get_stats(const sdram_dev_t *d, sdram_stats_t *s) {
  *s = d->st;
  s->cycles = (uint64_t)d->now;
}

/* ------------------------------------------------------------------------------------------ */

static void violation(sdram_dev_t *d, enum cmd c, unsigned ba, const char *fmt, ...) {
  d->violations++;
  if (d->st.first_violation == 0) {
    d->st.first_violation = (uint64_t)d->now;
  }
  if (d->violations > d->p.max_print) {
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s VIOLATION cycle %" PRId64 ": %s bank %u: ", d->p.name, d->now,
          cmd_names[c], ba);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* Elapsed time since t (an edge number) is at least ps. */
static int elapsed_ps(const sdram_dev_t *d, int64_t t, uint64_t ps) {
  if (t <= NEVER / 2) {
    return 1;
  }
  return (uint64_t)(d->now - t) * d->p.tck_ps >= ps;
}
static int elapsed_ck(const sdram_dev_t *d, int64_t t, uint32_t ck) {
  return d->now - t >= (int64_t)ck;
}
static int64_t since(const sdram_dev_t *d, int64_t t) { return d->now - t; }

static inline uint32_t word_index(unsigned bank, unsigned row, unsigned col) {
  return (row << 11) | (bank << 9) | (col & (SDRAM_COLS - 1));
}

static unsigned burst_col(const sdram_dev_t *d, unsigned col0, unsigned i) {
  unsigned bl = (unsigned)d->bl;
  unsigned base = col0 & ~(bl - 1u);
  unsigned off = d->interleave ? ((col0 ^ i) & (bl - 1u)) : ((col0 + i) & (bl - 1u));
  return (base | off) & (SDRAM_COLS - 1u);
}

/* Auto precharges whose time has come close their bank. */
static void do_auto_precharge(sdram_dev_t *d) {
  for (unsigned b = 0; b < SDRAM_BANKS; b++) {
    bank_t *bk = &d->bank[b];
    if (bk->ap_pending && d->now >= bk->ap_time) {
      bk->ap_pending = 0;
      bk->active = 0;
      bk->t_pre = bk->ap_time;
    }
  }
}

/* Read bursts (of bank, or of every bank if bank < 0) stop producing data at edge. */
static void cut_bursts(sdram_dev_t *d, int64_t edge, int bank) {
  for (int i = 0; i < 2; i++) {
    if (d->rd[i].valid && d->rd[i].cut > edge && (bank < 0 || (unsigned)bank == d->rd[i].bank)) {
      d->rd[i].cut = edge;
    }
  }
}

static void check_bank_ready(sdram_dev_t *d, enum cmd c, unsigned b) {
  /* Any command is illegal during tRFC after REFRESH and tMRD after MRS. */
  if (!elapsed_ps(d, d->t_ref, d->p.t_rfc_ps)) {
    violation(d, c, b, "tRFC: %" PRId64 " cycles after REFRESH", since(d, d->t_ref));
  }
  if (!elapsed_ck(d, d->t_mrs, d->p.t_mrd_ck)) {
    violation(d, c, b, "tMRD: %" PRId64 " cycles after MODE REGISTER SET", since(d, d->t_mrs));
  }
}

static void check_initialised(sdram_dev_t *d, enum cmd c, unsigned b) {
  if (!d->mode_set) {
    violation(d, c, b, "mode register not set since power-up");
  } else if (d->init_refs < d->p.init_refreshes) {
    violation(d, c, b, "only %u of %u power-up refreshes done", d->init_refs,
              d->p.init_refreshes);
  }
}

/* Closing a bank (explicit or PRECHARGE ALL): tRAS, tWR, read burst, tRAS(max). */
static void check_precharge(sdram_dev_t *d, enum cmd c, unsigned b) {
  bank_t *bk = &d->bank[b];
  if (!bk->active) {
    return;
  }
  if (!elapsed_ps(d, bk->t_act, d->p.t_ras_ps)) {
    violation(d, c, b, "tRAS: %" PRId64 " cycles after ACTIVE", since(d, bk->t_act));
  }
  if ((uint64_t)since(d, bk->t_act) * d->p.tck_ps > d->p.t_ras_max_ps) {
    violation(d, c, b, "tRAS(max): row open %" PRId64 " cycles", since(d, bk->t_act));
  }
  if (bk->t_wr_end > NEVER / 2 && d->now - bk->t_wr_end < (int64_t)d->p.t_wr_ck) {
    violation(d, c, b, "tWR: %" PRId64 " cycles after the last write beat",
              since(d, bk->t_wr_end));
  }
  if (bk->t_read > NEVER / 2 && d->now - bk->t_read < d->bl) {
    violation(d, c, b, "truncates the read burst issued %" PRId64 " cycles ago",
              since(d, bk->t_read));
  }
}

static void close_bank(sdram_dev_t *d, unsigned b) {
  bank_t *bk = &d->bank[b];
  bk->active = 0;
  bk->ap_pending = 0;
  bk->t_pre = d->now;
}

static void decode_mode(sdram_dev_t *d, unsigned a, unsigned ba) {
  unsigned bl_code = a & 7u;
  unsigned cl_code = (a >> 4) & 7u;
  d->mode = a;
  d->interleave = (a >> 3) & 1u;
  d->single_write = (a >> 9) & 1u;
  d->bl = (bl_code <= 3u) ? (1 << bl_code) : 0;
  d->cl = (cl_code == 2u || cl_code == 3u) ? (int)cl_code : 0;
  d->mode_set = 1;
  if (d->bl == 0) {
    violation(d, CMD_MRS, ba, "unsupported burst length code %u (full page not modelled)",
              bl_code);
    d->bl = 1;
  }
  if (d->cl == 0) {
    violation(d, CMD_MRS, ba, "reserved CAS latency code %u", cl_code);
    d->cl = 2;
  }
  if (((a >> 7) & 3u) != 0 || ba != 0 || ((a >> 10) & 7u) != 0) {
    violation(d, CMD_MRS, ba, "reserved mode register bits set (A=0x%04x BA=%u)", a, ba);
  }
  if (d->cl == 2 && d->p.tck_ps < d->p.tck_min_cl2_ps) {
    violation(d, CMD_MRS, ba, "CL2 needs tCK >= %u ps", d->p.tck_min_cl2_ps);
  }
  if (d->cl == 3 && d->p.tck_ps < d->p.tck_min_cl3_ps) {
    violation(d, CMD_MRS, ba, "CL3 needs tCK >= %u ps", d->p.tck_min_cl3_ps);
  }
  d->st.mode_reg = (int)a;
  d->st.cas_latency = d->cl;
  d->st.burst_len = d->bl;
}

static void do_command(sdram_dev_t *d, enum cmd c, const sdram_pins_in_t *in) {
  unsigned b = in->ba & 3u;
  unsigned a = in->a & 0x1FFFu;
  int a10 = (a >> 10) & 1;

  if (d->p.trace != NULL) {
    fprintf(d->p.trace, "%s %" PRId64 " %s ba=%u a=0x%04x dqm=%u\n", d->p.name, d->now,
            cmd_names[c], b, a, in->dqm & 3u);
  }
  if (d->now < d->first_cmd_ok) {
    violation(d, c, b, "issued %" PRId64 " cycles before the power-up pause ends",
              d->first_cmd_ok - d->now);
  }
  d->any_cmd = 1;
  check_bank_ready(d, c, b);

  switch (c) {
  case CMD_MRS:
    d->st.n_mrs++;
    for (unsigned i = 0; i < SDRAM_BANKS; i++) {
      if (d->bank[i].active) {
        violation(d, c, i, "bank not idle");
      }
      if (!elapsed_ps(d, d->bank[i].t_pre, d->p.t_rp_ps)) {
        violation(d, c, i, "tRP: %" PRId64 " cycles after PRECHARGE", since(d, d->bank[i].t_pre));
      }
    }
    decode_mode(d, a, b);
    d->t_mrs = d->now;
    break;

  case CMD_REF:
    d->st.n_ref++;
    for (unsigned i = 0; i < SDRAM_BANKS; i++) {
      if (d->bank[i].active) {
        violation(d, c, i, "bank not idle");
      }
      if (!elapsed_ps(d, d->bank[i].t_pre, d->p.t_rp_ps)) {
        violation(d, c, i, "tRP: %" PRId64 " cycles after PRECHARGE", since(d, d->bank[i].t_pre));
      }
      if (!elapsed_ps(d, d->bank[i].t_act, d->p.t_rc_ps)) {
        violation(d, c, i, "tRC: %" PRId64 " cycles after ACTIVE", since(d, d->bank[i].t_act));
      }
    }
    if (d->refreshing) {
      uint64_t gap = (uint64_t)since(d, d->t_ref);
      if (gap > d->st.max_ref_gap) {
        d->st.max_ref_gap = gap;
      }
      if (gap * d->p.tck_ps > d->p.t_refi_ps) {
        violation(d, c, b, "refresh interval: %" PRIu64 " cycles since the last REFRESH (max %" PRIu64
                           ")", gap, d->p.t_refi_ps / d->p.tck_ps);
      }
    }
    d->refreshing = 1;
    d->init_refs++;
    d->t_ref = d->now;
    break;

  case CMD_PRE:
    if (a10) {
      d->st.n_pre_all++;
      for (unsigned i = 0; i < SDRAM_BANKS; i++) {
        check_precharge(d, c, i);
        close_bank(d, i);
      }
    } else {
      d->st.n_pre++;
      check_precharge(d, c, b);
      close_bank(d, b);
    }
    /* PRECHARGE ends the bursts of the banks it closes (data CL-1 cycles later is lost). */
    cut_bursts(d, d->now + d->cl, a10 ? -1 : (int)b);
    if (d->wr.valid && d->wr.cut > d->now && (a10 || d->wr.bank == b)) {
      d->wr.cut = d->now;
    }
    break;

  case CMD_ACT: {
    bank_t *bk = &d->bank[b];
    d->st.n_act++;
    check_initialised(d, c, b);
    if (bk->active || bk->ap_pending) {
      violation(d, c, b, "bank already active (row 0x%x)", bk->row);
    }
    if (!elapsed_ps(d, bk->t_pre, d->p.t_rp_ps)) {
      violation(d, c, b, "tRP: %" PRId64 " cycles after PRECHARGE", since(d, bk->t_pre));
    }
    if (!elapsed_ps(d, bk->t_act, d->p.t_rc_ps)) {
      violation(d, c, b, "tRC: %" PRId64 " cycles after ACTIVE", since(d, bk->t_act));
    }
    if (!elapsed_ck(d, d->t_act_any, d->p.t_rrd_ck)) {
      violation(d, c, b, "tRRD: %" PRId64 " cycles after ACTIVE", since(d, d->t_act_any));
    }
    bk->active = 1;
    bk->row = a;
    bk->t_act = d->now;
    bk->t_read = NEVER;
    bk->t_wr_end = NEVER;
    d->t_act_any = d->now;
    break;
  }

  case CMD_READ:
  case CMD_WRITE: {
    bank_t *bk = &d->bank[b];
    unsigned col = a & (SDRAM_COLS - 1u);
    check_initialised(d, c, b);
    if (!bk->active || bk->ap_pending) {
      violation(d, c, b, "bank not active");
    } else if (!elapsed_ps(d, bk->t_act, d->p.t_rcd_ps)) {
      violation(d, c, b, "tRCD: %" PRId64 " cycles after ACTIVE", since(d, bk->t_act));
    }
    /* A new burst ends the previous ones. */
    if (d->wr.valid && d->wr.cut > d->now) {
      d->wr.cut = d->now;
    }
    if (c == CMD_READ) {
      d->st.n_read++;
      cut_bursts(d, d->now + d->cl, -1);
      d->rd[1] = d->rd[0];
      d->rd[0].valid = 1;
      d->rd[0].bank = b;
      d->rd[0].row = bk->row;
      d->rd[0].col = col;
      d->rd[0].start = d->now + d->cl;
      d->rd[0].cut = NO_CUT;
      bk->t_read = d->now;
      if (a10) {
        int64_t t = d->now + d->bl;
        int64_t tras = bk->t_act + (int64_t)((d->p.t_ras_ps + d->p.tck_ps - 1) / d->p.tck_ps);
        bk->ap_pending = 1;
        bk->ap_time = t > tras ? t : tras;
      }
    } else {
      int wbl = d->single_write ? 1 : d->bl;
      d->st.n_write++;
      /* A write stops read data from the device from this edge on. */
      cut_bursts(d, d->now, -1);
      d->wr.valid = 1;
      d->wr.bank = b;
      d->wr.row = bk->row;
      d->wr.col = col;
      d->wr.start = d->now;
      d->wr.cut = d->now + wbl;
      bk->t_wr_end = d->now + wbl - 1;
      if (a10) {
        int64_t t = bk->t_wr_end + d->p.t_wr_ck;
        int64_t tras = bk->t_act + (int64_t)((d->p.t_ras_ps + d->p.tck_ps - 1) / d->p.tck_ps);
        bk->ap_pending = 1;
        bk->ap_time = t > tras ? t : tras;
      }
    }
    break;
  }

  case CMD_BST:
    d->st.n_bst++;
    cut_bursts(d, d->now + d->cl, -1);
    if (d->wr.valid && d->wr.cut > d->now) {
      d->wr.cut = d->now;
    }
    break;

  case CMD_NOP:
  case CMD_INHIBIT:
  default:
    break;
  }
}

void sdram_dev_tick(sdram_dev_t *d, const sdram_pins_in_t *in, sdram_pins_out_t *out) {
  enum cmd c;
  unsigned dqm = in->dqm & 3u;

  d->now++;
  d->drive_prev2 = d->drive_prev;
  d->drive_prev = d->drive_next;
  d->dqm_hist[(uint64_t)d->now & 3u] = (uint8_t)dqm;
  do_auto_precharge(d);

  if (in->cs_n) {
    c = CMD_INHIBIT;
  } else {
    c = (enum cmd)(((in->ras_n & 1u) << 2) | ((in->cas_n & 1u) << 1) | (in->we_n & 1u));
  }

  /* Power-up pause: the datasheet requires DQM and CKE high until the first command. */
  if (!d->any_cmd && d->now < d->first_cmd_ok && (dqm != 3u || !in->cke) && !d->pause_pins_bad) {
    d->pause_pins_bad = 1;
    violation(d, c, in->ba & 3u, "DQM and CKE must be high during the power-up pause");
  }
  if (!in->cke && d->any_cmd) {
    violation(d, c, in->ba & 3u, "CKE low (power-down / self refresh / clock suspend not modelled)");
  }

  /* Bus contention: the controller drove the cycle that ended at this edge while the device
   * drove it or the cycle before (one idle cycle required for turnaround), or the device is
   * about to drive right after the controller (checked below). */
  if (in->dq_oe && (d->drive_prev || d->drive_prev2)) {
    violation(d, c, in->ba & 3u, "DQ bus contention: controller drives while the device %s",
              d->drive_prev ? "drives" : "turns the bus around");
  }

  if (c != CMD_NOP && c != CMD_INHIBIT) {
    do_command(d, c, in);
  }

  /* Write beat sampled at this edge. */
  if (d->wr.valid && d->now >= d->wr.start && d->now < d->wr.cut) {
    unsigned i = (unsigned)(d->now - d->wr.start);
    unsigned col = burst_col(d, d->wr.col, i);
    uint32_t idx = word_index(d->wr.bank, d->wr.row, col);
    uint16_t old = d->mem[idx];
    uint16_t mask = (uint16_t)(((dqm & 1u) ? 0 : 0x00FFu) | ((dqm & 2u) ? 0 : 0xFF00u));
    if (mask != 0 && !in->dq_oe) {
      violation(d, CMD_WRITE, d->wr.bank, "write beat %u not driven by the controller", i);
    }
    d->mem[idx] = (uint16_t)((old & ~mask) | (in->dq & mask));
    d->st.beats_written++;
    if (d->now + 1 >= d->wr.cut) {
      d->wr.valid = 0;
    }
  }

  /* Read data for the next edge. */
  int64_t e = d->now + 1;
  d->drive_next = 0;
  uint16_t dq = 0;
  for (int k = 0; k < 2; k++) {
    burst_t *r = &d->rd[k];
    if (r->valid && e >= r->start && e < r->start + d->bl && e < r->cut) {
      unsigned i = (unsigned)(e - r->start);
      /* DQM read latency 2: DQM sampled at edge e-2 masks the data for edge e. */
      unsigned m = d->dqm_hist[(uint64_t)(e - 2) & 3u];
      dq = d->mem[word_index(r->bank, r->row, burst_col(d, r->col, i))];
      if (m == 3u) {
        dq = 0;
      } else {
        d->drive_next = 1;
        if (m & 1u) {
          dq &= 0xFF00u;
        }
        if (m & 2u) {
          dq &= 0x00FFu;
        }
      }
      d->st.beats_read++;
      break;
    }
  }
  if (d->drive_next && in->dq_oe) {
    violation(d, CMD_READ, d->rd[0].bank,
              "DQ bus contention: device drives right after the controller (no idle cycle)");
  }
  /* The older burst is forgotten once it can no longer produce data. */
  if (d->rd[1].valid && (e >= d->rd[1].start + d->bl || e >= d->rd[1].cut)) {
    d->rd[1].valid = 0;
  }
  if (out != NULL) {
    out->dq = dq;
    out->dq_oe = (uint8_t)d->drive_next;
  }
}

void sdram_dev_finish(sdram_dev_t *d) {
  if (d->refreshing && (uint64_t)since(d, d->t_ref) * d->p.tck_ps > d->p.t_refi_ps) {
    violation(d, CMD_NOP, 0, "refresh overdue at the end: %" PRId64 " cycles since REFRESH",
              since(d, d->t_ref));
  }
  for (unsigned b = 0; b < SDRAM_BANKS; b++) {
    if (d->bank[b].active &&
        (uint64_t)since(d, d->bank[b].t_act) * d->p.tck_ps > d->p.t_ras_max_ps) {
      violation(d, CMD_NOP, b, "tRAS(max): row open %" PRId64 " cycles at the end",
                since(d, d->bank[b].t_act));
    }
  }
}

/* ------------------------------------------------------------------------------------------ */

uint32_t sdram_dev_index(const sdram_dev_t *d, uint32_t addr) {
  unsigned row = (addr >> 12) & (SDRAM_ROWS - 1u);
  unsigned col = (addr >> 1) & (SDRAM_COLS - 1u);
  unsigned bank = ((addr >> 10) ^ (d->p.bank_xor ? (addr >> 14) : 0u)) & 3u;
  return word_index(bank, row, col);
}

uint32_t sdram_dev_addr(const sdram_dev_t *d, unsigned bank, unsigned row, unsigned col) {
  unsigned r = row & (SDRAM_ROWS - 1u);
  unsigned a11_10 = (bank ^ (d->p.bank_xor ? (r >> 2) : 0u)) & 3u;
  return (r << 12) | (a11_10 << 10) | ((col & (SDRAM_COLS - 1u)) << 1);
}

uint8_t sdram_dev_read8(const sdram_dev_t *d, uint32_t addr) {
  uint32_t w = sdram_dev_index(d, addr);
  return (uint8_t)((addr & 1u) ? (d->mem[w] >> 8) : (d->mem[w] & 0xFFu));
}

void sdram_dev_write8(sdram_dev_t *d, uint32_t addr, uint8_t v) {
  uint32_t w = sdram_dev_index(d, addr);
  if (addr & 1u) {
    d->mem[w] = (uint16_t)((d->mem[w] & 0x00FFu) | ((unsigned)v << 8));
  } else {
    d->mem[w] = (uint16_t)((d->mem[w] & 0xFF00u) | v);
  }
}

uint32_t sdram_dev_read32(const sdram_dev_t *d, uint32_t addr) {
  uint32_t a = addr & ~3u;
  uint32_t v = 0;
  for (unsigned i = 0; i < 4; i++) {
    v |= (uint32_t)sdram_dev_read8(d, a + i) << (8 * i);
  }
  return v;
}

void sdram_dev_write32(sdram_dev_t *d, uint32_t addr, uint32_t v, unsigned be) {
  uint32_t a = addr & ~3u;
  for (unsigned i = 0; i < 4; i++) {
    if (be & (1u << i)) {
      sdram_dev_write8(d, a + i, (uint8_t)(v >> (8 * i)));
    }
  }
}

void sdram_dev_fill(sdram_dev_t *d, uint64_t seed) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
  for (uint32_t i = 0; i < SDRAM_BYTES / 2u; i += 4) {
    /* xorshift64* */
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    uint64_t r = x * 0x2545F4914F6CDD1Dull;
    d->mem[i + 0] = (uint16_t)r;
    d->mem[i + 1] = (uint16_t)(r >> 16);
    d->mem[i + 2] = (uint16_t)(r >> 32);
    d->mem[i + 3] = (uint16_t)(r >> 48);
  }
}
