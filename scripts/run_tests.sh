#!/usr/bin/env bash
# Regression runner. Reads every tests/*.list (lines: "name | command", '#' comments),
# runs the commands from the repository root, and prints one line per test and the
# closing line "N passed, N failed".
#   scripts/run_tests.sh [--list] [PATTERN]     PATTERN is an extended regex on test names
set -u
cd "$(dirname "$0")/.."
list_only=0
if [ "${1:-}" = "--list" ]; then list_only=1; shift; fi
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0
fi
pattern="${1:-.}"
mkdir -p build/test-logs
pass=0; fail=0; failed=()
start_all=$(date +%s)
while IFS= read -r line; do
  name=$(printf '%s' "${line%%|*}" | xargs)
  cmd=$(printf '%s' "${line#*|}" | sed 's/^ *//')
  printf '%s' "$name" | grep -Eq -- "$pattern" || continue
  if [ $list_only = 1 ]; then echo "$name"; continue; fi
  log="build/test-logs/$name.log"
  t0=$(date +%s)
  if bash -c "$cmd" >"$log" 2>&1; then
    pass=$((pass+1)); printf 'PASS  %-40s %4ss\n' "$name" $(( $(date +%s) - t0 ))
  else
    fail=$((fail+1)); failed+=("$name")
    printf 'FAIL  %-40s %4ss   (log: %s)\n' "$name" $(( $(date +%s) - t0 )) "$log"
    tail -n 15 "$log" | sed 's/^/      | /'
  fi
done < <(cat tests/*.list 2>/dev/null | grep -v '^\s*#' | grep -v '^\s*$')
[ $list_only = 1 ] && exit 0
echo "wall time: $(( $(date +%s) - start_all ))s"
if [ $fail -gt 0 ]; then echo "failed: ${failed[*]}"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
