#!/usr/bin/env bash
# Mutation tests of the checkers: each mutant is a one-line change to a throwaway copy of the
# tree (build/mutants/NAME), built (PGO=0: one compile, no training run) and run on a scene
# (on tgpu_tb, or on the build that the options name first: "bin=tgpu_tb_shd --scene ...");
# the test passes only if the run fails the way the checker promises. The unmutated design
# passes the same runs (tests/core.list).
#   tests/mutants.sh [--help] [--list] [--applies] [NAME...]     (default: every mutant)
# --applies only checks that every mutant's expression still changes its file (seconds, no
# build): the default test run does this, so a mutant of the long tier cannot go stale unseen.
set -u
cd "$(dirname "$0")/.."

# name | file | sed expression | scene options | exit status wanted | pattern wanted in the output
MUTANTS=(
  "payload_change|rtl/pixel/pixel_fbwrite.sv|s/    mem_req_o.wdata = {16'h0, w_q.rgb565};/    mem_req_o.wdata = {16'h0, w_q.rgb565 ^ {15'h0, mem_req_ready_i}};/|--scene zbuffer --mem jitter|1|STREAM CONTRACT: link pixel_fbwrite -> mem_arbiter \(memory request\): payload changed while waiting"
  "one_pixel_colour|rtl/pixel/pixel_fbwrite.sv|s/    mem_req_o.wdata = {16'h0, w_q.rgb565};/    mem_req_o.wdata = {16'h0, w_q.rgb565 ^ {15'h0, w_q.fb_addr == 25'h3E990}};/|--scene clear|1|LOCKSTEP: first divergence at stage cwrite .*core cycle"
  "ds_double_release|rtl/pixel/pixel_ztest.sv|s/  assign rel_o     = b_valid_q \&\& !b_pass_q;/  assign rel_o     = b_valid_q;/|--scene zbuffer|1|DRAW STATE: entry [0-9] released more often than acquired"
  "valid_waits_for_ready|rtl/pixel/pixel_fbwrite.sv|s/assign mem_req_valid_o = full_q;/assign mem_req_valid_o = full_q \&\& mem_req_ready_i;/|--scene clear --mem jitter --timeout 200000|3|HANG"
  "blend_hazard|rtl/pixel/pixel_blend.sv|s/ \&\& !aq_full \&\& !a_hit \&\& q_ready;/ \&\& !aq_full \&\& q_ready;/|--scene blend_stack|1|BLEND HAZARD: destination read of 0x[0-9A-Fa-f]+ accepted while an earlier colour write to it waits|LOCKSTEP: first divergence at stage blend"
  "walk_no_seek|rtl/raster/raster_walk.sv|s/    left_d     = active_d \&\& seek_d \&\& lok_n \&\& !x_first_d;/    left_d     = 1'b0;/|--scene slivers --seed 1|1|LOCKSTEP: first divergence at stage [a-z]+ .*core cycle"
  "z_no_scoreboard|rtl/pixel/pixel_ztest.sv|s/  assign a_read = a_valid_q \&\& a_q.test \&\& f_ready \&\& !a_hit/  assign a_read = a_valid_q \&\& a_q.test \&\& f_ready/|--scene z_stack|1|LOCKSTEP: first divergence at stage ztest .*core cycle"
  "z_push_match|rtl/pixel/pixel_ztest.sv|s/      if (a_push \&\& sb_wp_q == Pw'(i)) a_m_d\[i\] = (a_q.addr\[AW-1:2\] == a_d.addr\[AW-1:2\]);/      if (a_push \&\& sb_wp_q == Pw'(i)) a_m_d[i] = 1'b0;/|--scene z_stack --mem jitter --seed 4|1|a_hit_match"
  "cp_clear_be|rtl/cp/cp_top.sv|s/          req_be    = 4'b0011;/          req_be    = 4'b1111;/|--scene cp_ops|1|MISMATCH|CHECK FAILED: rtl: FILL/CLEAR word"
  "cp_flags_first|rtl/cp/cp_top.sv|s/    else if (!cp_pkg::op_known(op_q))/    else if (flags_q[7:4] != '0) chk_status = cp_pkg::ERR_BAD_FLAGS;\n    else if (!cp_pkg::op_known(op_q))/|--scene cp_random|1|tee: read of register 0x59 differs"
  "cp_irq_unmasked|rtl/cp/cp_top.sv|s/  assign irq_o  = (irq_st_q \& irq_mask_q) != '0;/  assign irq_o  = irq_st_q != '0;/|--scene cp_ops|1|IRQ MISMATCH: pin irq_o"
  "cp_draw_color|rtl/cp/cp_top.sv|s/dr_c_q\[31:24\], dr_c_q\[7:0\], dr_c_q\[15:8\], dr_c_q\[23:16\]/dr_c_q[31:24], dr_c_q[23:16], dr_c_q[15:8], dr_c_q[7:0]/|--scene cp_draw|1|LOCKSTEP: first divergence at stage walk .*core cycle"
  "cp_gdraw_strip|rtl/cp/cp_top.sv|s/gd_qoff = {1'b0, ~gd_j\[0\]};/gd_qoff = gd_j;/|--scene cp_gdraw|1|LOCKSTEP: first divergence at stage walk .*core cycle"
  "shd_launch_no_wait|rtl/host/host_reg_file.sv|s/        if (drained) shd_st_d = ShdIdle;   \/\/ the tile is busy/        shd_st_d = ShdIdle;   \/\/ the tile is busy/|bin=tgpu_tb_shd --scene shader|1|MISMATCH: [0-9]+ memory words differ"
  "shd_abort_ignored|rtl/shader/shader_tile.sv|s/    if (busy_q \&\& abort_i) begin/    if (1'b0 \&\& abort_i) begin/|bin=tgpu_tb_shd --scene shader_stop --timeout 300000|3|HANG: GPU still busy"
  "simt_abort_pending_lost|rtl/host/host_reg_file.sv|s/        simt_abreq_d = 1'b1;/        simt_abreq_d = 1'b0;/|--scene simt_stop --timeout 300000|3|HANG: GPU still busy"
  "simt_abort_zero_threads|rtl/host/host_reg_file.sv|s/simt_abort_seen) \&\& (r_launch.threads != '0) \&\& simt_present_i;/simt_abort_seen) \&\& simt_present_i;/|--scene simt_stop|1|tee: read of register 0x76 differs"
  "shd_dispatch_one_tile|rtl/cp/cp_top.sv|s/              sh_tx_d = sh_tx_q + 16'd1;/              sh_tx_d = sh_tx_q;/|bin=tgpu_tb_shd --scene shader_dispatch|1|MISMATCH: [0-9]+ memory words differ"
  "cg_simt_assert|rtl/gpu_top.sv|s/    assign simt_wake = simt_busy /    assign simt_wake = 1'b0 /|--scene simt --no-clock-gate|1|a_simt_gate_idle"
  "cg_simt_launch|rtl/gpu_top.sv|s/ simt_launch_valid .. simt_abort / simt_abort /|--scene simt|3|HANG"
  "cg_cp_read_wake|rtl/cp/cp_top.sv|s/rd_done_i .. rd_done_q .. //|--scene cp_ops|1|differs|MISMATCH"
  "cg_tex_linger|rtl/tex/tmu_pixel.sv|s/TpLinger = PL + LL + AL + 4;/TpLinger = 4;/|--scene tex_random --seed 1 --count 6 --no-clock-gate|1|a_tp_gate_idle"
  "cg_tex_back_wake|rtl/tex/tmu_pixel.sv|s/assign tb_wake   = tp_wake .. /assign tb_wake   = /|--scene tex_random --seed 1 --count 6 --no-clock-gate|1|a_tb_gate_idle"
  "cg_cp_rf_take|rtl/cp/cp_top.sv|s/(rf_valid_o .. rf_ready_i)/1'b0/|--scene random --seed 3 --count 12 --no-clock-gate|1|a_cp_gate_idle"
  "cg_shd_assert|rtl/gpu_top.sv|s/    assign shd_wake = shd_busy /    assign shd_wake = 1'b0 /|bin=tgpu_tb_shd --scene shader --no-clock-gate|1|a_shd_gate_idle"
  "blend_fraction|rtl/pixel/pixel_blend.sv|s/gpu_pkg::c108_add(r_ps_q, r_pd_q);/gpu_pkg::c108_add(r_ps_q, r_pd_q ^ 18'h1);/|--scene blend_modes|1|LOCKSTEP: first divergence at stage blend .*core cycle"
)

if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0
fi
if [ "${1:-}" = "--list" ]; then
  for m in "${MUTANTS[@]}"; do echo "${m%%|*}"; done; exit 0
fi
# applies FILE EXPR: the expression changes the file (a mutant whose line has changed does not)
applies() { [ -f "$1" ] && ! sed "$2" "$1" | cmp -s - "$1"; }
if [ "${1:-}" = "--applies" ]; then
  bad=0
  for m in "${MUTANTS[@]}"; do
    IFS='|' read -r name file expr _ <<<"$m"
    if ! applies "$file" "$expr"; then
      echo "FAIL  $name: the mutation does not apply to $file (the line changed? update its expression)"; bad=$((bad+1))
    fi
  done
  echo "mutants: ${#MUTANTS[@]} expressions, $bad do not apply"
  [ $bad -eq 0 ]; exit
fi
want=("$@")
for w in "${want[@]}"; do
  printf '%s\n' "${MUTANTS[@]}" | grep -q "^$w|" || { echo "mutants: no mutant '$w' (--list shows them)" >&2; exit 2; }
done

pass=0; fail=0
for m in "${MUTANTS[@]}"; do
  IFS='|' read -r name file expr opts rc_want pattern <<<"$m"
  if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$name"; then continue; fi
  if ! applies "$file" "$expr"; then
    echo "FAIL  $name: the mutation did not apply to $file (the line changed?)"; fail=$((fail+1)); continue
  fi
  dir=build/mutants/$name
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r Makefile mk rtl sim sw tests scripts data "$dir"/
  sed -i "$expr" "$dir/$file"
  # scene options "bin=NAME ...": run another harness build than tgpu_tb (e.g. tgpu_tb_shd)
  bin=tgpu_tb
  if [[ "$opts" == bin=* ]]; then bin=${opts%% *}; bin=${bin#bin=}; opts=${opts#* }; fi
  if ! make -C "$dir" -s "build/bin/$bin" PGO=0 > "$dir.build.log" 2>&1; then
    echo "FAIL  $name: the mutant does not build (log: $dir.build.log)"; tail -5 "$dir.build.log"; fail=$((fail+1)); continue
  fi
  # shellcheck disable=SC2086
  out=$("$dir/build/bin/$bin" $opts --no-png 2>&1); rc=$?
  if [ "$rc" = "$rc_want" ] && grep -Eq -- "$pattern" <<<"$out"; then
    echo "ok    $name: caught (exit status $rc): $(grep -Em1 -- "$pattern" <<<"$out")"; pass=$((pass+1))
  else
    echo "FAIL  $name: exit status $rc (want $rc_want), output lacks /$pattern/"
    tail -8 <<<"$out" | sed 's/^/      | /'; fail=$((fail+1))
  fi
done
echo "mutants: $pass caught, $fail not caught"
[ $fail -eq 0 ]
