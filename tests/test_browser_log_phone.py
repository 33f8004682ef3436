"""Issue 15, item 4: the log made for a phone. Per-player cards with the next offence first; the penalty points
filled in from the escalation (a warning reads as a warning); filters by event, session, table and player; sessions
chosen from the event's list; the player picked from the roster; the escalation cleared with the player field."""

import pytest
import stored as store
from act_form import choose, fill_details, open_details, record_only
from playwright.sync_api import expect

CUP = """async () => {
  const events = await import('/static/js/services/events.js');
  const made = await events.createEvent(
    { name: 'Autumn Cup', rulesetId: 'mcr-ema-2014', sessions: 'R1\\nR2' }, ['mcr-ema-2014']);
  return made.event.id;
}"""


def record(page, base, ruling, player, session, table="", expect_points=None, lang="en"):
    page.goto(f"{base}/{lang}/mcr-ema-2014/ruling/{ruling}")
    choose(page, "away", player)
    fill_details(page, session=session, table=table or None)
    if expect_points is not None:
        expect(page.locator("#act-points")).to_have_value(expect_points)
    record_only(page, player)


def start_cup(page, base):
    page.goto(f"{base}/en/roster")
    expect(page.locator("#roster-heading")).to_be_visible()
    return page.evaluate(CUP)


def test_points_are_filled_in_from_the_escalation(page, live_server):
    base = live_server.url
    cup = start_cup(page, base)
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_obstruction_progressive")
    choose(page, "away")
    open_details(page)
    expect(page.locator("#act-event")).to_have_attribute("data-event-id", cup)
    # Sessions are chosen from the event's list, not typed.
    assert page.eval_on_selector("#act-session", "(node) => [node.tagName, [...node.options].map((o) => o.value)]") == [
        "SELECT",
        ["", "R1", "R2"],
    ]
    page.fill("#act-player", "Alice")
    page.select_option("#act-session", "R1")
    # The first obstruction is a warning: before it, the next offence over the sessions cost 0; 0 points filled in.
    carried = page.locator('#act-record-lines li[data-count="carried"]')
    expect(carried).to_have_attribute("data-next-from", "0")
    expect(page.locator("#act-points")).to_have_value("0")
    # Emptying the player empties the escalation and the points filled in for them.
    page.fill("#act-player", "")
    expect(page.locator("#act-record-lines li")).to_have_count(0)
    expect(page.locator("#act-points")).to_have_value("")
    record_only(page, "Alice")
    [first] = store.incidents(page).values()
    assert first["points"] == 0 and first["eventId"] == cup and first["session"] == "R1"
    record(page, base, "r_obstruction_progressive", "alice", "R2", expect_points="5")
    record(page, base, "r_call_not_completed", "Alice", "R2", expect_points="0")
    record(page, base, "r_late_pung", "Alice", "R2", expect_points="5")
    # A number the referee typed is never overwritten by the escalation.
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_late_pung")
    choose(page, "away")
    fill_details(page, points="30")
    page.fill("#act-player", "Alice")
    page.select_option("#act-session", "R2")
    expect(page.locator('#act-record-lines li[data-count="session"]')).to_have_attribute("data-next-from", "10")
    expect(page.locator("#act-points")).to_have_value("30")


def test_player_cards_and_filters(page, live_server):
    base = live_server.url
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_late_pung")
    record_only(page, "Old Local", session="1")  # the local event lists no sessions: typed, with suggestions
    cup = start_cup(page, base)
    record(page, base, "r_call_not_completed", "Alice", "R1", table="3")
    record(page, base, "r_late_pung", "Alice", "R2", table="12")
    record(page, base, "r_late_pung", "Bob", "R2", table="3")
    alice = next(p["id"] for p in (v["data"] for v in store.items(page, "player").values()) if p["name"] == "Alice")
    page.goto(f"{base}/en/log")
    expect(page.locator("#log-shown")).to_have_attribute("data-shown", "4")
    card = page.locator(f'#player-cards li[data-player-id="{alice}"]')
    expect(card).to_have_attribute("data-count", "2")
    # The next offence comes first in the card: Alice has one offence in R2, the latest session: next is 5.
    expect(card.locator(".escalation li").first).to_have_attribute("data-next", "5")
    page.select_option("#filter-event", cup)
    expect(page.locator("#log-shown")).to_have_attribute("data-shown", "3")
    expect(page.locator("#incidents li.incident")).to_have_count(3)
    page.select_option("#filter-session", "R1")
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    expect(card.locator("[data-next]")).to_have_attribute("data-next", "5")  # counted from the whole log, in R1
    page.select_option("#filter-session", "")
    page.select_option("#filter-table", "3")
    expect(page.locator("#incidents li.incident")).to_have_count(2)
    page.select_option("#filter-table", "")
    page.select_option("#filter-player", f"id:{alice}")
    expect(page.locator("#incidents li.incident")).to_have_count(2)
    expect(page.locator("#player-cards li.player-card")).to_have_count(1)
    page.click("#filters-clear")
    expect(page.locator("#incidents li.incident")).to_have_count(4)
    page.select_option("#filter-event", "local")
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    expect(page.locator("#player-cards li.player-card")).to_have_attribute("data-player", "Old Local")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_log_fits_a_phone_and_is_accessible(browser, live_server, lang):
    """320 px wide at 100 % and 200 % text, light and dark: no horizontal scroll, controls at least 44 px, axe 0."""
    from axe_check import Axe

    base = live_server.url
    context = browser.new_context(
        service_workers="block", viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        start_cup(page, base)
        record(
            page, base, "r_obstruction_progressive", "Léa Müller-Castellanos de la Fuente", "R1", table="12", lang=lang
        )
        record(page, base, "r_late_pung", "Bob", "R2", lang=lang)
        page.goto(f"{base}/{lang}/log")
        expect(page.locator("#player-cards li.player-card")).to_have_count(2)
        page.select_option("#filter-session", "R1")
        expect(page.locator("#incidents li.incident")).to_have_count(1)
        incident_id = page.locator("#incidents li.incident").get_attribute("data-incident")
        page.click(f"#edit-{incident_id}")
        expect(page.locator(f"#edit-{incident_id}-session")).to_have_value("R1")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            result = Axe().run(page)
            assert result.violations_count == 0, (scheme, result.generate_report())
            for size in ("100%", "200%"):
                page.evaluate("(size) => { document.documentElement.style.fontSize = size; }", size)
                assert page.evaluate("document.documentElement.scrollWidth") <= 320, (lang, scheme, size)
                small = page.evaluate("""() => [...document.querySelectorAll(
                    '#log-filters select, #log-filters button, #player-cards a, #incidents button, '
                    + '#incidents select, #incidents input, #incidents a, .log-actions > *')]
                  .filter((node) => node.offsetParent !== null && !node.classList.contains('file-input'))
                  .map((node) => [node.id || node.textContent, node.getBoundingClientRect().height,
                    node.getBoundingClientRect().width])
                  .filter(([, height, width]) => height < 44 || width < 44)""")
                assert small == [], (lang, scheme, size, small)
            page.evaluate("() => { document.documentElement.style.fontSize = ''; }")
    finally:
        context.close()
