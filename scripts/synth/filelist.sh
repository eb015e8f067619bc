#!/usr/bin/env bash
# Expands a synthesis file list (rtl/board/files.f format) into Yosys arguments.
#   scripts/synth/filelist.sh LIST      prints "-DNAME ..." on line 1 and the files on line 2
# List lines: a source path, "-f other.f" (nested list), "+define+NAME[=V]", "# comment".
# A file listed more than once is emitted once (first position).
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ $# -ne 1 ]; then
  sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; [ "${1:-}" = "--help" ]; exit $?
fi
defs=(); files=()
expand() {
  local list=$1 line
  [ -f "$list" ] || { echo "filelist: $list not found" >&2; exit 1; }
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%%#*}"; line="$(echo "$line" | xargs)"
    [ -z "$line" ] && continue
    case "$line" in
      -f\ *) expand "${line#-f }" ;;
      +define+*) defs+=("-D${line#+define+}") ;;
      *) [ -f "$line" ] || { echo "filelist: $line (from $list) not found" >&2; exit 1; }
         # read each file once (lists may share primitives)
         case " ${files[*]:-} " in *" $line "*) ;; *) files+=("$line") ;; esac ;;
    esac
  done < "$list"
}
expand "$1"
echo "${defs[*]:-}"
echo "${files[*]}"
