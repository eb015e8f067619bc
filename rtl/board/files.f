# Synthesis file list for the board top (read by scripts/synth/synth.sh, dependency order).
# Lines: a source file, "-f other.f" (include another list), "+define+NAME", or a # comment.
# To build the GPU instead of the memory test, add one line:  -f rtl/gpu_top.f
# (that list names the GPU sources and contains +define+BOARD_GPU).
rtl/prim/prim_rst_sync.sv
rtl/mem/sdram_ctrl.sv
rtl/board/board_clkgen.sv
rtl/board/board_dvi_phy.sv
rtl/board/board_memtest.sv
rtl/board/board_video_stub.sv
rtl/board/board_icepi_zero.sv
