#!/usr/bin/env bash
# Assembler round trip on every kernel: asm -> hex -> disassemble -> asm -> hex must give the
# same words (and the data image must survive too). Fails on an empty program.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
B=build/simt/bin
T=build/simt/roundtrip
mkdir -p "$T"
n=0
for k in sw/simt/kernels/*.asm; do
  base=$(basename "$k" .asm)
  "$B/simt-as" "$k" -o "$T/$base.hex" --data "$T/$base.data"
  [ -s "$T/$base.hex" ] || { echo "FAIL: $k assembled to nothing"; exit 1; }
  "$B/simt-dis" "$T/$base.hex" > "$T/$base.dis.asm"
  "$B/simt-as" "$T/$base.dis.asm" -o "$T/$base.2.hex"
  if ! cmp -s "$T/$base.hex" "$T/$base.2.hex"; then
    echo "FAIL: $k does not round-trip"; diff "$T/$base.hex" "$T/$base.2.hex" | head; exit 1
  fi
  words=$(wc -l < "$T/$base.hex")
  echo "ok  $base: $words words round-trip"
  n=$((n+1))
done
[ "$n" -ge 6 ] || { echo "FAIL: only $n kernels found"; exit 1; }
echo "roundtrip: $n kernels"
