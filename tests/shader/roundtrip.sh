#!/usr/bin/env bash
# Assembler round trip on every shader kernel: shader-as -> hex -> shader-dis -> shader-as must
# give the same words. Fails when a kernel assembles to nothing or fewer than 6 kernels exist.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] || { echo "roundtrip.sh: no arguments allowed (got '$1'); see --help" >&2; exit 2; }
B=build/shader/bin
T=build/shader/roundtrip
mkdir -p "$T"
n=0
for k in sw/shader/kernels/*.s; do
  base=$(basename "$k" .s)
  "$B/shader-as" "$k" -o "$T/$base.hex"
  [ -s "$T/$base.hex" ] || { echo "FAIL: $k assembled to nothing"; exit 1; }
  "$B/shader-dis" "$T/$base.hex" > "$T/$base.dis.s"
  "$B/shader-as" "$T/$base.dis.s" -o "$T/$base.2.hex"
  if ! cmp -s "$T/$base.hex" "$T/$base.2.hex"; then
    echo "FAIL: $k does not round-trip"; diff "$T/$base.hex" "$T/$base.2.hex" | head; exit 1
  fi
  echo "ok  $base: $(wc -l < "$T/$base.hex") words round-trip"
  n=$((n+1))
done
[ "$n" -ge 6 ] || { echo "FAIL: only $n kernels found"; exit 1; }
echo "roundtrip: $n kernels"
