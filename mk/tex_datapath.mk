# mk/tex_datapath.mk: the texture datapath stages of rtl/tex/ (issue 12): tmu_persp, tmu_lod and
# tmu_addr against the C functions that specify them (tests/tex_datapath.list).
#   build/tex/tb_tmu_datapath  one Verilated top with the three stages side by side, random
#                              stalls, seeded random + directed stimulus vs sw/model/tmu_*.c
#   make tex-dp-build          the test program (part of make test-build)
#   make tex-dp-lint           verilator --lint-only -Wall on each of the three stages

TEX_DP_MODS := tmu_persp tmu_lod tmu_addr
# each stage's files, what it instantiates first (the order of a file list)
TEX_DP_SV_tmu_persp := rtl/tex/tmu_recip.sv rtl/tex/tmu_persp.sv
TEX_DP_SV_tmu_lod   := rtl/tex/tmu_lod.sv
TEX_DP_SV_tmu_addr  := rtl/tex/tmu_wrap.sv rtl/tex/tmu_addr.sv
TEX_DP_SV := rtl/gpu_pkg.sv rtl/tex/tmu_recip.sv rtl/tex/tmu_wrap.sv rtl/tex/tmu_persp.sv rtl/tex/tmu_lod.sv \
             rtl/tex/tmu_addr.sv
TEX_DP_C := sw/model/tmu_persp.c sw/model/tmu_lod.c sw/model/tmu_addr.c
TEX_DP_LIB := $(TEX_BUILD)/libtmu_datapath.a

.PHONY: tex-dp-build tex-dp-lint
TEST_BUILD   += tex-dp-build
LINT_TARGETS += tex-dp-lint

tex-dp-build: $(TEX_BUILD)/tb_tmu_datapath

$(TEX_DP_LIB): $(TEX_DP_C) $(CORE_GEN_INC) sw/model/tmu.h sw/model/color108.h
	@mkdir -p $(TEX_BUILD)/c_dp
	@rm -f $@
	for f in $(TEX_DP_C); do $(CC) $(CFLAGS_COMMON) $(CORE_INC) -c $$f -o $(TEX_BUILD)/c_dp/$$(basename $$f .c).o || exit 1; done
	ar rcs $@ $(patsubst sw/model/%.c,$(TEX_BUILD)/c_dp/%.o,$(TEX_DP_C))

$(TEX_BUILD)/tb_tmu_datapath: $(TEX_DP_SV) tests/tex/tb_tmu_datapath.sv tests/tex/tb_tmu_datapath.cpp tests/tex/tb_rng.h $(TEX_DP_LIB) data/tex_recip.hex
	@mkdir -p $(TEX_BUILD)
	@rm -f $(TEX_BUILD)/obj_dp/$(@F)
	$(VERILATOR) $(VFLAGS) --top-module tb_tmu_datapath -Mdir $(TEX_BUILD)/obj_dp -o $(abspath $@) \
	  $(TEX_DP_SV) tests/tex/tb_tmu_datapath.sv $(abspath tests/tex/tb_tmu_datapath.cpp) \
	  -CFLAGS "-I$(abspath sw/model) -I$(abspath sw/include)" -LDFLAGS "$(abspath $(TEX_DP_LIB))" \
	  > $(TEX_BUILD)/verilator_dp.log 2>&1 || { tail -30 $(TEX_BUILD)/verilator_dp.log; exit 1; }

tex-dp-lint:
	@$(foreach m,$(TEX_DP_MODS),echo "verilator --lint-only -Wall --top-module $(m)" && \
	  $(VERILATOR) --lint-only -Wall --top-module $(m) $(TEX_DP_SV_$(m)) && ) true
