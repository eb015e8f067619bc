#!/usr/bin/env bash
# Fill rate per mode against the memory bound (issue 14): flat, Gouraud, Z test + write, alpha
# blend, one and four texture units, and a mesh of 32-pixel triangles, on ideal memory (one
# 32-bit word per clock), sdr16 (one 16-bit beat per clock) and sdram_ctrl (the controller and
# the W9825G6KH model). Fragments per clock are marginal: (fragments at count 4 - at count 2) /
# (cycles at count 4 - at count 2), so power-up, uploads, SPI set-up and pipeline latency cancel.
#   scripts/fill_bench.sh [--quick]     (run by make bench; needs make core-build)
# --quick: ideal and sdr16 only.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
case "${1:-}" in
  --help|-h) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  --quick) quick=1 ;;
  "") ;;
  *) echo "fill_bench: unknown argument '$1' (see --help)" >&2; exit 2 ;;
esac
tb=build/bin/tgpu_tb
tbs=build/bin/tgpu_tb_sdram
[ -x $tb ] || { echo "fill_bench: $tb missing: run make core-build first" >&2; exit 1; }
mems="ideal sdr16"
[ $quick = 0 ] && [ -x $tbs ] && mems="$mems sdram_ctrl"

# one run: prints "cycles fragments hits misses"
run() {   # scene count mem [extra options]
  local sc=$1 n=$2 mem=$3; shift 3
  local out
  if [ "$mem" = sdram_ctrl ]; then
    out=$($tbs --scene "$sc" --count "$n" --no-png --seed 1 "$@")
  else
    out=$($tb --scene "$sc" --count "$n" --mem "$mem" --no-png --seed 1 "$@")
  fi
  echo "$out" | awk '
    /^rtl: [0-9]+ core cycles/ { c = $2 }
    /^model: / { for (i = 1; i <= NF; i++) if ($(i + 1) == "fragments," || $(i + 1) == "fragments") f = $i }
    /cache unit [0-9]: [0-9]+ hits/ { for (i = 1; i <= NF; i++) { if ($(i + 1) == "hits,") h += $i; if ($(i + 1) == "misses") m += $i } }
    END { printf "%d %d %d %d\n", c, f, h, m }'
}

echo "== fill rate per mode against the memory bound (marginal: count 4 minus count 2) =="
echo "bound: ideal 1 word/clk; sdr16 and sdram_ctrl 1 beat/clk (16 bits); per fragment: colour write 1 word"
echo "(1 beat: byte enables 0011), Z test+write 2 words (4 beats), blend destination read 1 word (2 beats),"
echo "each texture-cache miss a burst of 8 words (RGBA4444) or 2 (BC1), 2 beats a word"
printf '%-14s %-10s %10s %10s %9s %11s %9s\n' mode memory cycles frag/clk hit-rate bound/clk achieved
for mode in flat:bench_flat gouraud:bench_gouraud z:bench_z blend:bench_blend tex1:bench_tex1_4444 tex1_bc1:bench_tex1_bc1 tex4:bench_tex4_4444 tex4_bc1:bench_tex4_bc1; do
  name=${mode%%:*}; sc=${mode#*:}
  for mem in $mems; do
    read -r c2 f2 h2 m2 <<<"$(run "$sc" 2 "$mem")"
    read -r c4 f4 h4 m4 <<<"$(run "$sc" 4 "$mem")"
    awk -v name="$name" -v sc="$sc" -v mem="$mem" -v c2="$c2" -v f2="$f2" -v c4="$c4" -v f4="$f4" \
        -v h="$((h4 - h2))" -v m="$((m4 - m2))" 'BEGIN {
      z = (sc ~ /_z$/); bl = (sc ~ /blend/); bw = (sc ~ /bc1/) ? 2 : 8
      df = f4 - f2; dc = c4 - c2; mpf = df ? m / df : 0
      if (mem == "ideal") per = 1 + 2 * z + bl + mpf * bw
      else                per = 1 + 4 * z + 2 * bl + mpf * bw * 2
      bound = 1 / per; rate = df / dc
      hr = (h + m) ? sprintf("%.1f%%", 100 * h / (h + m)) : "-"
      printf "%-14s %-10s %10d %10.3f %9s %11.3f %8.0f%%\n", name, mem, c4, rate, hr, bound, 100 * rate / bound }'
  done
done
echo "cycles: the count-4 run (640x480, whole scene); frag/clk and achieved: marginal."

echo
echo "== small triangles (8x8-pixel cells, two 32-pixel flat triangles each; 3 writes per triangle) =="
printf '%-10s %-10s %12s %10s %12s %14s\n' SCK memory cycles frag/clk "tri/s" "SPI limit/s"
for sck in 25 100; do
  for mem in $mems; do
    read -r c2 f2 _ _ <<<"$(run bench_mesh 2 "$mem" --sck-mhz $sck)"
    read -r c4 f4 _ _ <<<"$(run bench_mesh 4 "$mem" --sck-mhz $sck)"
    awk -v sck=$sck -v mem=$mem -v c2="$c2" -v f2="$f2" -v c4="$c4" -v f4="$f4" 'BEGIN {
      df = f4 - f2; dc = c4 - c2; tris = df / 32
      spi = 1e8 / (3 * 72 * 100 / sck)   # 72-bit frames, core 100 MHz
      printf "%-10s %-10s %12d %10.3f %12.0f %14.0f\n", sck " MHz", mem, c4, df / dc, tris / dc * 1e8, spi }'
  done
done
echo "tri/s at a 100 MHz core clock; the SPI limit counts the three VERTEX frames of a triangle"
echo "(the COLOR write per cell row adds 1/40 to 1/80 more)."
