#!/usr/bin/env bash
# Runs one regression test for CTest (the generated build/ctest/CTestTestfile.cmake calls it).
#   scripts/test_one.sh NAME [SECONDS]
# Runs the command of test NAME (build/ctest/cmd/NAME.sh, from its tests/*.list line) with bash
# from the repository root; the whole output goes to build/test-logs/NAME.log. Prints the last
# lines of the log (3 on success, 40 on failure) and the CPU time used. SECONDS: stop the
# command after that long (exit 124, reported as a timeout with the log tail).
set -u
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "test_one: usage: scripts/test_one.sh NAME [SECONDS] (see --help)" >&2; exit 2; }
name=$1; limit=${2:-0}
[[ "$limit" =~ ^[0-9]+$ ]] || { echo "test_one: SECONDS '$limit' is not allowed: give a whole number of seconds" >&2; exit 2; }
cmd=build/ctest/cmd/$name.sh
[ -f "$cmd" ] || { echo "test_one: no command for '$name' (run scripts/gen_ctest.py)"; exit 2; }
mkdir -p build/test-logs
log=build/test-logs/$name.log
t0=$(date +%s.%N)
if [ "$limit" -gt 0 ]; then
  timeout --kill-after=3 "$limit" bash "$cmd" >"$log" 2>&1 </dev/null
else
  bash "$cmd" >"$log" 2>&1 </dev/null
fi
rc=$?
t1=$(date +%s.%N)
# CPU time of the command (user + sys of this shell's children): keeps the tests that use
# more than one core visible (they get procs=N in their list line)
times > "$log.times"
cpu=$(tail -n 1 "$log.times" | awk '{ s = 0
  for (i = 1; i <= NF; i++) { split($i, p, "m"); sub("s", "", p[2]); s += p[1] * 60 + p[2] }
  printf "%.1f", s }')
rm -f "$log.times"
wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
echo "[$name: exit $rc, wall ${wall} s, cpu ${cpu} s (user+sys), log $log]" >> "$log"
if [ $rc -eq 0 ]; then
  tail -n 3 "$log"
else
  [ $rc -eq 124 ] && echo "TIMEOUT: $name stopped after $limit s"
  echo "---- last 40 lines of $log ----"
  tail -n 40 "$log"
fi
exit $rc
