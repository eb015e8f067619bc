# mk/sdram.mk: SDRAM controller (rtl/mem/sdram_ctrl.sv), device model (sim/sdram/) and tests.
#   build/sdram/tb_sdram         Verilated standalone testbench (tests/sdram/tb_sdram.c)
#   build/sdram/test_sdram_dev   device-model unit test, built with ASan + UBSan
#   make sdram-lint              verilator --lint-only -Wall on sdram_ctrl and prim_rst_sync
#   make sdram-bench             sustained bandwidth and latency (CL2 and CL3)
#   make sdram-trace             build/sdram/tb_sdram_trace (FST waveforms with --fst FILE)
#   make sdram-build             the SDRAM test programs (part of make test-build)
#   make sdram-long              soak: 8 seeds x 1M random requests x 3 configurations + reset (~3 min;
#                                tests/sdram.list, tier long)

SDRAM_BUILD  := $(BUILD)/sdram
SDRAM_RTL    := rtl/mem/sdram_ctrl.sv rtl/prim/prim_rst_sync.sv
SDRAM_TB_SV  := tests/sdram/tb_sdram.sv
SDRAM_CINC   := -Isim/sdram -Itests/sdram
SDRAM_DEV_H  := sim/sdram/sdram_dev.h

.PHONY: sdram-build sdram-lint sdram-bench sdram-long sdram-trace
TEST_BUILD    += sdram-build
LINT_TARGETS  += sdram-lint
BENCH_TARGETS += sdram-bench

sdram-build: $(SDRAM_BUILD)/tb_sdram $(SDRAM_BUILD)/test_sdram_dev $(SDRAM_BUILD)/tb_memtest \
             $(SDRAM_BUILD)/tb_dvi

$(SDRAM_BUILD)/sdram_dev.o: sim/sdram/sdram_dev.c $(SDRAM_DEV_H)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(SDRAM_CINC) -c $< -o $@

$(SDRAM_BUILD)/tb_sdram.o: tests/sdram/tb_sdram.c $(SDRAM_DEV_H) tests/sdram/tb_sdram_shim.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(SDRAM_CINC) -c $< -o $@

$(SDRAM_BUILD)/tb_sdram: $(SDRAM_RTL) $(SDRAM_TB_SV) tests/sdram/tb_sdram_shim.cpp \
                         tests/sdram/tb_sdram_shim.h $(SDRAM_BUILD)/sdram_dev.o $(SDRAM_BUILD)/tb_sdram.o
	@rm -f $@  # the C objects come in through LDFLAGS, which Verilator's make does not track
	$(VERILATOR) $(VFLAGS) --top-module tb_sdram -Mdir $(SDRAM_BUILD)/obj \
	  -CFLAGS "-I$(abspath tests/sdram) -I$(abspath sim/sdram)" \
	  -LDFLAGS "$(abspath $(SDRAM_BUILD)/tb_sdram.o) $(abspath $(SDRAM_BUILD)/sdram_dev.o)" \
	  -o $(abspath $@) $(SDRAM_TB_SV) $(SDRAM_RTL) $(abspath tests/sdram/tb_sdram_shim.cpp) \
	  > $(SDRAM_BUILD)/verilator.log 2>&1 || { tail -30 $(SDRAM_BUILD)/verilator.log; exit 1; }

$(SDRAM_BUILD)/tb_memtest.o: tests/sdram/tb_memtest.c $(SDRAM_DEV_H) tests/sdram/tb_memtest_shim.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(SDRAM_CINC) -c $< -o $@

# The board's memory test client with the controller (checks rtl/board/board_memtest.sv).
$(SDRAM_BUILD)/tb_memtest: rtl/board/board_memtest.sv $(SDRAM_RTL) tests/sdram/tb_memtest.sv \
                           tests/sdram/tb_memtest_shim.cpp tests/sdram/tb_memtest_shim.h \
                           $(SDRAM_BUILD)/sdram_dev.o $(SDRAM_BUILD)/tb_memtest.o
	@rm -f $@
	$(VERILATOR) $(VFLAGS) --top-module tb_memtest -Mdir $(SDRAM_BUILD)/obj_memtest \
	  -CFLAGS "-I$(abspath tests/sdram) -I$(abspath sim/sdram)" \
	  -LDFLAGS "$(abspath $(SDRAM_BUILD)/tb_memtest.o) $(abspath $(SDRAM_BUILD)/sdram_dev.o)" \
	  -o $(abspath $@) tests/sdram/tb_memtest.sv rtl/board/board_memtest.sv $(SDRAM_RTL) \
	  $(abspath tests/sdram/tb_memtest_shim.cpp) \
	  > $(SDRAM_BUILD)/verilator_memtest.log 2>&1 || { tail -30 $(SDRAM_BUILD)/verilator_memtest.log; exit 1; }

# The board's DVI serialiser and video stub with a behavioural ODDRX1F.
$(SDRAM_BUILD)/tb_dvi.o: tests/sdram/board/tb_dvi.c tests/sdram/board/tb_dvi_shim.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Itests/sdram/board -c $< -o $@

$(SDRAM_BUILD)/tb_dvi: rtl/board/board_dvi_phy.sv rtl/board/board_video_stub.sv \
                       tests/sdram/board/ODDRX1F.sv tests/sdram/board/tb_dvi.sv \
                       tests/sdram/board/tb_dvi_shim.cpp $(SDRAM_BUILD)/tb_dvi.o
	@rm -f $@
	$(VERILATOR) $(VFLAGS) --top-module tb_dvi -Mdir $(SDRAM_BUILD)/obj_dvi \
	  -CFLAGS "-I$(abspath tests/sdram/board)" -LDFLAGS "$(abspath $(SDRAM_BUILD)/tb_dvi.o)" \
	  -o $(abspath $@) tests/sdram/board/tb_dvi.sv tests/sdram/board/ODDRX1F.sv \
	  rtl/board/board_video_stub.sv rtl/board/board_dvi_phy.sv \
	  $(abspath tests/sdram/board/tb_dvi_shim.cpp) \
	  > $(SDRAM_BUILD)/verilator_dvi.log 2>&1 || { tail -30 $(SDRAM_BUILD)/verilator_dvi.log; exit 1; }

$(SDRAM_BUILD)/test_sdram_dev: tests/sdram/test_sdram_dev.c sim/sdram/sdram_dev.c $(SDRAM_DEV_H)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	  $(SDRAM_CINC) tests/sdram/test_sdram_dev.c sim/sdram/sdram_dev.c -o $@

sdram-lint:
	$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module sdram_ctrl rtl/mem/sdram_ctrl.sv
	$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module prim_rst_sync rtl/prim/prim_rst_sync.sv

sdram-bench: $(SDRAM_BUILD)/tb_sdram
	@echo "== SDRAM controller benchmark; $$(scripts/tool_versions.sh verilator) =="
	$(SDRAM_BUILD)/tb_sdram --test bench --seed 1 +verilator+seed+1
	$(SDRAM_BUILD)/tb_sdram --test bench --seed 1 --cl 3 +verilator+seed+1 | sed -n '2,20p'

# the soak is in tests/sdram.list (sdram_long_seed*, tier long)
sdram-long: $(SDRAM_BUILD)/tb_sdram
	@scripts/run_tests.sh --tier long '^sdram_long_'

sdram-trace: $(SDRAM_BUILD)/tb_sdram_trace
$(SDRAM_BUILD)/tb_sdram_trace: $(SDRAM_RTL) $(SDRAM_TB_SV) tests/sdram/tb_sdram_shim.cpp \
                               tests/sdram/tb_sdram_shim.h $(SDRAM_BUILD)/sdram_dev.o $(SDRAM_BUILD)/tb_sdram.o
	@rm -f $@
	$(VERILATOR) $(VFLAGS) --trace-fst --top-module tb_sdram -Mdir $(SDRAM_BUILD)/obj_trace \
	  -CFLAGS "-I$(abspath tests/sdram) -I$(abspath sim/sdram)" \
	  -LDFLAGS "$(abspath $(SDRAM_BUILD)/tb_sdram.o) $(abspath $(SDRAM_BUILD)/sdram_dev.o)" \
	  -o $(abspath $@) $(SDRAM_TB_SV) $(SDRAM_RTL) $(abspath tests/sdram/tb_sdram_shim.cpp) \
	  > $(SDRAM_BUILD)/verilator_trace.log 2>&1 || { tail -30 $(SDRAM_BUILD)/verilator_trace.log; exit 1; }
