"""One event screen (issue 23): the navigation's Event tab opens one page with the phone's event and its days and
sessions, its roster (a pasted list adds many players), its sharing and invitations, and the lateness clock of the
ruleset in use; the roster's and the clock's old addresses open the same page at their section. In en, fr and it, at
320x640 and 390x844: unique ids, no sideways scroll, axe 0."""

import pytest
from axe_check import Axe
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]
VIEWPORTS = [(320, 640), (390, 844)]
SECTIONS = ["local", "roster", "shared", "invitations", "clock"]

DUPLICATE_IDS = """() => {
  const seen = {};
  for (const node of document.querySelectorAll('[id]')) seen[node.id] = (seen[node.id] ?? 0) + 1;
  return Object.keys(seen).filter((id) => seen[id] > 1);
}"""
SIDEWAYS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("width,height", VIEWPORTS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_navigation_opens_one_event_screen_with_every_section(browser, live_server, lang, width, height):
    context = browser.new_context(service_workers="block", viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/{lang}/wrc-2015/")
    expect(page.locator("#question")).to_be_visible()
    page.click("#nav-event")
    expect(page.locator("#event-heading")).to_be_visible()
    assert page.url.endswith(f"/{lang}/event")
    expect(page.locator("#app-nav [aria-current=page]")).to_have_attribute("data-nav-to", "event")
    assert page.locator("h1").count() == 1
    assert page.eval_on_selector_all("[data-section].event-part", "(all) => all.map((s) => s.dataset.section)") == (
        SECTIONS
    )
    assert page.eval_on_selector_all("#event-jump button", "(all) => all.map((b) => b.dataset.section)") == SECTIONS
    expect(page.locator("#event-local #current-event")).to_have_attribute("data-event-id", "local")
    expect(page.locator("#event-shared #event-create-form")).to_be_attached()
    expect(page.locator("#event-invitations #invite-none")).to_have_attribute("data-reason", "not-shared")
    expect(page.locator("#event-clock #clock-ruleset")).to_have_attribute("data-ruleset", "wrc-2015")
    page.click("#event-jump-clock")
    assert page.evaluate("document.activeElement.id") == "clock-heading"
    # A pasted list adds every player on it.
    page.click("#players-paste-open")
    page.fill("#players-paste", "Léa Müller-Dupont, 12, Club Sud\nBo Chen\nCy Diaz\n")
    page.click("#players-paste-save")
    expect(page.locator("#players-paste-result")).to_have_attribute("data-added", "3")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "3")
    expect(page.locator("#roster-players li")).to_have_count(3)
    # The clock's part still works in its section.
    page.fill("#clock-player", "Bo Chen")
    page.click("#clock-add")
    expect(page.locator("#clock-players li")).to_have_count(1)
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert page.evaluate(DUPLICATE_IDS) == []
    assert page.evaluate(SIDEWAYS) <= 0
    problems = []
    for scheme in ["light", "dark"]:
        page.emulate_media(color_scheme=scheme)
        result = Axe().run(page)
        if result.violations_count:
            problems.append((scheme, result.generate_report()))
    context.close()
    assert problems == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_old_addresses_open_the_event_screen_at_their_section(page, live_server, lang):
    base = f"{live_server.url}/{lang}"
    page.goto(f"{base}/roster")
    expect(page.locator("#event-heading")).to_be_attached()
    expect(page.locator("#roster-heading")).to_be_focused()
    expect(page.locator("#app-nav [aria-current=page]")).to_have_attribute("data-nav-to", "event")
    page.goto(f"{base}/mcr-ema-2014/clock")
    expect(page.locator("#event-heading")).to_be_attached()
    expect(page.locator("#clock-heading")).to_be_focused()
    expect(page.locator("#clock-ruleset")).to_have_attribute("data-ruleset", "mcr-ema-2014")
    expect(page.locator("#app-nav [aria-current=page]")).to_have_attribute("data-nav-to", "event")
    page.click("#nav-event")  # the ruleset of the clock's address is now the one in use
    expect(page.locator("#event-heading")).to_be_focused()
    expect(page.locator("#clock-ruleset")).to_have_attribute("data-ruleset", "mcr-ema-2014")


def test_no_ruleset_in_use_says_how_to_get_a_clock_and_sharing_starts_from_the_phones_event(page, live_server):
    page.goto(f"{live_server.url}/en/event")
    expect(page.locator("#clock-no-ruleset")).to_be_visible()
    expect(page.locator("#clock-choose-ruleset")).to_have_attribute("href", "/en/")
    page.click("#event-new-open")
    page.fill("#event-new-name", "Autumn Cup")
    page.select_option("#event-new-ruleset", "azrm-2026")
    page.fill("#event-new-start", "2026-11-28")
    page.fill("#event-new-end", "2026-11-29")
    page.fill("#event-new-sessions", "Round 1\nRound 2")
    page.click("#event-new-save")
    expect(page.locator("#current-event")).to_have_attribute("data-sessions", "2")
    # The form that shares an event starts from the phone's current event.
    expect(page.locator("#event-name")).to_have_value("Autumn Cup")
    expect(page.locator("#event-ruleset")).to_have_value("azrm-2026")
    expect(page.locator("#event-starts")).to_have_value("2026-11-28")
    expect(page.locator("#event-ends")).to_have_value("2026-11-29")
    expect(page.locator("#event-sessions")).to_have_value("Round 1\nRound 2")


def test_the_event_screen_opened_while_the_ruleset_choice_is_saved_shows_that_rulesets_clock(browser, live_server):
    """A tap on Event right after a ruleset opened, while the choice is still being saved (the storage module slow to
    arrive on a busy phone), shows the clock of that ruleset, not "choose a ruleset first"."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()

    def slow(route):
        page.wait_for_timeout(1500)
        route.continue_()

    page.route("**/services/settings.js", slow)
    page.goto(f"{live_server.url}/en/wrc-2015/")
    expect(page.locator("#question")).to_be_visible()
    page.click("#nav-event")
    expect(page.locator("#event-clock #clock-ruleset")).to_have_attribute("data-ruleset", "wrc-2015")
    context.close()
