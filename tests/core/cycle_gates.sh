#!/usr/bin/env bash
# Gates the core cycle counts of the main scenes (tests/core/cycle_gates.txt): prints each
# scene's gate and today's count; fails when a count is more than SLACK percent (default 3)
# above its gate, and asks for the gate to be lowered when a count is more than SLACK below.
#   tests/core/cycle_gates.sh [--slack PERCENT]
set -u
cd "$(dirname "$0")/../.."
slack=3
while [ $# -gt 0 ]; do
  case "$1" in
    --slack) slack=${2:-}; shift 2 ;;
    -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cycle_gates: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$slack" =~ ^[0-9]{1,2}$ ]] || { echo "cycle_gates: --slack '$slack' is not allowed: give 0..99" >&2; exit 2; }
bad=0; n=0
printf '%-14s %-36s %10s %10s %8s\n' binary options gate today change
while IFS='|' read -r bin opts gate; do
  [[ "$bin" =~ ^[[:space:]]*(#|$) ]] && continue   # comments may hold quotes: before xargs
  bin=$(echo "$bin" | xargs); opts=$(echo "$opts" | xargs); gate=$(echo "$gate" | xargs)
  case "$bin" in ''|'#'*) continue ;; esac
  n=$((n+1))
  # shellcheck disable=SC2086
  cyc=$("build/bin/$bin" $opts --backend rtl --no-png --quiet | sed -n 's/^rtl: \([0-9]*\) core cycles.*/\1/p')
  if [ -z "$cyc" ]; then echo "FAIL  $bin $opts: no cycle count (did the run fail?)"; bad=$((bad+1)); continue; fi
  change=$(awk -v c="$cyc" -v g="$gate" 'BEGIN{printf "%+.2f%%", 100.0*(c-g)/g}')
  printf '%-14s %-36s %10s %10s %8s\n' "$bin" "$opts" "$gate" "$cyc" "$change"
  if awk -v c="$cyc" -v g="$gate" -v s="$slack" 'BEGIN{exit !(c > g*(1+s/100.0))}'; then
    echo "FAIL  $bin $opts: $cyc cycles is more than $slack% above the gate $gate (a slowdown)"; bad=$((bad+1))
  elif awk -v c="$cyc" -v g="$gate" -v s="$slack" 'BEGIN{exit !(c < g*(1-s/100.0))}'; then
    echo "note  $bin $opts: $cyc cycles is more than $slack% below the gate: lower the gate in tests/core/cycle_gates.txt"
  fi
done < tests/core/cycle_gates.txt
[ $n -gt 0 ] || { echo "cycle_gates: no gates read"; exit 1; }
echo "cycle_gates: $n scenes, $bad over their gate"
[ $bad -eq 0 ]
