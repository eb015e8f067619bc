#!/usr/bin/env python3
"""Which RTL sits where nextpnr's router2 finds the routing congested.

usage: scripts/synth/congestion.py PLACED.json HEATMAP.csv [--top N] [--radius R] [--depth D]

PLACED.json: a placed design written by nextpnr-ecp5 (--write FILE, e.g. with --no-route);
each cell's NEXTPNR_BEL attribute ("X12/Y34/SLICEA") gives its tile, and its name, which keeps
the instance path of the flattened design ("u_gpu.u_cp.<net>"), the unit it belongs to: the
first D instances of the path (default 2; cells without a path: their src file). HEATMAP.csv:
one of router2's congestion maps (--router2-heatmap PREFIX writes
PREFIX_congestion_by_coordinate_ITER.csv per iteration; as nextpnr 0.11 writes them, one row
per x, one value per y: the overused wires of that tile). Prints the N hottest tiles (default
10) with the units of the logic cells within R tiles of each (default 1), then every unit's
share of the congestion (each tile's value divided among the logic cells placed on it). Exit 2
on bad arguments or unreadable files. A cell's name is the net Yosys kept for it, so deep in a
unit the names blur (the logic behind a memory's read port takes the memory's name: a core's
operand path shows as its register file's): read units at depth 4-5, not single instances.
"""
import collections
import csv
import json
import re
import sys

BEL_RE = re.compile(r"^X(\d+)/Y(\d+)/")
LOGIC_TYPES = ("TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW", "CCU2C", "DP16KD", "MULT18X18D",
               "ALU54B", "TRELLIS_SLICE")


def usage(msg=None):
    if msg:
        print(f"congestion.py: {msg}", file=sys.stderr)
    print(__doc__.strip().splitlines()[2], file=sys.stderr)
    sys.exit(2)


def unit_of(name, attrs, depth):
    """The first depth instances of a cell's hierarchical name, else its src file."""
    parts = name.split(".")[:-1]
    if parts:
        return ".".join(parts[:depth])
    return src_file(attrs)


def src_file(attrs):
    """The first RTL source (rtl/...) of a cell's src attribute, else the first source."""
    src = attrs.get("src", "")
    parts = [p for p in src.split("|") if p]
    for p in parts:
        if "rtl/" in p:
            return p[p.index("rtl/"):].split(":")[0]
    return parts[0].split(":")[0] if parts else "(no src)"


def main(argv):
    top, radius, depth, pos = 10, 1, 2, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a in ("--top", "--radius", "--depth"):
            if i + 1 >= len(argv) or not argv[i + 1].isdigit():
                usage(f"{a} needs a number")
            if a == "--top":
                top = int(argv[i + 1])
            elif a == "--radius":
                radius = int(argv[i + 1])
            else:
                depth = int(argv[i + 1])
            i += 2
            continue
        if a.startswith("-"):
            usage(f"unknown option {a}")
        pos.append(a)
        i += 1
    if len(pos) != 2:
        usage("give PLACED.json and HEATMAP.csv")
    try:
        with open(pos[0]) as f:
            design = json.load(f)
        with open(pos[1]) as f:
            grid = [[float(v) for v in row if v.strip() != ""] for row in csv.reader(f)]
    except (OSError, ValueError) as e:
        usage(str(e))

    # cells per tile (logic only: IO, clocking and PLL cells are few and fixed)
    cells = collections.defaultdict(list)
    for mod in design.get("modules", {}).values():
        for cname, cell in mod.get("cells", {}).items():
            attrs = cell.get("attributes", {})
            m = BEL_RE.match(str(attrs.get("NEXTPNR_BEL", "")))
            if not m or not str(cell.get("type", "")).startswith(LOGIC_TYPES):
                continue
            cells[(int(m.group(1)), int(m.group(2)))].append(unit_of(cname, attrs, depth))
    if not cells:
        usage(f"{pos[0]}: no placed cells (NEXTPNR_BEL); write it with nextpnr --write after placement")

    hot = sorted(((v, x, y) for x, row in enumerate(grid) for y, v in enumerate(row) if v > 0),
                 reverse=True)
    total = sum(v for v, _, _ in hot)
    print(f"{pos[1]}: {len(hot)} congested tiles, total {total:g}; "
          f"{sum(len(c) for c in cells.values())} placed logic cells in {len(cells)} tiles")
    print(f"\nhottest {top} tiles (units of the logic within {radius} tiles):")
    for v, x, y in hot[:top]:
        near = collections.Counter()
        for dx in range(-radius, radius + 1):
            for dy in range(-radius, radius + 1):
                near.update(cells.get((x + dx, y + dy), []))
        what = ", ".join(f"{f} {n}" for f, n in near.most_common(4)) or "(no logic)"
        print(f"  X{x}/Y{y}  {v:g}  {what}")

    share = collections.Counter()
    for v, x, y in hot:
        here = cells.get((x, y), [])
        for f in here:
            share[f] += v / len(here)
    print("\ncongestion on tiles holding each unit's cells (share of the total):")
    for f, v in share.most_common(15):
        print(f"  {100.0 * v / total:5.1f} %  {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
