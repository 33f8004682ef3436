"""Search benchmark (not a test): milliseconds per keystroke of the search screen over all rulesets, in Chromium.

    .venv/bin/python tests/benchmarks/search_bench.py [--rounds 3] [--cpu 1 4] [--short] [--json]

Each keystroke is timed in the page from the input event to the results laid out (search, rendering and layout),
with "all rulesets" on, for queries typed one letter at a time in each language. The budget is one frame (16 ms).
--cpu adds runs with Chromium's CPU slowdown (4 is DevTools' "mid-tier mobile"). `--short` is the test suite's run
(one round, full speed, one query per language): it proves the script still works, not how fast.
"""

import argparse
import json
import logging
import os
import shutil
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from webapp import create_app  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
NO_DNS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
FRAME_MS = 1000 / 60
QUERIES = {
    "en": [
        "false win after the hand was shown",
        "kuikae",
        "chombo",
        "noten riichi",
        "too many tiles",
        "liabilty",
        "kong",
    ],
    "fr": ["fausse victoire main montrée", "échange après annonce", "retard", "main morte", "taahai", "pénalité"],
    "it": ["falsa vittoria", "scarto di scambio", "ritardo dieci minuti", "mano morta", "penalità", "chow"],
}

# Type each query one letter at a time; time each input event until the results are laid out.
TYPE_JS = """(queries) => {
  const input = document.getElementById('search-input');
  const times = [];
  for (const query of queries) {
    for (let length = 1; length <= query.length; length += 1) {
      input.value = query.slice(0, length);
      const start = performance.now();
      input.dispatchEvent(new Event('input', { bubbles: true }));
      document.getElementById('search-results').getBoundingClientRect();
      document.body.offsetHeight;
      times.push(performance.now() - start);
    }
  }
  return times;
}"""

# Build the index of every ruleset of the page's language from scratch, as the search screen does once: the rulesets
# are the page's structure and string files, joined as the app joins them.
BUILD_JS = """async () => {
  const config = JSON.parse(document.getElementById('app-config').textContent);
  const { buildIndex } = await import('/static/js/logic/search.js');
  const { assembleRulesets } = await import('/static/js/logic/ruleset-data.js');
  const [structure, strings] = await Promise.all(
    [config.data.structure, config.data.strings].map((url) => fetch(url).then((r) => r.json())));
  const all = assembleRulesets(structure, strings, config.lang);
  const rulesets = config.rulesets.map((summary) => all[summary.id]);
  const synonyms = await fetch('/static/data/synonyms.json').then((r) => r.json());
  const start = performance.now();
  const index = buildIndex(rulesets, { tagLabels: config.strings.tags, synonyms });
  return { ms: performance.now() - start, docs: index.docs.length, words: index.vocabulary.length };
}"""


def serve():
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="times each language's queries are typed")
    parser.add_argument("--cpu", type=float, nargs="+", default=[1, 4], help="CPU slowdown factors to run")
    parser.add_argument("--short", action="store_true", help="one round at full speed, one query per language")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    queries = QUERIES
    if args.short:
        args.rounds, args.cpu = 1, [1]
        queries = {lang: texts[:1] for lang, texts in QUERIES.items()}
    rows = []
    server, base = serve()
    launch = {"args": [NO_DNS]}
    if CHROMIUM:
        launch["executable_path"] = CHROMIUM
    worst = 0.0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            if not args.json:
                print(f"{'lang':<5}{'cpu':>5}{'keys':>7}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}{'index ms':>10}")
            for cpu in args.cpu:
                for lang, typed in queries.items():
                    page = browser.new_page()
                    session = page.context.new_cdp_session(page)
                    page.goto(f"{base}/{lang}/wrc-2015/search?all=1")
                    page.wait_for_selector("#search-input")
                    session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
                    built = page.evaluate(BUILD_JS)
                    page.evaluate(TYPE_JS, typed)  # warm-up: the JIT, fonts and layout caches
                    times = [t for _ in range(args.rounds) for t in page.evaluate(TYPE_JS, typed)]
                    if cpu == 1:
                        worst = max(worst, percentile(times, 0.95))
                    rows.append(
                        {
                            "lang": lang,
                            "cpu": cpu,
                            "keys": len(times),
                            "median_ms": statistics.median(times),
                            "p95_ms": percentile(times, 0.95),
                            "max_ms": max(times),
                            "index_ms": built["ms"],
                            "rulings": built["docs"],
                            "words": built["words"],
                        }
                    )
                    if args.json:
                        page.close()
                        continue
                    print(
                        f"{lang:<5}{cpu:>5g}{len(times):>7}{statistics.median(times):>11.2f}"
                        f"{percentile(times, 0.95):>9.2f}{max(times):>9.2f}{built['ms']:>10.1f}"
                        f"   ({built['docs']} rulings, {built['words']} words)"
                    )
                    page.close()
            browser.close()
    finally:
        server.shutdown()
    if args.json:
        print(json.dumps({"rows": rows, "p95_full_speed_ms": worst, "budget_ms": FRAME_MS}, indent=2))
        return
    verdict = "within" if worst < FRAME_MS else "OVER"
    print(f"p95 per keystroke at full speed: {worst:.2f} ms, {verdict} one frame ({FRAME_MS:.1f} ms)")


if __name__ == "__main__":
    main()
