#!/usr/bin/env bash
# Command-line contract of shader-as, shader-dis, shader-sim and shader-gen: --help (exit 0,
# usage on stdout); no arguments (usage on stderr and exit 2, or shader-gen's documented
# default); unknown options and every bad value of every numeric option refused with exit 2
# and a message naming the option and what is allowed; bad input files exit 1 with the reason;
# write errors (/dev/full) exit 1 and leave no output file; a few good runs (and a fault and a
# step limit of shader-sim, exit 1) so the checks are not vacuous. Every command runs under a
# 20 s timeout; the first wrong result stops the script with exit 1.
# Binaries: SHD_BIN (default build/shader/bin). Run from the repository root after
# make shader-build.
set -u
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0
fi
[ $# -eq 0 ] || { echo "tools_cli.sh: no arguments allowed (got '$1'); see --help" >&2; exit 2; }
B=${SHD_BIN:-build/shader/bin}
for f in shader-as shader-dis shader-sim shader-gen shader-pkg; do
  [ -x "$B/$f" ] || { echo "FAIL: $B/$f missing; run make shader-build first" >&2; exit 1; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/shader_cli.XXXXXX")
trap 'rm -rf "$T"' EXIT
n=0

# check RC STREAM REGEX... -- CMD...: exit status RC, every REGEX (grep -Ei) in STREAM (out|err)
check() {
  local rc=$1 stream=$2; shift 2
  local pats=()
  while [ "$1" != -- ]; do pats+=("$1"); shift; done
  shift
  [ ${#pats[@]} -gt 0 ] || { echo "tools_cli.sh: a check without a pattern: $*" >&2; exit 1; }
  timeout 20 "$@" >"$T/out" 2>"$T/err" </dev/null
  local got=$?
  local bad=""
  [ "$got" -ne 124 ] || bad="timed out (hang)"
  [ -n "$bad" ] || [ "$got" -eq "$rc" ] || bad="exit status $got, expected $rc"
  for p in "${pats[@]}"; do
    [ -n "$bad" ] || grep -Eqi -- "$p" "$T/$stream" || bad="std$stream does not match /$p/"
  done
  if [ -n "$bad" ]; then
    echo "FAIL  $bad"; echo "      command: $*"
    echo "      --- stdout ---"; head -n 8 "$T/out" | sed 's/^/      /'
    echo "      --- stderr ---"; head -n 8 "$T/err" | sed 's/^/      /'
    exit 1
  fi
  n=$((n+1))
  echo "ok    [$got] $*"
}

# full CMD...: standard output on /dev/full -> exit 1 naming the write error
full() {
  timeout 20 "$@" >/dev/full 2>"$T/err" </dev/null
  local got=$?
  if [ "$got" -ne 1 ] || ! grep -Eqi 'writ.*fail|no space' "$T/err"; then
    echo "FAIL  write error not reported (exit $got): $* > /dev/full"; head -n 4 "$T/err"; exit 1
  fi
  n=$((n+1))
  echo "ok    [1] $* > /dev/full"
}

absent() {
  [ ! -e "$1" ] || { echo "FAIL  $1 exists after a failed run"; exit 1; }
  n=$((n+1))
}

printf 'ADDI s1, s0, 5\nWFI\n' >"$T/good.s"
printf 'ADDI s1, s0, 5\nADDI s1, s0, 5000\nWFI\n' >"$T/bad.s"
printf 'ADDI s1, s0, 5\n\0WFI\n' >"$T/nul.s"
printf '.word 0\n' >"$T/illegal.s"
printf 'WFI\n' >"$T/wfi.s"
printf 'L: J L\n' >"$T/loop.s"
printf 'CSRRS s1, ARG_BASE, s0\nLW s2, 0(s1)\nADDI s2, s2, 1\nSW s2, 4(s1)\nWFI\n' >"$T/args.s"

echo "== shader-as"
check 0 out 'usage' '--base' -- "$B/shader-as" --help
check 2 err 'no input' 'usage' -- "$B/shader-as"
check 2 err "bogus" 'allowed' -- "$B/shader-as" --bogus
check 2 err "xyz" 'allowed' -- "$B/shader-as" "$T/good.s" xyz
check 2 err '-o' 'file name' -- "$B/shader-as" "$T/good.s" -o
for v in -1 abc 0x2000000 12x "" 0x1fffffd; do
  check 2 err "--base" "'$v'|multiple of 4" -- "$B/shader-as" "$T/good.s" --base "$v"
done
check 2 err '--base' 'needs' -- "$B/shader-as" "$T/good.s" --base
check 1 err 'cannot read' -- "$B/shader-as" "$T/nonexistent.s"
check 1 err 'binary' -- "$B/shader-as" "$T/nul.s"
check 1 err 'line 2' 'out of range' -- "$B/shader-as" "$T/bad.s" -o "$T/bad.hex"
absent "$T/bad.hex"
check 1 err 'no space|writ' -- "$B/shader-as" "$T/good.s" -o /dev/full
full "$B/shader-as" "$T/good.s"
check 0 out '^00500097$' '^0000700f$' -- "$B/shader-as" "$T/good.s"
[ "$(wc -l <"$T/out")" -eq 2 ] || { echo "FAIL good.s should give 2 words"; exit 1; }

echo "== shader-dis"
"$B/shader-as" "$T/good.s" -o "$T/good.hex"
check 0 out 'usage' '--base' -- "$B/shader-dis" --help
check 2 err 'no input' -- "$B/shader-dis"
check 2 err 'bogus' 'allowed' -- "$B/shader-dis" --bogus
check 2 err '--base' "'7'|multiple of 4" -- "$B/shader-dis" "$T/good.hex" --base 7
check 1 err 'cannot read' -- "$B/shader-dis" "$T/nonexistent.hex"
check 0 out 'ADDI +s1, s0, 5' 'WFI' '01000004' -- "$B/shader-dis" "$T/good.hex"
check 0 out '; 00000100: ' -- "$B/shader-dis" "$T/good.hex" --base 0x100
printf '00500097\nzz\n' >"$T/badhex.hex"
check 1 err 'line 2' "'zz'" -- "$B/shader-dis" "$T/badhex.hex"
[ ! -s "$T/out" ] || { echo "FAIL shader-dis printed output for bad input"; exit 1; }
printf '123456789\n' >"$T/wide.hex"
check 1 err "'123456789'" -- "$B/shader-dis" "$T/wide.hex"
printf '# nothing\n\n' >"$T/empty.hex"
check 1 err 'no instruction words' -- "$B/shader-dis" "$T/empty.hex"
check 0 out '\.word 0x00000000' -- "$B/shader-dis" <(printf '0\n')
full "$B/shader-dis" "$T/good.hex"

echo "== shader-sim"
check 0 out 'usage' '--sched' '--max-steps' '--poison' -- "$B/shader-sim" --help
check 2 err 'no input' -- "$B/shader-sim"
check 2 err 'bogus' -- "$B/shader-sim" "$T/good.s" --bogus
for v in 0 17 -1 x ""; do check 2 err '--cores' "'$v'" -- "$B/shader-sim" "$T/good.s" --cores "$v"; done
for v in 0 1000000000001 -5; do check 2 err '--max-steps' "'$v'" -- "$B/shader-sim" "$T/good.s" --max-steps "$v"; done
check 2 err '--sched' 'rr, random' -- "$B/shader-sim" "$T/good.s" --sched fifo
check 2 err '--arg-base' '0x2000000' -- "$B/shader-sim" "$T/good.s" --arg-base 0x2000000
check 2 err '--tile-offset' -- "$B/shader-sim" "$T/good.s" --tile-offset 0x100000000
check 2 err '--seed' -- "$B/shader-sim" "$T/good.s" --seed -1
check 2 err '--set' 'multiple of 4' -- "$B/shader-sim" "$T/good.s" --set 3=1
check 2 err '--set' 'A=B' -- "$B/shader-sim" "$T/good.s" --set 0x100
check 2 err '--set' '0x100000000' -- "$B/shader-sim" "$T/good.s" --set 0=0x100000000
check 2 err '--dump' -- "$B/shader-sim" "$T/good.s" --dump 0:0
check 2 err '--dump' 'past the end' -- "$B/shader-sim" "$T/good.s" --dump 0x1fffffe:4
check 2 err '--dump' 'A:B' -- "$B/shader-sim" "$T/good.s" --dump 16
check 2 err '--cores' 'needs' -- "$B/shader-sim" "$T/good.s" --cores
check 1 err 'line 2' -- "$B/shader-sim" "$T/bad.s"
check 1 err 'cannot read' -- "$B/shader-sim" "$T/nonexistent.s"
check 0 out 'done: 4 cores halted, 8 instructions' -- "$B/shader-sim" "$T/good.s"
check 0 out 'done: 16 cores halted' 'R c15 #1' -- "$B/shader-sim" "$T/good.s" --cores 16 --trace --sched random --seed 7
check 0 out '^00100004: 0000002b$' -- "$B/shader-sim" "$T/args.s" --cores 1 --set 0x100000=42 --dump 0x100004:4
check 0 out 's1 =5a5a0001' -- "$B/shader-sim" "$T/wfi.s" --cores 1 --poison --regs
check 1 out 'FAULT ILLEGAL' 'core 0' 'pc 0x01000000' -- "$B/shader-sim" "$T/illegal.s"
check 1 out 'STEP LIMIT' -- "$B/shader-sim" "$T/loop.s" --max-steps 1000
full "$B/shader-sim" "$T/good.s"

echo "== shader-gen"
check 0 out 'usage' '--count' '--cores' -- "$B/shader-gen" --help
check 0 out 'shader-gen seed 1,' 'WFI' -- "$B/shader-gen"
check 2 err 'bogus' -- "$B/shader-gen" --bogus
check 2 err 'file' -- "$B/shader-gen" prog.s
for v in 0 x -1 100000001; do check 2 err '--count' "'$v'" -- "$B/shader-gen" --count "$v"; done
for v in 0 17; do check 2 err '--cores' "'$v'" -- "$B/shader-gen" --cores "$v"; done
check 2 err '--max-steps' "'999'" -- "$B/shader-gen" --max-steps 999
check 2 err '--seed' "'-1'" -- "$B/shader-gen" --seed -1
check 2 err '--seed' 'needs' -- "$B/shader-gen" --seed
check 0 out '5 programs passed' -- "$B/shader-gen" --count 5 --seed 3
check 1 err 'did not end' -- "$B/shader-gen" --count 50 --seed 3 --max-steps 1000
full "$B/shader-gen" --seed 2
"$B/shader-gen" --seed 9 >"$T/g.s" && "$B/shader-sim" "$T/g.s" --arg-base 0x1010000 >"$T/g.out" \
  || { echo "FAIL a generated program does not run in shader-sim"; cat "$T/g.out"; exit 1; }
n=$((n+1))

echo "== shader-pkg"
check 0 out 'usage' '--check' -- "$B/shader-pkg" --help
check 2 err 'bogus' -- "$B/shader-pkg" --bogus
check 2 err 'exclude' -- "$B/shader-pkg" -o "$T/p.sv" --check "$T/p.sv"
check 0 out 'package shader_pkg' -- "$B/shader-pkg"
printf 'package shader_pkg;\nendpackage\n' >"$T/stale.sv"
check 1 err 'not what the decode table generates' -- "$B/shader-pkg" --check "$T/stale.sv"
check 1 err 'cannot read' -- "$B/shader-pkg" --check "$T/nonexistent.sv"
full "$B/shader-pkg"

echo "== shader_tb"
TB=${SHD_TB:-build/shader/obj/shader_tb}
if [ -x "$TB" ]; then
  check 0 out 'usage' '--random' '--jitter' -- "$TB" --help
  check 2 err 'exactly one' -- "$TB"
  check 2 err 'exactly one' -- "$TB" --asm "$T/good.s" --random 3
  check 2 err '--jitter' "'17'" -- "$TB" --random 1 --jitter 17
  check 2 err '--random' "'0'" -- "$TB" --random 0
  check 2 err '--vseed' "'0'" -- "$TB" --random 1 --vseed 0
  check 2 err '--ipc-min' "'2'" -- "$TB" --asm "$T/good.s" --ipc-min 2
  check 2 err '--fill' 'past the end' -- "$TB" --asm "$T/good.s" --fill 0x1ffffff:2
  check 2 err 'bogus' -- "$TB" --bogus 1
  check 1 err 'line 2' -- "$TB" --asm "$T/bad.s"
  check 0 out 'PASS' 'IPC' -- "$TB" --asm "$T/good.s"
  check 1 out 'FAIL: IPC' -- "$TB" --asm "$T/good.s" --ipc-min 1
  check 1 out 'HANG' -- "$TB" --asm "$T/loop.s" --max-cycles 1000
else
  echo "FAIL: $TB missing; run make shader-build"; exit 1
fi
echo "tools_cli.sh: $n checks passed"
