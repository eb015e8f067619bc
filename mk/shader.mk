# mk/shader.mk - shader cores (seed 000, issue 16; docs/shader.md). Included by the top Makefile.
#   make shader-build   tools and C tests (build/shader/bin), plain and under ASan/UBSan
#   make shader-tools   shader-as, shader-dis, shader-sim, shader-gen (build/shader/bin)
#   make shader-long    10^5 random programs (tests/shader.list, tier long; not in make test)
#   make shader-lint    verilator --lint-only -Wall on shader_core and shader_tile (1, 3, 4 cores)
#   make shader-pkg     regenerate rtl/shader/shader_pkg.sv from the decode table
#   make shader-trace   testbench with FST waveform support (build/shader/obj_trace/shader_tb)
#   make shader-bench   cycles and IPC of the kernels on one shader_core and on the 4-core tile (lockstep testbenches)
#   make shader-rtl-list  the RTL file list in order (used by tests/shader/synth.sh)
#   make shader-tile-rtl-list  the same for shader_tile
#   make shader-tile-trace  tile testbench with FST support (build/shader/obj_tile$(SHD_N)_trace/tile_tb, SHD_N=4)
SHD_B       := $(BUILD)/shader
SHD_SW      := sw/shader/shader_isa.c sw/shader/shader_asm.c sw/shader/shader_iss.c \
               sw/shader/shader_gen.c sw/tools/cli.c
SHD_SW_H    := $(wildcard sw/shader/*.h) sw/tools/cli.h
SHD_CFLAGS  := $(CFLAGS_COMMON) -Isw/shader -Isw/tools
SHD_ASAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SHD_TOOLS   := shader-as shader-dis shader-sim shader-gen shader-pkg
# RTL in dependency order
SHD_RTL     := rtl/shader/shader_pkg.sv rtl/shader/shader_ctl_pkg.sv rtl/shader/shader_alu.sv \
               rtl/shader/shader_regfile.sv rtl/shader/shader_fetch.sv rtl/shader/shader_lsu.sv \
               rtl/shader/shader_core.sv
# the tile: the core's files, then the shared records and primitives it uses, then its own
SHD_TILE_RTL := $(SHD_RTL) rtl/gpu_pkg.sv rtl/prim/prim_arb_rr.sv rtl/prim/prim_fifo.sv \
               rtl/shader/shader_ram_1r1w.sv rtl/shader/shader_icache.sv rtl/shader/shader_dmem_arb.sv \
               rtl/shader/shader_tile.sv
SHD_VLT     := rtl/shader/shader_lint.vlt
# the testbench's core: one core (NCORES = 1), lockstep with a one-core ISS tile
SHD_TB_G    := -GCoreId=0 -GNumCores=1
SHD_TESTS   := test_shader_isa test_shader_kernels
# the tile testbench is built once per core count (NumCores is a parameter; the NCORES CSR)
SHD_TILE_NS := 1 2 3 4 8

.PHONY: shader-build shader-tools shader-long shader-lint shader-pkg shader-trace shader-bench \
        shader-rtl-list shader-tile-rtl-list shader-tile-trace
TEST_BUILD  += shader-build
LINT_TARGETS += shader-lint
BENCH_TARGETS += shader-bench

shader-tools: $(addprefix $(SHD_B)/bin/,$(SHD_TOOLS))
shader-build: shader-tools $(addprefix $(SHD_B)/bin/,$(SHD_TESTS)) \
              $(addsuffix _asan,$(addprefix $(SHD_B)/bin/,$(SHD_TESTS))) $(SHD_B)/bin/shader-gen_asan \
              $(SHD_B)/obj/shader_tb $(foreach n,$(SHD_TILE_NS),$(SHD_B)/obj_tile$(n)/tile_tb)

$(SHD_B)/bin/shader-%: sw/shader/shader_%_main.c $(SHD_SW) $(SHD_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SHD_CFLAGS) -o $@ $< $(SHD_SW)

$(SHD_B)/bin/shader-gen_asan: sw/shader/shader_gen_main.c $(SHD_SW) $(SHD_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SHD_CFLAGS) $(SHD_ASAN) -o $@ $< $(SHD_SW)

$(SHD_B)/bin/test_shader_%: tests/shader/test_shader_%.c $(SHD_SW) $(SHD_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SHD_CFLAGS) -o $@ $< $(SHD_SW)

$(SHD_B)/bin/test_shader_%_asan: tests/shader/test_shader_%.c $(SHD_SW) $(SHD_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SHD_CFLAGS) $(SHD_ASAN) -o $@ $< $(SHD_SW)

# the sweeps are in tests/shader.list (shader-long-*, tier long)
shader-long: shader-build
	@scripts/run_tests.sh --tier long '^shader-long-'

# the C side of the testbench as a static library (main is in sim/shader/shader_tb.c)
$(SHD_B)/libshader_tb.a: $(SHD_SW) sim/shader/shader_tb.c $(SHD_SW_H) sim/shader/shader_rtl.h
	@mkdir -p $(SHD_B)/tbobj
	cd $(SHD_B)/tbobj && for f in $(SHD_SW) sim/shader/shader_tb.c; do \
	  $(CC) $(CFLAGS_COMMON) -I$(CURDIR)/sw/shader -I$(CURDIR)/sw/tools -I$(CURDIR)/sim/shader \
	    -c $(CURDIR)/$$f -o $$(basename $$f .c).o || exit 1; done
	rm -f $@ && ar rcs $@ $(SHD_B)/tbobj/*.o

# $(1) = obj dir, $(2) = extra Verilator flags
define shd_verilate
	rm -f $(1)/shader_tb
	$(VERILATOR) $(VFLAGS) $(2) --top-module shader_core -Mdir $(1) $(SHD_TB_G) \
	  $(SHD_VLT) $(SHD_RTL) $(CURDIR)/sim/shader/shader_shim.cpp \
	  -CFLAGS "-I$(CURDIR)/sim/shader" -LDFLAGS "$(CURDIR)/$(SHD_B)/libshader_tb.a" \
	  -o shader_tb > $(1).log 2>&1 || { cat $(1).log; exit 1; }
endef

$(SHD_B)/obj/shader_tb: $(SHD_RTL) $(SHD_VLT) sim/shader/shader_shim.cpp sim/shader/shader_rtl.h $(SHD_B)/libshader_tb.a
	@mkdir -p $(SHD_B)
	$(call shd_verilate,$(SHD_B)/obj,)

shader-trace: $(SHD_B)/obj_trace/shader_tb
$(SHD_B)/obj_trace/shader_tb: $(SHD_RTL) $(SHD_VLT) sim/shader/shader_shim.cpp sim/shader/shader_rtl.h $(SHD_B)/libshader_tb.a
	@mkdir -p $(SHD_B)
	$(call shd_verilate,$(SHD_B)/obj_trace,--trace-fst)

# the tile testbench: the same C objects with tile_tb.c instead of shader_tb.c
$(SHD_B)/libtile_tb.a: $(SHD_SW) sim/shader/tile_tb.c $(SHD_SW_H) sim/shader/tile_rtl.h
	@mkdir -p $(SHD_B)/tileobj
	cd $(SHD_B)/tileobj && for f in $(SHD_SW) sim/shader/tile_tb.c; do \
	  $(CC) $(CFLAGS_COMMON) -I$(CURDIR)/sw/shader -I$(CURDIR)/sw/tools -I$(CURDIR)/sim/shader \
	    -c $(CURDIR)/$$f -o $$(basename $$f .c).o || exit 1; done
	rm -f $@ && ar rcs $@ $(SHD_B)/tileobj/*.o

# $(1) = obj dir, $(2) = NumCores, $(3) = extra Verilator flags
define shd_tile_verilate
	rm -f $(1)/tile_tb
	$(VERILATOR) $(VFLAGS) $(3) --top-module shader_tile -Mdir $(1) -GNumCores=$(2) \
	  $(SHD_VLT) $(SHD_TILE_RTL) $(CURDIR)/sim/shader/tile_shim.cpp \
	  -CFLAGS "-I$(CURDIR)/sim/shader -DTILE_NCORES=$(2)" -LDFLAGS "$(CURDIR)/$(SHD_B)/libtile_tb.a" \
	  -o tile_tb > $(1).log 2>&1 || { cat $(1).log; exit 1; }
endef

SHD_TILE_DEPS := $(SHD_TILE_RTL) $(SHD_VLT) sim/shader/tile_shim.cpp sim/shader/tile_rtl.h $(SHD_B)/libtile_tb.a
$(SHD_B)/obj_tile%/tile_tb: $(SHD_TILE_DEPS)
	@mkdir -p $(SHD_B)
	$(call shd_tile_verilate,$(SHD_B)/obj_tile$*,$*,)
$(SHD_B)/obj_tile%_trace/tile_tb: $(SHD_TILE_DEPS)
	@mkdir -p $(SHD_B)
	$(call shd_tile_verilate,$(SHD_B)/obj_tile$*_trace,$*,--trace-fst)

SHD_N ?= 4
shader-tile-trace: $(SHD_B)/obj_tile$(SHD_N)_trace/tile_tb

shader-tile-rtl-list:
	@echo $(SHD_TILE_RTL)

shader-lint:
	$(VERILATOR) --lint-only -Wall --top-module shader_core $(SHD_VLT) $(SHD_RTL)
	$(VERILATOR) --lint-only -Wall --top-module shader_tile $(SHD_VLT) $(SHD_TILE_RTL)
	$(VERILATOR) --lint-only -Wall --top-module shader_tile -GNumCores=1 $(SHD_VLT) $(SHD_TILE_RTL)
	$(VERILATOR) --lint-only -Wall --top-module shader_tile -GNumCores=3 $(SHD_VLT) $(SHD_TILE_RTL)
	@echo "shader-lint: clean"

shader-pkg: $(SHD_B)/bin/shader-pkg
	$(SHD_B)/bin/shader-pkg -o rtl/shader/shader_pkg.sv

shader-rtl-list:
	@echo $(SHD_RTL)

shader-bench: $(SHD_B)/obj/shader_tb $(SHD_B)/obj_tile4/tile_tb
	@echo "== shader_core (one core, 1-cycle memory): kernels in lockstep with the ISS =="
	@tests/shader/rtl_kernels.sh --bench
	@echo "== shader_tile (4 cores, instruction cache, one memory port, 1-cycle memory): kernels in lockstep with the ISS =="
	@tests/shader/rtl_kernels.sh --bench --tile 4
