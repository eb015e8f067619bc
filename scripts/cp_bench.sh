#!/usr/bin/env bash
# Command processor (issue 15, docs/command.md): packets per second, upload rate of WRITE_MEM
# payloads against MEM_DATA writes, and the words per clock of FILL_RECT, BLIT and LAYER_BLEND,
# on ideal memory, sdr16 and sdram_ctrl. Marginal: (work at count 4 - at count 2) / (cycles at
# count 4 - at count 2), so power-up and pipeline latency cancel. Core 100 MHz, SCK 25 MHz.
#   scripts/cp_bench.sh [--quick]     (run by make bench; needs make core-build)
# --quick: ideal memory only.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
case "${1:-}" in
  --help|-h) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  --quick) quick=1 ;;
  "") ;;
  *) echo "cp_bench: unknown argument '$1' (see --help)" >&2; exit 2 ;;
esac
tb=build/bin/tgpu_tb
tbs=build/bin/tgpu_tb_sdram
[ -x $tb ] || { echo "cp_bench: $tb missing: run make core-build first" >&2; exit 1; }
mems="ideal"
[ $quick = 0 ] && mems="ideal sdr16" && [ -x $tbs ] && mems="$mems sdram_ctrl"

cycles() {   # scene count mem
  local out
  if [ "$3" = sdram_ctrl ]; then out=$($tbs --scene "$1" --count "$2" --no-png --seed 1)
  else out=$($tb --scene "$1" --count "$2" --mem "$3" --no-png --seed 1); fi
  echo "$out" | awk '/^rtl: [0-9]+ core cycles/ { print $2 }'
}
marginal() { echo $(( $(cycles "$1" 4 "$2") - $(cycles "$1" 2 "$2") )); }

echo "== command processor (marginal: count 4 minus count 2; core 100 MHz, SCK 25 MHz) =="
echo "SPI bound: one 64-bit write per 72-SCK frame = 347,222 writes/s; a header is 2 writes"
printf '%-34s %-10s %12s %14s\n' what memory cycles rate
for mem in $mems; do
  c=$(marginal bench_cp_barrier "$mem")
  awk -v c="$c" -v m="$mem" 'BEGIN { printf "%-34s %-10s %12d %10.0f /s (bound 173,611)\n", "header-only packets (200)", m, c, 200 / (c / 1e8) }'
  c=$(marginal bench_cp_write "$mem"); d=$(marginal bench_mem_data "$mem")
  awk -v c="$c" -v d="$d" -v m="$mem" 'BEGIN {
    printf "%-34s %-10s %12d %10.0f words/s\n", "upload: WRITE_MEM payload (2,040)", m, c, 2040 / (c / 1e8)
    printf "%-34s %-10s %12d %10.0f words/s (WRITE_MEM %.2fx)\n", "upload: MEM_DATA (2,040)", m, d, 2040 / (d / 1e8), d / c }'
  c=$(marginal bench_cp_rdraw "$mem"); h=$(marginal bench_host_tri "$mem"); hs=$(marginal bench_host_tri_state "$mem")
  g=$(marginal bench_cp_gdraw "$mem")
  awk -v c="$c" -v h="$h" -v hs="$hs" -v g="$g" -v m="$mem" 'BEGIN {
    printf "%-34s %-10s %12d %10.0f cycles/triangle (no SPI write)\n", "GDRAW, indexed (100 triangles)", m, g, g / 100
    printf "%-34s %-10s %12d %10.0f cycles/triangle (2 SPI writes)\n", "RDRAW packets (100 triangles)", m, c, c / 100
    printf "%-34s %-10s %12d %10.0f cycles/triangle (6 SPI writes)\n", "host COLOR+VERTEX writes", m, h, h / 100
    printf "%-34s %-10s %12d %10.0f cycles/triangle (13 SPI writes; RDRAW %.2fx faster)\n", "host writes incl. draw state", m, hs, hs / 100, hs / c }'
  for op in fill:61440 blit:30720 blend:10240; do
    n=${op#*:}; c=$(marginal bench_cp_${op%%:*} "$mem")
    awk -v c="$c" -v n="$n" -v m="$mem" -v op="${op%%:*}" 'BEGIN { printf "%-34s %-10s %12d %10.3f words/clk\n", op " (" n " words)", m, c, n / c }'
  done
done
