# mk/synth.mk: FPGA flow (docs/synth.md).
#   make synth        Yosys synth_ecp5 + nextpnr-ecp5 (LFE5U-25F-6BG256C, ICEpi Zero) on the
#                     board top with the GPU in its reduced build (no SIMT cluster, no command
#                     processor, no shader tile: board_top's defaults; docs/synth.md "ICEpi Zero:
#                     a reduced build"); file list rtl/board/files.f; prints utilisation vs
#                     budget and fmax per clock; bitstream with yowasp-ecppack. Outputs in
#                     build/synth/. Not part of make test (8-13 minutes on 2 cores).
#   make synth-ulx3s  the same flow for the ULX3S (LFE5U-85F-6BG381C, 25 MHz oscillator:
#                     board_top with RefMhz 25, ShaderCores 4, SimtCluster 1, CmdProc 1,
#                     constraints/ulx3s.lpf), the
#                     board of the whole GPU with the shader tile; outputs in build/synth/ulx3s/.
#   make synth-memtest  the same flow on the bring-up build (SDRAM memory test instead of the
#                     GPU, rtl/board/files_memtest.f), about 30 s; outputs in build/synth/memtest/.
#   make synth-check  quick generic "synth -top" per module (no PnR), fails on errors/latches;
#                     also run by make test through tests/synth.list.
#   make board-lint   verilator --lint-only -Wall on the board top for both oscillators (RefMhz 50
#                     and 25; bring-up file list; gpu_top has its own core-lint), with port stubs
#                     of the ECP5 primitives (make lint).
# Add a module to the quick check by adding a line to SYNTH_CHECK_TOPS ("top:file[,file...]"
# or "top:-f,list.f") and to tests/synth.list.

SYNTH_CHECK_TOPS := sdram_ctrl:rtl/mem/sdram_ctrl.sv \
                    prim_rst_sync:rtl/prim/prim_rst_sync.sv \
                    board_memtest:rtl/board/board_memtest.sv \
                    board_video_stub:rtl/board/board_video_stub.sv \
                    gpu_top:-f,rtl/gpu_top.f

.PHONY: synth synth-ulx3s synth-memtest synth-check board-lint
LINT_TARGETS += board-lint
synth: setup
	scripts/synth/synth.sh --files rtl/board/files.f --top board_top \
	  --lpf constraints/icepi_zero.lpf --out $(BUILD)/synth

synth-ulx3s: setup
	scripts/synth/synth.sh --files rtl/board/files.f --top board_top --param RefMhz=25 --param ShaderCores=4 --param SimtCluster=1 --param CmdProc=1 \
	  --device 85k --package CABGA381 --lpf constraints/ulx3s.lpf --out $(BUILD)/synth/ulx3s

synth-memtest: setup
	scripts/synth/synth.sh --files rtl/board/files_memtest.f --top board_top \
	  --lpf constraints/icepi_zero.lpf --out $(BUILD)/synth/memtest

synth-check: setup
	@set -e; for t in $(SYNTH_CHECK_TOPS); do \
	  scripts/synth/synth_check.sh --top $${t%%:*} $$(echo $${t#*:} | tr ',' ' '); done

board-lint:
	@{ read -r defs; read -r srcs; } < <(scripts/synth/filelist.sh rtl/board/files_memtest.f); \
	  for ref in 50 25; do \
	    echo "verilator --lint-only -Wall --top-module board_top -GRefMhz=$$ref (rtl/board/files_memtest.f)"; \
	    $(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module board_top -GRefMhz=$$ref $$defs \
	      scripts/synth/lint/ecp5_stubs.sv $$srcs || exit 1; \
	  done
