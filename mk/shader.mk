# mk/shader.mk - shader cores (seed 000, issue 16; docs/shader.md). Included by the top Makefile.
#   make shader-build   tools and C tests (build/shader/bin), plain and under ASan/UBSan
#   make shader-tools   shader-as, shader-dis, shader-sim, shader-gen (build/shader/bin)
#   make shader-long    10^5 random programs (tests/shader.list, tier long; not in make test)
SHD_B       := $(BUILD)/shader
SHD_SW      := sw/shader/shader_isa.c sw/shader/shader_asm.c sw/shader/shader_iss.c \
               sw/shader/shader_gen.c sw/tools/cli.c
SHD_SW_H    := $(wildcard sw/shader/*.h) sw/tools/cli.h
SHD_CFLAGS  := $(CFLAGS_COMMON) -Isw/shader -Isw/tools
SHD_ASAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SHD_TOOLS   := shader-as shader-dis shader-sim shader-gen
SHD_TESTS   := test_shader_isa test_shader_kernels

.PHONY: shader-build shader-tools shader-long
TEST_BUILD  += shader-build

shader-tools: $(addprefix $(SHD_B)/bin/,$(SHD_TOOLS))
shader-build: shader-tools $(addprefix $(SHD_B)/bin/,$(SHD_TESTS)) \
              $(addsuffix _asan,$(addprefix $(SHD_B)/bin/,$(SHD_TESTS))) $(SHD_B)/bin/shader-gen_asan

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
