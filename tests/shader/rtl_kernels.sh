#!/usr/bin/env bash
# The shader kernels (sw/shader/kernels) and directed programs on one shader_core in lockstep
# with the ISS (build/shader/obj/shader_tb): every retirement agrees with the golden model and
# the memories agree at the end. The kernels run on a tile of one core with their arguments set
# by --set/--fill; the directed programs end in each fault of D12 (the RTL and the ISS must
# report the same record), or exercise misaligned accesses, atomics, CSRs and BARRIER.
# With --tile N the same runs go to the shader_tile of N cores (build/shader/obj_tileN/tile_tb),
# plus tile programs: a fault on one core stopping the others (running, or waiting at a
# BARRIER), and a BARRIER with cores that have already ended.
# Usage: rtl_kernels.sh [--jitter K] [--bench] [--tile N]   (--bench: print the IPC lines only)
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
J=0; BENCH=0; TILE=
while [ $# -gt 0 ]; do
  case "$1" in
    --tile) [ $# -ge 2 ] || { echo "rtl_kernels.sh: --tile needs a core count" >&2; exit 2; }; TILE=$2; shift 2;;
    --jitter) [ $# -ge 2 ] || { echo "rtl_kernels.sh: --jitter needs a value" >&2; exit 2; }; J=$2; shift 2;;
    --bench) BENCH=1; shift;;
    *) echo "rtl_kernels.sh: bad argument '$1' (see --help)" >&2; exit 2;;
  esac
done
if [ -n "$TILE" ]; then TB=build/shader/obj_tile$TILE/tile_tb; else TB=${SHD_TB:-build/shader/obj/shader_tb}; fi
[ -x "$TB" ] || { echo "FAIL: $TB missing; run make shader-build" >&2; exit 1; }
K=sw/shader/kernels
T=$(mktemp -d "${TMPDIR:-/tmp}/shader_rtl.XXXXXX")
trap 'rm -rf "$T"' EXIT
n=0
go() { # NAME ARGS...: one run that must PASS
  local name=$1; shift
  if ! "$TB" --jitter "$J" "$@" >"$T/out" 2>&1; then
    echo "FAIL $name"; cat "$T/out"; exit 1
  fi
  if [ "$BENCH" = 1 ]; then grep '^PASS' "$T/out" | sed "s|^PASS [^:]*|$name|"; else echo "ok  $name: $(grep '^PASS' "$T/out")"; fi
  n=$((n+1))
}
A=0x100000
go memset     --asm $K/memset.s --set $A=0x200003 --set $((A+4))=0x5a --set $((A+8))=1000
go memcpy     --asm $K/memcpy.s --set $A=0x200001 --set $((A+4))=0x300002 --set $((A+8))=777 --fill 0x300000:1024
go matmul16   --asm $K/matmul16.s --set $A=0x200000 --set $((A+4))=0x200400 --set $((A+8))=0x200800 --fill 0x200000:2048
go reduce     --asm $K/reduce.s --fill 0x200000:1200 --set $A=0x200000 --set $((A+4))=300 --set $((A+8))=0x210000 \
              --set 0x210004=0x7fffffff --set 0x210008=0x80000000 --set 0x210010=0xffffffff
go prefix_sum --asm $K/prefix_sum.s --fill 0x200000:2000 --set $A=0x200000 --set $((A+4))=0x300000 --set $((A+8))=500 --set $((A+12))=0x310000
go draw       --asm $K/draw.s --set $A=0 --set $((A+4))=$((64 | 48 << 16)) --set $((A+8))=$((40 | 30 << 16)) --set $((A+12))=15 --tile-offset $((8 | 4 << 16))
go ipc_alu    --asm tests/shader/ipc_alu.s
[ "$BENCH" = 1 ] && exit 0
# directed: each fault of D12 ends both models with the same record
prog() { printf "$2" > "$T/$1.s"; go "$1" --asm "$T/$1.s"; grep -q 'same fault' "$T/out" || { [ "${3:-}" = ok ] || { echo "FAIL $1 did not fault"; exit 1; }; }; }
prog illegal      'ADDI s1, s0, 1\nADD s2, s1, s1\n.word 0x0800000b\nADDI s1, s0, 2\nWFI\n'
prog illegal_zero 'NOP\nJ z\nWFI\nz: .word 0\n'
prog raster       'ADDI s1, s0, 3\n.word 0x02000014\nWFI\n'
prog fetch_misal  'MOVI s1, t+2\nJALR s5, s1, 0\nWFI\nt: WFI\n'
prog branch_misal 'ADDI s1, s0, 1\nBNE s1, s0, .+6\nWFI\nWFI\n'
prog fetch_range  'MOVI s1, 0x1fffffc\nJALR s0, s1, 4\nWFI\n'
prog mem_range    'MOVI s1, 0x1fffffe\nLW s2, (s1)\nWFI\n'
prog store_range  'ADDI s1, s0, -4\nSB s1, 3(s1)\nSW s1, (s1)\nWFI\n'
prog atom_misal   'MOVI s1, 0x100002\nATOM.ADD s3, s1, (s1)\nWFI\n'
prog atom_range   'MOVI s1, 0x2000000\nATOM.OR s3, s1, (s1)\nWFI\n'
prog csr_ro       'CSRRS s1, CORE_ID, s0\nCSRRW s2, CORE_ID, s1\nWFI\n'
prog csr_unknown  'CSRRS s1, FSTATUS, s0\nWFI\n'
# directed: misaligned loads/stores across words, atomics (CAS fail and success), CSRs, barrier
MISC='MOVI s1, 0x100000\nMOVI s2, 0x11223344\nSW s2, 3(s1)\nLW s3, 1(s1)\nLH s4, 3(s1)\nLB s5, 6(s1)\nSH s2, 7(s1)\nLW s6, 5(s1)\nCSRRW s7, STATUS, s0\nCSRRS s8, STATUS, s0\nATOM.ADD s9, s2, (s1)\nATOM.CAS s10, s0, (s1)\nADDI s11, s0, 9\nATOM.CAS s11, s2, (s1)\nATOM.MIN s12, s0, (s1)\nATOM.MAX s13, s2, (s1)\nATOM.XCHG s14, s3, (s1)\nATOM.AND s15, s4, (s1)\nATOM.OR s16, s5, (s1)\nATOM.XOR s17, s6, (s1)\nLW s18, (s1)\nSETMISC s19, 0x3f, 0x2d\nCSRRS s20, CONFIG, s0\nCSRRS s21, TIME, s0\nBARRIER\nMEMBAR\nCSRRS s22, TILE_OFFSET, s0\nCSRRS s23, NCORES, s0\nCSRRS s24, ARG_BASE, s0\nLW s25, (s1+s23)\n@PCREL@\nWFI\n'
if [ -z "$TILE" ]; then
  prog misc "${MISC/@PCREL@/SW s25, 0(pc)\\nLW s26, -4(pc)}" ok
else
  # on a tile the other cores would fetch the word the first core's SW wrote over itself (the
  # instruction cache is not coherent with stores, D10): the pc-relative pair uses a data word
  prog misc "${MISC/@PCREL@/SW s25, slot\\nLW s26, slot}slot: .word 0\\n" ok
  # a fault on the last core stops the others while they run (atomics and stores in a loop)
  prog fault_one 'CSRRS s1, CORE_ID, s0\nCSRRS s2, NCORES, s0\nADDI s2, s2, -1\nMOVI s4, 0x100100\nBNE s1, s2, spin\nADDI s3, s0, 40\nl: ADDI s3, s3, -1\nBNEZ s3, l\n.word 0x0800000b\nspin: ATOM.ADD s5, s1, (s4)\nSHLI s6, s1, 2\nADD s6, s6, s4\nSW s5, 16(s6)\nLW s7, 15(s6)\nJ spin\n'
  # ... and while they wait at a BARRIER (the stop releases it)
  prog fault_barrier 'CSRRS s1, CORE_ID, s0\nCSRRS s2, NCORES, s0\nADDI s2, s2, -1\nBEQ s1, s2, last\nBARRIER\nWFI\nlast: ADDI s3, s0, 30\nl: ADDI s3, s3, -1\nBNEZ s3, l\nMOVI s4, 0x1fffffe\nLW s5, (s4)\nWFI\n'
  # racing plain stores, loads (aligned and split) and atomics on shared words (D10: no defined
  # result, but the lockstep follows the port's order exactly, D18)
  prog race 'CSRRS s1, CORE_ID, s0\nMOVI s4, 0x100300\nADDI s8, s4, 8\nADDI s3, s0, 24\nl: SW s1, (s4)\nLW s5, (s4)\nADD s6, s6, s5\nSH s3, 5(s4)\nLW s10, 3(s4)\nXOR s6, s6, s10\nATOM.ADD s7, s1, (s8)\nADD s6, s6, s7\nADDI s3, s3, -1\nBNEZ s3, l\nSHLI s9, s1, 2\nADD s9, s9, s4\nSW s6, 16(s9)\nWFI\n' ok
  # odd cores end at once; the even ones meet at two BARRIERs (D16: ended cores count as arrived)
  prog barrier_ended 'CSRRS s1, CORE_ID, s0\nMOVI s4, 0x100200\nANDI s2, s1, 1\nBNEZ s2, early\nSHLI s6, s1, 2\nADD s6, s6, s4\nADDI s7, s1, 100\nSW s7, (s6)\nBARRIER\nLW s8, 0(s4)\nLW s9, 8(s4)\nBARRIER\nSW s8, 64(s6)\nSW s9, 128(s6)\nWFI\nearly: WFI\n' ok
fi
echo "rtl_kernels.sh: $n runs agreed with the ISS (jitter $J${TILE:+, tile of $TILE cores})"
