# Synthesis file list for the board top (read by scripts/synth/synth.sh, dependency order).
# Lines: a source file, "-f other.f" (include another list), "+define+NAME", or a # comment.
# Files listed twice (prim_rst_sync is in both lists) are read once.
# The GPU (gpu_top and its sources) is the memory client; for the SDRAM memory test
# without the GPU use rtl/board/files_memtest.f.
+define+BOARD_GPU
-f rtl/gpu_top.f
rtl/prim/prim_rst_sync.sv
rtl/mem/sdram_ctrl.sv
rtl/board/board_clkgen.sv
rtl/board/board_dvi_phy.sv
rtl/board/board_video_stub.sv
rtl/board/board_top.sv
