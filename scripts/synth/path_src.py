#!/usr/bin/env python3
"""Tie a nextpnr critical path to the RTL.

usage: scripts/synth/path_src.py RUN_DIR [--clock NAME] [--depth N]

RUN_DIR holds a synth.sh or unit_fmax.sh run (top.json from Yosys, pnr.log from nextpnr).
After synth_ecp5 the net names are generated ("..._LUT4_Z_D_CCU2C_S1...") and say nothing
about the RTL, but flip-flops, carry chains and DSPs keep the `src` attribute of the code that
made them. For the last critical path of the clock in pnr.log this prints every cell with its
arrival time, placement hop, type and source line, then the drivers of each logic cell's
inputs (their type and source line), --depth levels back through logic (default 0: direct
drivers only). Clock NAME matches nextpnr's clock name with or without the $glbnet$ prefix
(default: clk_core on the board, clk_i out of context).
"""
import json
import re
import signal
import sys


def usage(code):
    print(__doc__.strip())
    sys.exit(code)


def main(argv):
    if not argv or argv[0] in ('-h', '--help'):
        usage(0 if argv else 2)
    run, clock, depth = argv[0], None, 0
    i = 1
    while i < len(argv):
        if argv[i] == '--clock' and i + 1 < len(argv):
            clock = argv[i + 1]
            i += 2
        elif argv[i] == '--depth' and i + 1 < len(argv):
            depth = int(argv[i + 1])
            i += 2
        else:
            print(f"path_src: unknown argument {argv[i]} (see --help)", file=sys.stderr)
            return 2
    try:
        netlist = json.load(open(f"{run}/top.json"))
        log = open(f"{run}/pnr.log").read().split('\n')
    except OSError as e:
        print(f"path_src: {e}; RUN_DIR must hold top.json and pnr.log (make synth writes "
              "build/synth/)", file=sys.stderr)
        return 1

    cells, driver = {}, {}
    for mod in netlist['modules'].values():
        for name, cell in mod['cells'].items():
            cells[name] = cell
            dirs = cell.get('port_directions', {})
            for port, bits in cell['connections'].items():
                if dirs.get(port) == 'output':
                    for b in bits:
                        if isinstance(b, int):
                            driver[b] = name

    def src(cell):
        return cell.get('attributes', {}).get('src', '').split('|')[0] or '-'

    heads = [n for n, l in enumerate(log) if 'Critical path report for clock' in l]
    if clock:
        pat = re.compile(r"clock '(\$glbnet\$)?%s'" % re.escape(clock))
        heads = [n for n in heads if pat.search(log[n])]
    else:
        heads = [n for n in heads if re.search(r"clock '(\$glbnet\$)?(clk_core|clk_i)'", log[n])]
    if not heads:
        print("path_src: no critical path for that clock in pnr.log", file=sys.stderr)
        return 1
    start = heads[-1]
    print(log[start].replace('Info: ', ''))

    step = re.compile(r"Info:\s+(clk-to-q|logic|setup)\s+([\d.]+)\s+([\d.]+)\s+Source (\S+)\.(\w+)")
    route = re.compile(r"Info:\s+routing\s+([\d.]+)\s+([\d.]+)\s+Net \S+ (\(\d+,\d+\) -> \(\d+,\d+\))")
    path = []
    for line in log[start + 1:]:
        m = step.match(line)
        if m:
            kind, _, total, name, pin = m.groups()
            cell = cells.get(name)
            ctype = cell['type'] if cell else '(nextpnr cell)'
            print(f"  {kind:8s} {float(total):6.2f} ns  {ctype}.{pin:4s} {src(cell) if cell else ''}")
            if cell and kind == 'logic':
                path.append((total, name))
            continue
        m = route.match(line)
        if m:
            print(f"  {'route':8s} {float(m.group(2)):6.2f} ns  +{m.group(1)} ns {m.group(3)}")
            continue
        if re.match(r"Info: [\d.]+ ns logic", line):
            print(' ', line.replace('Info: ', ''))
            break

    def cone(name, level, seen):
        cell = cells[name]
        dirs = cell.get('port_directions', {})
        for port, bits in sorted(cell['connections'].items()):
            if dirs.get(port) != 'input' or port in ('CLK', 'WCK'):
                continue
            for b in bits:
                d = driver.get(b) if isinstance(b, int) else None
                if d is None or (d, level) in seen:
                    continue
                seen.add((d, level))
                dc = cells[d]
                print(f"{'    ' * (level + 2)}{port:4s} <- {dc['type']:12s} {src(dc)}")
                if level < depth and dc['type'] != 'TRELLIS_FF':
                    cone(d, level + 1, seen)

    print("inputs of the logic cells on the path:")
    for total, name in path:
        print(f"    at {float(total):6.2f} ns {cells[name]['type']}")
        cone(name, 0, set())
    return 0


if __name__ == '__main__':
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # quiet under | head
    sys.exit(main(sys.argv[1:]))
