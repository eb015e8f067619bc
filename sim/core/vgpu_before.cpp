// vgpu_before.cpp: what today's testbench (sim/core/tb_main.c) asks of the harness and the
// harness of CORE_BEFORE_REV (mk/core.mk, make bench's "before" build) does not have yet.
// That build is gpu_top with its default parameters: no shader tile.
extern "C" unsigned vgpu_shader_cores(void) { return 0; }
