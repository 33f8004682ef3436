"""Shared fixtures: the app, a test client, a live server for the browser, the system Chromium, and the databases
the events API runs on (a temporary SQLite file, a PostgreSQL server the session starts and stops)."""

import os
import shutil
import tempfile
import threading
import uuid
from pathlib import Path

import pytest
from pg_server import PostgresServer
from playwright.sync_api import expect
from werkzeug.serving import make_server

from webapp import create_app
from webapp.i18n.catalogs import compile_catalogs

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
# Headless runs drive Chromium's headless shell when the OS has it (Debian's chromium-headless-shell; Playwright's own
# headless default too): the same engine without the full browser's layers, about a third less CPU per browser test
# on this 2-core machine (docs/performance.md). The full Chromium stays for `--headed` and when $CHROMIUM is set.
HEADLESS_SHELL = next(
    (
        path
        for path in ("/usr/lib/chromium/chromium-headless-shell", shutil.which("chromium-headless-shell"))
        if path and os.access(path, os.X_OK)
    ),
    None,
)
# Chromium must not look up outside hosts: there is no outside network on CI.
NO_DNS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"


# Expectations wait up to 15 s (Playwright's default is 5 s): the suite runs in parallel workers on two cores, where a
# first page load can take longer; an expectation that holds returns at once, so this slows no passing test.
expect.set_options(timeout=15_000)


# Every app the tests make keeps its database and secret key in a temporary folder, never in the repo's instance/.
TEST_INSTANCE = Path(tempfile.mkdtemp(prefix="mjref-tests-"))
os.environ["FLASK_DATABASE_URL"] = f"sqlite:///{TEST_INSTANCE / 'app.sqlite3'}"
os.environ["FLASK_SECRET_KEY"] = "tests-only-secret-key"
# The tests' pages refuse a view's mistake loudly (a counted string formatted whole throws) instead of coping with it.
os.environ["FLASK_STRICT_CLIENT"] = "true"


# Markers come from what a test uses, so none is forgotten: `pytest -m "not browser"` is the fast loop.
BROWSER_FIXTURES = {"page", "context", "browser", "browser_type", "launch_browser", "new_context"}
# Scripts that drive Chromium themselves (the benchmarks) are browser tests too.
BROWSER_SCRIPTS = {"perf.py", "search_bench.py", "log_bench.py", "taps_bench.py", "table_taps_bench.py"}
SLOW_FIXTURES = {"stack", "own_server"}
# Fixtures whose browser context must run the service worker (see browser_context_args).
SERVICE_WORKER_FIXTURES = {"offline_context"}


def uses_postgres(item):
    """A test runs on PostgreSQL when it asks for the server or for a backend parameter named so."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    return "postgres" in item.fixturenames or "postgresql" in params.values()


def pytest_collection_modifyitems(config, items):
    for item in items:
        names = set(item.fixturenames)
        source = getattr(item.function, "__code__", None)
        constants = set(source.co_consts) if source else set()
        if names & BROWSER_FIXTURES or constants & BROWSER_SCRIPTS:
            item.add_marker(pytest.mark.browser)
        if uses_postgres(item):
            item.add_marker(pytest.mark.postgres)
        if names & SLOW_FIXTURES or item.module.__name__ in {"test_benchmarks", "test_sync_crash", "test_sync_bench"}:
            item.add_marker(pytest.mark.slow)


def pytest_configure(config):
    """Compile stale catalogs once, before any app starts: with pytest-xdist the workers would otherwise each write
    the same .mo files while another worker's app reads them."""
    if not hasattr(config, "workerinput"):  # the main process (or the only one), not an xdist worker
        compile_catalogs(ROOT / "translations")


def pytest_unconfigure(config):
    shutil.rmtree(TEST_INSTANCE, ignore_errors=True)


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    database = tmp_path_factory.mktemp("app-db") / "app.sqlite3"
    return create_app({"DATABASE_URL": f"sqlite:///{database}", "SECRET_KEY": "tests-only-secret-key"})


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for the whole session, stopped at the end."""
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def new_database(tmp_path_factory, request):
    """Make an empty database on a backend ("sqlite" or "postgresql") and return its URL."""

    def make(backend):
        name = f"t_{uuid.uuid4().hex[:12]}"
        if backend == "sqlite":
            return f"sqlite:///{tmp_path_factory.mktemp('db') / (name + '.sqlite3')}"
        return request.getfixturevalue("postgres").create_database(name)

    return make


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, pytestconfig):
    """Drive the system Chromium when there is one (Playwright's download is not reachable everywhere): its headless
    shell for headless runs when installed, else the full browser."""
    args = {**browser_type_launch_args, "args": [NO_DNS]}
    headless = not pytestconfig.getoption("headed")
    executable = HEADLESS_SHELL if headless and HEADLESS_SHELL and "CHROMIUM" not in os.environ else CHROMIUM
    if executable:
        args["executable_path"] = executable
    return args


@pytest.fixture
def browser_context_args(browser_context_args, request):
    """A test's browser context runs without the service worker unless the test is marked `service_worker`: installing
    it precaches the app and then fetches the other languages, about half a second of CPU per test that most tests do
    not look at (their subject is the page). Offline, install and update tests mark themselves; a fixture that needs
    the worker (SERVICE_WORKER_FIXTURES) brings it to the tests that use it."""
    allowed = request.node.get_closest_marker("service_worker") or SERVICE_WORKER_FIXTURES & set(request.fixturenames)
    return {**browser_context_args, "service_workers": "allow" if allowed else "block"}


class LiveServer:
    """The real app on an ephemeral port in a thread, counting the requests that reach it.

    `cache_static`: the browser may keep static files for the session instead of asking again on every page load (the
    app says no-cache, as its service worker keeps them; without the worker each page of a test would ask again for
    every module, about 80 requests). Only for a server whose files never change while it runs."""

    def __init__(self, app, cache_static=False):
        self.requests = []
        app.before_request(self._count)
        if cache_static:
            app.after_request(_cache_static_files)
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def _count(self):
        from flask import request

        self.requests.append(request.path)

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def _cache_static_files(response):
    from flask import request

    if request.path.startswith("/static/") and response.status_code in (200, 304):
        response.headers["Cache-Control"] = "max-age=86400"
    return response


@pytest.fixture(scope="session")
def live_server():
    """The app for the browser tests that only read its files (they never change while it runs: see LiveServer)."""
    server = LiveServer(create_app(), cache_static=True)
    yield server
    server.stop()


@pytest.fixture
def own_server():
    """A live server of its own, for tests that stop it."""
    server = LiveServer(create_app())
    yield server
    server.stop()


def wait_offline_ready(page):
    """Wait until the service worker has precached everything and controls the page."""
    expect(page.locator("#offline-status")).to_have_attribute("data-state", "ready", timeout=20000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)


def keep_every_language(page):
    """Tap the footer's "keep every language" (a phone that saves data keeps its own language only) and wait until
    all are."""
    page.click("#keep-languages")
    every_language_kept(page)


def every_language_kept(page, timeout=15000):
    """Wait until every language is kept: a first visit fetches the others in the background once idle (at most
    15 s), unless the browser saves data."""
    expect(page.locator("#offline-languages")).to_have_attribute("data-state", "kept", timeout=timeout)
    expect(page.locator("#offline-languages")).to_have_attribute("data-languages", "en fr it")
    expect(page.locator("#keep-languages")).to_be_hidden()


SAVES_DATA = (
    """Object.defineProperty(NetworkInformation.prototype, 'saveData', { get: () => true, configurable: true });"""
)


def saving_data(context, how="both"):
    """Make a browser context ask to save data: the Save-Data header the server sees ("header"), the browser's own
    navigator.connection.saveData ("client"), or both."""
    if how in ("header", "both"):
        context.set_extra_http_headers({"Save-Data": "on"})
    if how in ("client", "both"):
        context.add_init_script(SAVES_DATA)
    return context


def kept_shells(page):
    """The languages whose shell the service worker's cache holds."""
    return page.evaluate("""async () => {
        const kept = [];
        for (const lang of ['en', 'fr', 'it']) if (await caches.match(`/${lang}/`)) kept.push(lang);
        return kept;
    }""")


@pytest.fixture
def offline_context(context, own_server):
    """A browser context that has visited the app once and kept every language, with the server then stopped."""
    page = context.new_page()
    page.goto(f"{own_server.url}/en/")
    wait_offline_ready(page)
    every_language_kept(page)
    page.close()
    own_server.stop()
    return context, own_server.url


def rulings_after_server_stops(context, server, also=None):
    """Visit once and wait until every language is kept in the background, stop the server, then in a new tab reach
    rulings in every language; return what came from the network.

    `also(page, lang)` runs more checks per language in the same offline tab.
    """
    page = context.new_page()
    page.goto(f"{server.url}/en/")
    wait_offline_ready(page)
    every_language_kept(page)
    server.stop()
    served_by_network = []
    fresh = context.new_page()
    fresh.on("response", lambda r: None if r.from_service_worker else served_by_network.append(r.url))
    for lang in ("en", "fr", "it"):
        fresh.goto(f"{server.url}/{lang}/wrc-2015/")
        for answer in ("attendance", "late"):
            fresh.click(f"#opt-{answer}")
        fresh.fill("#number-input", "4")
        fresh.click("#number-submit")
        expect(fresh.locator("#ruling")).to_have_attribute("data-ruling-id", "r_late")
        fresh.goto(f"{server.url}/{lang}/wrc-2015/ruling/r_cheating")
        expect(fresh.locator("#ruling")).to_have_attribute("data-ruling-id", "r_cheating")
        if also:
            also(fresh, lang)
    fresh.goto(f"{server.url}/")
    expect(fresh.locator("#ruleset-list")).to_be_attached()
    return served_by_network


FAST_EVENTS = {"SECRET_KEY": "tests-only-secret-key", "RATELIMIT_ENABLED": False, "PASSWORD_HASH_PROFILE": "CHEAPEST"}


@pytest.fixture(scope="module")
def server(new_database):
    """The app with an events database of its own (SQLite), for one module's browser tests of shared events: `.app`
    is the app (its database read by the tests), rate limits off, cheap hashes, static files kept by the browser."""
    app = create_app({"DATABASE_URL": new_database("sqlite"), **FAST_EVENTS})
    live = LiveServer(app, cache_static=True)
    live.app = app
    yield live
    live.stop()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def events_app(request, new_database):
    """The app on a fresh database of each backend (the API tests run on both); rate limits off, cheap hashes."""
    app = create_app({"DATABASE_URL": new_database(request.param), **FAST_EVENTS})
    yield app
    app.extensions["events.db"].dispose()


@pytest.fixture
def api(events_app):
    return events_app.test_client()
