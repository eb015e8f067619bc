# mk/mem.mk: the memory arbiter (rtl/mem/mem_arbiter.sv) on its own: random bursts, priority
# classes and routing against a self-checking testbench (tests/mem/tb_mem_arbiter.sv).
#   build/mem/tb_mem_arbiter   Verilated testbench (--help); tests in tests/mem.list
#   build/mem/test_memsim      unit test of the functional memory model's bursts (sim/core/memsim.c)
#   make mem-build             the test programs (part of make test-build)

MEM_BUILD := $(BUILD)/mem
MEM_TB_SRCS := rtl/gpu_regs_pkg.sv rtl/gpu_pkg.sv rtl/prim/prim_fifo.sv rtl/prim/prim_spill_reg.sv \
               rtl/prim/prim_arb_rr.sv rtl/mem/mem_arbiter.sv sim/common/stream_checker.sv \
               tests/mem/tb_mem_arbiter.sv

.PHONY: mem-build
TEST_BUILD += mem-build

mem-build: $(MEM_BUILD)/tb_mem_arbiter

$(MEM_BUILD)/tb_mem_arbiter: $(MEM_TB_SRCS) tests/mem/tb_mem_arbiter.cpp
	@mkdir -p $(MEM_BUILD)
	$(VERILATOR) $(VFLAGS) --top-module tb_mem_arbiter -Mdir $(MEM_BUILD)/obj -o $(abspath $@) \
	  $(MEM_TB_SRCS) $(abspath tests/mem/tb_mem_arbiter.cpp) \
	  > $(MEM_BUILD)/verilator.log 2>&1 || { tail -30 $(MEM_BUILD)/verilator.log; exit 1; }

# the functional memory model's bursts (sim/core/memsim.c), with AddressSanitizer and UBSan
mem-build: $(MEM_BUILD)/test_memsim
$(MEM_BUILD)/test_memsim: tests/mem/test_memsim.c sim/core/memsim.c sim/core/memsim.h tests/common/check.h
	@mkdir -p $(MEM_BUILD)
	$(CC) $(CFLAGS_COMMON) -fsanitize=address,undefined -fno-sanitize-recover=all -Isim/core -Itests/common \
	  tests/mem/test_memsim.c sim/core/memsim.c -o $@
