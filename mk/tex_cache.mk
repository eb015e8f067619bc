# mk/tex_cache.mk: the texture cache (issue 12): rtl/tex/tmu_cache.sv against the C model's
# tmu_cache_texel() (sw/model/tmu_cache.c, tmu_decode.c) on seeded random request streams
# (tests/tex_cache.list).
#   build/tex/tb_tmu_cache     Verilated tmu_cache (Units = 4) with a burst memory model, request
#                              by request against four tmu_cache_t (texels, bursts, per-unit counters)
#   make tex-cache-build       the test program (part of make test-build)
#   make tex-cache-lint        verilator --lint-only -Wall on tmu_cache, Units = 4, 3, 2, 1 (gpu_pkg's parameters that
#                              only gpu_top uses are the one expected warning kind)

TEXC_BUILD := $(BUILD)/tex
TEXC_RTL := rtl/gpu_pkg.sv rtl/prim/prim_spill_reg.sv rtl/prim/prim_fifo.sv rtl/tex/tmu_decode_rgba4444.sv \
            rtl/tex/tmu_bc1_palette.sv rtl/tex/tmu_cache.sv
TEXC_C := sw/model/tmu_cache.c sw/model/tmu_decode.c
TEXC_LIB := $(TEXC_BUILD)/libtmu_cache.a

.PHONY: tex-cache-build tex-cache-lint
TEST_BUILD   += tex-cache-build
LINT_TARGETS += tex-cache-lint

tex-cache-build: $(TEXC_BUILD)/tb_tmu_cache

$(TEXC_LIB): $(TEXC_C) sw/model/tmu.h sw/model/color108.h
	@mkdir -p $(TEXC_BUILD)/c_cache
	@rm -f $@
	for f in $(TEXC_C); do $(CC) $(CFLAGS_COMMON) -Isw/model -Isw/include -c $$f -o $(TEXC_BUILD)/c_cache/$$(basename $$f .c).o || exit 1; done
	ar rcs $@ $(patsubst sw/model/%.c,$(TEXC_BUILD)/c_cache/%.o,$(TEXC_C))

$(TEXC_BUILD)/tb_tmu_cache: $(TEXC_RTL) tests/tex/tb_tmu_cache.sv tests/tex/tb_tmu_cache.cpp tests/tex/tb_rng.h $(TEXC_LIB)
	@mkdir -p $(TEXC_BUILD)
	$(VERILATOR) $(VFLAGS) --top-module tb_tmu_cache -Mdir $(TEXC_BUILD)/obj_cache -o $(abspath $@) \
	  $(TEXC_RTL) tests/tex/tb_tmu_cache.sv $(abspath tests/tex/tb_tmu_cache.cpp) \
	  -CFLAGS "$(CXXFLAGS_COMMON) -I$(abspath sw/model) -I$(abspath sw/include)" -LDFLAGS "$(abspath $(TEXC_LIB))" \
	  > $(TEXC_BUILD)/verilator_cache.log 2>&1 || { tail -30 $(TEXC_BUILD)/verilator_cache.log; exit 1; }

# Stand-alone, tmu_cache pulls in all of gpu_pkg, whose other parameters only gpu_top uses:
# rtl/tex/tex_lint.vlt waives UNUSEDPARAM in rtl/gpu_pkg.sv only (core-lint checks them in context)
tex-cache-lint:
	@for u in 4 3 2 1; do echo "verilator --lint-only -Wall --top-module tmu_cache -GUnits=$$u"; \
	  $(VERILATOR) --lint-only -Wall -GUnits=$$u -Irtl -Irtl/prim --top-module tmu_cache rtl/tex/tex_lint.vlt $(TEXC_RTL) || exit 1; done
