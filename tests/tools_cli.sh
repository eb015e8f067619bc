#!/usr/bin/env bash
# Every tool of the project refuses bad input with a message and a non-zero status, and never
# reports success for a run that did not happen (issue 9). Each check runs one command and
# wants an exit status and a pattern in its output (stdout and stderr together); a check that
# wants a failure also fails if the output has a line starting with PASS.
#   tests/tools_cli.sh [--help] [GROUP...]   groups: generic tb trace replay hang mismatch scripts (default: all)
set -u
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0
fi
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(generic tb trace replay hang mismatch scripts)
for g in "${groups[@]}"; do
  case "$g" in generic|tb|trace|replay|hang|mismatch|scripts) ;;
    *) echo "tools_cli: unknown group '$g' (allowed: generic tb trace replay hang mismatch scripts)" >&2; exit 2;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks=0; bad=0

# expect STATUS REGEX CMD...
expect() {
  local want=$1 re=$2; shift 2
  checks=$((checks+1))
  local out rc
  out=$(timeout 300 "$@" 2>&1); rc=$?
  local why=""
  [ $rc -eq "$want" ] || why="exit status $rc, want $want"
  grep -Eq -- "$re" <<<"$out" || why="${why:+$why; }output lacks /$re/"
  if [ "$want" -ne 0 ] && grep -q '^PASS' <<<"$out"; then why="${why:+$why; }a failed run printed PASS"; fi
  if [ -n "$why" ]; then
    bad=$((bad+1))
    echo "FAIL  $*"
    echo "      $why"
    head -n 12 <<<"$out" | sed 's/^/      | /'
  else
    echo "ok    [$rc] $*"
  fi
}

has() { for g in "${groups[@]}"; do [ "$g" = "$1" ] && return 0; done; return 1; }

TB=build/bin/tgpu_tb
TBT=build/bin/tgpu_tb_trace
TBS=build/bin/tgpu_tb_sdram

if has generic; then
  # every binary: --help on stdout with status 0, a garbage option and a stray argument refused
  for t in $TB $TBT $TBS build/bin/test_model build/bin/test_spi build/sdram/tb_sdram build/sdram/tb_memtest \
           build/sdram/tb_dvi build/sdram/test_sdram_dev; do
    n=$(basename "$t")
    expect 0 "usage" "$t" --help
    expect 2 "unknown|unexpected" "$t" --bogus-option
    expect 2 "unknown|unexpected" "$t" stray-argument
  done
  for t in $TB $TBT $TBS; do
    expect 2 "give --scene NAME or --replay FILE" "$t"
  done
  # each binary names itself
  for t in $TBT $TBS; do
    expect 0 "usage: $(basename "$t") " "$t" --help
  done
  expect 0 "offers: sdram" $TBS --help
  expect 0 "offers: ideal, sdr16, jitter" $TB --help
fi

if has tb; then
  for v in 3e6 nan inf -5 0 0.5 abc 12x ""; do
    expect 2 "--core-mhz '$v' is not allowed" $TB --scene mesh --no-png --core-mhz "$v"
  done
  for v in 1e9 0 nan abc; do
    expect 2 "--sck-mhz '$v' is not allowed" $TB --scene mesh --no-png --sck-mhz "$v"
  done
  expect 2 "more than 16 x the core clock" $TB --scene mesh --no-png --core-mhz 1 --sck-mhz 25
  for v in 0 -1 abc 12abc 2147483648 99999999999999999999; do
    expect 2 "--seed '$v' is (not a number|out of range): allowed is .*1..2147483647" $TB --scene mesh --no-png --seed "$v"
  done
  for v in -1 abc 1000001; do
    expect 2 "--count '$v' is (not a number|out of range)" $TB --scene mesh --no-png --count "$v"
  done
  for v in abc 0 -3; do
    expect 2 "--timeout '$v' is (not a number|out of range)" $TB --scene mesh --no-png --timeout "$v"
  done
  expect 2 "--backend 'neither' is not allowed" $TB --scene mesh --no-png --backend neither
  expect 2 "--out needs a directory name" $TB --scene clear --out ""
  expect 2 "either --scene or --replay, not both" $TB --scene mesh --replay /dev/null
  expect 2 "unknown scene 'nosuch'" $TB --scene nosuch
  expect 2 "unexpected argument 'extra'" $TB --scene mesh --no-png extra
  expect 2 "\+verilator\+seed\+ '0' is (not a number|out of range)" $TB --scene mesh --no-png +verilator+seed+0
  expect 2 "\+verilator\+seed\+ '2147483648' is (not a number|out of range)" $TB --scene mesh --no-png +verilator+seed+2147483648
  # the X seed given as a plusarg is the one used, and said
  expect 0 "verilator seed 7 \(\+verilator\+seed\+7\)" $TB --scene shared_edge --no-png +verilator+seed+7
  expect 0 "verilator seed 5 \(\+verilator\+seed\+5\)" $TB --scene shared_edge --no-png --seed 5
  expect 2 "only offers --mem sdram" $TBS --scene clear --no-png --mem ideal
  # a recording that cannot be written is an error, not a pass
  expect 4 "recording /dev/full could not be written" $TB --scene shared_edge --no-png --backend model --record /dev/full
  # pictures that cannot be written: status 4 and ERROR, not PASS and not a mismatch
  expect 4 "cannot create the picture directory.*^ERROR: scene clear|^ERROR: scene clear" \
    $TB --scene clear --backend model --out /proc/no/such/dir
  # the display options (issue 13)
  expect 2 "--pix-mhz '0.5' is not allowed" $TB --scene clear --no-png --pix-mhz 0.5
  expect 2 "--display-frames 'x' is (not|out)" $TB --scene clear --no-png --display-frames x
  expect 2 "waits for VSYNC, which needs the pixel clock: run with --display" $TB --scene display_vblank --no-png --backend rtl
  # write counts do not saturate: 256 overlapping triangles pass the structural check
  expect 0 "^PASS: scene mesh" $TB --scene mesh --count 256 --backend model --no-png --quiet
fi

if has trace; then
  expect 2 "cannot write waveforms: run tgpu_tb_trace" $TB --scene shared_edge --no-png --trace "$tmp/w.fst"
  expect 2 "cannot write the waveform file /nonexistent/w.fst" $TBT --scene shared_edge --no-png --trace /nonexistent/w.fst
  expect 2 "--trace-from 600 is after --trace-to 100" $TBT --scene shared_edge --no-png --trace "$tmp/w.fst" \
    --trace-from 600 --trace-to 100
  expect 2 "--trace-from 'abc' is (not a number|out of range)" $TBT --scene shared_edge --no-png --trace "$tmp/w.fst" --trace-from abc
  expect 2 "need --trace FILE" $TBT --scene shared_edge --no-png --trace-from 5
  expect 2 "needs the RTL backend" $TBT --scene shared_edge --no-png --backend model --trace "$tmp/w.fst"
  expect 4 "window starts at core cycle 900000000 but the run ended" $TBT --scene shared_edge --no-png \
    --trace "$tmp/w.fst" --trace-from 900000000
  # a good window: a waveform, and no "previous dump at the same time" warnings
  rm -f "$tmp/w.fst"
  expect 0 "^waveform: .*core cycles 100\.\.600" $TBT --scene shared_edge --no-png --trace "$tmp/w.fst" \
    --trace-from 100 --trace-to 600
  checks=$((checks+1))
  if [ ! -s "$tmp/w.fst" ]; then echo "FAIL  the waveform file is empty"; bad=$((bad+1)); else echo "ok    waveform written"; fi
  checks=$((checks+1))
  if $TBT --scene mesh --no-png --trace "$tmp/m.fst" --trace-from 1000 --trace-to 5000 2>&1 | grep -qi "dump"; then
    echo "FAIL  a trace run printed dump warnings"; bad=$((bad+1))
  else
    echo "ok    no dump warnings from a trace run"
  fi
fi

if has replay; then
  printf 'W 40 0000000000000000\n' > "$tmp/good.txt"
  : > "$tmp/empty.txt"
  printf '# nothing\n\n' > "$tmp/comments.txt"
  printf 'W 40 0000000000000000\nW 40 00000000000\n' > "$tmp/cut.txt"
  printf 'W 40 12zz\n' > "$tmp/zz.txt"
  printf 'W 40 000000000000000000000000\n' > "$tmp/long_value.txt"
  printf 'W 40 -000000000000001\n' > "$tmp/negative.txt"
  { printf '%300s' ''; printf 'W 40 0000000000000000\n'; } > "$tmp/long_line.txt"
  expect 0 "^PASS: replay" $TB --replay "$tmp/good.txt" --no-png
  expect 0 "re-run: --replay $tmp/good.txt" $TB --replay "$tmp/good.txt" --no-png
  expect 2 "holds no transaction" $TB --replay "$tmp/empty.txt" --no-png
  expect 2 "holds no transaction" $TB --replay "$tmp/comments.txt" --no-png
  expect 2 "cannot replay $tmp: not a regular file" $TB --replay "$tmp" --no-png
  expect 2 "cannot replay $tmp/none.txt: No such file" $TB --replay "$tmp/none.txt" --no-png
  expect 2 "cut.txt:2: not a transaction line" $TB --replay "$tmp/cut.txt" --no-png
  expect 2 "zz.txt:1: not a transaction line" $TB --replay "$tmp/zz.txt" --no-png
  expect 2 "long_value.txt:1: not a transaction line" $TB --replay "$tmp/long_value.txt" --no-png
  expect 2 "negative.txt:1: not a transaction line" $TB --replay "$tmp/negative.txt" --no-png
  expect 2 "long_line.txt:1: not a transaction line" $TB --replay "$tmp/long_line.txt" --no-png
  # a recording keeps the waits for VSYNC ("V" lines) and replays them
  expect 0 "^PASS: scene display_swap" $TB --scene display_swap --backend model --no-png --record "$tmp/v.txt"
  checks=$((checks+1))
  if [ "$(grep -c '^V$' "$tmp/v.txt")" -eq 8 ]; then echo "ok    8 V lines recorded"; else echo "FAIL  want 8 V lines in the recording"; bad=$((bad+1)); fi
  expect 0 "^PASS: replay" $TB --replay "$tmp/v.txt" --backend model --no-png
fi

if has hang; then
  # A SIMT kernel that never returns, then 40 MEM_DATA writes: the command FIFO fills while the
  # host is still writing; the bounded CMD_FULL wait ends the run as HANG and says where.
  { printf 'W 72 0000000000000004\n'; for i in $(seq 1 40); do printf 'W 71 %016X\n' "$i"; done; } > "$tmp/runaway.txt"
  expect 3 "HANG: CMD_FULL stayed high for 300000 core cycles before the write of register 0x71" \
    $TB --replay "$tmp/runaway.txt" --timeout 300000 --no-png
  # the same through a pipe: the output so far is there even if the run is killed
  checks=$((checks+1))
  bash -c "timeout -s KILL 3 $TB --scene edge_cases --count 100 --no-png > $tmp/killed.txt 2>&1" 2>/dev/null
  if grep -q "^scene edge_cases" "$tmp/killed.txt"; then echo "ok    a killed run's output is flushed"
  else echo "FAIL  a run killed while writing to a pipe left no output"; bad=$((bad+1)); fi
fi

if has mismatch; then
  # The checker's self-test flips one bit of the RTL's memory: the report names the buffer.
  expect 0 "lockstep: 4158 walk, 0 texel, 0 ztest, 0 zwrite, 0 blend, 4158 cwrite events of RTL and model identical" $TB --scene shared_edge --no-png
  expect 1 "MISMATCH: 1 memory words differ" $TB --scene shared_edge --no-png --corrupt-rtl 0x100
  expect 1 "lowest address: 0x0000100, framebuffer at 0x0000000, pixel \(64, 0\)" \
    $TB --scene shared_edge --no-png --corrupt-rtl 0x100
  expect 1 "earlier framebuffer at 0x012C000, pixel \(1, 0\)" \
    $TB --scene edge_cases --count 30 --out "$tmp/mm" --corrupt-rtl 0x12C004
  checks=$((checks+1))
  if [ -s "$tmp/mm/mismatch_fb_012C000_diff.png" ] && [ -s "$tmp/mm/mismatch_fb_012C000_rtl.png" ]; then
    echo "ok    the earlier framebuffer is pictured"
  else echo "FAIL  no PNG of the earlier framebuffer holding the mismatch"; bad=$((bad+1)); fi
  expect 1 "Z-buffer at 0x0258000, pixel \(2, 0\)" $TB --scene zbuffer --no-png --corrupt-rtl 0x258008
  expect 1 "SIMT data window, data address 0x10" $TB --scene simt --no-png --corrupt-rtl 0x1FF8010
  expect 1 "outside every framebuffer, Z-buffer and texture" $TB --scene shared_edge --no-png --corrupt-rtl 0x800000
  expect 1 "waveform: build/bin/tgpu_tb_sdram_trace --scene clear" $TBS --scene clear --count 2 --no-png \
    --corrupt-rtl 0x100
  # a netlist build points at the RTL's trace build
  expect 1 "waveform: build/bin/tgpu_tb_trace --scene clear" build/bin/tgpu_tb_netlist --scene clear --count 2 \
    --no-png --corrupt-rtl 0x100
  expect 2 "--corrupt-rtl '0x2000000' is (not a number|out of range)" $TB --scene clear --corrupt-rtl 0x2000000
  expect 2 "--reset-after .0. is (not a number|out of range)" $TB --scene clear --reset-after 0
  expect 2 "--reset-after 100000: the scene made only" $TB --scene clear --no-png --reset-after 100000
  expect 0 "reset: hardware reset after host write 3, RTL at core cycle" $TB --scene regs --no-png --reset-after 3
  expect 0 "PASS: scene regs" $TB --scene regs --no-png --no-clock-gate
fi

if has scripts; then
  for s in scripts/core_random.sh scripts/core_bench.sh scripts/sim_speed_bench.sh tests/core/cycle_gates.sh tests/mutants.sh scripts/gen_dither.py scripts/regmap.py \
           tests/core/clock_gate_equiv.sh \
           scripts/synth/synth.sh scripts/synth/synth_check.sh scripts/synth/unit_fmax.sh \
           scripts/synth/path_src.py scripts/synth/report.py scripts/synth/filelist.sh scripts/synth/congestion.py tests/tools_cli.sh \
           scripts/run_tests.sh scripts/gen_ctest.py scripts/test_one.sh scripts/check_help.sh scripts/check_shards.sh \
           scripts/fusesoc_run.sh scripts/tool_versions.sh scripts/setup.sh tests/simt/tools_cli.sh \
           scripts/report_html.py tests/report_browser.sh; do
    expect 0 "usage|Usage|[a-z]" "$s" --help
  done
  for s in scripts/run_tests.sh scripts/check_help.sh scripts/check_shards.sh scripts/fusesoc_run.sh \
           scripts/tool_versions.sh scripts/setup.sh scripts/sim_speed_bench.sh tests/core/cycle_gates.sh \
           tests/mutants.sh tests/core/clock_gate_equiv.sh; do
    expect 2 "unknown|unexpected|not '--bogus'|no mutant" "$s" --bogus
  done
  expect 2 "usage" scripts/gen_ctest.py --bogus
  expect 2 "unexpected arguments --bogus" scripts/report_html.py --bogus
  expect 2 "unexpected argument" tests/report_browser.sh --bogus
  expect 2 "usage" scripts/test_one.sh
  expect 2 "SECONDS 'x' is not allowed" scripts/test_one.sh core_lint x
  expect 2 "unknown argument '--bogus'" scripts/gen_dither.py --bogus
  expect 2 "unknown argument '--bogus'" scripts/regmap.py --bogus
  expect 2 "unknown argument --bogus" scripts/synth/synth.sh --bogus
  expect 2 "unknown argument --bogus" scripts/synth/unit_fmax.sh --bogus
  expect 2 "cannot read the nextpnr report" scripts/synth/report.py /nonexistent.json
  expect 2 "unknown option --bogus" scripts/synth/congestion.py --bogus
  expect 2 "give PLACED.json and HEATMAP.csv" scripts/synth/congestion.py /nonexistent.json
  expect 2 "No such file" scripts/synth/congestion.py /nonexistent.json /nonexistent.csv
  # a placed design of three cells and a 3 x 4 heatmap (rows x, values y): the hot tile X2/Y1
  # holds u_a.u_b's two cells, X0/Y3 u_c's one, so u_a.u_b has 6 of 8 (75 %)
  printf '{"modules": {"top": {"cells": {\n' > "$tmp/placed.json"
  printf ' "u_a.u_b.n1": {"type": "TRELLIS_COMB", "attributes": {"NEXTPNR_BEL": "X2/Y1/SLICEA"}},\n' >> "$tmp/placed.json"
  printf ' "u_a.u_b.n2": {"type": "TRELLIS_FF", "attributes": {"NEXTPNR_BEL": "X2/Y1/SLICEB"}},\n' >> "$tmp/placed.json"
  printf ' "u_c.n3": {"type": "TRELLIS_COMB", "attributes": {"NEXTPNR_BEL": "X0/Y3/SLICEC"}}}}}}\n' >> "$tmp/placed.json"
  printf '0,0,0,2,\n0,0,0,0,\n0,6,0,0,\n' > "$tmp/heat.csv"
  expect 0 "X2/Y1  6  u_a.u_b 2" scripts/synth/congestion.py "$tmp/placed.json" "$tmp/heat.csv" --radius 0
  expect 0 "75.0 %  u_a.u_b" scripts/synth/congestion.py "$tmp/placed.json" "$tmp/heat.csv"
  printf '{"modules": {}}\n' > "$tmp/empty.json"
  expect 2 "no placed cells" scripts/synth/congestion.py "$tmp/empty.json" "$tmp/heat.csv"
  expect 2 "usage" scripts/synth/report.py
  expect 2 "refused the options" scripts/core_random.sh --seeds 1 --count 1 --bogus
  expect 2 "--seeds '-1' is not allowed" scripts/core_random.sh --seeds -1
  expect 2 "--count 'x' is not allowed" scripts/core_random.sh --count x
  expect 2 "unknown group 'nosuch'" tests/tools_cli.sh nosuch
fi

echo "tools_cli: $checks checks, $bad failed"
[ $bad -eq 0 ]
