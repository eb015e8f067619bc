# mk/tex_blend.mk: the texture blend chain (issue 12): rtl/tex/tmu_blend.sv against the C model's
# tmu_promote(), tmu_blend() and tmu_modulate() (sw/model/tmu_blend.c) on seeded random fragments
# (tests/tex_blend.list).
#   build/tex/tb_tmu_blend     Verilated tmu_blend, fragment by fragment against the model: colours,
#                              order, link contract, documented timing; random gaps, back-pressure,
#                              resets; --inject-bug shows that the checks fail
#   make tex-blend-build       the test program (part of make test-build)
#   make tex-blend-lint        verilator --lint-only -Wall on tmu_blend (gpu_pkg's parameters that
#                              only gpu_top uses are the one expected warning kind: rtl/tex/tex_lint.vlt)

TEXB_RTL := rtl/gpu_pkg.sv rtl/prim/prim_spill_reg.sv rtl/tex/tmu_blend.sv
TEXB_C := sw/model/tmu_blend.c
TEXB_LIB := $(TEX_BUILD)/libtmu_blend.a

.PHONY: tex-blend-build tex-blend-lint
TEST_BUILD   += tex-blend-build
LINT_TARGETS += tex-blend-lint

tex-blend-build: $(TEX_BUILD)/tb_tmu_blend

$(TEXB_LIB): $(TEXB_C) sw/model/tmu.h sw/model/color108.h
	@mkdir -p $(TEX_BUILD)/c_blend
	@rm -f $@
	for f in $(TEXB_C); do $(CC) $(CFLAGS_COMMON) -Isw/model -Isw/include -c $$f -o $(TEX_BUILD)/c_blend/$$(basename $$f .c).o || exit 1; done
	ar rcs $@ $(patsubst sw/model/%.c,$(TEX_BUILD)/c_blend/%.o,$(TEXB_C))

$(TEX_BUILD)/tb_tmu_blend: $(TEXB_RTL) rtl/tex/tex_lint.vlt sim/common/stream_checker.sv tests/tex/tb_tmu_blend.sv tests/tex/tb_tmu_blend.cpp \
                           tests/tex/tb_rng.h $(TEXB_LIB)
	@mkdir -p $(TEX_BUILD)
	@rm -f $(TEX_BUILD)/obj_blend/$(@F)
	$(VERILATOR) $(VFLAGS) --top-module tb_tmu_blend -Mdir $(TEX_BUILD)/obj_blend -o $(abspath $@) \
	  rtl/tex/tex_lint.vlt $(TEXB_RTL) sim/common/stream_checker.sv tests/tex/tb_tmu_blend.sv $(abspath tests/tex/tb_tmu_blend.cpp) \
	  -CFLAGS "$(CXXFLAGS_COMMON) -I$(abspath sw/model) -I$(abspath sw/include)" -LDFLAGS "$(abspath $(TEXB_LIB))" \
	  > $(TEX_BUILD)/verilator_blend.log 2>&1 || { tail -30 $(TEX_BUILD)/verilator_blend.log; exit 1; }

tex-blend-lint:
	@echo "verilator --lint-only -Wall --top-module tmu_blend"
	@$(VERILATOR) --lint-only -Wall -Irtl -Irtl/prim --top-module tmu_blend rtl/tex/tex_lint.vlt $(TEXB_RTL)
