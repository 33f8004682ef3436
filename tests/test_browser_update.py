"""A real service-worker update: version A is served, content changes, the user switches to version B without loss."""
import re
import shutil

from playwright.sync_api import expect

from conftest import LiveServer, wait_offline_ready
from helpers import ROOT
from webapp import create_app


def test_update_keeps_data_and_state(context, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(ROOT / "webapp" / "static", static)
    app = create_app()
    app.static_folder = str(static)
    server = LiveServer(app)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/en/wrc-2015/table")
        wait_offline_ready(page)
        version_a = page.evaluate("caches.keys()")
        page.fill("#seat-1-table", "33000")
        page.fill("#seat-0-table", "27000")
        page.click("#table-save")
        expect(page.locator("#history li")).to_have_count(1)
        page.goto(f"{server.url}/en/log")
        page.goto(f"{server.url}/en/wrc-2015/ruling/r_cheating")
        page.click("#record-open")
        page.fill("#record-player", "Frank")
        page.click("#record-save")
        expect(page.locator("#record-done")).to_be_visible()

        # Version B: any change to the content gives a new service worker and a new cache.
        css = static / "css" / "app.css"
        css.write_text(css.read_text() + "\n.update-marker { color: inherit; }\n")
        app.extensions.pop("precache")
        page.goto(f"{server.url}/en/wrc-2015/false-win/shown")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        expect(page.locator("#update-banner")).to_be_visible(timeout=20000)
        assert page.evaluate("caches.keys()") != [] and version_a[0] in page.evaluate("caches.keys()")
        with page.expect_navigation():
            page.click("#update-button")
        expect(page.locator("#question")).to_be_visible()
        assert page.url.endswith("/en/wrc-2015/false-win/shown"), "the wizard step survives the switch"
        page.wait_for_function("caches.keys().then((keys) => keys.length === 1)")
        assert page.evaluate("caches.keys()") != version_a, "the old cache is gone, a new one serves"
        css_now = page.evaluate("fetch('/static/css/app.css').then((r) => r.text())")
        assert ".update-marker" in css_now
        page.goto(f"{server.url}/en/wrc-2015/table")
        expect(page.locator("#seat-1-table")).to_have_value("33000")
        page.goto(f"{server.url}/en/log")
        expect(page.locator("#incidents li.incident")).to_have_count(1)
    finally:
        server.stop()


def test_first_visit_reloads_when_its_worker_is_another_version(context, live_server):
    """A version deployed between a first page and its worker's install: the page reloads into the worker's version
    rather than mix its files with the newer ones."""
    page = context.new_page()
    loads = []
    page.on("load", lambda: loads.append(page.url))

    def older_first_page(route):
        body = re.sub(r'"version": "[0-9a-f]+"', '"version": "older"', route.fetch().text())
        route.fulfill(body=body, headers={"content-type": "text/html; charset=utf-8"})
        page.unroute(f"{live_server.url}/en/")

    page.route(f"{live_server.url}/en/", older_first_page)
    page.goto(f"{live_server.url}/en/")
    page.wait_for_function("() => JSON.parse(document.getElementById('app-config').textContent).version !== 'older'",
                           timeout=20000)
    wait_offline_ready(page)
    assert len(loads) == 2


def test_first_visit_of_the_same_version_does_not_reload(context, live_server):
    page = context.new_page()
    loads = []
    page.on("load", lambda: loads.append(page.url))
    page.goto(f"{live_server.url}/en/")
    wait_offline_ready(page)
    page.wait_for_timeout(500)
    assert len(loads) == 1
