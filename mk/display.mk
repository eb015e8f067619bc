# mk/display.mk: the display path (rtl/display/) on its own.
#   build/display/tb_display_tmds  display_tmds_enc (3 channels) against the C TMDS reference encoder and
#                                  decoder (sim/display/tmds.c), every symbol: exhaustive, random DE runs
#                                  and resets, constant runs, one 800 x 525 frame (--help); tests in
#                                  tests/display.list
#   make display-build             the test programs (part of make test-build)
#   make display-lint              verilator --lint-only -Wall on display_tmds_enc (part of make lint)

DISPLAY_BUILD := $(BUILD)/display
DISPLAY_TMDS_SRCS := rtl/display/display_tmds_enc.sv tests/display/tb_display_tmds.sv

.PHONY: display-build display-lint
TEST_BUILD   += display-build
LINT_TARGETS += display-lint

display-build: $(DISPLAY_BUILD)/tb_display_tmds

# the C side (sim/display/tmds.c) is compiled with the project's C flags, as the GPU harness will
$(DISPLAY_BUILD)/c/tmds.o: sim/display/tmds.c sim/display/tmds.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Isim/display -c $< -o $@

$(DISPLAY_BUILD)/tb_display_tmds: $(DISPLAY_TMDS_SRCS) tests/display/tb_display_tmds.cpp $(DISPLAY_BUILD)/c/tmds.o
	@mkdir -p $(DISPLAY_BUILD)
	@rm -f $@  # Verilator's own make does not see tmds.o change: force the link
	$(VERILATOR) $(VFLAGS) --top-module tb_display_tmds -Mdir $(DISPLAY_BUILD)/obj_tmds -o $(abspath $@) \
	  $(DISPLAY_TMDS_SRCS) $(abspath tests/display/tb_display_tmds.cpp) \
	  -CFLAGS "-I$(abspath sim/display)" -LDFLAGS "$(abspath $(DISPLAY_BUILD)/c/tmds.o)" \
	  > $(DISPLAY_BUILD)/verilator_tmds.log 2>&1 || { tail -30 $(DISPLAY_BUILD)/verilator_tmds.log; exit 1; }

display-lint:
	@echo "verilator --lint-only -Wall --top-module display_tmds_enc"
	@$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module display_tmds_enc rtl/lint.vlt rtl/display/display_tmds_enc.sv
