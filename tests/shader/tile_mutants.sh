#!/usr/bin/env bash
# Mutation tests of the tile lockstep (sim/shader/tile_tb.c): each mutant is a one-line change
# to a throwaway copy of the tree (build/shader/mutants/NAME), built (shader_tile of 4 cores)
# and run; the test passes only if the run fails the way the checker promises. The unmutated
# tile passes the same runs (tests/shader.list shader-tile-*).
#   amo_min_unsigned  the tile's atomic unit computes ATOM.MIN unsigned: a later atomic or load
#                     reads the wrong word
#   barrier_no_idle   BARRIER waits for every core, also those that have ended (WFI): the tile
#                     hangs where D16 counts an ended core as arrived
#   icache_no_inval   a launch does not invalidate the instruction cache: the next program at the
#                     same address runs stale words
#   split_not_held    the port lets another core in between the two words of a split access:
#                     a racing store lands inside a misaligned load (the race program)
#   commit_at_retire  the checker steps memory instructions at retirement instead of at the
#                     port's accept (D18): racing accesses then reach the ISS in the wrong order
#   pred_unchecked    X does not redirect a branch fetch predicted taken (backward) that is not
#                     taken: the core runs the loop body again instead of falling through
# Usage: tests/shader/tile_mutants.sh [--help] [--list] [NAME...]   (default: every mutant)
set -u
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0
fi

P='rtl_kernels.sh --tile 4 --jitter 6'
# name | file | sed expression (no '|' in it) | command (in the copy) | pattern wanted in the output
MUTANTS=(
  "amo_min_unsigned|rtl/shader/shader_dmem_arb.sv|s/3'd1:    amo_new_d = (\$signed(mem_rsp_i.rdata) < \$signed(amo_opd_q))/3'd1:    amo_new_d = (mem_rsp_i.rdata < amo_opd_q)/|build/shader/obj_tile4/tile_tb --random 300 --seed 1 --quiet|LOCKSTEP MISMATCH|MEMORY MISMATCH"
  "barrier_no_idle|rtl/shader/shader_tile.sv|s/(\&(idle /(\&(bar_wait /|build/shader/obj_tile4/tile_tb --random 300 --seed 1 --quiet --max-cycles 50000|HANG: the tile did not finish"
  "icache_no_inval|rtl/shader/shader_tile.sv|s/    .inval_i          (launch),/    .inval_i          (1'b0),/|build/shader/obj_tile4/tile_tb --random 300 --seed 1 --quiet|LOCKSTEP MISMATCH"
  "split_not_held|rtl/shader/shader_dmem_arb.sv|s/(!(accept && amo_q == AmoIdle) .. sel_more);/(!(accept \&\& amo_q == AmoIdle));/|tests/shader/$P|FAIL race"
  "commit_at_retire|sim/shader/tile_tb.c|s/            if (!((o.mon_dm_acc >> k) \& 1u)) {/            if (1) {/;s/                if (r.mem != SHD_MEM_NONE \&\& e.mem != SHD_MEM_NONE) {/                if (0) {/|tests/shader/$P|LOCKSTEP MISMATCH \((mem_rdata|rd_val)\)"
  "pred_unchecked|rtl/shader/shader_core.sv|s/x_taken) != x_pred_q);/x_taken) \&\& !x_pred_q);/|build/shader/obj_tile4/tile_tb --random 300 --seed 1 --quiet|LOCKSTEP MISMATCH"
)

if [ "${1:-}" = "--list" ]; then
  for m in "${MUTANTS[@]}"; do echo "${m%%|*}"; done; exit 0
fi
want=("$@")
for w in "${want[@]}"; do
  printf '%s\n' "${MUTANTS[@]}" | grep -q "^$w|" || { echo "tile_mutants: no mutant '$w' (--list shows them)" >&2; exit 2; }
done

pass=0; fail=0
for m in "${MUTANTS[@]}"; do
  IFS='|' read -r name file expr cmd pattern <<<"$m"
  if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$name"; then continue; fi
  dir=build/shader/mutants/$name
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r Makefile mk rtl sim sw tests scripts data "$dir"/
  sed -i "$expr" "$dir/$file"
  if cmp -s "$file" "$dir/$file"; then
    echo "FAIL  $name: the mutation did not apply to $file (the line changed?)"; fail=$((fail+1)); continue
  fi
  if ! nice make -C "$dir" -s JOBS=2 build/shader/obj_tile4/tile_tb > "$dir.build.log" 2>&1; then
    echo "FAIL  $name: the mutant does not build (log: $dir.build.log)"; tail -5 "$dir.build.log"; fail=$((fail+1)); continue
  fi
  # shellcheck disable=SC2086
  out=$(cd "$dir" && $cmd 2>&1); rc=$?
  if [ "$rc" != 0 ] && grep -Eq -- "$pattern" <<<"$out"; then
    echo "ok    $name: caught: $(grep -Em1 -- "$pattern" <<<"$out")"; pass=$((pass+1))
  else
    echo "FAIL  $name: exit status $rc, output lacks /$pattern/"
    tail -8 <<<"$out" | sed 's/^/      | /'; fail=$((fail+1))
  fi
  rm -rf "$dir"
done
echo "tile_mutants: $pass caught, $fail not caught"
[ $fail -eq 0 ]
