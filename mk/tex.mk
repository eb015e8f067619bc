# mk/tex.mk: the texture units (issue 12): directed tests of the C model's texture stages and
# the leaf RTL of rtl/tex/ against the same C functions (tests/tex.list).
#   build/tex/test_tex_model   directed model tests (ASan/UBSan): swizzle, wrap, blend, BC1,
#                              sizes, mip selection, cache rule, reciprocal, perspective
#   build/tex/tb_tmu_*         Verilated unit tests of rtl/tex/ leaves vs sw/model/tmu_*.c
#   make tex-build             the test programs (part of make test-build)
#   make tex-lint              verilator --lint-only -Wall on every rtl/tex/ leaf (-y rtl/tex: a leaf
#                              may instantiate another, tmu_decode_bc1 uses tmu_bc1_palette)

TEX_BUILD := $(BUILD)/tex
TEX_MODEL_SRCS := tests/tex/test_tex_model.c $(wildcard sw/model/*.c) sw/driver/gpu.c sw/tex/texenc.c \
                  $(MODEL_KERNEL_SRCS)
TEX_INC := $(CORE_INC) -Isw/tex

.PHONY: tex-build tex-lint
TEST_BUILD   += tex-build
LINT_TARGETS += tex-lint

tex-build: $(TEX_BUILD)/test_tex_model

$(TEX_BUILD)/test_tex_model: $(TEX_MODEL_SRCS) $(CORE_GEN_INC) $(wildcard sw/include/*.h sw/model/*.h sw/driver/*.h sw/tex/*.h tests/common/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -fsanitize=address,undefined -fno-sanitize-recover=all $(TEX_INC) $(TEX_MODEL_SRCS) -lm -o $@

# leaf RTL vs the model's C functions (exhaustive / seeded random), one Verilated top
TEX_LEAVES := tmu_decode_rgba4444 tmu_bc1_palette tmu_decode_bc1 tmu_swizzle tmu_recip tmu_wrap
TEX_LEAF_SV := $(addprefix rtl/tex/,$(addsuffix .sv,$(TEX_LEAVES)))
TEX_LEAF_C := sw/model/tmu_decode.c sw/model/tmu_swizzle.c sw/model/tmu_persp.c sw/model/tmu_addr.c
TEX_LEAF_LIB := $(TEX_BUILD)/libtmu_leaves.a
tex-build: $(TEX_BUILD)/tb_tmu_leaves

$(TEX_LEAF_LIB): $(TEX_LEAF_C) $(CORE_GEN_INC) sw/model/tmu.h sw/model/color108.h
	@mkdir -p $(TEX_BUILD)/c
	@rm -f $@
	for f in $(TEX_LEAF_C); do $(CC) $(CFLAGS_COMMON) $(CORE_INC) -c $$f -o $(TEX_BUILD)/c/$$(basename $$f .c).o || exit 1; done
	ar rcs $@ $(patsubst sw/model/%.c,$(TEX_BUILD)/c/%.o,$(TEX_LEAF_C))

$(TEX_BUILD)/tb_tmu_leaves: $(TEX_LEAF_SV) tests/tex/tb_tmu_leaves.sv tests/tex/tb_tmu_leaves.cpp tests/tex/tb_rng.h $(TEX_LEAF_LIB) data/tex_recip.hex
	@mkdir -p $(TEX_BUILD)
	@rm -f $(TEX_BUILD)/obj/$(@F)
	$(VERILATOR) $(VFLAGS) --top-module tb_tmu_leaves -Mdir $(TEX_BUILD)/obj -o $(abspath $@) \
	  $(TEX_LEAF_SV) tests/tex/tb_tmu_leaves.sv $(abspath tests/tex/tb_tmu_leaves.cpp) \
	  -CFLAGS "-I$(abspath sw/model) -I$(abspath sw/include)" -LDFLAGS "$(abspath $(TEX_LEAF_LIB))" \
	  > $(TEX_BUILD)/verilator.log 2>&1 || { tail -30 $(TEX_BUILD)/verilator.log; exit 1; }

tex-lint:
	@for m in $(TEX_LEAVES); do echo "verilator --lint-only -Wall --top-module $$m"; \
	  $(VERILATOR) --lint-only -Wall -y rtl/tex --top-module $$m rtl/tex/$$m.sv || exit 1; done
