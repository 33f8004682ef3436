"""Table tap benchmark (not a test): the taps a referee needs at the table screen, in Chromium at 360x640.

    .venv/bin/python tests/benchmarks/table_taps_bench.py [--short] [--json]

A scripted referee at a WRC table with one counter (honba) already on it: scores a ron of 8,000 (the winner, then the
discarder, then the value), an exhaustive draw with two tenpai seats, then undoes the win (an older step: undo asks
first). Only the value is typed; every tap and every character typed is counted, and the seats' points are checked
after each part. The budget (issue 25) is 12 taps with no typing but the value. `--short` is the same run (it is
short already) for the test suite.
"""

import argparse
import json
import logging
import os
import shutil
import sys
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from webapp import create_app  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
NO_DNS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
BUDGET_TAPS = 12


def serve():
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


class Referee:
    """Taps and types on the page, counting both."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.typed = 0

    def tap(self, selector):
        self.page.click(selector)
        self.taps += 1

    def type(self, text):
        self.page.keyboard.type(text)
        self.typed += len(text)


def table_points(page):
    return [int(page.locator(f'#seat-{seat} [data-score="table"]').get_attribute("data-value")) for seat in range(4)]


def run(base, browser):
    context = browser.new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}/en/wrc-2015/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=30_000)
    # Set-up, not counted: one counter on the table.
    page.click("#counters")
    page.fill("#table-honba", "1")
    page.press("#table-honba", "Enter")
    expect(page.locator('#counters [data-count="honba"]')).to_have_attribute("data-value", "1")
    page.click("#counters-done")
    referee = Referee(page)
    checks = {}
    # A ron of 8,000 by South on East's discard, with one counter (300).
    referee.tap("#tap-win")
    referee.tap("#seat-1")
    referee.tap("#seat-0")
    expect(page.locator("#tap-value")).to_be_focused()
    referee.type("8000")
    referee.tap("#tap-score")
    expect(page.locator("#seat-1 .seat-moved")).to_have_attribute("data-moved", "8300")
    checks["win"] = table_points(page) == [21700, 38300, 30000, 30000]
    # An exhaustive draw with South and North tenpai.
    referee.tap("#tap-draw")
    referee.tap("#seat-1")
    referee.tap("#seat-3")
    referee.tap("#tap-score")
    expect(page.locator("#seat-3 .seat-moved")).to_have_attribute("data-moved", "1500")
    checks["draw"] = table_points(page) == [20200, 39800, 28500, 31500]
    # Undo the win (no longer the newest step: undo asks first).
    win = page.locator("#history li[data-step]").filter(has=page.locator("[data-undo]")).nth(1)
    win_id = win.get_attribute("data-step")
    referee.tap(f'#history [data-undo="{win_id}"]')
    referee.tap("#undo-confirm-yes")
    expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "31500")
    checks["undo"] = table_points(page) == [28500, 31500, 28500, 31500]
    context.close()
    return {"taps": referee.taps, "typed": referee.typed, "budget_taps": BUDGET_TAPS, "checks": checks}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="the test suite's run (the same single run)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    server, base = serve()
    launch = {"args": [NO_DNS]}
    if CHROMIUM:
        launch["executable_path"] = CHROMIUM
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            figures = run(base, browser)
            browser.close()
    finally:
        server.shutdown()
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    verdict = "within" if figures["taps"] <= BUDGET_TAPS else "over"
    print(
        f"taps: {figures['taps']} (budget {BUDGET_TAPS}: {verdict}); "
        f"characters typed: {figures['typed']} (the value only)"
    )
    print(
        "points as expected after "
        + ", ".join(f"{part}: {'yes' if ok else 'NO'}" for part, ok in figures["checks"].items())
    )


if __name__ == "__main__":
    main()
