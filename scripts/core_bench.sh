#!/usr/bin/env bash
# GPU core benchmark: simulated cycles per second of the full Verilated model, cycles and
# fragments per clock for a full-screen 640x480 clear, next to what the memory model allows;
# setup cycles per texture unit (textured and blended fill: scripts/fill_bench.sh).
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
echo "The walker visits the covered span of each row and its drift (rtl/raster/README.md \"Walk order\"):"
echo "a full-screen clear of two triangles runs at about 0.99 fragments/clock; colour writes are one"
echo "16-bit beat (byte enables 0011), so sdr16 takes one per clock as well."

# Textured and blended fill against the memory bound: scripts/fill_bench.sh (make bench runs it
# next), which measures every mode of issue 14 with marginal rates.
echo
echo "== triangle setup per enabled texture unit (64 small triangles) =="
printf '%-8s %14s %16s %16s %12s\n' "units" "writes/tri" "clk/tri SCK 100" "clk/tri SCK 25" "SPI at 25"
for u in 0 1 2 4; do
  c100=$($tb --scene bench_setup_u$u --count 64 --sck-mhz 100 --no-png --seed 1 | field 'rtl: \([0-9]*\) core cycles')
  c25=$($tb --scene bench_setup_u$u --count 64 --no-png --seed 1 | field 'rtl: \([0-9]*\) core cycles')
  awk -v u=$u -v a="$c100" -v b="$c25" 'BEGIN { w = 3 * (u + 1);
    printf "%-8d %14d %16.0f %16.0f %12d\n", u, w, a / 64, b / 64, w * 288 }'
done
echo "setup is not slower than the host link while clk/tri at SCK 100 stays under the SPI column"
echo "(cycles per triangle include the texture state writes and uploads before the first, spread over 64)."
