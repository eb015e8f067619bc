#!/usr/bin/env bash
# GPU core benchmark: simulated cycles per second of the full Verilated model, cycles and
# fragments per clock for a full-screen 640x480 clear, next to what the memory model allows.
#   scripts/core_bench.sh     (run by make bench; needs make core-build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = "--help" ] && { sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }
tb=build/bin/tgpu_tb
field() { sed -n "s|.*$1.*|\1|p" | head -1; }
echo "== GPU core benchmark (gpu_top) =="
echo "$(scripts/tool_versions.sh verilator), $(${CC:-gcc} --version | head -1), host $(uname -m), $(nproc) cores"
printf '%-28s %12s %12s %10s %14s %16s\n' "case" "cycles" "fragments" "frag/clk" "mem limit" "sim cycles/s"
for mem in ideal sdr16; do
  out=$($tb --scene clear --mem $mem --no-png --seed 1)
  cyc=$(echo "$out" | field 'rtl: \([0-9]*\) core cycles')
  frags=$(echo "$out" | field ', \([0-9]*\) fragments')
  rate=$(echo "$out" | field ' \([0-9]*\) simulated cycles/s')
  case $mem in ideal) lim="1.00 w/clk";; sdr16) lim="0.50 w/clk";; esac
  printf '%-28s %12s %12s %10s %14s %16s\n' "clear 640x480, mem $mem" "$cyc" "$frags" \
    "$(awk -v f="$frags" -v c="$cyc" 'BEGIN{printf "%.3f", f/c}')" "$lim" "$rate"
done
if [ -x build/bin/tgpu_tb_sdram ]; then
  out=$(build/bin/tgpu_tb_sdram --scene clear --no-png --seed 1)
  cyc=$(echo "$out" | field 'rtl: \([0-9]*\) core cycles')
  frags=$(echo "$out" | field ', \([0-9]*\) fragments')
  rate=$(echo "$out" | field ' \([0-9]*\) simulated cycles/s')
  printf '%-28s %12s %12s %10s %14s %16s\n' "clear 640x480, sdram_ctrl" "$cyc" "$frags" \
    "$(awk -v f="$frags" -v c="$cyc" 'BEGIN{printf "%.3f", f/c}')" "0.49 w/clk seq" "$rate"
fi
for sc in demo random; do
  out=$($tb --scene $sc --no-png --seed 1 --count 60)
  cyc=$(echo "$out" | field 'rtl: \([0-9]*\) core cycles')
  frags=$(echo "$out" | field ', \([0-9]*\) fragments')
  rate=$(echo "$out" | field ' \([0-9]*\) simulated cycles/s')
  printf '%-28s %12s %12s %10s %14s %16s\n' "scene $sc, mem ideal" "$cyc" "$frags" \
    "$(awk -v f="$frags" -v c="$cyc" 'BEGIN{printf "%.3f", f/c}')" "1.00 w/clk" "$rate"
done
echo "sdram_ctrl: W9825G6KH model, CL2, 200 us power-up included (about 20,000 cycles); the"
echo "functional models have no refresh or row misses (docs/sdram.md has the controller's own figures)."
echo "cycles include the SPI transfer of the scene's register writes (72 bits at 25 MHz = 288 core cycles each)."
echo "The walker visits every pixel of each triangle's bounding box at 1 pixel/clock: a full-screen"
echo "clear of two triangles visits 2 x 307200 pixels, so the clear runs at most 0.5 fragments/clock."
