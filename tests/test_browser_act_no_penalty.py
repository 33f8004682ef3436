"""A ruling that penalizes nobody records no incident against the player it names (issue 34): applying "another
player wins, no penalty" or MCR's flowers ruling with the one action changes the table as the ruling says and leaves
the log empty, and the result says so. Driven with touch, in the language of the event."""

import pytest
import stored as store
from playwright.sync_api import expect


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block"
    )
    yield context.new_page()
    context.close()


# (language, ruleset, ruling, the seat named): rulings of a kind that penalizes nobody (`no_penalty` in its data).
NO_PENALTY = [
    ("en", "wrc-2015", "r_riichi_not_checked", 1),
    ("it", "mcr-ema-2014", "r_flowers_used_to_count", 2),
    ("fr", "azrm-2026", "r_riichi_not_checked", 3),
]


@pytest.mark.parametrize(("lang", "ruleset", "ruling", "seat"), NO_PENALTY, ids=[f"{r[1]}-{r[2]}" for r in NO_PENALTY])
def test_a_no_penalty_ruling_is_applied_and_logs_nothing_against_the_player(
    phone, live_server, lang, ruleset, ruling, seat
):
    page = phone
    page.goto(f"{live_server.url}/{lang}/{ruleset}/ruling/{ruling}")
    expect(page.locator("#act-record-only")).to_have_count(0)  # nothing to record against anyone
    expect(page.locator("#act-no-penalty")).to_be_visible()
    page.select_option("#act-offender", str(seat))
    page.locator("#act-confirm").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "apply")
    expect(page.locator("#act-no-incident")).to_be_visible()
    assert store.incidents(page) == {}
    steps = store.table(page, ruleset)["steps"]
    assert [(step["kind"], step["rulingId"]) for step in steps] == [("ruling", ruling)]


def test_a_ruling_with_a_penalty_still_applies_and_records(phone, live_server):
    """The control: a chombo names its offender in the log."""
    page = phone
    page.goto(f"{live_server.url}/en/wrc-2015/ruling/r_false_win_shown")
    expect(page.locator("#act-record-only")).to_be_visible()
    page.select_option("#act-offender", "1")
    page.fill("#act-player", "Bo")  # issue 35: an unnamed seat is nobody, so the log asks for the name
    page.locator("#act-confirm").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "both")
    expect(page.locator("#act-no-incident")).to_have_count(0)
    assert len(store.incidents(page)) == 1
