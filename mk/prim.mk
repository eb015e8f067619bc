# mk/prim.mk: the primitives library (rtl/prim/) on its own.
#   build/prim/tb_prim_fifo    prim_fifo, prim_fifo_bram and prim_spill_reg under random pushes and pops, each
#                              against a reference queue (--help); tests in tests/prim.list
#   build/prim/tb_prim_async_fifo  prim_async_fifo in LUT RAM and block RAM at a random clock ratio (--help)
#   build/prim/tb_prim_delay   prim_delay at delays 2, 7, 11, 24 (LUT RAM), 7 (flip-flops), 7 and 24 (block RAM) under random inputs (--help)
#   build/prim/tb_prim_clock_gate  prim_clock_gate (Linger 1 and 8, no gate) under random wake and bypass levels (--help)
#   make prim-build            the test programs (part of make test-build)

PRIM_BUILD := $(BUILD)/prim
PRIM_FIFO_SRCS := rtl/prim/prim_fifo.sv rtl/prim/prim_fifo_bram.sv rtl/prim/prim_spill_reg.sv \
                  tests/prim/tb_prim_fifo.sv

.PHONY: prim-build
TEST_BUILD += prim-build

prim-build: $(PRIM_BUILD)/tb_prim_fifo $(PRIM_BUILD)/tb_prim_delay $(PRIM_BUILD)/tb_prim_async_fifo \
            $(PRIM_BUILD)/tb_prim_clock_gate

$(PRIM_BUILD)/tb_prim_fifo: $(PRIM_FIFO_SRCS) tests/prim/tb_prim_fifo.cpp tests/prim/tb_prim_args.h
	@mkdir -p $(PRIM_BUILD)
	$(VERILATOR) $(VFLAGS) --top-module tb_prim_fifo -Mdir $(PRIM_BUILD)/obj -o $(abspath $@) \
	  $(PRIM_FIFO_SRCS) $(abspath tests/prim/tb_prim_fifo.cpp) \
	  > $(PRIM_BUILD)/verilator.log 2>&1 || { tail -30 $(PRIM_BUILD)/verilator.log; exit 1; }

PRIM_DELAY_SRCS := rtl/prim/prim_ram_1r1w.sv rtl/prim/prim_delay.sv tests/prim/tb_prim_delay.sv
$(PRIM_BUILD)/tb_prim_delay: $(PRIM_DELAY_SRCS) tests/prim/tb_prim_delay.cpp tests/prim/tb_prim_args.h
	@mkdir -p $(PRIM_BUILD)
	$(VERILATOR) $(VFLAGS) --top-module tb_prim_delay -Mdir $(PRIM_BUILD)/obj_delay -o $(abspath $@) \
	  $(PRIM_DELAY_SRCS) $(abspath tests/prim/tb_prim_delay.cpp) \
	  > $(PRIM_BUILD)/verilator_delay.log 2>&1 || { tail -30 $(PRIM_BUILD)/verilator_delay.log; exit 1; }

PRIM_AFIFO_SRCS := rtl/prim/prim_sync.sv rtl/prim/prim_async_fifo.sv tests/prim/tb_prim_async_fifo.sv
$(PRIM_BUILD)/tb_prim_async_fifo: $(PRIM_AFIFO_SRCS) tests/prim/tb_prim_async_fifo.cpp tests/prim/tb_prim_args.h
	@mkdir -p $(PRIM_BUILD)
	$(VERILATOR) $(VFLAGS) --top-module tb_prim_async_fifo -Mdir $(PRIM_BUILD)/obj_afifo -o $(abspath $@) \
	  $(PRIM_AFIFO_SRCS) $(abspath tests/prim/tb_prim_async_fifo.cpp) \
	  > $(PRIM_BUILD)/verilator_afifo.log 2>&1 || { tail -30 $(PRIM_BUILD)/verilator_afifo.log; exit 1; }

PRIM_CG_SRCS := rtl/prim/prim_clock_gate.sv tests/prim/tb_prim_clock_gate.sv
$(PRIM_BUILD)/tb_prim_clock_gate: $(PRIM_CG_SRCS) tests/prim/tb_prim_clock_gate.cpp tests/prim/tb_prim_args.h
	@mkdir -p $(PRIM_BUILD)
	$(VERILATOR) $(VFLAGS) --top-module tb_prim_clock_gate -Mdir $(PRIM_BUILD)/obj_cg -o $(abspath $@) \
	  $(PRIM_CG_SRCS) $(abspath tests/prim/tb_prim_clock_gate.cpp) \
	  > $(PRIM_BUILD)/verilator_cg.log 2>&1 || { tail -30 $(PRIM_BUILD)/verilator_cg.log; exit 1; }
