#!/usr/bin/env bash
# Command-line contract of the SIMT tools (issue 9): simt-as, simt-dis, simt-sim, simt-gen and
# simt_tb refuse bad input, never hang, and never look successful when they are not.
# For every tool: --help (exit 0, usage on stdout), no arguments (documented default or usage
# on stderr and exit 2), a garbage option and a garbage positional argument (exit 2), every
# bad value of every numeric option (negative, non-numeric, trailing text, out of range:
# exit 2 and a message naming the option and the allowed range), bad input files (exit 1),
# write errors (/dev/full: exit 1), and the Verilator X seed of simt_tb (always explicit and
# printed, +verilator+seed+N honoured, 0 and >= 2^31 refused before Verilator sees them).
# A few good runs make sure the checks are not vacuous. Each check is printed; the first
# wrong result stops the script with exit 1. Every command runs under a 20 s timeout.
# Binaries: SIMT_BIN (default build/simt/bin), SIMT_TB (build/simt/obj/simt_tb),
# SIMT_TB_MEM (build/simt/obj_mem/simt_tb), SIMT_TB_TRACE (build/simt/obj_trace/simt_tb, from
# make simt-trace; its --fst checks are skipped, with a line saying so, when absent). Run from the repository root after
# make simt-build. SIMT_CLI_KEEP_GOING=1 runs every check and reports all failures (to see
# what an older build gets wrong); the exit status is still 1 if any check failed.
set -u
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0
fi
if [ $# -gt 0 ]; then
  echo "tools_cli.sh: no arguments allowed (got '$1'); see --help" >&2; exit 2
fi
B=${SIMT_BIN:-build/simt/bin}
TB=${SIMT_TB:-build/simt/obj/simt_tb}
TBM=${SIMT_TB_MEM:-build/simt/obj_mem/simt_tb}
K=sw/simt/kernels
for f in "$B/simt-as" "$B/simt-dis" "$B/simt-sim" "$B/simt-gen" "$TB" "$TBM"; do
  [ -x "$f" ] || { echo "FAIL: $f missing; run make simt-build first" >&2; exit 1; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/simt_cli.XXXXXX")
trap 'rm -rf "$T"' EXIT
n=0
fails=0

die() {
  echo "FAIL  $1"
  echo "      command: ${CMD}"
  echo "      exit status: $RC"
  echo "      --- stdout (first 10 lines) ---"; head -n 10 "$T/out" | sed 's/^/      /'
  echo "      --- stderr (first 10 lines) ---"; head -n 10 "$T/err" | sed 's/^/      /'
  [ "${SIMT_CLI_KEEP_GOING:-0}" = 1 ] || exit 1
  fails=$((fails+1))
  return 1
}

# run CMD...: stdout -> $T/out, stderr -> $T/err, status -> RC (stdin from /dev/null unless
# IN is set to a file)
run() {
  CMD="$*"
  timeout 20 "$@" >"$T/out" 2>"$T/err" <"${IN:-/dev/null}"
  RC=$?
  [ "$RC" -ne 124 ] || { die "timed out after 20 s (hang)"; return 1; }
}

# want RC STREAM REGEX [REGEX...] -- CMD...: exit status RC and every REGEX (grep -Ei) in STREAM
# (out or err). A failing run (RC != 0) must not print PASSED / "programs passed" on stdout.
want() {
  local rc=$1 stream=$2; shift 2
  local pats=()
  while [ "$1" != -- ]; do pats+=("$1"); shift; done
  shift
  if [ ${#pats[@]} -eq 0 ]; then # every check must look at the message, not only the status
    echo "tools_cli.sh: bug in this script: a check of '$*' has no pattern" >&2; exit 1
  fi
  run "$@" || return 1
  [ "$RC" -eq "$rc" ] || { die "expected exit status $rc"; return 1; }
  for p in "${pats[@]}"; do
    grep -Eqi -- "$p" "$T/$stream" || { die "std$stream does not match /$p/"; return 1; }
  done
  if [ "$rc" -ne 0 ] && grep -Eq 'PASSED|programs passed|assembled back identically' "$T/out"; then
    die "failed run printed a success line on stdout"; return 1
  fi
  n=$((n+1))
  echo "ok    [$RC] $CMD"
}

# full CMD...: stdout to /dev/full must give exit 1 and a message naming the write error
full() {
  CMD="$* > /dev/full"
  timeout 20 "$@" >/dev/full 2>"$T/err" </dev/null
  RC=$?
  : >"$T/out"
  [ "$RC" -ne 124 ] || { die "timed out after 20 s (hang)"; return 1; }
  [ "$RC" -eq 1 ] || { die "expected exit status 1 on a write error"; return 1; }
  grep -Eqi 'writ.*(fail|error)|no space' "$T/err" || { die "stderr does not name the write error"; return 1; }
  n=$((n+1))
  echo "ok    [$RC] $CMD"
}

# absent FILE: a failed run must not leave an output file behind
absent() {
  [ ! -e "$1" ] || { rm -f "$1"; die "output $1 exists after a failed run"; return 1; }
  n=$((n+1))
  echo "ok    $1 not written"
}

printf 'CONST R0, #1\nRET\n' >"$T/good.asm"
printf 'CONST R0, #1\n\0RET\n' >"$T/nul.asm"
printf '; only a comment\n.data 1 2 3\n' >"$T/noinsn.asm"
printf 'CONST R0, #1\nRET\n' >"$T/nothreads.asm"

echo "== simt-as"
want 0 out 'usage' '-o' '--data' -- "$B/simt-as" --help
want 2 err 'no input' 'usage' -- "$B/simt-as"
want 2 err 'bogus' 'allowed' -- "$B/simt-as" --bogus
want 2 err 'xyz' 'allowed' -- "$B/simt-as" "$T/good.asm" xyz
want 2 err '-o' 'file name' -- "$B/simt-as" "$T/good.asm" -o
want 1 err 'cannot read' 'nonexistent' -- "$B/simt-as" "$T/nonexistent.asm"
want 1 err 'directory' -- "$B/simt-as" "$T"
want 1 err 'NUL byte' 'line 2' 'binary' -- "$B/simt-as" "$T/nul.asm" -o "$T/nul.hex"
absent "$T/nul.hex"
want 1 err 'no instructions' -- "$B/simt-as" "$T/noinsn.asm" -o "$T/noinsn.hex"
absent "$T/noinsn.hex"
want 1 err '/dev/full' 'no space' -- "$B/simt-as" "$T/good.asm" -o /dev/full
want 1 err '/dev/full' 'no space' 'removed' -- "$B/simt-as" "$T/good.asm" -o "$T/ok.hex" --data /dev/full
absent "$T/ok.hex"
full "$B/simt-as" "$T/good.asm"
want 0 out '^9001$' -- "$B/simt-as" "$T/good.asm"
[ "$(wc -l <"$T/out")" -eq 2 ] || die "good.asm should give 2 words"

echo "== simt-dis"
want 0 out 'usage' '--addr' -- "$B/simt-dis" --help
want 1 err 'no instruction words' -- "$B/simt-dis"
want 2 err 'bogus' 'allowed' -- "$B/simt-dis" --bogus
want 2 err 'xyz' 'allowed' -- "$B/simt-dis" "$T/a.hex" xyz
want 1 err 'cannot open' -- "$B/simt-dis" "$T/nonexistent.hex"
printf '9001 f000\n' >"$T/two.hex"
want 0 out 'CONST +R0, #1' 'RET' -- "$B/simt-dis" "$T/two.hex"
[ "$(grep -c . "$T/out")" -eq 2 ] || die "'9001 f000' should give 2 instructions"
printf '12 34\n' >"$T/ws.hex"
IN="$T/ws.hex" want 0 out '0x0012' '0x0034' -- "$B/simt-dis"
printf '9001\n// comment\n\n0x12 zz 34\n' >"$T/bad.hex"
want 1 err 'line 4' "'zz'" 'hex' -- "$B/simt-dis" "$T/bad.hex"
[ ! -s "$T/out" ] || die "simt-dis printed output although its input was bad"
printf '12345\n' >"$T/wide.hex"
want 1 err 'line 1' "'12345'" -- "$B/simt-dis" "$T/wide.hex"
full "$B/simt-dis" "$T/two.hex"

echo "== simt-sim"
want 0 out 'usage' '--threads' '--block-dim' -- "$B/simt-sim" --help
want 2 err 'no input' 'usage' -- "$B/simt-sim"
want 2 err 'bogus' 'allowed' -- "$B/simt-sim" --bogus
want 2 err 'xyz' 'allowed' -- "$B/simt-sim" "$K/matadd.asm" xyz
for v in 300 256 0 -1 12abc '' 0x; do
  want 2 err "--threads '$v'" '1\.\.255' -- "$B/simt-sim" "$K/matadd.asm" --threads "$v"
done
for v in 0 65 -4 4x; do
  want 2 err "--block-dim '$v'" '1\.\.64' -- "$B/simt-sim" "$K/matadd.asm" --block-dim "$v"
done
want 2 err '--threads' 'needs' -- "$B/simt-sim" "$K/matadd.asm" --threads
want 1 err 'no \.threads' '--threads' -- "$B/simt-sim" "$T/nothreads.asm"
want 1 err 'NUL byte' -- "$B/simt-sim" "$T/nul.asm"
want 0 out '; 8 threads' -- "$B/simt-sim" "$K/matadd.asm"
want 0 out '; 255 threads' -- "$B/simt-sim" "$K/tid.asm" --threads 255
want 0 out '; 3 threads' -- "$B/simt-sim" "$K/tid.asm" --threads 0x3 --block-dim 64
full "$B/simt-sim" "$K/matadd.asm"

echo "== simt-gen"
want 0 out 'usage' '--seed' '--count' -- "$B/simt-gen" --help
want 0 out 'simt-gen seed 1$' '^\.threads [0-9]+$' -- "$B/simt-gen"
want 2 err 'bogus' 'allowed' -- "$B/simt-gen" --bogus
want 2 err 'xyz' 'allowed' -- "$B/simt-gen" xyz
for v in -1 12abc 9223372036854775808 18446744073709551616 ''; do
  want 2 err "--seed '$v'" '0\.\.9223372036854775807' -- "$B/simt-gen" --seed "$v"
done
for v in 0 -1 10000001 1k; do
  want 2 err "--count '$v'" '1\.\.10000000' -- "$B/simt-gen" --count "$v"
done
want 0 out '3 programs' -- "$B/simt-gen" --count 3 --seed 9223372036854775800
full "$B/simt-gen" --seed 5

echo "== simt_tb"
want 0 out 'usage' '--sweep' '\+verilator\+seed\+' '2147483647' -- "$TB" --help
want 2 err 'nothing to run' 'usage' -- "$TB"
want 2 err 'nothing to run' -- "$TB" +verilator+seed+3
want 2 err 'bogus' -- "$TB" --bogus
want 2 err 'xyz' -- "$TB" xyz
want 2 err '--random' 'needs a value' -- "$TB" --random
for v in -1 12abc 0 10000001 '' ' 5'; do
  want 2 err "--random '$v'" '1\.\.10000000' -- "$TB" --random "$v"
done
for v in 999 256 -1 4x; do
  want 2 err "--threads '$v'" '0\.\.255' -- "$TB" --asm "$K/tid.asm" --threads "$v"
done
want 2 err "--sweep '5:1'" 'empty' -- "$TB" --asm "$K/tid.asm" --sweep 5:1
for v in 1 1:300 -1:3 1:2x :3; do
  want 2 err "--sweep" '0 <= A <= B <= 255|0\.\.255' -- "$TB" --asm "$K/tid.asm" --sweep "$v"
done
for o in --prog-base --data-base; do
  for v in 256 -1 0x1zz; do
    want 2 err "$o '$v'" '0\.\.255' -- "$TB" --asm "$K/tid.asm" "$o" "$v"
  done
done
want 2 err "--prog-base '16129'" '0\.\.16128' -- "$TBM" --asm "$K/tid.asm" --prog-base 16129
want 2 err "--data-base '32513'" '0\.\.32512' -- "$TBM" --asm "$K/tid.asm" --data-base 32513
for v in 0 -5 x 1000000001; do
  want 2 err "--max-cycles '$v'" '1\.\.1000000000' -- "$TB" --asm "$K/tid.asm" --max-cycles "$v"
done
for v in -1 9223372036854775808 1e3; do
  want 2 err "--seed '$v'" '0\.\.9223372036854775807' -- "$TB" --random 1 --seed "$v"
done
for v in 33 -1 3.5; do
  want 2 err "--mem-jitter '$v'" '0\.\.32' -- "$TB" --random 1 --mem-jitter "$v"
done
want 2 err "--fst-window '5:1'" 'empty' -- "$TB" --random 1 --fst-window 5:1
want 2 err '--fst' 'no tracing' -- "$TB" --random 1 --fst "$T/w.fst"
absent "$T/w.fst"
TBT=${SIMT_TB_TRACE:-build/simt/obj_trace/simt_tb} # optional: make simt-trace
if [ -x "$TBT" ]; then
  # a FIFO, never /dev/full or /dev/null: the FST writer unlinks its target before writing,
  # so a regression here must not be able to delete a device node (a FIFO only hangs: timeout)
  mkfifo "$T/fifo"
  want 2 err 'not a regular file' -- "$TBT" --random 1 --fst "$T/fifo"
  [ -p "$T/fifo" ] || die "--fst replaced the FIFO $T/fifo"
  want 2 err 'cannot create' -- "$TBT" --random 1 --fst "$T/nodir/w.fst"
  want 0 out 'PASSED' -- "$TBT" --random 1 --fst "$T/w.fst" --fst-window 0:40
  [ -s "$T/w.fst" ] || die "--fst did not write $T/w.fst"
else
  echo "skip  --fst checks on the trace build: $TBT not built (make simt-trace)"
fi
want 2 err 'matadd' 'matmul2' -- "$TB" --asm "$K/matadd.asm" --check matsub
want 2 err '--asm' -- "$TB" --random 1 --threads 4
want 2 err '--fst-window' 'give --fst' -- "$TB" --random 1 --fst-window 1:5
want 2 err '--threads and --sweep' -- "$TB" --asm "$K/tid.asm" --threads 4 --sweep 1:2
want 1 err 'NUL byte' -- "$TB" --asm "$T/nul.asm"
# Verilator X seed: explicit, printed, honoured; refused outside 1..2^31-1 before Verilator
for v in 0 2147483648 4294967297 -1 7x ''; do
  want 2 err "\+verilator\+seed\+ '$v'" '1\.\.2147483647' -- "$TB" "+verilator+seed+$v" --random 1
done
want 2 err 'twice' -- "$TB" +verilator+seed+3 +verilator+seed+4 --random 1
want 2 err "rand\+reset\+ '3'" '0\.\.2' -- "$TB" +verilator+rand+reset+3 --random 1
want 0 out '\+verilator\+seed\+1 \+verilator\+rand\+reset\+2' 'derived' 'PASSED' -- "$TB" --random 1
want 0 out '\+verilator\+seed\+12 ' 'PASSED' -- "$TB" --random 1 --seed 12
want 0 out '\+verilator\+seed\+2 ' -- "$TB" --random 1 --seed 4294967296
want 0 out '\+verilator\+seed\+1 ' -- "$TB" --random 1 --seed 2147483647
want 0 out '\+verilator\+seed\+77 \+verilator\+rand\+reset\+2' 'given' 'PASSED' -- "$TB" +verilator+seed+77 --random 1
want 0 out '\+verilator\+seed\+2147483647 \+verilator\+rand\+reset\+0' 'PASSED' -- "$TB" +verilator+seed+2147483647 +verilator+rand+reset+0 --random 1
want 0 out 'threads 255' 'PASSED' -- "$TB" --asm "$K/tid.asm" --threads 255
want 0 out 'threads +3:' 'threads +4:' 'PASSED' -- "$TB" --asm "$K/tid.asm" --sweep 3:4 --mem-jitter 32
full "$TB" --random 1

if [ "$fails" -gt 0 ]; then
  echo "tools_cli: $fails checks FAILED, $n passed"
  exit 1
fi
echo "tools_cli: $n checks passed"
