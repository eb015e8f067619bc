#!/usr/bin/env python3
"""Writes the regression report: one HTML page, build/report/index.html.

usage: scripts/report_html.py [--out FILE]

Per test: status, wall time, unit and a link to its log (from the JUnit XML of the last run,
build/test-results/junit.xml, and build/test-logs/NAME.log); the reference/RTL/diff pictures
of every scene run that wrote them (out/**/reference.png and its siblings); the coverage
summary (build/coverage/summary.txt) and the benchmark summary (build/bench/summary.txt) when
they exist. Links are relative, so the folder can be archived by CI as it is. Run by
scripts/run_tests.sh after every run; exits 1 when there is no JUnit file to report on.
"""
import html
import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rel(path, start):
    return os.path.relpath(path, start).replace(os.sep, "/")


def unit_of(name):
    for u in ("core", "sdram", "simt", "synth", "runner", "shader", "coverage"):
        if name.startswith(u):
            return u
    return "other"


def read_text(path, limit=20000):
    try:
        with open(path, errors="replace") as fh:
            return fh.read(limit)
    except OSError:
        return None


def main():
    args = sys.argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    out = os.path.join(ROOT, "build", "report", "index.html")
    if len(args) == 2 and args[0] == "--out":
        out = os.path.abspath(args[1])
    elif args:
        print("report_html: unexpected arguments %s (see --help)" % " ".join(args), file=sys.stderr)
        return 2
    junit = os.path.join(ROOT, "build", "test-results", "junit.xml")
    try:
        suite = ET.parse(junit).getroot()
    except (OSError, ET.ParseError) as e:
        print("report_html: cannot read %s (%s): run make test first" % (junit, e), file=sys.stderr)
        return 1
    outdir = os.path.dirname(out)
    os.makedirs(outdir, exist_ok=True)
    rows, npass, nfail = [], 0, 0
    for tc in suite.iter("testcase"):
        name = tc.get("name", "?")
        status = tc.get("status", "run")
        failed = tc.find("failure") is not None or status == "fail"
        if status == "notrun" or tc.find("skipped") is not None:
            verdict = "skipped"
        elif failed:
            verdict = "FAIL"
            nfail += 1
        else:
            verdict = "pass"
            npass += 1
        log = os.path.join(ROOT, "build", "test-logs", name + ".log")
        link = '<a href="%s">log</a>' % html.escape(rel(log, outdir)) if os.path.exists(log) else "-"
        rows.append((verdict != "pass", unit_of(name), name, verdict, float(tc.get("time", "0") or 0), link))
    rows.sort(key=lambda r: (not r[0], r[1], r[2]))
    p = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8"><title>tinyGPU regression</title>',
         '<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}'
         'td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}td.FAIL{background:#f88}'
         'td.pass{background:#cfc}td.num{text-align:right}img{width:160px;image-rendering:pixelated}'
         'pre{background:#f4f4f4;padding:6px}</style></head><body>',
         '<h1>tinyGPU regression</h1>',
         '<p id="summary">%d passed, %d failed (run of %s, %s s of tests)</p>'
         % (npass, nfail, html.escape(suite.get("timestamp", "?")), html.escape(suite.get("time", "?"))),
         '<h2>Tests</h2>', '<table id="tests"><tr><th>unit</th><th>test</th><th>status</th><th>time (s)</th><th>log</th></tr>']
    for (_, unit, name, verdict, t, link) in rows:
        p.append('<tr><td>%s</td><td>%s</td><td class="%s">%s</td><td class="num">%.1f</td><td>%s</td></tr>'
                 % (unit, html.escape(name), verdict, verdict, t, link))
    p.append('</table>')
    scenes = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, "out")):
        for f in sorted(files):
            if f.endswith("reference.png"):
                prefix = f[: -len("reference.png")]
                scenes.append((dirpath, prefix))
    p.append('<h2>Scenes</h2>')
    if scenes:
        p.append('<table id="scenes"><tr><th>scene</th><th>reference</th><th>RTL</th><th>difference</th></tr>')
        for (d, prefix) in sorted(scenes):
            cells = []
            for kind in ("reference", "rtl", "diff"):
                img = os.path.join(d, prefix + kind + ".png")
                cells.append('<td><a href="%s"><img src="%s" alt="%s"></a></td>' % (
                    html.escape(rel(img, outdir)), html.escape(rel(img, outdir)), kind)
                    if os.path.exists(img) else "<td>-</td>")
            p.append('<tr><td>%s</td>%s</tr>' % (html.escape(rel(os.path.join(d, prefix), ROOT)), "".join(cells)))
        p.append('</table>')
    else:
        p.append('<p>No scene wrote pictures in this tree (out/ is empty).</p>')
    for title, path in (("Coverage", "build/coverage/summary.txt"), ("Benchmarks", "build/bench/summary.txt")):
        text = read_text(os.path.join(ROOT, path))
        p.append('<h2>%s</h2>' % title)
        p.append('<pre>%s</pre>' % html.escape(text) if text else
                 '<p>Not measured in this tree (%s: %s).</p>' % (path, "make coverage" if title == "Coverage" else "make bench"))
    p.append('</body></html>')
    with open(out, "w") as fh:
        fh.write("\n".join(p) + "\n")
    print("report: %s (%d passed, %d failed)" % (rel(out, ROOT), npass, nfail))
    return 0


if __name__ == "__main__":
    sys.exit(main())
