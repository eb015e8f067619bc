#!/usr/bin/env bash
# Checks scripts/run_tests.sh --shard: for every tier and N = 1, 2, 3, 4, 7 the N shards are pairwise
# disjoint and their union is the whole tier (the sorted --list of the tier).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] || { echo "$(basename "$0" .sh): unexpected argument '$1' (it takes none but --help)" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 scripts/gen_ctest.py
export TGPU_NO_GEN=1
for tier in quick default long; do
  scripts/run_tests.sh --list --tier "$tier" > "$tmp/all"
  total=$(wc -l < "$tmp/all")
  [ "$total" -gt 0 ] || { echo "FAIL: tier $tier lists no test"; exit 1; }
  for n in 1 2 3 4 7; do
    : > "$tmp/union"
    for k in $(seq 1 "$n"); do
      scripts/run_tests.sh --list --tier "$tier" --shard "$k/$n" >> "$tmp/union"
    done
    if [ -n "$(LC_ALL=C sort "$tmp/union" | uniq -d)" ]; then
      echo "FAIL: tier $tier, $n shards overlap:"; LC_ALL=C sort "$tmp/union" | uniq -d | head; exit 1
    fi
    if ! cmp -s <(LC_ALL=C sort "$tmp/union") "$tmp/all"; then
      echo "FAIL: tier $tier, the $n shards are not the whole tier:"
      diff <(LC_ALL=C sort "$tmp/union") "$tmp/all" | head; exit 1
    fi
  done
  echo "ok  tier $tier: $total tests; shards N = 1, 2, 3, 4, 7 disjoint, union = tier"
done
