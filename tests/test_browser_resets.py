"""Every reset asks first and can be undone (issue 23): MCR's new session, the end of a hanchan (with its preview)
and the lateness clock's restart, in a phone's browser in en, fr and it."""

import datetime
import re

import pytest
import stored as store
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]
VIEWPORTS = {"320x640": {"width": 320, "height": 640}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def phone(request, browser):
    """A page of a phone-sized window (no service worker: each test starts from an empty device)."""
    context = browser.new_context(viewport=VIEWPORTS[request.param], service_workers="block")
    yield context.new_page()
    context.close()


def open_table(page, base, lang, ruleset):
    page.goto(f"{base}/{lang}/{ruleset}/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)


def edit(page, seat, field, value):
    if page.locator(f"#seat-{seat}-editor").count() == 0:
        page.click(f"#seat-{seat}")
    page.fill(f"#seat-{seat}-{field}", value)
    page.press(f"#seat-{seat}-{field}", "Enter")


def steps(page, ruleset):
    found = store.table(page, ruleset)
    return [step["kind"] for step in found["steps"]] if found else []


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_session_asks_then_can_be_undone(phone, live_server, lang):
    page = phone
    open_table(page, live_server.url, lang, "mcr-ema-2014")
    edit(page, 0, "table", "-35")
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "-35")
    page.click("#seat-0-done")
    page.click("#new-session")
    expect(page.locator("#reset-confirm")).to_have_attribute("data-kind", "new-session")
    expect(page.locator('#reset-values li[data-path="seats.0.table"]')).to_have_count(1)  # what will change, before
    assert steps(page, "mcr-ema-2014") == ["edit"], "nothing changes before the referee confirms"
    page.click("#reset-confirm-no")
    expect(page.locator("#reset-confirm")).to_have_count(0)
    assert steps(page, "mcr-ema-2014") == ["edit"]
    page.click("#new-session")
    page.click("#reset-confirm-yes")
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "0")
    assert steps(page, "mcr-ema-2014") == ["edit", "new-session"]
    page.click("#reset-undo")
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "-35")
    expect(page.locator("#reset-done")).to_have_count(0)
    assert steps(page, "mcr-ema-2014") == ["edit"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_a_hanchan_shows_its_preview_then_can_be_undone(phone, live_server, lang):
    page = phone
    open_table(page, live_server.url, lang, "wrc-2015")
    edit(page, 0, "table", "40000")
    edit(page, 1, "table", "20000")
    expect(page.locator("#history li[data-step]")).to_have_count(2)
    page.click("#seat-1-done")
    page.click("#end-hanchan")
    expect(page.locator("#reset-confirm")).to_have_attribute("data-kind", "end-hanchan")
    expect(page.locator('#reset-values li[data-path="seats.0.tournament"]')).to_have_count(1)  # the preview
    assert steps(page, "wrc-2015") == ["edit", "edit"]
    page.click("#reset-confirm-yes")
    expect(page.locator("#reset-done")).to_have_attribute("data-kind", "end-hanchan")
    assert steps(page, "wrc-2015") == ["edit", "edit", "end-hanchan"]
    page.click("#reset-undo")
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "40000")
    assert steps(page, "wrc-2015") == ["edit", "edit"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_clock_restart_asks_then_can_be_undone(phone, live_server, lang):
    page = phone
    page.clock.install(time=datetime.datetime(2026, 11, 23, 10, 0, tzinfo=datetime.UTC))
    page.goto(f"{live_server.url}/{lang}/wrc-2015/clock")
    page.fill("#clock-player", "Bo")
    page.click("#clock-add")
    expect(page.locator("#clock-players li")).to_have_count(1)
    page.click("#clock-start")  # the first start asks nothing
    expect(page.locator("#clock-started")).to_be_visible()
    first = store.item(page, "clock", "main")["data"]
    page.clock.run_for(12 * 60_000)
    page.click("#clock-start")
    expect(page.locator("#clock-restart-confirm")).to_be_visible()
    assert store.item(page, "clock", "main")["data"] == first, "nothing changes before the referee confirms"
    page.click("#clock-restart-no")
    expect(page.locator("#clock-restart-confirm")).to_have_count(0)
    page.click("#clock-start")
    page.click("#clock-restart-yes")
    expect(page.locator("#clock-restarted")).to_be_visible()
    assert store.item(page, "clock", "main")["data"]["startedAt"] != first["startedAt"]
    page.click("#clock-undo")
    expect(page.locator("#clock-restarted")).to_have_count(0)
    assert store.item(page, "clock", "main")["data"] == first
    # Late since the first start: 12 minutes and the seconds the page's own clock ran meanwhile (a loaded machine's
    # second past 12:00 counts as a 13th started minute: the seconds say it, not the minutes).
    late = page.locator("#clock-players .clock-minutes")
    expect(late).to_have_attribute("data-seconds", re.compile(r"^7[2-7]\d$"))
