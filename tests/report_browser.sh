#!/usr/bin/env bash
# The regression report (build/report/index.html, scripts/report_html.py) in a real headless
# browser: Debian's chromium loads it, the rendered DOM must hold the summary line and one row per
# test of the last run, and a screenshot is written (build/report/screenshot.png) and must be a
# non-empty PNG. Installs chromium with apt-get when it is missing (long tier: not in make test).
#   tests/report_browser.sh [--help]
set -u
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] || { echo "report_browser: unexpected argument '$1' (it takes none but --help)" >&2; exit 2; }
if ! command -v chromium >/dev/null; then
  echo "report_browser: installing chromium with apt-get"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null || {
    echo "report_browser: cannot install chromium"; exit 1; }
fi
python3 scripts/report_html.py || exit 1
page="file://$(pwd)/build/report/index.html"
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars)
dom=$(timeout 120 chromium "${flags[@]}" --dump-dom "$page" 2>/dev/null)
want=$(python3 -c 'import xml.etree.ElementTree as E; print(sum(1 for _ in E.parse("build/test-results/junit.xml").getroot().iter("testcase")))')
rows=$(grep -o '<td class="\(pass\|FAIL\|skipped\)"' <<<"$dom" | wc -l)
bad=0
grep -Eq '<p id="summary">[0-9]+ passed, [0-9]+ failed' <<<"$dom" || { echo "FAIL: the rendered page has no summary line"; bad=1; }
[ "$rows" -eq "$want" ] || { echo "FAIL: the rendered page shows $rows test rows, the JUnit file has $want"; bad=1; }
rm -f build/report/screenshot.png
timeout 120 chromium "${flags[@]}" --window-size=1200,900 --screenshot="$(pwd)/build/report/screenshot.png" "$page" >/dev/null 2>&1
if [ ! -s build/report/screenshot.png ] || [ "$(head -c 8 build/report/screenshot.png | od -An -tx1 | tr -d ' \n')" != "89504e470d0a1a0a" ]; then
  echo "FAIL: no PNG screenshot of the report"; bad=1
fi
[ $bad -eq 0 ] && echo "report_browser: chromium renders the report: summary and $rows test rows, screenshot build/report/screenshot.png"
exit $bad
