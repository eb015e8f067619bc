#!/usr/bin/env bash
# Runs the FuseSoC "lint" target of tinygpu.core (verilator --lint-only -Wall on gpu_top),
# offline with this repository as the only cores root, and checks that tinygpu.core lists the
# files of rtl/gpu_top.f in the same order. Work tree: build/fusesoc (FuseSoC's build root).
#   scripts/fusesoc_lint.sh [--target lint|synth]
set -euo pipefail
cd "$(dirname "$0")/.."
target=lint
[ "${1:-}" = --target ] && { target=$2; shift 2; }
[ "${1:-}" = --help ] && { sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }
F=build/venv/bin/fusesoc
[ -x "$F" ] || { echo "fusesoc_lint: $F missing (scripts/setup.sh installs scripts/requirements.txt)"; exit 1; }
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
"$F" --version
"$F" --cores-root . run --build-root build/fusesoc/gpu_top --target "$target" tinygpu:gpu:gpu_top
echo "fusesoc: target $target of tinygpu:gpu:gpu_top ok"
