"""One event screen (issue 23): the shared event and the phone's event with its roster on one screen, reached from
the navigation's Log tab (and the roster's old address), with the lateness clock's link, in en, fr and it."""
import pytest
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_event_and_its_roster_are_one_screen(page, live_server, lang):
    base = f"{live_server.url}/{lang}"
    page.goto(f"{base}/wrc-2015/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)
    page.click("#nav-log")
    page.click("#open-roster")
    expect(page.locator("#event-heading")).to_be_visible()  # the event: shared, or the form to share it
    expect(page.locator("#roster-heading")).to_be_visible()  # its roster, days and sessions on the same screen
    assert page.locator("h1").count() == 1
    expect(page.locator("#app-nav [aria-current=page]")).to_have_attribute("data-nav-to", "log")
    expect(page.locator("#event-clock-link")).to_have_attribute("href", f"/{lang}/wrc-2015/clock")
    page.fill("#player-add-name", "Léa Müller")
    page.click("#player-add-save")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
    page.goto(f"{base}/roster")  # the roster's address opens the same screen
    expect(page.locator("#event-heading")).to_be_visible()
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
