#!/usr/bin/env bash
# Clock gating is invisible (docs/architecture.md "Clock gating"): each scene that wakes a gated
# unit (SIMT cluster, command processor, shader tile, texture units) runs twice on the same
# build, gated and with gpu_top's clk_gate_bypass_i = 1 (--no-clock-gate: every unit clocked at
# every edge, where the gates' idle assertions check that no edge they would hold back moves a
# unit's outputs). Both runs must pass against the model and simulate the same number of cycles.
#   tests/core/clock_gate_equiv.sh [--help]
set -u
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0
fi
[ $# -eq 0 ] || { echo "clock_gate_equiv: unexpected argument '$1' (it takes none but --help)" >&2; exit 2; }
# binary | scene options
RUNS=(
  "tgpu_tb|--scene simt"
  "tgpu_tb|--scene simt_stop"
  "tgpu_tb|--scene simt_stop --mem jitter --seed 3"
  "tgpu_tb|--scene cp_ops"
  "tgpu_tb|--scene cp_compute"
  "tgpu_tb|--scene cp_seq"
  "tgpu_tb|--scene cp_random --count 150 --seed 2"
  "tgpu_tb|--scene build_units"
  "tgpu_tb|--scene random --seed 5 --count 60"
  "tgpu_tb|--scene tex_random --seed 4 --count 12"
  "tgpu_tb|--scene tex_random --seed 5 --count 8 --mem jitter"
  "tgpu_tb|--scene tex_mip"
  "tgpu_tb_shd|--scene shader"
  "tgpu_tb_shd|--scene shader_random --count 32 --seed 2"
  "tgpu_tb_shd|--scene shader_dispatch"
)
pass=0; fail=0
cycles() { sed -n 's/^rtl: \([0-9]*\) core cycles.*/\1/p' <<<"$1"; }
for r in "${RUNS[@]}"; do
  IFS='|' read -r bin opts <<<"$r"
  # shellcheck disable=SC2086
  g=$("build/bin/$bin" $opts --no-png 2>&1); gs=$?
  # shellcheck disable=SC2086
  b=$("build/bin/$bin" $opts --no-png --no-clock-gate 2>&1); bs=$?
  gc=$(cycles "$g"); bc=$(cycles "$b")
  if [ $gs -ne 0 ] || [ $bs -ne 0 ]; then
    echo "FAIL  $bin $opts: exit status gated $gs, free-running $bs"
    { [ $gs -ne 0 ] && tail -5 <<<"$g"; [ $bs -ne 0 ] && tail -5 <<<"$b"; } | sed 's/^/      | /'
    fail=$((fail+1))
  elif [ -z "$gc" ] || [ "$gc" != "$bc" ]; then
    echo "FAIL  $bin $opts: ${gc:-?} core cycles gated, ${bc:-?} free-running"; fail=$((fail+1))
  else
    echo "ok    $bin $opts: $gc core cycles gated and free-running"; pass=$((pass+1))
  fi
done
echo "clock_gate_equiv: $pass same, $fail different"
[ $fail -eq 0 ]
