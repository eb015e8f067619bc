#!/usr/bin/env python3
"""Prints utilisation against the tinyGPU budget and fmax per clock from a nextpnr-ecp5
--report JSON. Exit status 1 if the design is over budget.
usage: scripts/synth/report.py [--device 25k|85k] REPORT.json [YOSYS.log]
--device: the budget of the board (25k, the default: ICEpi Zero, LFE5U-25F; 85k: ULX3S,
LFE5U-85F). YOSYS.log is accepted for the record; the figures come from the report alone."""
import json
import sys

# per device: the part and the budget (about 80 % of the device, docs/synth.md "Budget")
DEVICES = {"25k": ("LFE5U-25F-6BG256C", {"LUT4": 20000, "EBR kbit": 800, "DSP": 24}),
           "85k": ("LFE5U-85F-6BG381C", {"LUT4": 66000, "EBR kbit": 3000, "DSP": 128})}
# Clock targets in MHz, matched by substring of the nextpnr clock net name.
TARGETS = [("pll_core", 100.0, "core"), ("clk_core", 100.0, "core"),
           ("clk_pix", 25.175, "pixel"), ("clk_shift", 125.893, "TMDS shift (DDR, 5x pixel)"),
           ("spi_sck", 25.0, "SPI"), ("clk_ref", 0.0, "oscillator")]


def main():
    args = sys.argv[1:]
    if len(args) == 1 and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    device = "25k"
    if len(args) >= 2 and args[0] == "--device":
        device = args[1]
        args = args[2:]
    if device not in DEVICES or len(args) not in (1, 2):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    part, budget = DEVICES[device]
    try:
        with open(args[0]) as fh:
            rep = json.load(fh)
    except (OSError, ValueError) as e:
        print("report: cannot read the nextpnr report %s: %s (give the --report JSON of a "
              "synth.sh or unit_fmax.sh run)" % (args[0], e), file=sys.stderr)
        return 2
    util = rep.get("utilization", {})

    def used(name):
        return util.get(name, {}).get("used", 0), util.get(name, {}).get("available", 0)

    lut, lut_av = used("TRELLIS_COMB")
    ff, ff_av = used("TRELLIS_FF")
    ebr, ebr_av = used("DP16KD")
    dsp, dsp_av = used("MULT18X18D")
    io, io_av = used("TRELLIS_IO")
    rows = [("LUT4", lut, lut_av, budget["LUT4"]),
            ("registers", ff, ff_av, None),
            ("EBR kbit", ebr * 18, ebr_av * 18, budget["EBR kbit"]),
            ("DSP (18x18)", dsp, dsp_av, budget["DSP"]),
            ("IO", io, io_av, None)]
    over = False
    print("utilisation (%s):" % part)
    print(f"  {'resource':<12} {'used':>7} {'device':>7} {'budget':>7}")
    for name, u, av, b in rows:
        bs = f"{b:>7}" if b is not None else f"{'-':>7}"
        flag = ""
        if b is not None and u > b:
            flag, over = "  OVER BUDGET", True
        print(f"  {name:<12} {u:>7} {av:>7} {bs}{flag}")
    print("fmax per clock domain:")
    for clk, d in sorted(rep.get("fmax", {}).items()):
        ach = d.get("achieved", 0.0)
        con = d.get("constraint", 0.0)
        label, tgt = "", con
        for key, mhz, what in TARGETS:
            if key in clk:
                label, tgt = what, max(mhz, con)
                break
        ok = "ok" if ach >= tgt else "MISSED"
        print(f"  {clk:<36} {ach:8.2f} MHz  target {tgt:8.3f} MHz (PLL {con:8.3f})  {ok}  {label}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
