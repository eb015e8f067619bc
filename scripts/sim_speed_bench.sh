#!/usr/bin/env bash
# Simulation speed, before and after, side by side: builds tgpu_tb of a baseline revision
# (default 493d6dd, the tree before the simulation-speed work of issue 10) in
# build/bench/baseline, then runs the same scenes on it and on today's build/bin/tgpu_tb, RTL
# only, one after the other, and prints wall seconds, simulated core cycles per second, the
# speed-up, and the wall time of one full 640x480@60 display frame's worth of core cycles
# (800 x 525 pixel clocks at 25.175 MHz = 1,668,322 core cycles at 100 MHz).
#   scripts/sim_speed_bench.sh [--base REV] [--reps N]     (run by make bench)
set -euo pipefail
cd "$(dirname "$0")/.."
base=493d6dd; reps=2
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=${2:?--base needs a revision}; shift 2 ;;
    --reps) reps=${2:?--reps needs a count}; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sim_speed_bench: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$reps" =~ ^[1-9][0-9]?$ ]] || { echo "sim_speed_bench: --reps '$reps' is not allowed: give 1..99" >&2; exit 2; }
git rev-parse --verify -q "$base^{commit}" >/dev/null || { echo "sim_speed_bench: no revision '$base'" >&2; exit 2; }
[ -x build/bin/tgpu_tb ] || { echo "sim_speed_bench: build/bin/tgpu_tb missing: run make core-build" >&2; exit 2; }

bdir=build/bench/baseline
stamp="$bdir/.rev"
if [ "$(cat "$stamp" 2>/dev/null)" != "$(git rev-parse "$base")" ] || [ ! -x "$bdir/build/bin/tgpu_tb" ]; then
  echo "sim_speed_bench: building the baseline $base in $bdir (once)"
  rm -rf "$bdir"; mkdir -p "$bdir"
  git archive "$base" | tar -x -C "$bdir"
  mkdir -p "$bdir/build"; ln -s "$(pwd)/build/venv" "$bdir/build/venv"
  make -C "$bdir" -s build/bin/tgpu_tb > "$bdir.log" 2>&1 || { tail -20 "$bdir.log"; exit 1; }
  git rev-parse "$base" > "$stamp"
fi

field() { sed -n "s|.*$1.*|\1|p" | head -1; }
# best of $reps runs: "process_wall_seconds cycles simulated_cycles_per_second" (the last as the
# testbench reports it: core cycles over the wall time of the simulation loop alone)
run() {
  local tb=$1; shift
  local best="" cyc=0 rate=0
  for ((i = 0; i < reps; i++)); do
    local t0 t1 out r
    t0=$(date +%s.%N)
    out=$("$tb" "$@" --backend rtl --no-png --quiet)
    t1=$(date +%s.%N)
    cyc=$(echo "$out" | field 'rtl: \([0-9]*\) core cycles')
    r=$(echo "$out" | field ' \([0-9]*\) simulated cycles/s')
    local w; w=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')
    if [ -z "$best" ] || awk -v a="$w" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$w; fi
    if [ "$r" -gt "$rate" ]; then rate=$r; fi
  done
  echo "$best $cyc $rate"
}

echo "== simulation speed: baseline $base vs today (tgpu_tb, RTL only, best of $reps) =="
echo "   Verilator $(verilator --version | awk '{print $2}'), $(gcc -dumpfullversion 2>/dev/null | sed 's/^/gcc /'), $(nproc) cores"
printf '%-26s %10s | %8s %12s | %8s %12s | %8s\n' "scene" "cycles" "base s" "base cyc/s" "today s" "today cyc/s" "speed-up"
frame_cyc=1668322
for sc in "demo" "random --seed 1 --count 60" "mesh --seed 1" "clear"; do
  # shellcheck disable=SC2086
  read -r wb cb rb < <(run "$bdir/build/bin/tgpu_tb" --scene $sc)
  # shellcheck disable=SC2086
  read -r wt ct rt < <(run build/bin/tgpu_tb --scene $sc)
  awk -v n="$sc" -v cb="$cb" -v wb="$wb" -v rb="$rb" -v ct="$ct" -v wt="$wt" -v rt="$rt" 'BEGIN{
    printf "%-26s %10d | %8.2f %12d | %8.2f %12d | %7.2fx\n", n, ct, wb, rb, wt, rt, rt / rb }'
  if [ "$sc" = demo ]; then
    awk -v rb="$rb" -v rt="$rt" -v f="$frame_cyc" 'BEGIN{
      printf "%-26s %10d | %8.2f %12s | %8.2f %12s |\n", "  one display frame", f, f / rb, "", f / rt, "" }'
  fi
done
echo "cyc/s: simulated core cycles per wall second of the simulation loop, as tgpu_tb reports it (best of"
echo "$reps); s: wall seconds of the whole process (best of $reps), start-up and the 32 MiB comparison included."
echo "speed-up: today's cyc/s over the baseline's. Both builds keep the X-randomised start (--x-initial unique)."
