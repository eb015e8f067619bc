# mk/simt.mk - SIMT compute cluster (seed 002, issue 3). Included by the top Makefile.
#   make simt-build   tools, C tests, Verilated testbenches (default and alternate config)
#   make simt-lint    verilator --lint-only -Wall on simt_top and simt_mem_top
#   make simt-synth   Yosys synthesis check of simt_top
#   make simt-bench   matadd / 2x2 matmul cycles vs the origin
#   make simt-long    long random lockstep sweeps (tests/simt.list, tier long; not in make test)
#   make simt-tools   simt-as, simt-dis, simt-sim, simt-gen (build/simt/bin)
#   make simt-rtl-list  the cluster's RTL file list in order (used by tests/simt/synth.sh)
#   make simt-trace   testbench with FST waveform support (build/simt/obj_trace/simt_tb)
SIMT_B        := $(BUILD)/simt
SIMT_RTL      := rtl/prim/prim_fifo.sv rtl/prim/prim_arb_rr.sv rtl/simt/simt_pkg.sv rtl/simt/simt_alu.sv rtl/simt/simt_regfile.sv \
                 rtl/simt/simt_lsu.sv rtl/simt/simt_div.sv rtl/simt/simt_core.sv rtl/simt/simt_icache.sv \
                 rtl/simt/simt_dmem_ctrl.sv rtl/simt/simt_dispatch.sv rtl/simt/simt_top.sv \
                 rtl/simt/simt_mem_bridge.sv rtl/simt/simt_mem_top.sv
SIMT_VLT      := rtl/simt/simt_lint.vlt
SIMT_SW       := sw/simt/simt_isa.c sw/simt/simt_asm.c sw/simt/simt_sim.c sw/simt/simt_gen.c \
                 sw/tools/cli.c
SIMT_SW_H     := $(wildcard sw/simt/*.h) sw/tools/cli.h
SIMT_TB_C     := sim/simt/simt_lockstep.c sim/simt/simt_tb.c
# testbench-side SystemVerilog: lockstep monitor and assertions, bound into the RTL
SIMT_SIM_SV   := sim/simt/simt_sim.vlt sim/simt/simt_commit_mon.sv sim/simt/simt_assert_stream.sv \
                 sim/simt/simt_assert_core.sv
SIMT_CFLAGS   := $(CFLAGS_COMMON) -Isw/simt -Isim/simt -Isw/tools
SIMT_ASAN     := -fsanitize=address,undefined -fno-omit-frame-pointer
SIMT_TOOLS    := simt-as simt-dis simt-sim simt-gen
SIMT_TESTS    := test_simt_isa test_simt_kernels test_simt_pkg

# default configuration (the origin's): 2 cores x 4 threads, 1 program / 4 data channels
SIMT_CFG_DEF  := NUM_CORES=2 THREADS=4 PROG_CH=1 DATA_CH=4 IC_LINES=32 PROG_AW=8 DATA_AW=8
# alternate configuration: odd sizes, more program channels than one, fewer data channels
SIMT_CFG_ALT  := NUM_CORES=3 THREADS=3 PROG_CH=2 DATA_CH=2 IC_LINES=8 PROG_AW=8 DATA_AW=8
# simt_mem_top: the cluster behind one GPU memory port (window of docs/simt.md)
SIMT_CFG_MEM  := NUM_CORES=2 THREADS=4 PROG_CH=1 DATA_CH=4 IC_LINES=32 PROG_AW=14 DATA_AW=15
# smallest configuration (simt-long only): one core, one thread per block, one channel each
SIMT_CFG_MIN  := NUM_CORES=1 THREADS=1 PROG_CH=1 DATA_CH=1 IC_LINES=2 PROG_AW=8 DATA_AW=8

# the configurations name the C macros (SIMT_<NAME>); the RTL parameters are UpperCamelCase
simt_svname  = $(subst NUM_CORES=,NumCores=,$(subst THREADS=,Threads=,$(subst PROG_CH=,ProgCh=,$(subst DATA_CH=,DataCh=,$(subst IC_LINES=,IcLines=,$(subst PROG_AW=,ProgAw=,$(subst DATA_AW=,DataAw=,$(1))))))))
simt_gparams = $(foreach p,$(1),-G$(call simt_svname,$(p)))
simt_defines = $(foreach p,$(1),-DSIMT_$(p))

.PHONY: simt-build simt-lint simt-synth simt-bench simt-long simt-tools simt-trace simt-rtl-list
TEST_BUILD    += simt-build
TEST_BUILD_LONG += $(SIMT_B)/obj_min/simt_tb
LINT_TARGETS  += simt-lint
BENCH_TARGETS += simt-bench

simt-tools: $(addprefix $(SIMT_B)/bin/,$(SIMT_TOOLS))
simt-build: simt-tools $(addprefix $(SIMT_B)/bin/,$(SIMT_TESTS)) \
            $(SIMT_B)/bin/test_simt_isa_asan $(SIMT_B)/bin/simt-gen_asan \
            $(SIMT_B)/obj/simt_tb $(SIMT_B)/obj_alt/simt_tb $(SIMT_B)/obj_mem/simt_tb

$(SIMT_B)/bin/simt-%: sw/simt/simt_%_main.c $(SIMT_SW) $(SIMT_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SIMT_CFLAGS) -o $@ $< $(SIMT_SW)

$(SIMT_B)/bin/simt-gen_asan: sw/simt/simt_gen_main.c $(SIMT_SW) $(SIMT_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SIMT_CFLAGS) $(SIMT_ASAN) -o $@ $< $(SIMT_SW)

$(SIMT_B)/bin/test_simt_%: tests/simt/test_simt_%.c $(SIMT_SW) $(SIMT_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SIMT_CFLAGS) -o $@ $< $(SIMT_SW)

$(SIMT_B)/bin/test_simt_isa_asan: tests/simt/test_simt_isa.c $(SIMT_SW) $(SIMT_SW_H)
	@mkdir -p $(@D)
	$(CC) $(SIMT_CFLAGS) $(SIMT_ASAN) -o $@ $< $(SIMT_SW)

# C part of the testbench as a static library (main lives in simt_tb.c)
$(SIMT_B)/libsimt_tb.a: $(SIMT_SW) $(SIMT_TB_C) $(SIMT_SW_H) $(wildcard sim/simt/*.h)
	@mkdir -p $(SIMT_B)/tbobj
	cd $(SIMT_B)/tbobj && for f in $(SIMT_SW) $(SIMT_TB_C); do \
	  $(CC) $(subst -Isw,-I$(CURDIR)/sw,$(subst -Isim,-I$(CURDIR)/sim,$(SIMT_CFLAGS))) \
	    -c $(CURDIR)/$$f -o $$(basename $$f .c).o || exit 1; done
	rm -f $@ && ar rcs $@ $(SIMT_B)/tbobj/*.o

# $(1) = obj dir, $(2) = configuration, $(3) = extra Verilator flags, $(4) = top
define simt_verilate
	rm -f $(1)/simt_tb
	$(VERILATOR) $(VFLAGS) $(3) --top-module $(or $(4),simt_top) -Mdir $(1) \
	  $(call simt_gparams,$(2)) \
	  $(SIMT_VLT) $(SIMT_RTL) $(SIMT_SIM_SV) $(CURDIR)/sim/simt/simt_shim.cpp \
	  -CFLAGS "-I$(CURDIR)/sim/simt $(call simt_defines,$(2)) $(if $(4),-DSIMT_MEM_TOP)" \
	  -LDFLAGS "$(CURDIR)/$(SIMT_B)/libsimt_tb.a" -o simt_tb > $(1).log 2>&1 \
	  || { cat $(1).log; exit 1; }
endef

$(SIMT_B)/obj/simt_tb: $(SIMT_RTL) $(SIMT_VLT) $(SIMT_SIM_SV) sim/simt/simt_shim.cpp sim/simt/simt_rtl.h $(SIMT_B)/libsimt_tb.a
	@mkdir -p $(SIMT_B)
	$(call simt_verilate,$(SIMT_B)/obj,$(SIMT_CFG_DEF))

$(SIMT_B)/obj_alt/simt_tb: $(SIMT_RTL) $(SIMT_VLT) $(SIMT_SIM_SV) sim/simt/simt_shim.cpp sim/simt/simt_rtl.h $(SIMT_B)/libsimt_tb.a
	@mkdir -p $(SIMT_B)
	$(call simt_verilate,$(SIMT_B)/obj_alt,$(SIMT_CFG_ALT))

$(SIMT_B)/obj_mem/simt_tb: $(SIMT_RTL) $(SIMT_VLT) $(SIMT_SIM_SV) sim/simt/simt_shim.cpp sim/simt/simt_rtl.h $(SIMT_B)/libsimt_tb.a
	@mkdir -p $(SIMT_B)
	$(call simt_verilate,$(SIMT_B)/obj_mem,$(SIMT_CFG_MEM),,simt_mem_top)

$(SIMT_B)/obj_min/simt_tb: $(SIMT_RTL) $(SIMT_VLT) $(SIMT_SIM_SV) sim/simt/simt_shim.cpp sim/simt/simt_rtl.h $(SIMT_B)/libsimt_tb.a
	@mkdir -p $(SIMT_B)
	$(call simt_verilate,$(SIMT_B)/obj_min,$(SIMT_CFG_MIN))

simt-trace: $(SIMT_B)/obj_trace/simt_tb
$(SIMT_B)/obj_trace/simt_tb: $(SIMT_RTL) $(SIMT_VLT) $(SIMT_SIM_SV) sim/simt/simt_shim.cpp sim/simt/simt_rtl.h $(SIMT_B)/libsimt_tb.a
	@mkdir -p $(SIMT_B)
	$(call simt_verilate,$(SIMT_B)/obj_trace,$(SIMT_CFG_DEF),--trace-fst)

# the RTL file list in dependency order (used by tests/simt/synth.sh)
simt-rtl-list:
	@echo $(SIMT_RTL)

simt-lint:
	$(VERILATOR) --lint-only -Wall --top-module simt_top $(SIMT_VLT) $(SIMT_RTL)
	$(VERILATOR) --lint-only -Wall --top-module simt_mem_top $(SIMT_VLT) $(SIMT_RTL)
	@echo "simt-lint: clean"

simt-synth: setup
	tests/simt/synth.sh

simt-bench: $(SIMT_B)/obj/simt_tb $(SIMT_B)/obj_mem/simt_tb
	@echo "== SIMT cluster benchmark; $$(scripts/tool_versions.sh verilator), $$($(CC) --version | head -1) =="
	$(SIMT_B)/obj/simt_tb +verilator+seed+1 --bench sw/simt/kernels
	@echo "simt_mem_top (the same cluster behind one GPU memory port, 2-cycle memory):"
	$(SIMT_B)/obj_mem/simt_tb +verilator+seed+1 --bench sw/simt/kernels

# the sweeps are in tests/simt.list (simt-long-*, tier long)
simt-long: simt-build $(SIMT_B)/obj_min/simt_tb
	@scripts/run_tests.sh --tier long '^simt-long-'
