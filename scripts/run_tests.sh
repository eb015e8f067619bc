#!/usr/bin/env bash
# Regression runner on CTest (docs/regression.md). Generates build/ctest from tests/*.list
# (scripts/gen_ctest.py), runs one tier in parallel, prints failures with their log tails,
# writes JUnit XML to build/test-results/junit.xml and ends with "N passed, N failed".
#   scripts/run_tests.sh [--tier quick|default|long|all] [--shard K/N] [-j N] [REGEX]
#   scripts/run_tests.sh --list [--tier T] [--shard K/N] [REGEX]    names, sorted, no run
#   scripts/run_tests.sh --rerun-failed [-j N]                       the last run's failures
# REGEX is an extended regex on test names (CTest -R). --shard K/N keeps every N-th test of the
# sorted selection, starting with the K-th (1 <= K <= N). -j defaults to nproc.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
tier=default; shard=""; jobs=$(nproc); list_only=0; rerun=0; regex=""
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list_only=1; shift ;;
    --tier) tier=$2; shift 2 ;;
    --shard) shard=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --rerun-failed) rerun=1; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run_tests: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) regex=$1; shift ;;
  esac
done
case "$tier" in quick|default|long|all) ;; *) echo "run_tests: tier must be quick, default, long or all" >&2; exit 2 ;; esac
command -v ctest >/dev/null || { echo "run_tests: ctest not found (scripts/setup.sh installs cmake)" >&2; exit 2; }
# TGPU_NO_GEN=1: use the generated file as it is (scripts/check_shards.sh, many --list calls)
if ! { [ "${TGPU_NO_GEN:-0}" = 1 ] && [ -f build/ctest/CTestTestfile.cmake ]; }; then
  if ! python3 scripts/gen_ctest.py; then
    echo "run_tests: the test lists have errors (above); nothing run"
    [ $list_only = 1 ] || echo "0 passed, 0 failed"
    exit 2
  fi
fi
TD=build/ctest
sel=()
[ "$tier" != all ] && sel+=(-L "^$tier\$")
[ -n "$regex" ] && sel+=(-R "$regex")

# sorted names of the selection (CTest's own view of tier and regex), from a copy of the test
# file: ctest -N rewrites Testing/Temporary/LastTest.log, which a running ctest may be writing
names() {
  local d; d=$(mktemp -d)
  cp "$TD/CTestTestfile.cmake" "$d/"
  ctest --test-dir "$d" -N "${sel[@]}" | sed -n 's/^ *Test *#[0-9]*: \(.*\)$/\1/p' | LC_ALL=C sort
  rm -rf "$d"
}
if [ -n "$shard" ]; then
  k=${shard%/*}; n=${shard#*/}
  if ! [[ "$k" =~ ^[0-9]+$ && "$n" =~ ^[0-9]+$ ]] || [ "$k" -lt 1 ] || [ "$k" -gt "$n" ]; then
    echo "run_tests: --shard wants K/N with 1 <= K <= N, not '$shard'" >&2; exit 2
  fi
  picked=$(names | awk -v k="$k" -v n="$n" '(NR - 1) % n == k - 1')
  if [ $list_only = 1 ]; then [ -n "$picked" ] && echo "$picked"; exit 0; fi
  if [ -z "$picked" ]; then echo "shard $shard of tier $tier is empty"; echo "0 passed, 0 failed"; exit 0; fi
  # names are [A-Za-z0-9_.+-]: escape . and + for the regex
  sel=(-R "^($(echo "$picked" | sed 's/[.+]/\\&/g' | paste -sd '|'))\$")
  [ "$tier" != all ] && sel=(-L "^$tier\$" "${sel[@]}")
fi
if [ $list_only = 1 ]; then names; exit 0; fi

mkdir -p build/test-logs build/test-results
junit=$ROOT/build/test-results/junit.xml
args=(--test-dir "$TD" --output-on-failure --output-junit "$junit" -j "$jobs" --no-tests=error)
if [ $rerun = 1 ]; then
  [ -s "$TD/Testing/Temporary/LastTestsFailed.log" ] || { echo "run_tests: no failed tests recorded"; echo "0 passed, 0 failed"; exit 0; }
  args+=(--rerun-failed)
  what="re-run of the failed tests"
else
  # CTest only writes the failure list when something failed: a run without failures must
  # leave none behind for the next --rerun-failed
  rm -f "$TD/Testing/Temporary/LastTestsFailed.log"
  args+=("${sel[@]}")
  what="tier $tier${regex:+, names ~ $regex}${shard:+, shard $shard}"
fi
echo "ctest: $what, -j $jobs (logs: build/test-logs/NAME.log, JUnit: build/test-results/junit.xml)"
t0=$(date +%s)
ctest "${args[@]}" 2>&1 | tee build/test-results/ctest.log
rc=${PIPESTATUS[0]}
wall=$(( $(date +%s) - t0 ))
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' build/test-results/ctest.log | tail -1)
if [ -z "$summary" ]; then
  echo "run_tests: CTest ran no test (exit $rc)"
  echo "0 passed, 0 failed"
  exit 1
fi
failed=$(echo "$summary" | sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/')
total=$(echo "$summary" | sed -E 's/.* failed out of ([0-9]+).*/\1/')
echo "wall time: ${wall}s"
python3 scripts/report_html.py || echo "run_tests: the HTML report could not be written (see above)"
echo "$((total - failed)) passed, $failed failed"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
