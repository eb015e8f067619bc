#!/usr/bin/env python3
"""Per-module line, toggle and user coverage from a Verilator coverage.dat (make coverage).

  scripts/coverage_report.py MERGED.dat [--runs DIR] [--markdown-out FILE] [--min-line PCT]

A module's points are those whose page is v_line/, v_toggle/ or v_user/MODULE and whose file is
under rtl/ but not rtl/board/ (testbench wrappers are left out). A point counts once per module:
it is covered when any instance of the module covered it (the instances are merged). Line
coverage is Verilator's: one point per statement block, covered when the block ran at least once.
Toggle: one point per signal bit; Verilator counts its changes (either direction), including the
change from the X-randomised power-up value to the reset value. With --runs DIR (the per-run .dat
files) a bit is covered only when one run saw it change at least TOGGLE_MIN (3) times: a real
0->1->0 or 1->0->1 beyond a possible reset change (summed counts cannot tell runs apart).
Without --runs: changed at least once in the merged counts (what the lcov/HTML report shows).
Exit status 1 when --min-line is given and the total line coverage is below it."""
import argparse
import collections
import glob
import os
import sys


TOGGLE_MIN = 3


def read_points(path, pts=None, only_toggle=False):
    pts = {} if pts is None else pts
    with open(path, encoding="latin-1") as f:
        for ln in f:
            if not ln.startswith("C '"):
                continue
            q = ln.rindex("'")
            body, count = ln[3:q], int(ln[q + 1:].strip())
            kv = {}
            for item in body.split("\x01"):
                if "\x02" in item:
                    k, v = item.split("\x02", 1)
                    kv[k] = v
            page = kv.get("page", "")
            if "/" not in page:
                continue
            kind, module = page.split("/", 1)
            if only_toggle and kind != "v_toggle":
                continue
            fn = kv.get("f", "")
            if not fn.startswith("rtl/") or fn.startswith("rtl/board/"):
                continue
            key = (kind, module, fn, kv.get("l", ""), kv.get("n", ""), kv.get("o", ""))
            pts[key] = max(pts.get(key, 0), count)
    return pts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dat")
    ap.add_argument("--runs")
    ap.add_argument("--markdown-out")
    ap.add_argument("--min-line", type=float)
    a = ap.parse_args()
    pts = read_points(a.dat)
    if a.runs:
        per_run = {}
        for fn in sorted(glob.glob(os.path.join(a.runs, "*.dat"))):
            read_points(fn, per_run, only_toggle=True)
        for key in pts:
            if key[0] == "v_toggle":
                pts[key] = pts[key] if per_run.get(key, 0) >= TOGGLE_MIN else 0
    tab = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0]))
    files = {}
    for (kind, module, fn, *_), c in pts.items():
        kind = kind.replace("v_", "")
        cell = tab[module][kind]
        cell[0] += c > 0
        cell[1] += 1
        files[module] = fn
    kinds = ["line", "toggle", "user"]
    total = {k: [0, 0] for k in kinds}

    def fmt(cell):
        return "-" if cell[1] == 0 else "%5.1f%% (%d/%d)" % (100.0 * cell[0] / cell[1], cell[0], cell[1])

    rows = []
    for module in sorted(tab):
        for k in kinds:
            for i in range(2):
                total[k][i] += tab[module][k][i]
        rows.append([module, files[module]] + [fmt(tab[module][k]) for k in kinds])
    rows.append(["TOTAL", ""] + [fmt(total[k]) for k in kinds])
    hdr = ["module", "file", "line", "toggle", "user"]
    if a.markdown_out:
        with open(a.markdown_out, "w") as f:
            f.write("| " + " | ".join(hdr) + " |\n")
            f.write("|" + "---|" * len(hdr) + "\n")
            for r in rows:
                cells = []
                for i, c in enumerate(r):
                    c = c.strip()
                    if i < 2 and c:
                        c = "`%s`" % c
                    elif r[0] == "TOTAL" and c not in ("", "-"):
                        c = "**%s**" % c
                    cells.append(c)
                f.write("| " + " | ".join(cells) + " |\n")
    w = [max(len(str(r[i])) for r in rows + [hdr]) for i in range(len(hdr))]
    for r in [hdr] + rows:
        print("  ".join(str(c).ljust(w[i]) for i, c in enumerate(r)))
    if a.min_line is not None and total["line"][1]:
        pct = 100.0 * total["line"][0] / total["line"][1]
        if pct < a.min_line:
            print("coverage: total line coverage %.1f%% is below the threshold %.1f%%" % (pct, a.min_line))
            return 1
        print("coverage: total line coverage %.1f%% >= threshold %.1f%%" % (pct, a.min_line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
