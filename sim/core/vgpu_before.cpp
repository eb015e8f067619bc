// vgpu_before.cpp: what today's testbench (sim/core/tb_main.c) asks of the harness and the
// harness of CORE_BEFORE_REV (mk/core.mk, make bench's "before" build) does not have yet.
// That build is gpu_top with its default units (SIMT cluster and command processor, no shader
// tile) and ClockGate 0; it leaves clk_gate_bypass_i alone (unused without the gates).
extern "C" unsigned vgpu_shader_cores(void) { return 0; }
extern "C" int vgpu_simt_cluster(void) { return 1; }
extern "C" int vgpu_cmd_proc(void) { return 1; }
// the IRQ pin came with the command processor, after that harness: the benchmark's scenes
// (scripts/sim_speed_bench.sh) do not use it
extern "C" int vgpu_irq(struct vgpu *) { return 0; }
