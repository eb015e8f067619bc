# mk/core.mk: the GPU core (gpu_top), its C reference model, driver, harness and scenes.
#   core-build      build/bin/tgpu_tb (fast) and build/bin/tgpu_tb_trace (FST-capable), the same over
#                   sdram_ctrl (tgpu_tb_sdram; its FST-capable tgpu_tb_sdram_trace is built on demand:
#                   make build/bin/tgpu_tb_sdram_trace), test_model, test_spi, test_c108,
#                   tgpu_tb_small (the ICEpi Zero GPU, one draw-state entry), tgpu_tb_shd (with the
#                   4-core shader tile)
#                   and tgpu_tb_netlist (Yosys's word-level
#                   netlist of gpu_top: post-synthesis simulation, scripts/synth/netlist.sh;
#                   the gate-level tgpu_tb_netlist_gate is built for the long tier)
#   core-lint       verilator --lint-only -Wall on gpu_top
#   demo            render the demo scene and the textured demo (tex_demo) on RTL and model,
#                   compare, write out/demo/*.png and out/tex_demo/*.png
#   core-bench      simulated cycles/s, full-screen clear cycles and fragments/clock, and the
#                   simulation speed of today's build next to the default build before the
#                   speed work on the same RTL (build/bin/tgpu_tb_before, scripts/sim_speed_bench.sh)
#   PGO=0           (on any target) build tgpu_tb and tgpu_tb_sdram without profile-guided
#                   optimisation (one compile instead of two and a training run)
#   core-long       long random sweep, 200 seeds x 200 triangles (tests/core.list, tier long;
#                   not in make test)
#   core-gen-check  the generated register header and dither table are up to date

CORE_BUILD := $(BUILD)/core
CORE_GEN   := $(CORE_BUILD)/gen
# the simulators the model runs kernels on (SIMT_LAUNCH, SHD_LAUNCH): every program that links
# the model links these (CORE_SRCS_C, TEST_MODEL_SRCS, mk/tex.mk)
MODEL_KERNEL_SRCS := sw/simt/simt_isa.c sw/simt/simt_sim.c sw/simt/simt_asm.c \
                     sw/shader/shader_isa.c sw/shader/shader_iss.c sw/shader/shader_asm.c
CORE_SRCS_C := $(wildcard sw/model/*.c) sw/driver/gpu.c sw/driver/gpu_cmd.c sw/tex/texenc.c sw/tools/png.c sw/tools/cli.c tests/scenes/scenes.c tests/scenes/scenes_cp.c tests/scenes/scenes_shd.c \
               sim/core/memsim.c sim/core/spi_bfm.c sim/core/disp_check.c sim/display/tmds.c sim/sdram/sdram_dev.c \
               $(MODEL_KERNEL_SRCS) sw/shader/shader_gen.c
CORE_INC   := -Isw/include -Isw/model -Isw/driver -Isw/tex -Isw/tools -Isim/core -Isim/display -Isim/sdram -Isw/simt -Isw/shader -Itests/scenes -Itests/common -I$(CORE_GEN)
CORE_RTL   := $(shell grep -v '^#' rtl/gpu_top.f)
CORE_VLT   := rtl/lint.vlt rtl/simt/simt_lint.vlt rtl/shader/shader_lint.vlt
# testbench-side SystemVerilog bound into the RTL: the valid/ready contract on every link
# and the fragment-level monitor that feeds the lockstep comparison (DPI into sim/core/vgpu.cpp)
CORE_SIM_SV := sim/common/stream_checker.sv sim/core/gpu_links.sv sim/core/gpu_frag_mon.sv sim/core/gpu_ds_check.sv
CORE_OBJS  := $(patsubst %.c,$(CORE_BUILD)/c/%.o,$(CORE_SRCS_C))
CORE_LIB   := $(CORE_BUILD)/libtgpu.a

TEST_BUILD    += core-build
LINT_TARGETS  += core-lint
BENCH_TARGETS += core-bench

.PHONY: core-build core-lint demo core-bench core-long core-gen-check
core-build: $(BUILD)/bin/tgpu_tb $(BUILD)/bin/tgpu_tb_trace $(BUILD)/bin/test_model $(BUILD)/bin/test_model_plain \
            $(BUILD)/bin/test_spi $(BUILD)/bin/test_c108 $(BUILD)/bin/tgpu_tb_sdram $(BUILD)/bin/tgpu_tb_small \
            $(BUILD)/bin/tgpu_tb_netlist $(BUILD)/bin/tgpu_tb_shd

# the C dither table is generated from the same data file the RTL ROM loads
$(CORE_GEN)/dither_table.inc: data/dither_bn16.hex
	@mkdir -p $(@D)
	grep -v '^//' $< | sed 's/^\(.*\)$$/0x\1u,/' > $@
# and the texture units' reciprocal table (scripts/gen_tex_recip.py) the same way
$(CORE_GEN)/tex_recip_table.inc: data/tex_recip.hex
	@mkdir -p $(@D)
	grep -v '^//' $< | sed 's/^\(.*\)$$/0x\1u,/' > $@
CORE_GEN_INC := $(CORE_GEN)/dither_table.inc $(CORE_GEN)/tex_recip_table.inc

$(CORE_BUILD)/c/%.o: %.c $(CORE_GEN_INC) $(wildcard sw/include/*.h sw/model/*.h sw/driver/*.h sw/tools/*.h sim/core/*.h sim/display/*.h tests/scenes/*.h tests/common/*.h sw/simt/*.h sw/shader/*.h sim/sdram/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(CORE_INC) -c $< -o $@

$(CORE_LIB): $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

# Simulation speed (docs/regression.md "Simulation speed"): the GPU's models are compiled with
# CORE_OPT_FAST (-O3 -march=native: the builds run where they are built), and tgpu_tb and
# tgpu_tb_sdram are built twice, the second time with the profile of a short training run of
# the first (gcc profile-guided optimisation; make PGO=0 skips it). X handling stays
# --x-assign unique --x-initial unique (VFLAGS): every run is X-randomised by its seed.
PGO ?= 1
CORE_OPT_FAST := -O3 -march=native
CORE_OPT = -MAKEFLAGS "OPT_FAST=$(subst $(space),\$(space),$(strip $(CORE_OPT_FAST) $(1)))"
empty :=
space := $(empty) $(empty)
CORE_VFLAGS = $(VFLAGS) $(call CORE_OPT) --top-module gpu_top $(CORE_VLT) $(CORE_RTL) $(CORE_SIM_SV) $(abspath sim/core/vgpu.cpp) \
	-CFLAGS "-I$(abspath sim/core) -I$(abspath sim/sdram) -I$(abspath sw/include) -O2 -DTGPU_SDRAM=0"
CORE_DEPS = $(CORE_LIB) $(CORE_RTL) $(CORE_SIM_SV) sim/core/vgpu.cpp sim/core/vgpu.h data/dither_bn16.hex
# the same harness over sdram_ctrl and the SDRAM device model (top: sim/core/gpu_sdram_top.sv)
CORE_SDRAM_VFLAGS = $(VFLAGS) $(call CORE_OPT) --top-module gpu_sdram_top $(CORE_VLT) $(CORE_RTL) rtl/mem/sdram_ctrl.sv \
	sim/core/gpu_sdram_top.sv $(CORE_SIM_SV) $(abspath sim/core/vgpu.cpp) \
	-CFLAGS "-I$(abspath sim/core) -I$(abspath sim/sdram) -I$(abspath sw/include) -O2 -DTGPU_SDRAM=1"

# test programs linked with the Verilated model:
#   $(call core_exe,name,main.o,mdir,extra verilator flags[,verilator flags instead of CORE_VFLAGS][,nocopy])
#   (nocopy: the program stays in mdir, build/bin keeps the last one)
define core_exe
	@mkdir -p $(BUILD)/bin
	@rm -f $(CORE_BUILD)/$(3)/$(1)  # Verilator's own make does not see the C library change: force the link
	$(VERILATOR) $(if $(5),$(5),$(CORE_VFLAGS)) -LDFLAGS "$(abspath $(2)) $(abspath $(CORE_LIB)) -lz" $(4) --Mdir $(CORE_BUILD)/$(3) -o $(1) > $(CORE_BUILD)/$(3).log 2>&1 || { tail -30 $(CORE_BUILD)/$(3).log; exit 1; }
	$(if $(6),,cp $(CORE_BUILD)/$(3)/$(1) $(BUILD)/bin/$(1))
endef

# profile-guided build: $(call core_exe_pgo,name,main.o,mdir,verilator flags,training commands with @TB@).
# Both builds use the same object directory (gcc finds a profile by the object's path; the
# instrumented program is not copied to build/bin, so tests never run it); the
# profile of the instrumented build's training run is kept in mdir.pgo (its output: mdir.pgo.log).
# A failing training scene does not stop the build (an RTL change under debug must still build):
# it is reported, and the profile is used as it is.
ifeq ($(PGO),1)
define core_exe_pgo
	@rm -rf $(CORE_BUILD)/$(3).pgo $(CORE_BUILD)/$(3)/*.o $(CORE_BUILD)/$(3)/*.a
	$(call core_exe,$(1),$(2),$(3),-LDFLAGS -fprofile-generate $(call CORE_OPT,-fprofile-generate=$(abspath $(CORE_BUILD)/$(3).pgo) -fprofile-update=single),$(4),nocopy)
	@echo "PGO training of $(1): $(subst @TB@,$(1),$(5))"
	@{ $(subst @TB@,$(CORE_BUILD)/$(3)/$(1),$(5)); } > $(CORE_BUILD)/$(3).pgo.log 2>&1; \
	  n=$$(grep -c '^PASS' $(CORE_BUILD)/$(3).pgo.log); [ "$$n" = $(words $(filter --scene,$(5))) ] || \
	  echo "PGO training of $(1): only $$n runs passed (a failing scene still profiles; see $(CORE_BUILD)/$(3).pgo.log)"
	@rm -f $(CORE_BUILD)/$(3)/*.o $(CORE_BUILD)/$(3)/*.a
	$(call core_exe,$(1),$(2),$(3),$(call CORE_OPT,-fprofile-use=$(abspath $(CORE_BUILD)/$(3).pgo) -fprofile-partial-training -Wno-missing-profile),$(4))
endef
else
core_exe_pgo = $(call core_exe,$(1),$(2),$(3),,$(4))
endif
# training: the units at work (triangles, Z, textures, blending, SIMT), a few seconds; code it
# does not reach (the display's pixel domain, error paths) is optimised as without a profile
CORE_PGO_TRAIN = @TB@ --scene random --seed 1 --count 40 --no-png --quiet; @TB@ --scene tex_random --seed 1 --no-png --quiet; \
	@TB@ --scene blend_stack --no-png --quiet; @TB@ --scene simt --no-png --quiet

$(BUILD)/bin/tgpu_tb: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o
	$(call core_exe_pgo,tgpu_tb,$(CORE_BUILD)/c/sim/core/tb_main.o,obj,$(CORE_VFLAGS),$(CORE_PGO_TRAIN))

$(BUILD)/bin/tgpu_tb_trace: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o
	$(call core_exe,tgpu_tb_trace,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_trace,--trace-fst --trace-structs)

$(BUILD)/bin/tgpu_tb_sdram: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o rtl/mem/sdram_ctrl.sv sim/core/gpu_sdram_top.sv
	$(call core_exe_pgo,tgpu_tb_sdram,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_sdram,$(CORE_SDRAM_VFLAGS),$(CORE_PGO_TRAIN_SDRAM))
CORE_PGO_TRAIN_SDRAM = @TB@ --scene random --seed 1 --count 30 --no-png --quiet; @TB@ --scene tex_random --seed 2 --no-png --quiet; \
	@TB@ --scene simt --no-png --quiet

# make bench's "before" (scripts/sim_speed_bench.sh): today's RTL, C model and testbench with the
# harness (sim/core/vgpu.cpp) and the options of the default build before the simulation-speed
# work (CORE_BEFORE_REV; VFLAGS' OPT_FAST, no -O3/-march, no PGO), and the RTL as it was before
# that work: the units' clocks free-running (ClockGate 0), tmu_addr.sv before its rewrite for
# Verilator (CORE_BEFORE_TMU_ADDR_REV, the same function), and the simulation-only checks that
# the work rewrote from concurrent assertions into immediate ones in the concurrent form
# (TGPU_BEFORE_SIM_SPEED: the same checks; docs/regression.md "Simulation speed"); so the two
# differ only in what that work changed
CORE_BEFORE_REV := 02a0f9c
CORE_BEFORE_TMU_ADDR_REV := 9d00582^
$(CORE_BUILD)/before/vgpu.cpp:
	@mkdir -p $(@D)
	git show $(CORE_BEFORE_REV):sim/core/vgpu.cpp > $@
$(CORE_BUILD)/before/tmu_addr.sv:
	@mkdir -p $(@D)
	git show $(CORE_BEFORE_TMU_ADDR_REV):rtl/tex/tmu_addr.sv > $@
CORE_BEFORE_RTL = $(patsubst rtl/tex/tmu_addr.sv,$(abspath $(CORE_BUILD)/before/tmu_addr.sv),$(CORE_RTL))
CORE_BEFORE_VFLAGS = $(VFLAGS) --top-module gpu_top -GClockGate=0 +define+TGPU_BEFORE_SIM_SPEED $(CORE_VLT) $(CORE_BEFORE_RTL) $(CORE_SIM_SV) $(abspath $(CORE_BUILD)/before/vgpu.cpp) \
	$(abspath sim/core/vgpu_before.cpp) \
	-CFLAGS "-I$(abspath sim/core) -I$(abspath sim/sdram) -I$(abspath sw/include) -O2 -DTGPU_SDRAM=0"
$(BUILD)/bin/tgpu_tb_before: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o $(CORE_BUILD)/before/vgpu.cpp \
                             $(CORE_BUILD)/before/tmu_addr.sv sim/core/vgpu_before.cpp
	$(call core_exe,tgpu_tb_before,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_before,,$(CORE_BEFORE_VFLAGS))

# built on demand (a failure's waveform command names it; no test needs it)
$(BUILD)/bin/tgpu_tb_sdram_trace: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o rtl/mem/sdram_ctrl.sv sim/core/gpu_sdram_top.sv
	$(call core_exe,tgpu_tb_sdram_trace,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_sdram_trace,--trace-fst --trace-structs,$(CORE_SDRAM_VFLAGS))

# the reduced build: the ICEpi Zero board's GPU (no SIMT cluster, no command processor:
# SimtCluster 0, CmdProc 0; docs/simt.md "Builds without the cluster", docs/command.md "Builds
# without the command processor") with one draw-state entry instead of DS_N (every draw-state
# change waits for the pipeline to let go of the entry: tests the allocation wait, which DS_N
# entries make rare); one build for both, since each costs a whole Verilated model
$(BUILD)/bin/tgpu_tb_small: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o
	$(call core_exe,tgpu_tb_small,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_small,-GDsEntries=1 -GSimtCluster=0 -GCmdProc=0 -CFLAGS -DVGPU_DS_ENTRIES=1 -CFLAGS -DVGPU_SIMT_CLUSTER=0 -CFLAGS -DVGPU_CMD_PROC=0)

# the GPU with the four-core shader tile (client 8 of the arbiter; docs/shader.md "GPU
# integration"): the scenes with shader kernels. The other builds leave the tile out
# (ShaderCores 0, as the ICEpi Zero board): it would slow every scene by its size.
$(BUILD)/bin/tgpu_tb_shd: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o
	$(call core_exe,tgpu_tb_shd,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_shd,-GShaderCores=4 -CFLAGS -DVGPU_SHADER_CORES=4)
# its FST-capable twin, built on demand (a failure's waveform command names it)
$(BUILD)/bin/tgpu_tb_shd_trace: $(CORE_DEPS) $(CORE_BUILD)/c/sim/core/tb_main.o
	$(call core_exe,tgpu_tb_shd_trace,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_shd_trace,--trace-fst --trace-structs -GShaderCores=4 -CFLAGS -DVGPU_SHADER_CORES=4)

# post-synthesis simulation: the same harness on Yosys's netlist of gpu_top (scripts/synth/netlist.sh):
# word level (tgpu_tb_netlist, in make test) and gate level after techmap and abc
# (tgpu_tb_netlist_gate, long tier). No fragment lockstep or link checkers (they bind to RTL
# internals): the memory compare with the model decides. Catches RTL that Yosys reads
# differently from Verilator (docs/synth.md "Yosys traps").
NETLIST_VFLAGS = $(VFLAGS) --top-module gpu_top -Wno-UNUSEDSIGNAL -Wno-DECLFILENAME -Wno-UNOPTFLAT $(abspath $(1)) \
	$(abspath sim/core/vgpu.cpp) \
	-CFLAGS "-I$(abspath sim/core) -I$(abspath sim/sdram) -I$(abspath sw/include) -O2 -DTGPU_SDRAM=0 -DVGPU_NETLIST=1"
$(BUILD)/netlist/gpu_top.v: $(CORE_RTL) data/dither_bn16.hex data/tex_recip.hex scripts/synth/netlist.sh
	scripts/synth/netlist.sh --level word --out $@
$(BUILD)/netlist/gpu_top_gate.v: $(CORE_RTL) data/dither_bn16.hex data/tex_recip.hex scripts/synth/netlist.sh
	scripts/synth/netlist.sh --level gate --out $@
$(BUILD)/bin/tgpu_tb_netlist: $(CORE_LIB) $(CORE_BUILD)/c/sim/core/tb_main.o $(BUILD)/netlist/gpu_top.v \
                              sim/core/vgpu.cpp sim/core/vgpu.h
	$(call core_exe,tgpu_tb_netlist,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_netlist,,$(call NETLIST_VFLAGS,$(BUILD)/netlist/gpu_top.v))
$(BUILD)/bin/tgpu_tb_netlist_gate: $(CORE_LIB) $(CORE_BUILD)/c/sim/core/tb_main.o $(BUILD)/netlist/gpu_top_gate.v \
                                   sim/core/vgpu.cpp sim/core/vgpu.h
	$(call core_exe,tgpu_tb_netlist_gate,$(CORE_BUILD)/c/sim/core/tb_main.o,obj_netlist_gate,,$(call NETLIST_VFLAGS,$(BUILD)/netlist/gpu_top_gate.v))
TEST_BUILD_LONG += $(BUILD)/bin/tgpu_tb_netlist_gate

# another program on tgpu_tb's Verilated model: its objects linked with a different main
#   $(call core_link,name,main.o,mdir)
define core_link
	@mkdir -p $(BUILD)/bin
	$(CXX) $(2) $(addprefix $(CORE_BUILD)/$(3)/,vgpu.o verilated.o verilated_dpi.o verilated_threads.o Vgpu_top__ALL.a) \
	  $(CORE_LIB) -lz -pthread -latomic -o $(BUILD)/bin/$(1)
endef

$(BUILD)/bin/test_spi: $(BUILD)/bin/tgpu_tb $(CORE_BUILD)/c/tests/spi/test_spi.o
	$(call core_link,test_spi,$(CORE_BUILD)/c/tests/spi/test_spi.o,obj)

# the colour functions of gpu_pkg (through tests/core/c108_wrap.sv) against sw/model/color108.h
$(BUILD)/bin/test_c108: rtl/gpu_pkg.sv tests/core/c108_wrap.sv tests/core/test_c108.cpp sw/model/color108.h
	@mkdir -p $(BUILD)/bin $(CORE_BUILD)
	$(VERILATOR) $(VFLAGS) --top-module c108_wrap rtl/gpu_pkg.sv tests/core/c108_wrap.sv $(abspath tests/core/test_c108.cpp) \
	  -Wno-UNUSEDPARAM -CFLAGS "-I$(abspath sw/model)" --Mdir $(CORE_BUILD)/obj_c108 -o test_c108 > $(CORE_BUILD)/obj_c108.log 2>&1 \
	  || { tail -30 $(CORE_BUILD)/obj_c108.log; exit 1; }
	cp $(CORE_BUILD)/obj_c108/test_c108 $(BUILD)/bin/test_c108

# model unit tests, built with AddressSanitizer and UBSan
TEST_MODEL_SRCS := tests/model/test_model.c $(wildcard sw/model/*.c) sw/driver/gpu.c sw/driver/gpu_cmd.c sw/tex/texenc.c sw/tools/png.c tests/scenes/scenes.c tests/scenes/scenes_cp.c tests/scenes/scenes_shd.c \
                   $(MODEL_KERNEL_SRCS) sw/shader/shader_gen.c
$(BUILD)/bin/test_model: $(TEST_MODEL_SRCS) $(CORE_GEN_INC) $(wildcard sw/include/*.h sw/model/*.h sw/driver/*.h tests/scenes/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -fsanitize=address,undefined -fno-sanitize-recover=all $(CORE_INC) $(TEST_MODEL_SRCS) -lz -o $@

# the same tests without sanitizers, for valgrind
$(BUILD)/bin/test_model_plain: $(TEST_MODEL_SRCS) $(CORE_GEN_INC) $(wildcard sw/include/*.h sw/model/*.h sw/driver/*.h tests/scenes/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(CORE_INC) $(TEST_MODEL_SRCS) -lz -o $@

# the configurations: without the shader tile (most harness builds), with the four-core tile
# (tgpu_tb_shd, the ULX3S board), without the SIMT cluster (tgpu_tb_small), and without tile,
# SIMT cluster and command processor (the ICEpi Zero board)
core-lint:
	@echo "verilator --lint-only -Wall --top-module gpu_top (rtl/gpu_top.f; ShaderCores 0 and 4, SimtCluster 0, CmdProc 0)"
	@$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module gpu_top $(CORE_VLT) $(CORE_RTL)
	@$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module gpu_top -GSimtCluster=0 $(CORE_VLT) $(CORE_RTL)
	@$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module gpu_top -GSimtCluster=0 -GCmdProc=0 $(CORE_VLT) $(CORE_RTL)
	@$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module gpu_top -GShaderCores=4 $(CORE_VLT) $(CORE_RTL)

demo: setup $(BUILD)/bin/tgpu_tb
	$(BUILD)/bin/tgpu_tb --scene demo --out $(OUT)/demo
	$(BUILD)/bin/tgpu_tb --scene tex_demo --out $(OUT)/tex_demo
	$(BUILD)/bin/tgpu_tb --scene display_swap --display --display-png --out $(OUT)/display

core-bench: core-build
	@mkdir -p $(BUILD)/bench
	@set -o pipefail; { scripts/core_bench.sh && echo && scripts/fill_bench.sh && echo && scripts/cp_bench.sh && scripts/sim_speed_bench.sh; } | tee $(BUILD)/bench/summary.txt

core-long: core-build
	@scripts/run_tests.sh --tier long '^core_long_'

core-gen-check:
	@python3 scripts/regmap.py --check && python3 scripts/gen_dither.py --check && python3 scripts/gen_tex_recip.py --check
