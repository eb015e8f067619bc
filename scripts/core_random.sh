#!/usr/bin/env bash
# Seeded constrained-random differential test of the GPU core: random triangles, colours,
# modes and Z functions run on RTL and model in lockstep, whole memory compared.
#   scripts/core_random.sh [--seeds N] [--first S] [--count T] [--scene NAME] [--tb BINARY] [extra tgpu_tb options]
# Each failing seed is printed with the command that replays it.
set -u
cd "$(dirname "$0")/.."
seeds=10; first=1; count=30; scene=random; tb=build/bin/tgpu_tb; extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds=$2; shift 2;;
    --first) first=$2; shift 2;;
    --count) count=$2; shift 2;;
    --scene) scene=$2; shift 2;;
    --tb) tb=$2; shift 2;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0;;
    *) extra+=("$1"); shift;;
  esac
done
for v in "seeds:$seeds" "first:$first" "count:$count"; do
  if ! [[ "${v#*:}" =~ ^[0-9]+$ ]] || [ "${v#*:}" -gt 100000000 ]; then
    echo "core_random: --${v%%:*} '${v#*:}' is not allowed: give an integer from 0 to 100000000" >&2; exit 2
  fi
done
[ "$seeds" -ge 1 ] || { echo "core_random: --seeds 0 runs nothing: give at least 1" >&2; exit 2; }
[ "$first" -ge 1 ] || { echo "core_random: --first 0 is not a valid seed: seeds start at 1" >&2; exit 2; }
[ -x "$tb" ] || { echo "core_random: $tb is not built: run make core-build (or give --tb BINARY)" >&2; exit 2; }
fails=0
for ((s=first; s<first+seeds; s++)); do
  out=$($tb --scene "$scene" --seed "$s" --count "$count" --no-png --quiet "${extra[@]}" 2>&1); rc=$?
  if [ $rc -eq 2 ]; then
    echo "$out" >&2
    echo "core_random: $tb refused the options (exit status 2, above); nothing was tested" >&2
    exit 2
  fi
  if [ $rc -ne 0 ]; then
    fails=$((fails+1))
    echo "$out" | tail -8
    echo "FAILED seed $s: replay with $tb --scene $scene --seed $s --count $count ${extra[*]}"
  fi
done
echo "$scene: $seeds seeds from $first, $fails failed"
[ $fails -eq 0 ]
