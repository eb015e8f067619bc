# Board bring-up build: the SDRAM memory test instead of the GPU (no BOARD_GPU define).
#   scripts/synth/synth.sh --files rtl/board/files_memtest.f --out build/synth/memtest
rtl/prim/prim_rst_sync.sv
rtl/prim/prim_spill_reg.sv
rtl/mem/sdram_ctrl.sv
rtl/board/board_clkgen.sv
rtl/board/board_dvi_phy.sv
rtl/board/board_memtest.sv
rtl/board/board_video_stub.sv
rtl/board/board_top.sv
