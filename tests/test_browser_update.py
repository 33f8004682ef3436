"""A real service-worker update: version A is served, content changes, the user switches to version B without loss."""

import re
import shutil

import pytest
import stored as store
from act_form import choose, fill_details, record_only
from conftest import LiveServer, kept_shells, saving_data, wait_offline_ready
from helpers import ROOT
from playwright.sync_api import expect

from webapp import create_app

pytestmark = pytest.mark.service_worker  # every test here is about the worker


def test_update_keeps_data_and_state(context, tmp_path):
    saving_data(context)  # a phone that saves data keeps the languages it opened: the update keeps those, no other
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
        page.click("#seat-1")
        page.fill("#seat-1-table", "33000")
        page.press("#seat-1-table", "Enter")  # kept as it is typed: no save button
        expect(page.locator("#history li")).to_have_count(1)
        page.goto(f"{server.url}/en/log")
        page.goto(f"{server.url}/en/wrc-2015/ruling/r_cheating")
        record_only(page, "Frank")
        page.goto(f"{server.url}/it/wrc-2015/")  # opened online: Italian is kept offline too, and after the update
        expect(page.locator("#question")).to_be_visible()

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
        assert kept_shells(page) == ["en", "it"], "the update keeps the languages kept before, and no other"
        css_now = page.evaluate("fetch('/static/css/app.css').then((r) => r.text())")
        assert ".update-marker" in css_now
        page.goto(f"{server.url}/en/wrc-2015/table")
        expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "33000")
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
    page.wait_for_function(
        "() => JSON.parse(document.getElementById('app-config').textContent).version !== 'older'", timeout=20000
    )
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


LAZY = [
    "screens/ruling.js",
    "screens/table.js",
    "screens/log.js",
    "views/table.js",
    "views/log.js",
    "screens/finder.js",
    "services/health.js",
    "logic/log-file.js",
]


def modules_loaded(page):
    return page.evaluate(
        "() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/static/js/'))"
    )


def test_update_keeps_unsaved_input_in_another_tab(context, tmp_path):
    """Bug 3 of issue 13: "Update now" in one tab reloaded every tab, and a name and a note typed in another were lost.
    Now the tab with unsaved input stays on its version (holding every file it may need), says an update is ready,
    and updates itself once its input is saved."""
    static = tmp_path / "static"
    shutil.copytree(ROOT / "webapp" / "static", static)
    app = create_app()
    app.static_folder = str(static)
    server = LiveServer(app)
    try:
        a = context.new_page()
        a.goto(f"{server.url}/en/")
        wait_offline_ready(a)
        b = context.new_page()
        b.goto(f"{server.url}/en/wrc-2015/ruling/r_cheating")
        expect(b.locator("#ruling")).to_be_visible()
        version_a = b.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).version")
        choose(b, "away", "Grace")
        fill_details(b, note="typed, not saved yet")
        b_loads = []
        b.on("load", lambda: b_loads.append(b.url))

        css = static / "css" / "app.css"
        css.write_text(css.read_text() + "\n.update-marker { color: inherit; }\n")
        app.extensions.pop("precache")
        a.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        expect(a.locator("#update-banner")).to_be_visible(timeout=20000)
        expect(b.locator("#update-banner")).to_have_attribute("data-state", "available", timeout=20000)
        held = modules_loaded(b)
        for name in LAZY:  # imported before the update was offered, while this version's cache still existed
            assert any(url.endswith(f"/static/js/{name}") for url in held), name

        with a.expect_navigation():
            a.click("#update-button")
        a.wait_for_function("caches.keys().then((keys) => keys.length === 1)")
        expect(b.locator("#update-banner")).to_have_attribute("data-state", "waiting-input")
        expect(b.locator("#act-player")).to_have_value("Grace")
        expect(b.locator("#act-note")).to_have_value("typed, not saved yet")
        assert b_loads == [], "the tab holding input was not reloaded"
        # Every screen of its own version is already in the page: importing them fetches nothing from the new one.
        count = len(modules_loaded(b))
        b.evaluate("(names) => Promise.all(names.map((name) => import(`/static/js/${name}`)))", LAZY)
        assert len(modules_loaded(b)) == count

        # Saved: nothing left to lose, so it takes the update (a load: the action's own history entry, renewed on
        # saving, is a navigation within the page).
        with b.expect_event("load", timeout=20000):
            b.click("#act-record-only")
        expect(b.locator("#ruling")).to_be_visible()
        assert b.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).version") != version_a
        assert [incident["player"] for incident in store.incidents(b).values()] == ["Grace"]
        assert store.incidents(b).popitem()[1]["note"] == "typed, not saved yet"
    finally:
        server.stop()


def test_the_tab_that_taps_update_keeps_what_was_typed_in_it(context, tmp_path):
    """Issue 28, 2: the tab whose referee taps "Update now" reloaded at once and lost a record form's name and note.
    It now updates and shows the form again with what was typed, ready to be saved."""
    static = tmp_path / "static"
    shutil.copytree(ROOT / "webapp" / "static", static)
    app = create_app()
    app.static_folder = str(static)
    server = LiveServer(app)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/en/wrc-2015/ruling/r_cheating")
        wait_offline_ready(page)
        page.reload()  # now controlled by its worker: the update is one the referee accepts
        expect(page.locator("#ruling")).to_be_visible()
        version_a = page.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).version")
        choose(page, "away", "Hana")
        fill_details(page, note="typed in the updating tab")
        css = static / "css" / "app.css"
        css.write_text(css.read_text() + "\n.update-marker { color: inherit; }\n")
        app.extensions.pop("precache")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        expect(page.locator("#update-banner")).to_have_attribute("data-state", "available", timeout=20000)
        with page.expect_navigation(timeout=20000):
            page.click("#update-button")
        expect(page.locator("#ruling")).to_be_visible()
        assert page.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).version") != version_a
        expect(page.locator("#act-player")).to_have_value("Hana")
        expect(page.locator("#act-note")).to_have_value("typed in the updating tab")
        page.click("#act-record-only")
        expect(page.locator("#act-result")).to_have_attribute("data-mode", "record")
        saved = list(store.incidents(page).values())
        assert [(incident["player"], incident["note"]) for incident in saved] == [("Hana", "typed in the updating tab")]
    finally:
        server.stop()


def test_update_now_keeps_every_open_editors_input(browser, tmp_path):
    """Issue 35: "Update now" reloaded and silently dropped what was typed in editors opened by a tap (the seat sheet,
    the log's incident editor, the roster's rename). Three tabs, each with one such editor open and typed in: each
    taps "Update now", and comes back on the new version with its editor open and what was typed in it."""
    static = tmp_path / "static"
    shutil.copytree(ROOT / "webapp" / "static", static)
    app = create_app()
    app.static_folder = str(static)
    server = LiveServer(app)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        base = server.url
        first = context.new_page()
        first.goto(f"{base}/en/wrc-2015/ruling/r_cheating")
        wait_offline_ready(first)
        record_only(first, "Ann")
        [(incident_id, _)] = store.incidents(first).items()
        [ann] = [id for id, item in store.items(first, "player").items() if item["data"]["name"] == "Ann"]
        first.close()
        version_a = None

        table = context.new_page()
        table.goto(f"{base}/en/wrc-2015/table")
        table.locator("#seat-1").tap()
        table.fill("#seat-1-name", "Typed Seat")  # not kept yet: no Enter, the field not left
        log = context.new_page()
        log.goto(f"{base}/en/log")
        log.locator(f"#edit-{incident_id}").tap()
        log.fill(f"#edit-{incident_id}-note", "typed in the log's editor")
        roster = context.new_page()
        roster.goto(f"{base}/en/roster")
        roster.locator(f"#rename-{ann}").tap()
        roster.fill(f"#edit-player-{ann}-name", "Anna typed")
        version_a = table.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).version")

        css = static / "css" / "app.css"
        css.write_text(css.read_text() + "\n.update-marker { color: inherit; }\n")
        app.extensions.pop("precache")
        table.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        for page in (table, log, roster):
            expect(page.locator("#update-banner")).to_be_visible(timeout=20000)
        with table.expect_navigation(timeout=20000):
            table.locator("#update-button").tap()
        for page in (log, roster):  # the new version took over: a tab holding typed input waits for its referee
            expect(page.locator("#update-banner")).to_have_attribute("data-state", "waiting-input", timeout=20000)
            with page.expect_navigation(timeout=20000):
                page.locator("#update-button").tap()
        for page in (table, log, roster):
            new = page.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).version")
            assert new != version_a
        expect(table.locator("#seat-1-name")).to_have_value("Typed Seat")
        expect(log.locator(f"#edit-{incident_id}-note")).to_have_value("typed in the log's editor")
        expect(roster.locator(f"#edit-player-{ann}-name")).to_have_value("Anna typed")
        # Nothing was saved behind the referee's back, and each editor still saves.
        assert store.item(roster, "player", ann)["data"]["name"] == "Ann"
        roster.locator(f"#edit-player-{ann}-save").tap()
        expect(roster.locator(f'li[data-player-id="{ann}"] .roster-name strong')).to_have_text("Anna typed")
    finally:
        context.close()
        server.stop()
