# mk/tex_setup.mk: the texture part of triangle setup (issue 12): rtl/tex/tmu_setup.sv against
# the C model's tmu_setup() (sw/model/tmu_setup.c, reached through raster_setup.c) on seeded
# random and directed triangles (tests/tex_setup.list).
#   build/tex/tb_tmu_setup     Verilated tmu_setup, triangle by triangle against the model, every
#                              field of the four units' planes, random back-pressure
#   make tex-setup-build       the test program (part of make test-build)
#   make tex-setup-lint        verilator --lint-only -Wall on tmu_setup

TEXS_RTL := rtl/prim/prim_chk_stable.sv rtl/tex/tmu_setup.sv
TEXS_C := sw/model/raster_setup.c sw/model/tmu_setup.c
TEXS_LIB := $(TEX_BUILD)/libtmu_setup.a

.PHONY: tex-setup-build tex-setup-lint
TEST_BUILD   += tex-setup-build
LINT_TARGETS += tex-setup-lint

tex-setup-build: $(TEX_BUILD)/tb_tmu_setup

$(TEXS_LIB): $(TEXS_C) $(CORE_GEN_INC) $(wildcard sw/include/*.h sw/model/*.h)
	@mkdir -p $(TEX_BUILD)/c_setup
	@rm -f $@
	for f in $(TEXS_C); do $(CC) $(CFLAGS_COMMON) $(CORE_INC) -c $$f -o $(TEX_BUILD)/c_setup/$$(basename $$f .c).o || exit 1; done
	ar rcs $@ $(patsubst sw/model/%.c,$(TEX_BUILD)/c_setup/%.o,$(TEXS_C))

$(TEX_BUILD)/tb_tmu_setup: $(TEXS_RTL) tests/tex/tb_tmu_setup.sv tests/tex/tb_tmu_setup.cpp tests/tex/tb_rng.h $(TEXS_LIB)
	@mkdir -p $(TEX_BUILD)
	@rm -f $(TEX_BUILD)/obj_setup/$(@F)
	$(VERILATOR) $(VFLAGS) --top-module tb_tmu_setup -Mdir $(TEX_BUILD)/obj_setup -o $(abspath $@) \
	  $(TEXS_RTL) tests/tex/tb_tmu_setup.sv $(abspath tests/tex/tb_tmu_setup.cpp) \
	  -CFLAGS "$(CXXFLAGS_COMMON) -I$(abspath sw/model) -I$(abspath sw/include)" -LDFLAGS "$(abspath $(TEXS_LIB))" \
	  > $(TEX_BUILD)/verilator_setup.log 2>&1 || { tail -30 $(TEX_BUILD)/verilator_setup.log; exit 1; }

tex-setup-lint:
	@echo "verilator --lint-only -Wall --top-module tmu_setup"
	@$(VERILATOR) --lint-only -Wall --top-module tmu_setup $(TEXS_RTL)
