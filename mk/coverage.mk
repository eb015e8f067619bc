# mk/coverage.mk: code and functional coverage (docs/coverage.md).
#   make coverage        builds the --coverage models, runs the default tier's RTL tests on them,
#                        merges, writes build/coverage/html and the per-module table, lists the
#                        functional bins never hit
#   make coverage-build  only the coverage builds (build/coverage/bin, build/coverage/simt/obj*)
#   make coverage COV_ALL=1   every default-tier RTL test (also builds tgpu_tb_sdram; not timed, ~1 h est.)
#   COV_MIN_LINE=PCT     threshold of the total RTL line coverage (scripts/coverage.sh)
# The builds are the regression's builds plus COV_VFLAGS, in their own object directories.
COV       := $(BUILD)/coverage
COV_VFLAGS := --coverage-line --coverage-toggle --coverage-user

.PHONY: coverage coverage-build
coverage-build: $(COV)/bin/tgpu_tb $(COV)/bin/test_spi $(COV)/bin/tb_sdram \
                $(COV)/simt/obj/simt_tb $(COV)/simt/obj_alt/simt_tb $(COV)/simt/obj_mem/simt_tb

coverage:
	@scripts/setup.sh --coverage
	@$(MAKE) -s coverage-build $(if $(COV_ALL),$(COV)/bin/tgpu_tb_sdram)
	@scripts/coverage.sh

# $(1) binary, $(2) Verilator flags of the regression build. The model is $@.cov; $@ is a
# wrapper that adds --fcov $$TGPU_FCOV_FILE (functional bins) when scripts/coverage.sh sets it.
define cov_core_exe
	@mkdir -p $(COV)/bin
	@rm -f $(COV)/obj_$(1)/$(1)
	$(VERILATOR) $(2) $(COV_VFLAGS) -LDFLAGS "$(abspath $(CORE_BUILD)/c/sim/core/tb_main.o) $(abspath $(CORE_LIB)) -lz" \
	  --Mdir $(COV)/obj_$(1) -o $(1) > $(COV)/obj_$(1).log 2>&1 || { tail -30 $(COV)/obj_$(1).log; exit 1; }
	cp $(COV)/obj_$(1)/$(1) $@.cov
	printf '#!/usr/bin/env bash\n# coverage build of $(1): adds --fcov $$TGPU_FCOV_FILE when it is set\nexec -a "$$0" "$$0.cov" "$$@" $${TGPU_FCOV_FILE:+--fcov "$$TGPU_FCOV_FILE"}\n' > $@
	chmod +x $@
endef

$(COV)/bin/tgpu_tb: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o sim/cov/tgpu_cov.h
	$(call cov_core_exe,tgpu_tb,$(CORE_VFLAGS))

$(COV)/bin/tgpu_tb_sdram: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o sim/cov/tgpu_cov.h rtl/mem/sdram_ctrl.sv sim/core/gpu_sdram_top.sv
	$(call cov_core_exe,tgpu_tb_sdram,$(CORE_SDRAM_VFLAGS))

# (prerequisites spelt out: mk/sdram.mk and mk/simt.mk are read after this file)
$(COV)/bin/tb_sdram: rtl/mem/sdram_ctrl.sv rtl/prim/prim_rst_sync.sv tests/sdram/tb_sdram.sv tests/sdram/tb_sdram_shim.cpp \
                     tests/sdram/tb_sdram_shim.h $(BUILD)/sdram/sdram_dev.o $(BUILD)/sdram/tb_sdram.o sim/cov/tgpu_cov.h
	@mkdir -p $(@D)
	@rm -f $@
	$(VERILATOR) $(VFLAGS) $(COV_VFLAGS) --top-module tb_sdram -Mdir $(COV)/obj_tb_sdram \
	  -CFLAGS "-I$(abspath tests/sdram) -I$(abspath sim/sdram)" \
	  -LDFLAGS "$(abspath $(SDRAM_BUILD)/tb_sdram.o) $(abspath $(SDRAM_BUILD)/sdram_dev.o)" \
	  -o $(abspath $@) $(SDRAM_TB_SV) $(SDRAM_RTL) $(abspath tests/sdram/tb_sdram_shim.cpp) \
	  > $(COV)/obj_tb_sdram.log 2>&1 || { tail -30 $(COV)/obj_tb_sdram.log; exit 1; }

COV_SIMT_DEPS := $(wildcard rtl/simt/*.sv rtl/simt/*.vlt sim/simt/*.sv sim/simt/*.vlt) rtl/prim/prim_fifo.sv \
                 rtl/prim/prim_arb_rr.sv sim/simt/simt_shim.cpp sim/simt/simt_rtl.h $(BUILD)/simt/libsimt_tb.a sim/cov/tgpu_cov.h
$(COV)/simt/obj/simt_tb: $(COV_SIMT_DEPS)
	@mkdir -p $(COV)/simt
	$(call simt_verilate,$(COV)/simt/obj,$(SIMT_CFG_DEF),$(COV_VFLAGS))

$(COV)/simt/obj_alt/simt_tb: $(COV_SIMT_DEPS)
	@mkdir -p $(COV)/simt
	$(call simt_verilate,$(COV)/simt/obj_alt,$(SIMT_CFG_ALT),$(COV_VFLAGS))

$(COV)/simt/obj_mem/simt_tb: $(COV_SIMT_DEPS)
	@mkdir -p $(COV)/simt
	$(call simt_verilate,$(COV)/simt/obj_mem,$(SIMT_CFG_MEM),$(COV_VFLAGS),simt_mem_top)

# test_spi (SPI protocol corner cases) on its own coverage model of gpu_top
$(COV)/bin/test_spi: $(CORE_DEPS) $(CORE_BUILD)/c/tests/spi/test_spi.o sim/cov/tgpu_cov.h
	@mkdir -p $(COV)/bin
	@rm -f $(COV)/obj_test_spi/test_spi
	$(VERILATOR) $(CORE_VFLAGS) $(COV_VFLAGS) -LDFLAGS "$(abspath $(CORE_BUILD)/c/tests/spi/test_spi.o) $(abspath $(CORE_LIB)) -lz" \
	  --Mdir $(COV)/obj_test_spi -o test_spi > $(COV)/obj_test_spi.log 2>&1 || { tail -30 $(COV)/obj_test_spi.log; exit 1; }
	cp $(COV)/obj_test_spi/test_spi $@
