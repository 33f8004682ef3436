"""The static export: every file on disk, compressed copies, and the offline test against a plain static server."""

import functools
import gzip
import http.server
import threading
from pathlib import Path

import pytest
from conftest import rulings_after_server_stops
from playwright.sync_api import expect

from webapp.web.export import STATIC_EXPORT, export_site, file_for
from webapp.web.precache import precache_manifest, precache_plan, static_urls

LANGS = ["en", "fr", "it"]


@pytest.fixture(scope="module")
def site(app, tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    export_site(app, target)
    return target


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static host: files as they are, and the root 404.html for anything missing (as GitHub Pages does)."""

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class StaticServer:
    """The exported directory behind Python's own static file server, on an ephemeral loopback port."""

    def __init__(self, directory):
        handler = functools.partial(StaticHandler, directory=str(directory))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def stop(self):
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


@pytest.fixture
def static_server(site):
    server = StaticServer(site)
    yield server
    server.stop()


def test_export_holds_every_precached_url(app, client, site):
    with app.test_request_context():
        _, urls = precache_manifest()
        plan = precache_plan()
        statics = static_urls()
    for url in [*urls, *statics, plan.bundle_url, "/sw.js"]:
        path = site / file_for(url)
        assert path.is_file(), url
        with client.get(url, environ_base={STATIC_EXPORT: True}) as response:
            assert path.read_bytes() == response.get_data(), url
    for lang in LANGS:
        assert (site / lang / "index.html").is_file()
        assert f'<html lang="{lang}">' in (site / lang / "404.html").read_text()
    assert 'id="not-found"' in (site / "404.html").read_text()
    assert 'id="choose-language"' in (site / "index.html").read_text()


def test_only_the_server_offers_sync(client, site):
    """The page tells the client whether there is an API to sync with: a static copy has none."""
    served = client.get("/en/").get_data(as_text=True)
    assert '"sync": {"api": "/api"}' in served or '"sync":{"api":"/api"}' in served
    for lang in LANGS:
        assert '"sync"' not in (site / lang / "index.html").read_text()


def test_export_writes_compressed_copies(site):
    texts = [p for p in site.rglob("*") if p.suffix in {".html", ".js", ".css", ".json", ".webmanifest"}]
    assert len(texts) > 20
    for path in texts:
        if path.stat().st_size >= 256:
            assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), path
    assert not list(site.rglob("*.png.gz"))


def test_export_never_deletes_a_foreign_directory(app, tmp_path):
    keep = tmp_path / "keep.txt"
    keep.write_text("mine")
    runner = app.test_cli_runner()
    result = runner.invoke(args=["export", str(tmp_path)])
    assert result.exit_code != 0
    assert keep.read_text() == "mine"


def test_export_command_replaces_an_earlier_export(app, tmp_path):
    runner = app.test_cli_runner()
    target = tmp_path / "out"
    assert runner.invoke(args=["export", str(target)]).exit_code == 0
    (target / "stale.js").write_text("old")
    result = runner.invoke(args=["export", str(target)])
    assert result.exit_code == 0, result.output
    assert not (target / "stale.js").exists()
    assert (target / "sw.js").is_file() and (target / "en" / "index.html").is_file()


@pytest.mark.service_worker
def test_exported_site_works_offline(context, static_server):
    """First visit on the static host, stop it, open a new tab: rulings in every language, nothing from the network."""

    def also(page, lang):
        assert page.get_attribute("html", "lang") == lang
        page.goto(f"{static_server.url}/{lang}/no-such-ruleset/x")
        expect(page.locator("#not-found")).to_be_visible()

    assert rulings_after_server_stops(context, static_server, also) == []


@pytest.mark.service_worker
def test_exported_site_deep_link_on_first_visit(page, static_server):
    """A wizard URL the host does not have: its 404.html hands over to the service worker, which serves the shell."""
    page.goto(f"{static_server.url}/fr/wrc-2015/false-win/shown/no")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_false_win_shown", timeout=20000)
    assert page.get_attribute("html", "lang") == "fr"


def test_exported_root_picks_the_language(browser, static_server):
    context = browser.new_context(locale="it-IT")
    try:
        page = context.new_page()
        page.goto(f"{static_server.url}/")
        page.wait_for_url(f"{static_server.url}/it/")
        expect(page.locator("#ruleset-list")).to_be_attached()
    finally:
        context.close()


def test_exported_unknown_path_outside_a_language_is_not_found(page, static_server):
    page.goto(f"{static_server.url}/nowhere/at/all")
    expect(page.locator("#not-found")).to_be_visible()
    expect(page.locator("#fallback-loading")).to_be_hidden()


@pytest.mark.service_worker
def test_exported_site_has_sync_off(page, static_server):
    """No server behind a static copy: the event screen and the join page say sync is off and offer nothing that
    would call one; home offers no event screen."""
    page.goto(f"{static_server.url}/en/event")
    expect(page.locator("#sync-off")).to_be_visible(timeout=20000)
    expect(page.locator("#event-create-form")).to_have_count(0)
    expect(page.locator("#event-new-form")).to_be_attached()  # a new event is this phone's own: nothing to share it on
    expect(page.locator("#event-new-share")).to_have_count(0)
    page.goto(f"{static_server.url}/en/join#some-invite.secret")
    expect(page.locator("#sync-off")).to_be_visible(timeout=20000)
    expect(page.locator("#join-form")).to_have_count(0)
    page.goto(f"{static_server.url}/en/azrm-2026/")
    expect(page.locator("#question")).to_be_visible(timeout=20000)  # a chosen ruleset: home shows its tools
    page.goto(f"{static_server.url}/en/")
    expect(page.locator("#home-log-link")).to_be_visible()
    expect(page.locator("#home-event-link")).to_have_count(0)
