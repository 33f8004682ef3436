"""Import benchmark (not a test): a version-2 export with its roster of 20,000 players imported into a device whose
roster holds 20,000 players (half of the file's are named as the device's, so the duplicate guard makes them one),
in Chromium with the CPU slowed 4x, printed beside its budgets (issue 35, point 9).

    .venv/bin/python tests/benchmarks/import_bench.py [--players 20000] [--cpu 4] [--short] [--json]

- import: from choosing the file on the log screen until the import is reported done (budget 10 s);
- longest task: the longest the page went without answering during the import (a long task seen by the page's
  PerformanceObserver; budget 200 ms, the log's filter budget, beyond which a tap visibly waits);
- a tap's wait: a tick posted every 50 ms during the import, the longest it waited past its time.
The roster is planted straight into the app's database (its stored envelopes), so only the import is timed. The file
carries as many incidents as players, each naming one of them. `--short` is the test suite's run (300 players, full
speed): it proves the script works.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from log_bench import CHROMIUM, NO_DNS, serve, some_rulings  # noqa: E402
from log_bench import export_file as log_export  # noqa: E402  (the big log's benchmark: the same server)

BUDGETS = {"import_s": 10, "longest_task_ms": 200}

# Plant the device's roster: players as the app stores them (versioned envelopes), in one transaction.
SEED_JS = """async ({ players }) => {
  const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
  const db = await openDatabase();
  const tx = db.transaction(ITEMS, 'readwrite');
  const store = tx.objectStore(ITEMS);
  for (let n = 0; n < players; n += 1) {
    store.put({ format: 'player', v: 1, rev: 1, data: { id: `p${n}`, eventId: 'local', name: `Player ${n} Name` } },
      ['player', `p${n}`]);
  }
  await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onabort = () => reject(tx.error); });
  db.close();
}"""

# Choose the file on the log screen as a referee does (the file fetched first, so handing it over costs the page
# nothing), and watch the page until the import is reported: its long tasks, and how late a tick posted every 50 ms
# runs. Times are the page's own, from the input's change event.
IMPORT_JS = """async (url) => {
  const blob = await (await fetch(url)).blob();
  const input = document.getElementById('import-file');
  const transfer = new DataTransfer();
  transfer.items.add(new File([blob], 'export.json', { type: 'application/json' }));
  input.files = transfer.files;
  await new Promise((resolve) => setTimeout(resolve, 200));
  const tasks = [];
  const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push(entry); });
  observer.observe({ type: 'longtask' });
  let late = 0;
  let due = performance.now() + 50;
  let timer = null;
  const tick = () => {
    const now = performance.now();
    late = Math.max(late, now - due);
    due = now + 50;
    timer = setTimeout(tick, 50);
  };
  timer = setTimeout(tick, 50);
  const view = document.getElementById('view');
  const reported = '#import-done, #import-error, #import-plan';
  const start = performance.now();
  const end = await new Promise((resolve) => {
    new MutationObserver((_, watching) => {
      if (!document.querySelector(reported)) return;
      watching.disconnect();
      resolve(performance.now());
    }).observe(view, { childList: true, subtree: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  clearTimeout(timer);
  for (const entry of observer.takeRecords()) tasks.push(entry);
  observer.disconnect();
  const during = tasks.filter((entry) => entry.startTime >= start && entry.startTime < end);
  return { ms: end - start, tasks: during.map((entry) => entry.duration), late };
}"""


def export_file(players, rulings):
    """An export (version 2) of this many players, half of them named as the device's (another case and spacing),
    and as many incidents, as the app writes it (indented JSON)."""
    return log_export(
        players, players, rulings, name=lambda n: f"PLAYER  {n} name" if n % 2 else f"Imported Player {n}"
    )


def measure(browser, base, args, body):
    context = browser.new_context(service_workers="block")  # the export is handed over by page.route
    page = context.new_page()
    page.set_default_timeout(args.wait * 1000)
    page.goto(f"{base}/en/")
    page.wait_for_selector("#view")
    page.evaluate(SEED_JS, {"players": args.players})
    page.close()

    page = context.new_page()
    page.set_default_timeout(args.wait * 1000)
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
    page.route(f"{base}/bench-export.json", lambda route: route.fulfill(body=body, content_type="application/json"))
    page.goto(f"{base}/en/log")
    page.wait_for_selector("#import-file", state="attached")
    watched = page.evaluate(IMPORT_JS, f"{base}/bench-export.json")
    import_s = watched["ms"] / 1000
    error = page.get_attribute("#import-error", "data-error") if page.query_selector("#import-error") else None
    added = page.get_attribute("#import-done", "data-added") if page.query_selector("#import-done") else None
    roster = page.evaluate(
        """async () => { const { readRoster } = await import('/static/js/services/roster.js');
        return (await readRoster()).everyone.length; }"""
    )
    context.close()
    tasks = watched["tasks"]
    return {
        "import_s": round(import_s, 2),
        "added": int(added) if added is not None else None,
        "error": error,
        "roster_after": roster,
        "longest_task_ms": round(max(tasks, default=0)),
        "long_tasks": len(tasks),
        "tick_late_ms": round(watched["late"]),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20000, help="players on the device and in the file")
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown factor (4: DevTools' mid-tier phone)")
    parser.add_argument("--wait", type=float, default=600, help="seconds any one step may take before giving up")
    parser.add_argument("--short", action="store_true", help="a small import at full speed, as the test suite runs it")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.short:
        args.players, args.cpu = 300, 1
    load_before = os.getloadavg()[0]
    app, server, base = serve()
    body = export_file(args.players, some_rulings(app))
    launch = {"args": [NO_DNS]}
    if CHROMIUM:
        launch["executable_path"] = CHROMIUM
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            figures = measure(browser, base, args, body)
            browser.close()
    finally:
        server.shutdown()
    results = {
        "players": args.players,
        "cpu": args.cpu,
        "file_mb": round(len(body) / 1e6, 1),
        "budgets": BUDGETS,
        "load_before": round(load_before, 1),
        "load_after": round(os.getloadavg()[0], 1),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        **figures,
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"Import of a version-2 export of {args.players:,} players and as many incidents ({results['file_mb']:g} MB) "
        f"into a roster of {args.players:,}, CPU slowed {args.cpu:g}x ({results['date']}, load average "
        f"{results['load_before']:g} before, {results['load_after']:g} after):"
    )
    print(
        f"  import done                  {figures['import_s']:>8,.1f} s    budget {BUDGETS['import_s']} s"
        f"   ({figures['added']:,} incidents added, roster {figures['roster_after']:,} players after)"
    )
    print(
        f"  longest task meanwhile       {figures['longest_task_ms']:>8,} ms   budget {BUDGETS['longest_task_ms']} ms"
        f"   ({figures['long_tasks']} tasks over 50 ms)"
    )
    print(f"  a 50 ms tick's longest wait  {figures['tick_late_ms']:>8,} ms")


if __name__ == "__main__":
    main()
