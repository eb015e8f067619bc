#!/usr/bin/env bash
# Checks that "make help" names every .PHONY target of Makefile and mk/*.mk.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] || { echo "$(basename "$0" .sh): unexpected argument '$1' (it takes none but --help)" >&2; exit 2; }
help=$(make -s --no-print-directory help)
targets=$(cat Makefile mk/*.mk | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' | sed -n 's/^\.PHONY *: *//p' | tr -s ' \t' '\n' | sort -u)
missing=()
for t in $targets; do
  grep -Eq "(^|[^A-Za-z0-9_-])$t([^A-Za-z0-9_-]|$)" <<< "$help" || missing+=("$t")
done
if [ ${#missing[@]} -gt 0 ]; then echo "FAIL: make help does not name: ${missing[*]}"; exit 1; fi
echo "make help names all $(echo "$targets" | wc -w) .PHONY targets"
