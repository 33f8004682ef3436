"""Load test (not a test): the production server (waitress) on loopback, 200 concurrent clients, bounded, printed.

    .venv/bin/python tests/benchmarks/load.py [--clients 200] [--requests 6000] [--time-limit 120] [--short] [--json]

It starts `python -m webapp.web.serve --call webapp:create_app` on a free 127.0.0.1 port, runs a fixed number of
requests (shells, wizard deep links, ruleset data, scripts, the service worker, 404s) from keep-alive clients that
accept compression, then stops the server and prints errors and latency percentiles. It exits 1 on any error.
`--short` is the test suite's run (20 clients, 200 requests): it proves the script still works, not how fast.
"""

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from ports import free_port  # noqa: E402

SERVER_ARGS = ["--threads=8", "--connection-limit=400", "--backlog=1024", "--call", "webapp:create_app"]


def start_server(port, log):
    """Start waitress; its log goes to a file (a pipe nobody reads would fill up and stall the server)."""
    command = [sys.executable, "-m", "webapp.web.serve", "--host=127.0.0.1", f"--port={port}", *SERVER_ARGS]
    process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            sys.exit("waitress stopped: " + log.read().decode())
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, command
        except OSError:
            time.sleep(0.1)
    process.kill()
    sys.exit("waitress did not start within 30 s")


def paths():
    """A mix of what real visitors fetch, with the status each must give."""
    from webapp import create_app

    app = create_app()
    data = sorted(app.extensions["rulesets"].served())  # the rulesets' structure and each language's strings
    return [
        ("/en/", 200),
        ("/fr/wrc-2015/false-win/shown/no", 200),
        ("/it/wrc-2015/ruling/r_cheating", 200),
        ("/static/js/app/main.js", 200),
        ("/static/js/app/controller.js", 200),
        ("/static/css/app.css", 200),
        ("/sw.js", 200),
        ("/fr/manifest.webmanifest", 200),
        ("/", 302),
        ("/en/no-such-ruleset/", 404),
        *[(url, 200) for url in data],
    ]


class Budget:
    """The fixed number of requests, handed out one at a time to whichever client asks."""

    def __init__(self, total):
        self.left = iter(range(total))
        self.lock = threading.Lock()

    def __next__(self):
        with self.lock:
            return next(self.left)


class Client(threading.Thread):
    """One visitor on a keep-alive connection, taking requests from the shared budget until it is spent."""

    def __init__(self, port, budget, mix, deadline, results):
        super().__init__(daemon=True)
        self.port, self.budget, self.mix, self.deadline, self.results = port, budget, mix, deadline, results
        self.connection = None

    def request(self, path, expected):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        start = time.perf_counter()
        try:
            self.connection.request("GET", path, headers={"Accept-Encoding": "br, gzip", "Accept-Language": "fr"})
            response = self.connection.getresponse()
            response.read()
            elapsed = time.perf_counter() - start
            if response.status != expected:
                return elapsed, f"{path}: HTTP {response.status}"
            if response.will_close:
                self.connection.close()
                self.connection = None
            return elapsed, None
        except (OSError, http.client.HTTPException) as error:
            self.connection.close()
            self.connection = None
            return time.perf_counter() - start, f"{path}: {type(error).__name__}: {error}"

    def run(self):
        while time.monotonic() < self.deadline:
            try:
                index = next(self.budget)
            except StopIteration:
                break
            path, expected = self.mix[index % len(self.mix)]
            self.results.append(self.request(path, expected))
        if self.connection is not None:
            self.connection.close()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=6000, help="total requests (fixed)")
    parser.add_argument("--time-limit", type=float, default=120, help="seconds before the run is cut short")
    parser.add_argument("--short", action="store_true", help="a short run (20 clients, 200 requests), as the tests do")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.short:
        args.clients, args.requests = 20, 200

    mix = paths()
    port = free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115 - the server writes to it for the whole run; read after it stops
    process, command = start_server(port, log)
    results = []
    try:
        shared = Budget(args.requests)
        start = time.monotonic()
        deadline = start + args.time_limit
        clients = [Client(port, shared, mix, deadline, results) for _ in range(args.clients)]
        for client in clients:
            client.start()
        for client in clients:
            client.join(max(0.1, deadline + 35 - time.monotonic()))
        wall = time.monotonic() - start
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()

    log.seek(0)
    server_log = log.read().decode(errors="replace").splitlines()
    log.close()
    done = list(results)
    errors = [error for _, error in done if error]
    latencies = [elapsed * 1000 for elapsed, _ in done]
    if args.json:
        print(
            json.dumps(
                {
                    "clients": args.clients,
                    "requested": args.requests,
                    "done": len(done),
                    "seconds": round(wall, 3),
                    "errors": errors,
                    "latency_ms": {
                        f"p{int(p * 100)}": round(percentile(latencies, p), 1) for p in (0.5, 0.9, 0.95, 0.99)
                    }
                    if latencies
                    else {},
                },
                indent=2,
            )
        )
        sys.exit(1 if errors or len(done) < args.requests else 0)
    print(f"server: {' '.join(Path(command[0]).name if i == 0 else part for i, part in enumerate(command))}")
    print(
        f"clients: {args.clients} concurrent, loopback, keep-alive, Accept-Encoding: br, gzip; CPUs: {os.cpu_count()}"
    )
    print(
        f"requests: {len(done)} of {args.requests} in {wall:.1f} s ({len(done) / wall:.0f}/s)"
        f"{'  CUT SHORT by the time limit' if len(done) < args.requests else ''}"
    )
    print(f"errors: {len(errors)}")
    queue_warnings = [line for line in server_log if "Task queue depth" in line]
    print(
        f"server log: {len(server_log)} lines, {len(queue_warnings)} 'task queue depth' warnings"
        f"{' (' + queue_warnings[-1].strip() + ')' if queue_warnings else ''}"
    )
    for error in sorted(set(errors))[:10]:
        print(f"  {error} (x{errors.count(error)})")
    if latencies:
        print(
            "latency ms: "
            + ", ".join(f"p{int(p * 100)} {percentile(latencies, p):.1f}" for p in (0.5, 0.9, 0.95, 0.99))
            + f", max {max(latencies):.1f}, mean {statistics.fmean(latencies):.1f}"
        )
    sys.exit(1 if errors or len(done) < args.requests else 0)


if __name__ == "__main__":
    main()
