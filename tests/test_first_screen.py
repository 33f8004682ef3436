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
    page.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/views/home.js'))")
    page.wait_for_timeout(300)  # the app's modules are in: a started app would have asked for the rulesets by now
    assert held, "main.js asked for the rest of the styles"
    assert not [url for url in asked if "/data/" in url], "the app started before its styles"
    expect(page.locator("#loading")).to_be_visible()
    for route in held:
        route.continue_()
    expect(page.locator("#ruling")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('.ruling')).borderTopStyle") == "solid"
    context.close()


SCREENS = ["/en/", "/fr/wrc-2015/", "/it/wrc-2015/false-win/shown/no", "/en/wrc-2015/table", "/fr/log",
           "/it/glossary", "/en/wrc-2015/search?q=chombo", "/fr/wrc-2015/browse", "/en/no-such-ruleset/"]


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
