"""The first screen's inline stylesheet in Chromium: the policy allows it and nothing else, it alone styles the first
screen in light and dark, and the app shows no screen before the rest of the styles apply."""

import pytest
from playwright.sync_api import expect

# Collects every CSP violation the page reports, from before its first byte.
REPORT_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
"""
BACKGROUNDS = {"light": "rgb(247, 245, 239)", "dark": "rgb(16, 33, 28)"}


def styled_colours(page):
    return page.evaluate("""() => ({
        body: getComputedStyle(document.body).backgroundColor,
        header: getComputedStyle(document.querySelector('.app-header')).display,
        current: getComputedStyle(document.querySelector('.lang-link[aria-current="true"]')).minHeight,
    })""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_inline_style_alone_styles_the_first_screen(browser, live_server, scheme):
    """With app.css and every script refused, the frame and the not-found page are styled, in both themes."""
    context = browser.new_context(color_scheme=scheme, service_workers="block", viewport={"width": 320, "height": 640})
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    page.route("**/static/**", lambda route: route.abort())
    for path in ("/en/", "/fr/no-such-ruleset/"):
        page.goto(live_server.url + path)
        assert styled_colours(page) == {"body": BACKGROUNDS[scheme], "header": "flex", "current": "48px"}, path
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, path
        assert page.evaluate("window.__violations") == [], path
    context.close()


def test_no_screen_shows_before_the_rest_of_the_styles(browser, live_server):
    """The app waits for app.css: a ruling linked to directly never shows unstyled, however late the styles come."""
    context = browser.new_context(service_workers="block")  # the worker's cache would answer at once
    page = context.new_page()
    held, asked = [], []
    page.route("**/static/css/app.css", lambda route: held.append(route))
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{live_server.url}/en/wrc-2015/ruling/r_cheating", wait_until="domcontentloaded")  # load waits for it
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/views/home.js'))"
    )
    page.wait_for_timeout(300)  # the app's modules are in: a started app would have asked for the rulesets by now
    assert held, "main.js asked for the rest of the styles"
    assert not [url for url in asked if "/data/" in url], "the app started before its styles"
    expect(page.locator("#loading")).to_be_visible()
    for route in held:
        route.continue_()
    expect(page.locator("#ruling")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('.ruling')).borderTopStyle") == "solid"
    context.close()


SCREENS = [
    "/en/",
    "/fr/wrc-2015/",
    "/it/wrc-2015/false-win/shown/no",
    "/en/wrc-2015/table",
    "/fr/log",
    "/it/glossary",
    "/en/wrc-2015/search?q=chombo",
    "/fr/wrc-2015/browse",
    "/en/no-such-ruleset/",
]


def test_no_screen_uses_another_inline_style(browser, live_server):
    """On every screen, as rendered by the app: one <style>, no style attribute, no CSP violation."""
    context = browser.new_context()
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    for path in SCREENS:
        page.goto(live_server.url + path)
        page.wait_for_selector(".screen-heading, #not-found")
        page.wait_for_load_state("networkidle")
        found = page.evaluate("""() => ({
            styles: document.querySelectorAll('style').length,
            attributes: [...document.querySelectorAll('[style]')].map((node) => node.outerHTML.slice(0, 80)),
            violations: window.__violations,
            sheets: [...document.styleSheets].map((sheet) => sheet.href && new URL(sheet.href).pathname),
        })""")
        assert found == {"styles": 1, "attributes": [], "violations": [], "sheets": [None, "/static/css/app.css"]}, path
    context.close()


# The home screen's content as a list of (tag, id, class, href, text) in document order, whoever drew it.
HOME_STRUCTURE = """() => [...document.querySelectorAll('#view *')]
    .filter((node) => !node.closest('noscript, #loading'))
    .map((node) => [node.tagName, node.id, node.className, node.getAttribute('href'), node.getAttribute('tabindex'),
                    node.hasAttribute('data-nav'), node.children.length ? '' : node.textContent])"""


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_page_holds_the_first_visit_home_as_the_app_draws_it(browser, live_server, lang):
    """Before the modules arrive, the page already shows home; the app then draws the very same screen."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/static/js/app/app.js", lambda route: None)  # held: the app never starts
    page.goto(f"{live_server.url}/{lang}/", wait_until="domcontentloaded")
    expect(page.locator("#ruleset-wrc-2015")).to_be_visible()
    expect(page.locator("#loading")).to_be_hidden()
    in_page = page.evaluate(HOME_STRUCTURE)
    context.close()
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{live_server.url}/{lang}/")
    page.wait_for_function("() => !document.getElementById('loading')")  # the app has drawn its own home
    assert page.evaluate(HOME_STRUCTURE) == in_page
    context.close()


def test_a_tap_before_the_app_starts_stays_in_the_page(browser, live_server):
    """A tap on the page's own home link while the app is still loading leads to its question, without a reload; the
    rulesets' data is asked for at the tap, not once the app has started."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    held, documents, data = [], [], []
    page.route("**/static/js/app/app.js", lambda route: held.append(route))
    page.on("request", lambda request: documents.append(request.url) if request.resource_type == "document" else None)
    page.on("request", lambda request: data.append(request.url) if "/data/" in request.url else None)
    page.goto(f"{live_server.url}/en/", wait_until="domcontentloaded")
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/app/main.js'))"
    )
    page.click("#ruleset-wrc-2015")
    assert page.url.endswith("/en/wrc-2015/")
    expect(page.locator("#loading")).to_be_visible()
    page.wait_for_timeout(300)
    expect(page.locator("#opt-false-win")).to_have_count(0)
    page.wait_for_function("() => true")  # let Playwright deliver app.js's request if it is on its way
    assert held, "the app's module was asked for"
    config = page.evaluate("() => JSON.parse(document.getElementById('app-config').textContent).data")
    assert sorted(data) == sorted(live_server.url + url for url in (config["structure"], config["strings"]))
    for route in held:
        route.continue_()
    expect(page.locator("#opt-false-win")).to_be_visible()
    assert documents == [f"{live_server.url}/en/"], "no second page load"
    page.go_back()  # the app's home now, with the ruleset just chosen
    expect(page.locator("#current-ruleset")).to_be_visible()
    context.close()


def test_a_first_visit_asks_for_nothing_but_the_app_while_it_loads(browser, live_server):
    """Over HTTP/1.1 a browser asks for six files at a time: while the app's modules load, a first visit asks for
    main.js, app.css and the modules the page names, nothing else (the tab's icon is in the page, and offline use
    is set up once the app has started); then home asks for the rulesets' data, which the first tap will need."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(live_server.url)))
    page.goto(f"{live_server.url}/en/")
    page.wait_for_function("() => !document.getElementById('loading')")  # the app has drawn its own home
    page.wait_for_load_state("networkidle")
    loading = page.evaluate("""() => {
        const modules = new Set(JSON.parse(document.getElementById('app-modules').textContent));
        const entries = performance.getEntriesByType('resource');
        const loaded = Math.max(
          ...entries.filter((e) => modules.has(new URL(e.name).pathname)).map((e) => e.responseEnd));
        return {
          modules: [...modules],
          asked: entries.filter((e) => e.startTime < loaded).map((e) => new URL(e.name).pathname),
        };
    }""")
    context.close()
    assert set(loading["asked"]) == {"/static/js/app/main.js", "/static/css/app.css", *loading["modules"]}
    # three rounds of six: a 19th file before the app starts costs a whole round trip (navigation.js once did)
    assert len(set(loading["asked"])) <= 18, sorted(set(loading["asked"]))
    assert "/static/js/app/navigation.js" not in loading["modules"]
    assert (
        "/static/js/app/pwa.js" not in loading["modules"] and "/static/js/app/pwa.js" in asked
    )  # once the app started
    assert not [url for url in asked if url.startswith("/static/icons/")]
    assert len([url for url in asked if url.startswith("/data/")]) == 2  # for the first tap, before it comes


def test_a_tap_before_the_app_starts_fetches_the_data_once(browser, live_server):
    """The data a tap asks for before the app starts is the data the app then reads: each file is fetched once, even
    while it is still on its way when the app asks (a plain fetch() at the tap was fetched a second time, and under
    Slow 4G the eager referee's question waited for both)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    held_app, held_data = [], []
    page.route("**/static/js/app/app.js", lambda route: held_app.append(route))
    page.route("**/data/**", lambda route: held_data.append(route))
    page.goto(f"{live_server.url}/en/", wait_until="domcontentloaded")
    page.wait_for_function("() => performance.getEntriesByName('mjref:taps-held').length > 0")
    page.click("#ruleset-wrc-2015")
    page.wait_for_function("() => true")
    for route in held_app:
        route.continue_()
    page.wait_for_timeout(1000)  # the app has started and asked for its data, still held
    assert sorted(route.request.url for route in held_data) == sorted(set(route.request.url for route in held_data))
    for route in held_data:
        route.continue_()
    expect(page.locator("#opt-false-win")).to_be_visible()
    assert len(held_data) == 2, [route.request.url for route in held_data]
    context.close()


def test_a_tap_pressed_as_the_app_starts_is_not_lost(browser, live_server):
    """A press on the page's own home link, held while the app starts, still leads to its question: the app draws its
    home over the page's only once the press has ended (it drew it between press and release, the click then reached
    no link and the tap was lost; test_first_ruling_by_tapping failed so under load)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    held = []
    page.route("**/static/js/app/app.js", lambda route: held.append(route))
    page.goto(f"{live_server.url}/en/", wait_until="domcontentloaded")
    page.wait_for_function("() => performance.getEntriesByName('mjref:taps-held').length > 0")
    box = page.locator("#ruleset-wrc-2015").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function("() => true")  # let Playwright deliver app.js's request if it is on its way
    assert held, "the app's module was asked for"
    for route in held:
        route.continue_()
    expect(page.locator("html")).to_have_attribute("data-app", "ready")  # the app has started: its home is drawn
    page.mouse.up()
    expect(page.locator("#opt-false-win")).to_be_visible()
    assert page.url.endswith("/en/wrc-2015/")
    context.close()
