"""End to end in a real Chromium: reach rulings in each language, online, offline, installable, accessible."""

import re

import pytest
from act_form import act, choose, open_details
from axe_check import Axe
from conftest import (
    every_language_kept,
    keep_every_language,
    kept_shells,
    rulings_after_server_stops,
    saving_data,
    wait_offline_ready,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from webapp.i18n.ui_strings import client_strings

LANGS = ["en", "fr", "it"]


def walk(page, *answers):
    for answer in answers:
        page.click(f"#opt-{answer}")


@pytest.mark.parametrize("lang", LANGS)
def test_reach_a_ruling_in_each_language(page, live_server, lang):
    page.goto(f"{live_server.url}/{lang}/")
    assert page.get_attribute("html", "lang") == lang
    page.click("#ruleset-wrc-2015")
    walk(page, "false-win", "shown", "no")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_false_win_shown")
    expect(page.locator("#ruling")).to_have_attribute("data-penalty", "chombo")
    assert re.search(rf"/{lang}/wrc-2015/false-win/shown/no$", page.url)
    for block in ("#scores", "#next-steps", "#section", "#exceptions"):
        expect(page.locator(block)).to_be_visible()


def test_choice_of_ruleset_is_remembered(page, live_server):
    page.goto(f"{live_server.url}/en/")
    page.click("#ruleset-wrc-2015")
    expect(page.locator("#question")).to_be_visible()
    page.goto(f"{live_server.url}/en/")
    expect(page.locator("#current-ruleset")).to_be_visible()
    page.click("#start")
    expect(page.locator("#opt-false-win")).to_be_visible()


def test_back_and_start_over(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/")
    walk(page, "call", "empty")
    page.click("#back")
    expect(page.locator("#opt-empty")).to_be_visible()
    walk(page, "empty", "meld")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_empty_meld")
    page.go_back()
    expect(page.locator("#opt-meld")).to_be_visible()
    page.click("#start-over")
    assert page.url.endswith("/en/wrc-2015/")
    expect(page.locator("#opt-false-win")).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_answer_trail_is_labelled_in_the_page_language(page, live_server, lang):
    """The trail of answers is a list named for screen readers by the page's own "Your answers" string."""
    page.goto(f"{live_server.url}/{lang}/wrc-2015/call/empty")
    label = page.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).strings.your_answers")
    assert label
    expect(page.locator("#trail")).to_have_attribute("aria-label", label)
    page.click("#opt-meld")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_empty_meld")
    expect(page.locator("#trail")).to_have_attribute("aria-label", label)


@pytest.mark.parametrize(
    "typed,error", [("", True), ("ten", True), ("-3", True), ("0", True), ("99999", True), ("12", False)]
)
def test_number_question(page, live_server, typed, error):
    page.goto(f"{live_server.url}/en/wrc-2015/attendance/late")
    before = page.url
    page.fill("#number-input", typed)
    page.click("#number-submit")
    if error:
        expect(page.locator("#number-error")).to_be_visible()
        expect(page.locator("#number-input")).to_have_attribute("aria-invalid", "true")
        assert page.url == before
    else:
        expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_late_substituted")


def module_requests(page):
    return {
        name.split("/static/js/")[1]
        for name in page.evaluate("() => performance.getEntriesByType('resource').map((entry) => entry.name)")
        if "/static/js/" in name
    }


def test_home_loads_only_the_modules_of_the_first_steps(page, live_server):
    """The ruling, table, log and search screens are fetched on first use, not to show home."""
    page.goto(f"{live_server.url}/en/")
    expect(page.locator("#ruleset-wrc-2015")).to_be_visible()
    # A navigated home is in the page before the modules arrive: wait until the first steps' modules have come.
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/views/question.js'))"
    )
    loaded = module_requests(page)
    assert {"app/main.js", "app/controller.js", "views/home.js", "views/question.js"} <= loaded
    assert not loaded & {
        "views/ruling.js",
        "views/act.js",
        "views/table.js",
        "views/log.js",
        "screens/finder.js",
        "logic/calculator.js",
        "logic/search.js",
        "logic/log.js",
        "logic/log-file.js",
        "screens/ruling.js",
        "screens/table.js",
        "screens/log.js",
        "services/table.js",
        "services/log.js",
    }
    page.click("#ruleset-wrc-2015")
    expect(page.locator("#opt-false-win")).to_be_visible()
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/views/act.js'))"
    )
    walk(page, "false-win", "shown", "no")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_false_win_shown")


def test_a_screen_that_cannot_load_says_so(browser, live_server):
    """When a screen's module cannot be fetched (offline before the app was cached), the page says so."""
    page = browser.new_context(service_workers="block").new_page()  # its cache would serve the module
    page.route("**/static/js/views/ruling.js", lambda route: route.abort())
    page.goto(f"{live_server.url}/en/wrc-2015/ruling/r_false_win_shown")
    expect(page.locator("#load-error")).to_be_visible()
    expect(page.locator("#ruling")).to_have_count(0)
    page.context.close()


def test_the_app_that_cannot_load_says_so(browser, live_server):
    """If the app's own module cannot be fetched, the page says so instead of loading for ever."""
    page = browser.new_context(service_workers="block").new_page()
    page.route("**/static/js/app/app.js", lambda route: route.abort())
    page.goto(f"{live_server.url}/fr/")
    expect(page.locator("#loading")).to_have_attribute("data-state", "error")
    message = page.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).strings.load_error")
    expect(page.locator("#loading")).to_have_text(message)
    page.context.close()


def test_only_the_latest_of_two_quick_renders_is_shown(browser, live_server):
    """A slow screen asked for first never replaces the one asked for after it."""
    page = browser.new_context(service_workers="block").new_page()  # its cache would answer at once
    held = []
    page.route("**/static/js/screens/finder.js", lambda route: held.append(route))  # the browse screen's module hangs
    page.goto(f"{live_server.url}/en/wrc-2015/")
    expect(page.locator("#opt-false-win")).to_be_visible()
    page.evaluate(
        "() => { history.pushState({}, '', '/en/wrc-2015/browse'); dispatchEvent(new PopStateEvent('popstate')); }"
    )
    page.click("#opt-false-win")
    expect(page.locator("#opt-shown")).to_be_visible()
    assert held, "the browse screen's module was asked for"
    for route in held:
        route.continue_()
    page.wait_for_timeout(300)
    expect(page.locator("#opt-shown")).to_be_visible()
    assert page.url.endswith("/en/wrc-2015/false-win")
    page.context.close()


def test_deep_link_to_a_ruling(page, live_server):
    page.goto(f"{live_server.url}/it/wrc-2015/ruling/r_noten_riichi_dead_hand")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_noten_riichi_dead_hand")
    page.click("#back")
    expect(page.locator("#opt-yes-shown")).to_be_visible()


def test_language_switch_keeps_the_step(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/")
    page.goto(f"{live_server.url}/en/wrc-2015/false-win/shown/no")
    expect(page.locator("#ruling")).to_be_visible()  # the page's scripts run (a tap before them is a plain link)
    entries = page.evaluate("history.length")
    page.click("#lang-fr")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_false_win_shown")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.evaluate("history.length") == entries  # the switch replaced the entry: Back does not switch back
    page.go_back()
    expect(page.locator("#question")).to_be_visible()
    assert page.url == f"{live_server.url}/en/wrc-2015/"


@pytest.mark.parametrize("worker", ["allow", "block"])
def test_root_opens_the_language_chosen_last(browser, live_server, worker):
    """After the referee taps Italiano, `/` opens Italian, from the server and from the service worker alike, whatever
    the browser's language; before any choice it follows the browser's."""
    context = browser.new_context(locale="fr-FR", service_workers=worker)
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    assert page.url == f"{live_server.url}/fr/"
    if worker == "allow":
        wait_offline_ready(page)
    page.click("#lang-it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.goto(f"{live_server.url}/")
    assert page.url == f"{live_server.url}/it/"
    if worker == "allow":
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        before = len(live_server.requests)
        page.goto(f"{live_server.url}/")
        assert page.url == f"{live_server.url}/it/" and "/" not in live_server.requests[before:]  # the worker answered
    context.close()


def test_user_interface_fits_320px(page, live_server):
    page.set_viewport_size({"width": 320, "height": 640})
    for path in ("/fr/", "/fr/wrc-2015/", "/it/wrc-2015/false-win/shown/no", "/it/wrc-2015/attendance/late"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_selector(".screen-heading")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, path


@pytest.mark.service_worker
def test_offline_after_one_visit(context, own_server):
    """Load once and wait until every language is kept, stop the server, open a new tab: every language still gives
    rulings, all from the service worker."""
    assert rulings_after_server_stops(context, own_server) == []


@pytest.mark.service_worker
def test_every_language_opens_offline_after_one_visit_to_english(context, own_server, app):
    """One visit to /en/, no tap: once the app is idle the other languages are fetched in the background (the footer
    says so); with the server stopped, /fr/ and /it/ open in a new tab in their own language."""
    page = context.new_page()
    page.goto(f"{own_server.url}/en/")
    wait_offline_ready(page)
    every_language_kept(page, timeout=15000)
    assert kept_shells(page) == ["en", "fr", "it"]
    own_server.stop()
    served_by_network = []
    fresh = context.new_page()
    fresh.on("response", lambda r: None if r.from_service_worker else served_by_network.append(r.url))
    for lang in ("fr", "it"):
        fresh.goto(f"{own_server.url}/{lang}/")
        assert fresh.get_attribute("html", "lang") == lang
        with app.test_request_context(f"/{lang}/"):
            app.preprocess_request()
            ready_text = client_strings()["offline_ready"]
        expect(fresh.locator("#offline-status")).to_have_text(ready_text)  # the string of that language's catalog
        expect(fresh.locator("#offline-languages")).to_have_attribute("data-languages", "en fr it")
    assert served_by_network == []


@pytest.mark.parametrize("how", ["header", "client"])
@pytest.mark.service_worker
def test_a_phone_that_saves_data_fetches_no_other_language(context, own_server, how):
    """Save-Data (the header, seen by the server, or navigator.connection.saveData): after the first visit's precache
    nothing more is fetched, and the footer keeps its button."""
    saving_data(context, how)
    page = context.new_page()
    page.goto(f"{own_server.url}/en/")
    wait_offline_ready(page)
    expect(page.locator("#offline-languages")).to_have_attribute("data-languages", "en")
    before = len(own_server.requests)
    page.wait_for_timeout(4500)  # longer than the background's wait for an idle moment (3 s at most)
    others = [path for path in own_server.requests[before:] if path.startswith(("/fr", "/it", "/data/fr", "/data/it"))]
    assert others == []
    assert kept_shells(page) == ["en"]
    expect(page.locator("#keep-languages")).to_be_visible()
    assert page.get_attribute("#offline-languages", "data-state") is None


@pytest.mark.service_worker
def test_a_first_visit_that_saves_data_keeps_its_own_language_and_says_when_another_is_not_kept(context, own_server):
    """One visit in French that saves data keeps French only; offline, an Italian page opens French home, which says
    Italian is not kept, and the URL loses the mark; once Italian was opened online it works offline too."""
    saving_data(context)
    page = context.new_page()
    page.goto(f"{own_server.url}/fr/")
    wait_offline_ready(page)
    expect(page.locator("#offline-languages")).to_have_attribute("data-languages", "fr")
    expect(page.locator("#keep-languages")).to_be_visible()
    assert kept_shells(page) == ["fr"]
    context.set_offline(True)
    offline = context.new_page()
    offline.goto(f"{own_server.url}/it/wrc-2015/attendance")
    expect(offline.locator("#offline-languages")).to_have_attribute("data-missing", "it")
    assert offline.url == f"{own_server.url}/fr/"
    assert offline.get_attribute("html", "lang") == "fr"
    expect(offline.locator("#ruleset-wrc-2015")).to_be_visible()
    expect(offline.locator("#offline-languages .offline-languages-text")).not_to_be_empty()
    context.set_offline(False)
    offline.goto(f"{own_server.url}/it/wrc-2015/")
    expect(offline.locator("#question")).to_be_visible()
    assert kept_shells(offline) == ["fr", "it"]
    context.set_offline(True)
    again = context.new_page()
    again.goto(f"{own_server.url}/it/wrc-2015/ruling/r_cheating")
    expect(again.locator("#ruling")).to_have_attribute("data-ruling-id", "r_cheating")
    assert again.get_attribute("html", "lang") == "it"


@pytest.mark.service_worker
def test_keeping_every_language_fails_with_a_message_and_can_be_tried_again(context, own_server):
    """On a phone that saves data, offline, "keep every language" says it failed and keeps what was kept; online
    again, it works."""
    saving_data(context)
    page = context.new_page()
    page.goto(f"{own_server.url}/en/")
    wait_offline_ready(page)
    context.set_offline(True)
    page.click("#keep-languages")
    expect(page.locator("#offline-languages")).to_have_attribute("data-state", "failed")
    assert kept_shells(page) == ["en"]
    context.set_offline(False)
    keep_every_language(page)
    assert kept_shells(page) == ["en", "fr", "it"]


@pytest.mark.service_worker
def test_cached_shell_has_no_module_preloads(context, live_server):
    """The page loaded over the network hints its modules in its head; the service worker's copy does not, and its
    bootstrap asks for every module at once after the first paint."""
    page = context.new_page()
    page.goto(f"{live_server.url}/en/")
    wait_offline_ready(page)
    modules = page.evaluate("() => JSON.parse(document.getElementById('app-modules').textContent)")
    assert "/static/js/app/app.js" in modules and "/static/js/views/home.js" in modules
    assert page.locator("link[rel=modulepreload]").count() == len(modules)
    cached = page.evaluate("async () => (await (await caches.match('/en/')).text())")
    assert 'id="app-config"' in cached and "modulepreload" not in cached
    fresh = context.new_page()
    fresh.goto(f"{live_server.url}/en/")
    expect(fresh.locator("#ruleset-wrc-2015")).to_be_visible()
    hinted = fresh.evaluate(
        "() => [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))"
    )
    assert sorted(hinted) == sorted(modules)


@pytest.mark.service_worker
def test_static_files_come_straight_from_the_cache(context, live_server):
    """Where static routing exists (Chromium), styles, scripts and data skip the service worker's script."""
    page = context.new_page()
    page.goto(f"{live_server.url}/en/")
    wait_offline_ready(page)
    fresh = context.new_page()
    fresh.goto(f"{live_server.url}/en/wrc-2015/false-win")
    expect(fresh.locator("#opt-shown")).to_be_visible()
    sources = fresh.evaluate("""() => performance.getEntriesByType('resource')
        .map((entry) => [new URL(entry.name).pathname, entry.workerMatchedSourceType])""")
    ours = {path: source for path, source in sources if path.startswith(("/static/", "/data/"))}
    assert any(path.endswith(".css") for path in ours) and any(path.startswith("/data/en/") for path in ours)
    assert set(ours.values()) == {"cache"}, ours


def test_offline_control_fresh_context_fails(browser, own_server):
    """Without the service worker the stopped server really is unreachable, so the offline test proves something."""
    own_server.stop()
    context = browser.new_context()
    page = context.new_page()
    with pytest.raises(PlaywrightError):  # net::ERR_CONNECTION_REFUSED
        page.goto(f"{own_server.url}/en/")
    context.close()


def test_chrome_reports_installable(browser_type, browser_type_launch_args, live_server, tmp_path):
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{live_server.url}/en/")
        wait_offline_ready(page)
        session = context.new_cdp_session(page)
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == []
    finally:
        context.close()


AXE_PATHS = [
    "/{lang}/",
    "/{lang}/wrc-2015/",
    "/{lang}/wrc-2015/attendance/late",
    "/{lang}/wrc-2015/false-win/shown/no",
    "/{lang}/wrc-2015/table",
    "/{lang}/azrm-2026/table",
    "/{lang}/log",
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_reports_no_violations(page, live_server, lang, scheme):
    page.emulate_media(color_scheme=scheme)
    axe = Axe()
    for path in AXE_PATHS:
        page.goto(live_server.url + path.format(lang=lang))
        page.wait_for_selector(".screen-heading")
        result = axe.run(page)
        assert result.violations_count == 0, (path, result.generate_report())
    # The ruling card with its action form filled in (the preview, the details open), then its result, and a log
    # with an incident in it.
    page.goto(live_server.url + f"/{lang}/mcr-ema-2014/ruling/r_false_hu_shape")
    choose(page, 2, "Ana")
    open_details(page)
    expect(page.locator("#act-preview-changes")).to_be_visible()
    result = axe.run(page)
    assert result.violations_count == 0, ("ruling with its form", result.generate_report())
    act(page, 2)
    result = axe.run(page)
    assert result.violations_count == 0, ("ruling with its result", result.generate_report())
    page.goto(live_server.url + f"/{lang}/log")
    page.wait_for_selector("#incidents")
    result = axe.run(page)
    assert result.violations_count == 0, ("log", result.generate_report())


def test_the_router_reads_the_url_grammar_from_the_page(page, own_server, monkeypatch):
    """urls.js builds and reads URLs with the words the server defines (webapp/rules/url_grammar.py), not its own:
    renamed on the server, the calculator's word is what the client links to and understands."""
    from webapp.rules import url_grammar

    monkeypatch.setitem(url_grammar.RULESET_PAGES, "table", "score-table")
    page.goto(f"{own_server.url}/en/wrc-2015/ruling/r_empty_meld")
    expect(page.locator("#table-link")).to_have_attribute("href", "/en/wrc-2015/score-table")
    page.click("#table-link")
    expect(page.locator("#table-status")).to_be_attached()
    page.goto(f"{own_server.url}/en/wrc-2015/score-table")
    expect(page.locator("#table-status")).to_be_attached()
    page.goto(f"{own_server.url}/en/wrc-2015/table")  # the old word is now an answer the wizard does not know
    expect(page.locator("#not-found")).to_be_attached()
