"""One record per player on every screen (issue 23): three Arizona chombos on one afternoon make the player read
suspended on the seat, the table's strikes panel, the offender choice, the record form, the log card and the roster,
in America/Phoenix with the last ones after 17:00 local (already the next day in UTC); a backdated incident counts on
its own day; a suspended player's ruling is asked about first; MCR's seat keeps its two counts apart. At 320×640 and
390×844, in en, fr and it."""

import datetime

import pytest
import stored as store
from act_form import choose, record_only
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]
VIEWPORTS = {"320x640": {"width": 320, "height": 640}, "390x844": {"width": 390, "height": 844}}
# 18:30 on 25 November 2026 in Phoenix (UTC-7 all year): already 26 November in UTC.
NOW = datetime.datetime(2026, 11, 26, 1, 30, tzinfo=datetime.UTC)


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def phoenix(request, browser):
    """A phone-sized page in Arizona, its clock fixed at NOW (no service worker: each test starts from an empty
    device)."""
    context = browser.new_context(
        viewport=VIEWPORTS[request.param],
        service_workers="block",
        timezone_id="America/Phoenix",
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    page.clock.set_fixed_time(NOW)
    yield page
    context.close()


def record(page, base, ruleset, ruling, player, when=None):
    """Record one incident from its ruling's screen (record only, the player not seated here), at a local date and
    time (YYYY-MM-DDTHH:MM) or now."""
    page.goto(f"{base}/{ruleset}/ruling/{ruling}")
    record_only(page, player, wait=False, at=when)
    expect(page.locator("#act-result, #act-status-warning")).to_be_visible()
    if page.locator("#act-status-warning").count():  # a suspended player's ruling is asked about first
        page.locator("#act-record-only").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "record")


def seat_player(page, base, ruleset, seat, name):
    page.goto(f"{base}/{ruleset}/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)
    page.click(f"#seat-{seat}")
    page.fill(f"#seat-{seat}-name", name)
    page.press(f"#seat-{seat}-name", "Enter")
    expect(page.locator(f"#seat-{seat} .seat-name")).to_have_attribute("data-name", name)


@pytest.mark.parametrize("lang", LANGS)
def test_three_chombos_of_one_phoenix_afternoon_read_suspended_on_every_screen(phoenix, live_server, lang):
    page = phoenix
    base = f"{live_server.url}/{lang}"
    for when in ["2026-11-25T16:30", "2026-11-25T17:10", "2026-11-25T17:20"]:  # 23:30, 00:10, 00:20 in UTC
        record(page, base, "azrm-2026", "r_wrong_count", "Ann", when)
    assert sorted(item["at"] for item in store.incidents(page).values()) == [
        "2026-11-25T23:30:00.000Z",
        "2026-11-26T00:10:00.000Z",
        "2026-11-26T00:20:00.000Z",
    ]

    # The action form, for the same player (not seated here): a fourth strike, after three.
    page.goto(f"{base}/azrm-2026/ruling/r_wrong_count")
    choose(page, "away", "Ann")
    expect(page.locator("#act-record-lines li[data-strikes-from]")).to_have_attribute("data-strikes-from", "3")
    # A fourth ruling for her is asked about first, saying she is suspended until 8 December (two weeks, both end
    # days included): nothing is saved until the referee says so.
    page.locator("#act-record-only").tap()
    warning = page.locator("#act-status-warning")
    expect(warning).to_have_attribute("data-status", "suspended")
    expect(warning).to_have_attribute("data-strikes", "3")
    expect(warning).to_have_attribute("data-until", "2026-12-08")
    expect(page.locator("#act-result")).to_have_count(0)
    assert len(store.incidents(page)) == 3

    # The table: the seat's chips and the strikes panel read the one record.
    seat_player(page, base, "azrm-2026", 1, "Bob")
    seat_player(page, base, "azrm-2026", 2, "Ann")
    expect(page.locator("#seat-2")).to_have_attribute("data-status", "suspended")
    expect(page.locator("#seat-2")).to_have_attribute("data-strikes", "3")
    expect(page.locator('#seat-2 [data-mark="suspended"]')).to_have_count(1)
    panel = page.locator('#discipline li[data-seat="2"]')
    expect(panel).to_have_attribute("data-status", "suspended")
    expect(panel).to_have_attribute("data-strikes", "3")
    expect(panel).to_have_attribute("data-until", "2026-12-08")
    expect(page.locator('#discipline li[data-seat="1"]')).to_have_attribute("data-status", "ok")
    # Issue 35: a seat with no name is nobody's, so it has no strikes to show (it read "ok, 0 strikes" before).
    expect(page.locator('#discipline li[data-seat="3"]')).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

    # The offender choice of the action form, and the warning its first tap gives.
    page.goto(f"{base}/azrm-2026/ruling/r_wrong_count")
    expect(page.locator('#act-offender option[value="2"]')).to_have_attribute("data-status", "suspended")
    expect(page.locator('#act-offender option[value="1"]')).to_have_attribute("data-status", "ok")
    page.select_option("#act-offender", "2")
    page.locator("#act-confirm").tap()
    expect(page.locator("#act-status-warning")).to_have_attribute("data-status", "suspended")
    expect(page.locator("#act-result")).to_have_count(0)

    # The log's card and the roster.
    page.goto(f"{base}/log")
    card = page.locator('#player-cards li.player-card[data-player="Ann"]')
    expect(card).to_have_attribute("data-status", "suspended")
    expect(card).to_have_attribute("data-strikes", "3")
    expect(card.locator(".player-status")).to_have_attribute("data-strikes-today", "3")
    page.goto(f"{base}/roster")
    [ann] = [key for key, item in store.items(page, "player").items() if item["data"]["name"] == "Ann"]
    player = page.locator(f'li.roster-player[data-player-id="{ann}"]')  # Bob, seated at South, is there too
    expect(player).to_have_attribute("data-status", "suspended")
    expect(player).to_have_attribute("data-strikes", "3")


def test_a_backdated_incident_counts_on_its_own_day(phoenix, live_server):
    """Three chombos written up afterwards for 20 November: suspended from that day to 3 December, not from today."""
    page = phoenix
    base = f"{live_server.url}/en"
    for when in ["2026-11-20T19:00", "2026-11-20T19:30", "2026-11-20T20:00"]:
        record(page, base, "azrm-2026", "r_wrong_count", "Ann", when)
    page.goto(f"{base}/log")
    card = page.locator('#player-cards li.player-card[data-player="Ann"]')
    expect(card).to_have_attribute("data-status", "suspended")
    expect(card).to_have_attribute("data-until", "2026-12-03")
    expect(card.locator(".player-status")).to_have_attribute("data-strikes-today", "0")


@pytest.mark.parametrize("lang", LANGS)
def test_mcr_seat_shows_each_count_with_its_own_next_step(phoenix, live_server, lang):
    """Two obstructions on the progressive scale: the carried count reads 2 and its next costs 10 (the scale's third
    step, rulesets/mcr-ema-2014.yaml progressive.steps); the session count stays empty."""
    page = phoenix
    base = f"{live_server.url}/{lang}"
    for _ in range(2):
        record(page, base, "mcr-ema-2014", "r_obstruction_progressive", "Ann")
    seat_player(page, base, "mcr-ema-2014", 1, "Ann")
    mark = page.locator('#seat-1 [data-mark="carried"]')
    expect(mark).to_have_attribute("data-count", "2")
    expect(mark).to_have_attribute("data-next", "10")
    expect(page.locator('#seat-1 [data-mark="offences"]')).to_have_count(0)
    expect(page.locator("#seat-1")).to_have_attribute("data-status", "ok")


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_adds_an_incident_found_by_search_with_its_own_time(phoenix, live_server, lang):
    """A paper slip entered afterwards: on the log, the ruleset, the ruling found by search, then the record form with
    the time it happened; the incident is stored with that time and its card counts it."""
    page = phoenix
    page.goto(f"{live_server.url}/{lang}/log")
    page.click("#log-add-open")
    page.select_option("#log-add-ruleset", "azrm-2026")
    page.fill("#log-add-search", "tsumo noten")
    page.locator("#log-add-results button[data-ruling]").first.wait_for()
    ruling = page.locator("#log-add-results button[data-ruling]").first.get_attribute("data-ruling")
    page.locator("#log-add-results button[data-ruling]").first.click()
    expect(page.locator("#log-add-chosen")).to_have_attribute("data-ruling", ruling)
    page.fill("#log-add-player", "Ann")
    page.fill("#log-add-at", "2026-11-24T20:15")
    page.click("#log-add-save")
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    [stored] = store.incidents(page).values()
    assert (stored["rulesetId"], stored["rulingId"], stored["player"]) == ("azrm-2026", ruling, "Ann")
    assert stored["at"] == "2026-11-25T03:15:00.000Z"  # 20:15 in Phoenix
    expect(page.locator('#player-cards li.player-card[data-player="Ann"]')).to_have_attribute("data-count", "1")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
