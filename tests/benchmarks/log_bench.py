"""Big-log benchmark (not a test): the log screen with 5,000 players and 20,000 incidents stored, in Chromium with
the CPU slowed 4x (DevTools' mid-tier phone), and replacing the log with a 20 MB export of 40,000 players, printed
beside their budgets.

    .venv/bin/python tests/benchmarks/log_bench.py [--players 5000] [--incidents 20000] [--cpu 4] [--short] [--json]

- open: from tapping a link to the log in the running app until its first cards are in the page (budget 1 s); and,
  for the record, a cold load of /en/log (the page, its modules and the ruleset data fetched first);
- whole: from the first cards until the whole log is read and checked behind them (a big log's first page is read
  through the database's indexes; the rest 300 items at a time), for the record;
- filter: from choosing a table in the filters until the new list is laid out (budget 200 ms), the median of a few:
  right after the first page, one after the other (through the indexes; the whole log's read waits while the
  referee taps), then `--pause` ms apart (the whole read goes on between them), then once it is read;
- import: a 20 MB export file (40,000 players, as many incidents) chosen, "Replace" confirmed, until the import is
  reported done and the log shows its first cards again (no budget: it must finish, and the tab stay usable).
The log is planted straight into the app's database (its stored envelopes), so only the screen is timed. `--short`
is the test suite's run (100 players, 400 incidents, an import of 300, full speed): it proves the script works.
"""

import argparse
import json
import logging
import os
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from webapp import create_app  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
NO_DNS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
BUDGETS_MS = {"open": 1000, "filter": 200}
TABLES = 60

# Time, from the navigation's start, when the first card is in the page (a mutation observer set before any script).
WATCH_FIRST_CARD = """
new MutationObserver((_, observer) => {
  if (document.querySelector('#incidents li, #player-cards li')) {
    window.__firstCard = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""

# Plant the log: players and incidents as the app stores them (versioned envelopes), in one transaction.
SEED_JS = """async ({ players, incidents, rulings, tables }) => {
  const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
  const db = await openDatabase();
  const tx = db.transaction(ITEMS, 'readwrite');
  const store = tx.objectStore(ITEMS);
  store.delete(IDBKeyRange.bound(['incident'], ['incident', []]));
  store.delete(IDBKeyRange.bound(['player'], ['player', []]));
  for (let n = 0; n < players; n += 1) {
    store.put({ format: 'player', v: 1, rev: 1, data: { id: `p${n}`, eventId: 'local', name: `Player ${n} Name` } },
      ['player', `p${n}`]);
  }
  const start = Date.parse('2026-11-01T09:00:00Z');
  for (let n = 0; n < incidents; n += 1) {
    const [rulesetId, rulingId] = rulings[n % rulings.length];
    const player = (n * 7919) % players;
    const data = { id: `i${n}`, at: new Date(start + n * 60000).toISOString(), eventId: 'local', tournament: '',
      session: `S${1 + (n % 8)}`, table: `T${1 + (n % tables)}`, player: `Player ${player} Name`,
      playerId: `p${player}`,
      seat: 'East', rulesetId, rulingId, points: null, note: n % 3 ? '' : 'a note about what happened at the table' };
    store.put({ format: 'incident', v: 2, rev: 1, data }, ['incident', `i${n}`]);
  }
  await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onabort = () => reject(tx.error); });
  db.close();
}"""

# Tap a link to the log in the running app; the time until its first card is in the page.
OPEN_JS = """async () => {
  const link = Object.assign(document.createElement('a'), { href: '/en/log' });
  link.dataset.nav = '';
  document.body.append(link);
  const start = performance.now();
  const shown = new Promise((resolve) => new MutationObserver((_, observer) => {
    if (document.querySelector('#incidents li, #player-cards li')) { observer.disconnect(); resolve(); }
  }).observe(document.getElementById('view'), { childList: true, subtree: true }));
  link.click();
  await shown;
  const ms = performance.now() - start;
  link.remove();
  return ms;
}"""

# Choose a table in the filters; the time until the screen shows the new list and it is laid out.
FILTER_JS = """async (table) => {
  const view = document.getElementById('view');
  const select = document.getElementById('filter-table');
  const start = performance.now();
  const changed = new Promise((resolve) => new MutationObserver((_, observer) => {
    const shown = document.getElementById('log-shown');
    if (shown && document.getElementById('filter-table')?.value === table) { observer.disconnect(); resolve(); }
  }).observe(view, { childList: true, subtree: true }));
  select.value = table;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await changed;
  document.body.offsetHeight;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  return performance.now() - start;
}"""


def export_file(players, incidents, rulings, name=lambda n: f"Imported Player {n}"):
    """An export (version 2) with this many players (named by `name(n)`) and incidents, as the app writes it
    (indented JSON)."""
    people = [{"id": f"x{n}", "eventId": "local", "name": name(n), "club": "Club of the venue"} for n in range(players)]
    records = []
    for n in range(incidents):
        ruleset_id, ruling_id = rulings[n % len(rulings)]
        player = (n * 7919) % players
        records.append(
            {
                "id": f"f{n}",
                "at": f"2026-10-{1 + n % 28:02d}T{9 + n % 10:02d}:{n % 60:02d}:00.000Z",
                "eventId": "local",
                "tournament": "Autumn open",
                "session": f"S{1 + n % 8}",
                "table": f"T{1 + n % TABLES}",
                "player": people[player]["name"],
                "playerId": f"x{player}",
                "seat": "South",
                "rulesetId": ruleset_id,
                "rulingId": ruling_id,
                "points": None,
                "note": "a note about what happened at the table, as referees write them",
            }
        )
    return json.dumps(
        {"format": "mahjong-referee/incident-log", "version": 2, "incidents": records, "players": people, "events": []},
        indent=2,
    ).encode()


def serve():
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app = create_app()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return app, server, f"http://127.0.0.1:{server.server_port}"


def some_rulings(app):
    """(ruleset id, ruling id) pairs across every ruleset, for varied cards."""
    from helpers import rulesets_in

    pairs = []
    for ruleset_id, ruleset in sorted(rulesets_in(app, "en").items()):
        pairs += [(ruleset_id, ruling_id) for ruling_id in sorted(ruleset["rulings"])[:6]]
    return pairs


def wait_for_value(page, expression, seconds):
    """Poll a page's value until it is set (the page's policy forbids the evaluated predicates of wait_for_function)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value is not None:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"{expression} not set within {seconds} s")


def measure(browser, base, args, rulings, import_body):
    context = browser.new_context()  # one profile: the log planted by the first page is the one the second opens
    page = context.new_page()
    page.set_default_timeout(args.wait * 1000)
    page.goto(f"{base}/en/")
    page.wait_for_selector("#view")
    started = time.monotonic()
    page.evaluate(SEED_JS, {"players": args.players, "incidents": args.incidents, "rulings": rulings, "tables": TABLES})
    seeded_s = time.monotonic() - started
    page.close()

    page = context.new_page()
    page.set_default_timeout(args.wait * 1000)
    page.add_init_script(WATCH_FIRST_CARD)
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
    page.goto(f"{base}/en/log", wait_until="commit")
    cold_ms = wait_for_value(page, "window.__firstCard", args.wait)
    page.goto(f"{base}/en/")
    page.wait_for_selector("#view h1")
    page.evaluate(OPEN_JS)  # warm-up: the log screen's modules are loaded and compiled, as after a first visit
    page.goto(f"{base}/en/")
    page.wait_for_selector("#view h1")
    open_ms = page.evaluate(OPEN_JS)
    opened = time.monotonic()
    cards = page.evaluate("document.querySelectorAll('#player-cards li, #incidents li').length")
    page.wait_for_selector("#filter-table")
    early = [page.evaluate(FILTER_JS, f"T{1 + n}") for n in range(args.filters)]
    early_complete = page.get_attribute("#log-shown", "data-complete")
    # The same, a pause between two filters (the whole read goes on in it, so a filter may land on one of its steps),
    # as long as the whole read is not done.
    spaced = []
    for n in range(args.filters):
        time.sleep(args.pause / 1000)
        if page.get_attribute("#log-shown", "data-complete") == "true":
            break
        spaced.append(page.evaluate(FILTER_JS, f"T{31 + n}"))
    page.wait_for_selector('#log-shown[data-complete="true"]')
    whole_s = time.monotonic() - opened
    filters = [page.evaluate(FILTER_JS, f"T{11 + n}") for n in range(args.filters)]
    if args.no_import:
        context.close()
        return {
            "open_ms": round(open_ms),
            "cold_open_ms": round(cold_ms),
            "cards_shown": cards,
            "seed_s": round(seeded_s, 2),
            "whole_s": round(whole_s, 1),
            "early_filter_ms": [round(ms) for ms in early],
            "early_filter_median_ms": round(statistics.median(early)),
            "early_complete": early_complete,
            "spaced_filter_ms": [round(ms) for ms in spaced],
            "filter_ms": [round(ms) for ms in filters],
            "filter_median_ms": round(statistics.median(filters)),
        }

    page.on("dialog", lambda dialog: dialog.accept())
    started = time.monotonic()
    page.set_input_files("#import-file", {"name": "export.json", "mimeType": "application/json", "buffer": import_body})
    page.wait_for_selector("#import-replace, #import-done")
    if page.query_selector("#import-replace"):
        page.click("#import-replace")
    page.wait_for_selector("#import-done")
    page.wait_for_selector("#player-cards li")
    import_s = time.monotonic() - started
    responsive_ms = page.evaluate("""async () => { const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve)); return performance.now() - start; }""")
    done = page.get_attribute("#import-done", "data-added")
    context.close()
    return {
        "seed_s": round(seeded_s, 2),
        "open_ms": round(open_ms),
        "whole_s": round(whole_s, 1),
        "early_filter_ms": [round(ms) for ms in early],
        "early_filter_median_ms": round(statistics.median(early)),
        "early_complete": early_complete,
        "spaced_filter_ms": [round(ms) for ms in spaced],
        "cold_open_ms": round(cold_ms),
        "cards_shown": cards,
        "filter_ms": [round(ms) for ms in filters],
        "filter_median_ms": round(statistics.median(filters)),
        "import_s": round(import_s, 2),
        "import_added": int(done),
        "after_import_task_ms": round(responsive_ms),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000, help="stored roster players")
    parser.add_argument("--incidents", type=int, default=20000, help="stored incidents")
    parser.add_argument("--import-players", type=int, default=40000, help="players (and incidents) of the import")
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown factor (4: DevTools' mid-tier phone)")
    parser.add_argument("--filters", type=int, default=5, help="filter changes timed")
    parser.add_argument("--pause", type=float, default=500, help="ms between two spaced filter changes")
    parser.add_argument("--wait", type=float, default=600, help="seconds any one step may take before giving up")
    parser.add_argument("--short", action="store_true", help="a small log at full speed, as the test suite runs it")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-import", action="store_true", help="skip the 20 MB import")
    args = parser.parse_args()
    if args.short:
        args.players, args.incidents, args.import_players, args.cpu, args.filters = 100, 400, 300, 1, 2
    load_before = os.getloadavg()[0]
    app, server, base = serve()
    rulings = some_rulings(app)
    body = export_file(args.import_players, args.import_players, rulings)
    launch = {"args": [NO_DNS]}
    if CHROMIUM:
        launch["executable_path"] = CHROMIUM
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            figures = measure(browser, base, args, rulings, body)
            browser.close()
    finally:
        server.shutdown()
    results = {
        "players": args.players,
        "incidents": args.incidents,
        "cpu": args.cpu,
        "import_players": args.import_players,
        "import_mb": round(len(body) / 1e6, 1),
        "budgets_ms": BUDGETS_MS,
        "load_before": round(load_before, 1),
        "load_after": round(os.getloadavg()[0], 1),
        "date": time.strftime("%Y-%m-%d"),
        **figures,
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"Log of {args.players:,} players and {args.incidents:,} incidents, CPU slowed {args.cpu:g}x "
        f"({results['date']}, load average {results['load_before']:g} before, {results['load_after']:g} after):"
    )
    print(
        f"  open the log, first cards shown      {figures['open_ms']:>7,} ms   budget {BUDGETS_MS['open']:,} ms"
        f"   ({figures['cards_shown']} cards in the page)"
    )
    print(
        f"  a cold load of /en/log, first cards   {figures['cold_open_ms']:>7,} ms   (page, modules and data fetched)"
    )
    print(f"  the whole log read and checked after   {figures['whole_s']:>7,.1f} s    (the page answers meanwhile)")
    print(
        f"  a filter change, first page (median)  {figures['early_filter_median_ms']:>7,} ms"
        f"   budget {BUDGETS_MS['filter']} ms   (each: {', '.join(map(str, figures['early_filter_ms']))};"
        f" whole log read by then: {figures['early_complete']})"
    )
    spaced = figures["spaced_filter_ms"]
    print(
        f"{f'  the same, {args.pause:g} ms apart (median)':<40}"
        f"{round(statistics.median(spaced)) if spaced else '-':>7} ms   budget {BUDGETS_MS['filter']} ms   (each, while"
        f" the whole read goes on between them: {', '.join(map(str, spaced)) or 'none, it was done'})"
    )
    print(
        f"  a filter change, whole log (median)   {figures['filter_median_ms']:>7,} ms"
        f"   budget {BUDGETS_MS['filter']} ms   (each: {', '.join(map(str, figures['filter_ms']))})"
    )
    if args.no_import:
        return
    print(
        f"  replace with a {results['import_mb']:g} MB export ({args.import_players:,} players and incidents): "
        f"done in {figures['import_s']:.1f} s, {figures['import_added']:,} added; a task after it waited "
        f"{figures['after_import_task_ms']} ms"
    )


if __name__ == "__main__":
    main()
