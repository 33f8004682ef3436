"""Performance benchmark (not a test): bytes, first paint and response times of the real app in Chromium, printed.

    .venv/bin/python tests/benchmarks/perf.py [--runs 9] [--lighthouse-runs 3] [--no-lighthouse]

The app runs behind waitress (the production server) on an ephemeral loopback port. Slow 4G with a 4× CPU
slowdown is measured two ways:
- Lighthouse's mobile run (the version pinned in package.json, installed on first use with npm) simulates
  Slow 4G as 150 ms round trips at 1.6 Mbit/s over the page's real request graph; its first contentful paint is the
  figure the budget is held to, as Lighthouse is the tool that defines that preset.
- DevTools' "Slow 4G" preset in Chromium (562.5 ms added to every request, 1.6 Mbit/s × 0.9 down) is cruder: each
  request pays the latency of a new connection, so a page that needs its HTML and then its stylesheet cannot paint
  before 1,125 ms. Its figures are printed too, and the offline and home-ready figures use it.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from waitress.server import create_server

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from webapp import create_app  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
NO_DNS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"
SLOW_4G = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1.6 * 1024 * 0.9 * 1024 / 8,
    "uploadThroughput": 750 * 1024 * 0.9 / 8,
}
CPU_SLOWDOWN = 4
FRAME_MS = 1000 / 60
BUDGETS = {"first_paint_kb": 30, "precache_kb": 150, "fcp_cold_ms": 1000, "fcp_offline_ms": 200, "step_ms": FRAME_MS}

FCP_JS = """() => new Promise((resolve) => {
  const found = () => performance.getEntriesByName('first-contentful-paint')[0];
  if (found()) return resolve(found().startTime);
  new PerformanceObserver((list, observer) => {
    if (found()) { observer.disconnect(); resolve(found().startTime); }
  })
    .observe({ type: 'paint', buffered: true });
})"""

# Tap an element and wait until `target` is in the DOM and laid out; the time is the page's own clock.
TAP_JS = """async ([tap, target]) => {
  const start = performance.now();
  document.querySelector(tap).click();
  if (!document.querySelector(target)) {
    await new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector(target)) { observer.disconnect(); resolve(); }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  }
  document.body.getBoundingClientRect();  // include style and layout
  return performance.now() - start;
}"""


class Server:
    """The real app behind the production server (waitress, with keep-alive), on an ephemeral loopback port.

    Not the development server: it closes the connection after every response, so each request would pay for a new
    connection, which no real host does.
    """

    def __init__(self):
        self.server = create_server(create_app(), host="127.0.0.1", port=0, threads=8)
        self.url = f"http://127.0.0.1:{self.server.effective_port}"
        threading.Thread(target=self.server.run, daemon=True).start()

    def stop(self):
        self.server.close()


def throttle(context, page, network=True):
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    if network:
        session.send("Network.emulateNetworkConditions", SLOW_4G)
    session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return session


def kb(n):
    return n / 1024


def cold_visit_bytes(browser, url):
    """One cold visit of /en/ until the service worker is ready: what the first paint needed, the rest, the precache.

    The first paint needs the document and what Chrome marks render-blocking; the service worker's own requests are
    the precache; everything else the page fetched (modules, data) is "the rest of the page".
    """
    context = browser.new_context()
    requests = []
    context.on("requestfinished", lambda request: requests.append(request))
    page = context.new_page()
    page.goto(f"{url}/en/")
    page.wait_for_function("() => document.getElementById('offline-status').dataset.state === 'ready'", timeout=30000)
    page.wait_for_timeout(500)
    blocking = set(page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((entry) => entry.renderBlockingStatus === 'blocking').map((entry) => entry.name)"""))
    rows = []
    for request in requests:
        sizes = request.sizes()
        if request.service_worker:
            group = "precache"
        elif request.resource_type == "document" or request.url in blocking:
            group = "first_paint"
        else:
            group = "after_paint"
        encoding = (request.response().headers.get("content-encoding") if request.response() else None) or "-"
        rows.append((group, request.url.replace(url, ""), sizes["responseBodySize"], sizes["responseHeadersSize"], encoding))
    context.close()
    summary = {}
    for group in ("first_paint", "after_paint", "precache"):
        chosen = [r for r in rows if r[0] == group]
        summary[group] = {"requests": len(chosen), "kb": round(kb(sum(r[2] for r in chosen)), 1),
                          "headers_kb": round(kb(sum(r[3] for r in chosen)), 1),
                          "encodings": sorted({r[4] for r in chosen})}
    summary["first_paint_files"] = [r[1] for r in rows if r[0] == "first_paint"]
    return summary


def cold_throttled(browser, url):
    """A cold visit under Slow 4G and 4× CPU: first contentful paint, home ready, and the first taps."""
    context = browser.new_context()
    page = context.new_page()
    throttle(context, page)
    page.goto(f"{url}/en/", wait_until="commit")
    fcp = page.evaluate(FCP_JS)
    page.wait_for_selector("#ruleset-wrc-2015", timeout=60000)
    ready = page.evaluate("() => performance.now()")
    first_tap = page.evaluate(TAP_JS, ["#ruleset-wrc-2015", "#opt-false-win"])
    second_tap = page.evaluate(TAP_JS, ["#opt-false-win", "#opt-shown"])
    context.close()
    return {"fcp": fcp, "home_ready": ready, "first_tap": first_tap, "second_tap": second_tap}


# The control: the cached shell replaced by one paragraph of text, so the same measure shows this machine's floor.
TRIVIAL_SHELL_JS = """async () => {
  const cache = await caches.open((await caches.keys()).find((key) => key.startsWith('mjref-')));
  const shell = await cache.match('/en/');
  await cache.put('/en/', new Response('<!doctype html><html lang="en"><title>Control</title><p>Mahjong Referee</p>',
                                       { headers: shell.headers }));
}"""


def offline_fcp(context, url, path, runs):
    """First contentful paint of `runs` new tabs opened offline on path, with 4× CPU; their median."""
    results = []
    for _ in range(runs):
        fresh = context.new_page()
        throttle(context, fresh, network=False)
        fresh.goto(url + path, wait_until="commit")
        fresh.wait_for_function("() => document.getElementById('ruleset-wrc-2015') || document.getElementById('ruling') "
                                "|| document.title === 'Control'", timeout=30000)
        results.append(fresh.evaluate(FCP_JS))
        fresh.close()
    return statistics.median(results)


def offline_start(browser, url, runs):
    """After one visit, offline, with 4× CPU: first contentful paint of a new tab, of a deep link, and of the control
    (a one-paragraph page served the same way from the service worker's cache)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}/en/")
    page.wait_for_function("() => document.getElementById('offline-status').dataset.state === 'ready'", timeout=30000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.close()  # no tab of the app stays open, as when a referee starts it from the home screen
    context.set_offline(True)
    figures = {"fcp_home": offline_fcp(context, url, "/en/", runs),
               "fcp_deep_link": offline_fcp(context, url, "/en/wrc-2015/false-win/shown/no", runs)}
    page = context.new_page()
    page.goto(f"{url}/en/")
    page.evaluate(TRIVIAL_SHELL_JS)
    page.close()
    figures["fcp_control"] = offline_fcp(context, url, "/en/", runs)
    context.close()
    return figures


def step_render(browser, url, runs):
    """A wizard step, data already loaded, with 4× CPU: tap to the next step in the DOM and laid out."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}/en/wrc-2015/")
    page.wait_for_selector("#opt-false-win")
    throttle(context, page, network=False)
    forward, back = [], []
    for _ in range(runs * 4):
        forward.append(page.evaluate(TAP_JS, ["#opt-false-win", "#opt-shown"]))
        back.append(page.evaluate(TAP_JS, ["#back", "#opt-false-win"]))
    context.close()
    return {"forward": statistics.median(forward), "back": statistics.median(back), "worst": max(forward + back)}


def lighthouse_binary():
    """Lighthouse as pinned in tests/benchmarks/package-lock.json, installed there with npm on first use."""
    binary = BENCHMARKS / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        # not `npm ci`: one of Lighthouse's dependencies asks for third-party-web@latest, which puts any lock file
        # out of date as soon as a new release is out; --no-save leaves the committed lock file as it is
        progress("installing Lighthouse (npm install in tests/benchmarks)")
        subprocess.run(["npm", "install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=BENCHMARKS,
                       check=True, stdout=subprocess.DEVNULL, timeout=600)
    return binary


def lighthouse_once(binary, url):
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        subprocess.run([str(binary), f"{url}/en/", "--quiet", "--output=json", f"--output-path={report}",
                        "--only-categories=performance,accessibility,best-practices",
                        "--chrome-flags=--headless=new --no-sandbox " + NO_DNS], env=env, check=True, timeout=300)
        data = json.loads(report.read_text())
    scores = {key: round(category["score"] * 100) for key, category in data["categories"].items()}
    audits = data["audits"]
    scores["fcp_ms"] = round(audits["first-contentful-paint"]["numericValue"])
    scores["lcp_ms"] = round(audits["largest-contentful-paint"]["numericValue"])
    scores["tbt_ms"] = round(audits["total-blocking-time"]["numericValue"])
    scores["cls"] = round(audits["cumulative-layout-shift"]["numericValue"], 3)
    return scores


def lighthouse(url, runs):
    """Lighthouse's mobile figures (its own simulated Slow 4G: 150 ms RTT, 1.6 Mbit/s, 4x CPU), median of runs."""
    binary = lighthouse_binary()
    results = [lighthouse_once(binary, url) for _ in range(runs)]
    return {key: statistics.median(run[key] for run in results) for key in results[0]}


def progress(what):
    print(f"... {what}", file=sys.stderr, flush=True)


def verdict(value, budget):
    return "ok" if value <= budget else "OVER BUDGET"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="cold and offline runs (medians are printed)")
    parser.add_argument("--no-lighthouse", dest="lighthouse", action="store_false",
                        help="skip Lighthouse (otherwise installed with npm into tests/benchmarks on first use)")
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="Lighthouse runs (medians are printed)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    server = Server()
    results = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[NO_DNS])
            progress("cold visit bytes")
            results["bytes"] = cold_visit_bytes(browser, server.url)
            progress("Slow 4G cold visits")
            cold = [cold_throttled(browser, server.url) for _ in range(args.runs)]
            results["cold"] = {key: statistics.median(run[key] for run in cold) for key in cold[0]}
            progress("offline starts")
            results["offline"] = offline_start(browser, server.url, args.runs)
            progress("wizard steps")
            results["step"] = step_render(browser, server.url, args.runs)
            browser.close()
        if args.lighthouse:
            progress("Lighthouse")
            results["lighthouse"] = lighthouse(server.url, args.lighthouse_runs)
    finally:
        server.stop()

    if args.json:
        print(json.dumps(results, indent=2))
        return
    b, c, o, s = results["bytes"], results["cold"], results["offline"], results["step"]
    print("Cold first visit (response bodies over the wire, as encoded; response headers apart):")
    print(f"  first paint needs   {b['first_paint']['requests']:3d} requests {b['first_paint']['kb']:7.1f} KB  "
          f"[{verdict(b['first_paint']['kb'], BUDGETS['first_paint_kb'])} <= {BUDGETS['first_paint_kb']} KB]  "
          f"+ {b['first_paint']['headers_kb']:.1f} KB headers  ({', '.join(b['first_paint_files'])})")
    print(f"  rest of the page    {b['after_paint']['requests']:3d} requests {b['after_paint']['kb']:7.1f} KB  "
          f"+ {b['after_paint']['headers_kb']:.1f} KB headers")
    print(f"  service worker      {b['precache']['requests']:3d} requests {b['precache']['kb']:7.1f} KB  "
          f"[{verdict(b['precache']['kb'], BUDGETS['precache_kb'])} <= {BUDGETS['precache_kb']} KB]  "
          f"+ {b['precache']['headers_kb']:.1f} KB headers")
    print(f"  encodings: {', '.join(sorted(set(sum((b[g]['encodings'] for g in ('first_paint', 'after_paint', 'precache')), []))))}")
    lh = results.get("lighthouse")
    if lh:
        print(f"Lighthouse mobile, simulated Slow 4G, {CPU_SLOWDOWN}x CPU (median of {args.lighthouse_runs}):")
        print(f"  first contentful paint, cold {lh['fcp_ms']:7.0f} ms  [{verdict(lh['fcp_ms'], BUDGETS['fcp_cold_ms'])} "
              f"<= 1000 ms]  (LCP {lh['lcp_ms']:.0f} ms, TBT {lh['tbt_ms']:.0f} ms, CLS {lh['cls']})")
        scores = (lh["performance"], lh["accessibility"], lh["best-practices"])
        print(f"  performance / accessibility / best practices  {' / '.join(f'{x:.0f}' for x in scores)}  "
              f"[{'ok' if min(scores) == 100 else 'UNDER BUDGET'} = 100 / 100 / 100]")
    print(f"DevTools Slow 4G (562.5 ms per request), {CPU_SLOWDOWN}x CPU, cold (median of {args.runs}):")
    print(f"  first contentful paint       {c['fcp']:7.0f} ms  (HTML then stylesheet: 1,125 ms of latency alone)")
    print(f"  home ready for a tap         {c['home_ready']:7.0f} ms")
    print(f"  first tap answered           {c['first_tap']:7.0f} ms  (every ruleset's data, from the network or the service worker's cache)")
    print(f"  second tap answered          {c['second_tap']:7.0f} ms")
    print(f"Offline start, {CPU_SLOWDOWN}x CPU (median of {args.runs}):")
    print(f"  first contentful paint, /en/ {o['fcp_home']:7.0f} ms  "
          f"[{verdict(o['fcp_home'], BUDGETS['fcp_offline_ms'])} <= 200 ms]")
    print(f"  same, wizard deep link       {o['fcp_deep_link']:7.0f} ms")
    print(f"  control: one-paragraph page  {o['fcp_control']:7.0f} ms  (this machine's floor for the same measure)")
    print(f"Wizard step render, {CPU_SLOWDOWN}x CPU (median): forward {s['forward']:.1f} ms, back {s['back']:.1f} ms, "
          f"worst {s['worst']:.1f} ms  [{verdict(s['forward'], BUDGETS['step_ms'])} < {FRAME_MS:.1f} ms]")


if __name__ == "__main__":
    main()
