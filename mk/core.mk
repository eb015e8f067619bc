# mk/core.mk: the GPU core (gpu_top), its C reference model, driver, harness and scenes.
#   core-build      build/bin/tgpu_tb (fast) and build/bin/tgpu_tb_trace (FST-capable)
#   core-lint       verilator --lint-only -Wall on gpu_top
#   demo            render the demo scene on RTL and model, compare, write out/demo/*.png
#   core-bench      simulated cycles/s, full-screen clear cycles and fragments/clock
#   core-long       long random sweeps (not in make test)

CORE_BUILD := $(BUILD)/core
CORE_GEN   := $(CORE_BUILD)/gen
CORE_SRCS_C := $(wildcard sw/model/*.c) sw/driver/gpu.c sw/tools/png.c tests/scenes/scenes.c \
               sim/core/memsim.c sim/core/spi_bfm.c sim/core/tb_main.c
CORE_INC   := -Isw/include -Isw/model -Isw/driver -Isw/tools -Isim/core -Itests/scenes -I$(CORE_GEN)
CORE_RTL   := $(shell grep -v '^//' rtl/gpu_top.f)
CORE_OBJS  := $(patsubst %.c,$(CORE_BUILD)/c/%.o,$(CORE_SRCS_C))
CORE_LIB   := $(CORE_BUILD)/libtgpu.a

TEST_BUILD    += core-build
LINT_TARGETS  += core-lint
BENCH_TARGETS += core-bench

.PHONY: core-build core-lint demo core-bench core-long core-gen-check
core-build: $(BUILD)/bin/tgpu_tb $(BUILD)/bin/tgpu_tb_trace $(BUILD)/bin/test_model

# the C dither table is generated from the same data file the RTL ROM loads
$(CORE_GEN)/dither_table.inc: data/dither_bn16.hex
	@mkdir -p $(@D)
	grep -v '^//' $< | sed 's/^\(.*\)$$/0x\1u,/' > $@

$(CORE_BUILD)/c/%.o: %.c $(CORE_GEN)/dither_table.inc $(wildcard sw/include/*.h sw/model/*.h sw/driver/*.h sw/tools/*.h sim/core/*.h tests/scenes/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(CORE_INC) -c $< -o $@

$(CORE_LIB): $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

CORE_VFLAGS = $(VFLAGS) --top-module gpu_top rtl/lint.vlt $(CORE_RTL) $(abspath sim/core/vgpu.cpp) \
	-CFLAGS "-I$(abspath sim/core) -O2" -LDFLAGS "$(abspath $(CORE_LIB)) -lz"

$(BUILD)/bin/tgpu_tb: $(CORE_LIB) $(CORE_RTL) sim/core/vgpu.cpp sim/core/vgpu.h data/dither_bn16.hex
	@mkdir -p $(@D)
	$(VERILATOR) $(CORE_VFLAGS) --Mdir $(CORE_BUILD)/obj -o tgpu_tb > $(CORE_BUILD)/verilate.log 2>&1 || { tail -30 $(CORE_BUILD)/verilate.log; exit 1; }
	cp $(CORE_BUILD)/obj/tgpu_tb $@

$(BUILD)/bin/tgpu_tb_trace: $(CORE_LIB) $(CORE_RTL) sim/core/vgpu.cpp sim/core/vgpu.h data/dither_bn16.hex
	@mkdir -p $(@D)
	$(VERILATOR) $(CORE_VFLAGS) --trace-fst --trace-structs --Mdir $(CORE_BUILD)/obj_trace -o tgpu_tb_trace > $(CORE_BUILD)/verilate_trace.log 2>&1 || { tail -30 $(CORE_BUILD)/verilate_trace.log; exit 1; }
	cp $(CORE_BUILD)/obj_trace/tgpu_tb_trace $@

# model unit tests, built with AddressSanitizer and UBSan
TEST_MODEL_SRCS := tests/model/test_model.c $(wildcard sw/model/*.c) sw/driver/gpu.c sw/tools/png.c tests/scenes/scenes.c
$(BUILD)/bin/test_model: $(TEST_MODEL_SRCS) $(CORE_GEN)/dither_table.inc $(wildcard sw/include/*.h sw/model/*.h sw/driver/*.h tests/scenes/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -O1 -fsanitize=address,undefined -fno-sanitize-recover=all $(CORE_INC) $(TEST_MODEL_SRCS) -lz -o $@

core-lint:
	@echo "verilator --lint-only -Wall --top-module gpu_top (rtl/gpu_top.f)"
	@$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module gpu_top rtl/lint.vlt $(CORE_RTL)

demo: setup core-build
	$(BUILD)/bin/tgpu_tb --scene demo --out $(OUT)/demo

core-bench: core-build
	@scripts/core_bench.sh

core-long: core-build
	@scripts/core_random.sh --seeds 200 --count 200

core-gen-check:
	@python3 scripts/regmap.py --check && python3 scripts/gen_dither.py --check
