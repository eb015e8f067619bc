#!/usr/bin/env bash
# Simulation speed, before and after, side by side, on the same RTL: build/bin/tgpu_tb_before
# (today's RTL, C model and testbench, with the harness and the Verilator/compiler options of the
# default build before the simulation-speed work; mk/core.mk CORE_BEFORE_REV) against today's
# default build/bin/tgpu_tb, RTL only, the two runs of each scene one after the other (best of
# --reps). Prints simulated core cycles per second for each build, the speed-up, the same cycle
# count on both (else it fails), and the wall time of one full 640x480@60 display frame's worth
# of core cycles (800 x 525 pixel clocks at 25.175 MHz = 1,668,322 core cycles at 100 MHz), both
# at the demo's rate and measured on a display scene (--display: the pixel clock and the DVI
# check run too).
#   scripts/sim_speed_bench.sh [--reps N]     (run by make bench; builds what it needs;
#   BUILD=DIR in the environment: the builds under DIR instead of build/)
set -euo pipefail
cd "$(dirname "$0")/.."
reps=2
while [ $# -gt 0 ]; do
  case "$1" in
    --reps) reps=${2:?--reps needs a count}; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sim_speed_bench: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$reps" =~ ^[1-9][0-9]?$ ]] || { echo "sim_speed_bench: --reps '$reps' is not allowed: give 1..99" >&2; exit 2; }
B=${BUILD:-build}
make -s BUILD="$B" "$B/bin/tgpu_tb" "$B/bin/tgpu_tb_before" >&2

before=$B/bin/tgpu_tb_before; after=$B/bin/tgpu_tb
field() { sed -n "s|.*$1.*|\1|p" | head -1; }
# best of $reps: "process_wall_seconds cycles simulated_cycles_per_second" (the last as the
# testbench reports it: core cycles over the wall time of the simulation loop alone)
run() {
  local tb=$1; shift
  local best="" cyc=0 rate=0
  for ((i = 0; i < reps; i++)); do
    local t0 t1 out r w
    t0=$(date +%s.%N)
    out=$("$tb" "$@" --backend rtl --no-png --quiet)
    t1=$(date +%s.%N)
    cyc=$(echo "$out" | field 'rtl: \([0-9]*\) core cycles')
    r=$(echo "$out" | field ' \([0-9]*\) simulated cycles/s')
    w=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')
    if [ -z "$best" ] || awk -v a="$w" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$w; fi
    if [ "$r" -gt "$rate" ]; then rate=$r; fi
  done
  echo "$best $cyc $rate"
}

echo "== simulation speed: the default build before vs today, same RTL (tgpu_tb, RTL only, best of $reps) =="
echo "   $(scripts/tool_versions.sh verilator 2>/dev/null || verilator --version), $(gcc -dumpfullversion 2>/dev/null | sed 's/^/gcc /'), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-32s %10s | %8s %12s | %8s %12s | %8s\n' "scene" "cycles" "before s" "before cyc/s" "today s" "today cyc/s" "speed-up"
frame_cyc=1668322
bad=0
for sc in "demo" "random --seed 3" "tex_random --seed 1" "display_vblank --display"; do
  # shellcheck disable=SC2086
  read -r wb cb rb < <(run "$before" --scene $sc)
  # shellcheck disable=SC2086
  read -r wt ct rt < <(run "$after" --scene $sc)
  awk -v n="$sc" -v cb="$cb" -v wb="$wb" -v rb="$rb" -v ct="$ct" -v wt="$wt" -v rt="$rt" 'BEGIN{
    printf "%-32s %10d | %8.2f %12d | %8.2f %12d | %7.2fx\n", n, ct, wb, rb, wt, rt, rt / rb }'
  if [ "$cb" != "$ct" ]; then
    echo "FAIL: $sc: $cb core cycles before, $ct today (the builds must simulate the same thing)"; bad=1
  fi
  case "$sc" in
    demo) rd_b=$rb; rd_t=$rt ;;
    display*) rp_b=$rb; rp_t=$rt ;;
  esac
done
awk -v b="$rd_b" -v t="$rd_t" -v f="$frame_cyc" 'BEGIN{
  printf "%-32s %10d | %8.2f %12s | %8.2f %12s | %7.2fx\n", "one frame of cycles at demo rate", f, f / b, "", f / t, "", t / b }'
awk -v b="$rp_b" -v t="$rp_t" -v f="$frame_cyc" 'BEGIN{
  printf "%-32s %10d | %8.2f %12s | %8.2f %12s | %7.2fx\n", "one displayed frame (--display)", f, f / b, "", f / t, "", t / b }'
echo "cyc/s: simulated core cycles per wall second of the simulation loop, as tgpu_tb reports it (best of"
echo "$reps); s: wall seconds of the whole process (best of $reps), start-up and the 32 MiB comparison included."
echo "speed-up: today's cyc/s over the before build's. Both builds keep --x-assign/--x-initial unique and --assert."
exit $bad
