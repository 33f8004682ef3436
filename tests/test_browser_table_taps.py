"""Hands scored by taps on a phone (issue 34), driven with touch: a win tapped after a risky-discard ruling moves the
money the win form moves (the liable player pays), an MCR win is scored by taps from the ruleset's base, and WSOM's
live penalty tiles are marked dead in one tap on the seat's sheet."""

import pytest
import stored as store
from act_form import act
from playwright.sync_api import expect
from table_taps import tap_win

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):
    """A touch phone's page (no service worker: each test starts from an empty device)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block")
    yield context.new_page()
    context.close()


def open_table(page, base, lang, ruleset):
    page.goto(f"{base}/{lang}/{ruleset}/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)


def seat_values(page, kind="table"):
    return [page.locator(f'#seat-{seat} [data-score="{kind}"]').get_attribute("data-value") for seat in range(4)]


def steps_of(page, ruleset):
    return store.table(page, ruleset)["steps"]


def apply_ruling(page, base, lang, ruleset, ruling, offender):
    """The ruling applied and recorded with its one action, the offender by seat; then the table opened from it."""
    page.goto(f"{base}/{lang}/{ruleset}/ruling/{ruling}")
    act(page, offender, player="Wen")  # an unnamed seat: the log needs the player's name
    page.locator("#act-open-table").tap()
    expect(page.locator("#scoreboard")).to_be_visible()


# (ruling, language, tsumo tapped or fixed by the ruling, the values typed, the seats after): the figures the win form
# gives for the same hand (the issue's walk: the usual figures, West liable, North wins by self-draw 16,000 / 8,000).
LIABLE_TAPS = [
    ("r_risky_daisangen", "fr", True, {"value_dealer": "16 000", "value_others": "8 000"}),
    ("r_risky_chinitsu", "it", True, {"value_dealer": "16.000", "value_others": "8.000"}),
    ("r_risky_kan_feed", "en", False, {"value_dealer": "16,000", "value_others": "8,000"}),
]
FORM_FIGURES = ["25000", "25000", "-7000", "57000"]


@pytest.mark.parametrize(("ruling", "lang", "tap_tsumo", "typed"), LIABLE_TAPS, ids=[r[0] for r in LIABLE_TAPS])
def test_a_win_tapped_after_a_risky_discard_is_paid_by_the_liable_player(
    phone, live_server, ruling, lang, tap_tsumo, typed
):
    page = phone
    open_table(page, live_server.url, lang, "tsumo-quebec")
    page.locator("#event-usual").tap()
    expect(page.locator("#event-settings")).to_have_attribute("data-missing", "0")
    apply_ruling(page, live_server.url, lang, "tsumo-quebec", ruling, 2)
    expect(page.locator("#win-liable")).to_have_attribute("data-seat", "2")  # the prefilled form is open
    page.locator("#tap-win").tap()
    expect(page.locator("#tap-liable")).to_have_attribute("data-seat", "2")  # the tap flow keeps the liability
    page.locator("#seat-3").tap()
    if tap_tsumo:
        expect(page.locator("#tap-prompt")).to_have_attribute("data-step", "discarder")
        page.locator("#tap-tsumo").tap()
    expect(page.locator("#tap-prompt")).to_have_attribute("data-step", "value")  # a kan fed is a tsumo: not asked
    for name, text in typed.items():
        page.fill(f"#tap-{name}", text)
    expect(page.locator('#tap-preview [data-seat="2"]')).to_have_attribute("data-moved", "-32000")
    page.locator("#tap-score").tap()
    expect(page.locator('#seat-3 [data-score="table"]')).to_have_attribute("data-value", "57000")
    assert seat_values(page) == FORM_FIGURES
    win = steps_of(page, "tsumo-quebec")[-1]
    assert win["kind"] == "win" and win["inputs"]["liable"] == 2 and win["inputs"]["liability"] == ruling


def test_an_mcr_win_is_scored_by_taps_from_the_rulesets_base(phone, live_server):
    """MCR, in Italian: the winner, the discarder, the hand's points; the base of 8 comes from the ruleset's data (its
    origin said), the discarder pays 8 + 24 and the others 8 each. A self-draw then has each pay 8 + the points."""
    page = phone
    open_table(page, live_server.url, "it", "mcr-ema-2014")
    expect(page.locator("#tap-draw")).to_have_count(0)  # MCR scores no exhaustive draw
    page.locator("#tap-win").tap()
    page.locator("#seat-1").tap()
    page.locator("#seat-0").tap()
    expect(page.locator("#tap-prompt")).to_have_attribute("data-step", "value")
    expect(page.locator("#tap-prompt")).to_contain_text(
        page.locator("#seat-0 .seat-wind").inner_text()
    )  # the discarder
    expect(page.locator("#tap-hand-origin")).not_to_be_empty()
    page.fill("#tap-value", "24")
    expect(page.locator('#tap-preview [data-seat="0"]')).to_have_attribute("data-moved", "-32")
    expect(page.locator('#tap-preview [data-seat="2"]')).to_have_attribute("data-moved", "-8")
    page.locator("#tap-score").tap()
    expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "48")
    assert seat_values(page) == ["-32", "48", "-8", "-8"]
    expect(page.locator('#moved-list [data-seat="0"]')).to_have_attribute("data-moved", "-32")
    tap_win(page, 2, "tsumo", {"value": "10"}, score=True)
    expect(page.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", "46")
    assert seat_values(page) == ["-50", "30", "46", "-26"]
    assert [step["kind"] for step in steps_of(page, "mcr-ema-2014")] == ["win", "win"]


def test_wsom_live_penalty_tiles_turn_dead_in_one_tap_on_the_seat_sheet(phone, live_server):
    """Three hand tiles shown: the seat reads three live penalty tiles; one tap in its sheet turns them dead (the
    reading: one may be discarded, then the rest are dead), and the other button counts one discarded first."""
    page = phone
    base = live_server.url
    for seat, tiles in ((1, "3"), (2, "2")):
        page.goto(f"{base}/en/wsom/ruling/r_hand_exposed")
        page.select_option("#act-offender", str(seat))
        page.fill("#act-tiles", tiles)
        page.locator("#act-apply-only").tap()
        expect(page.locator("#act-result")).to_be_visible()
    open_table(page, base, "en", "wsom")
    expect(page.locator('#seat-1 [data-mark="live-tiles"]')).to_contain_text("3")
    page.locator("#seat-1").tap()
    page.locator("#seat-1-tiles-dead").tap()
    expect(page.locator('#seat-1 [data-mark="live-tiles"]')).to_have_count(0)
    expect(page.locator('#seat-1 [data-mark="dead-tiles"]')).to_contain_text("3")
    expect(page.locator("#seat-1-tiles-dead")).to_have_count(0)  # nothing live left to turn
    page.locator("#seat-1-done").tap()
    page.locator("#seat-2").tap()
    page.locator("#seat-2-tiles-dead-discarded").tap()
    expect(page.locator('#seat-2 [data-mark="dead-tiles"]')).to_contain_text("1")
    last = steps_of(page, "wsom")[-1]
    assert last["kind"] == "edit"
    assert {tuple(change["path"]): change["to"] for change in last["changes"]} == {
        ("seats", 2, "liveTiles"): 0,
        ("seats", 2, "deadTiles"): 1,
    }
    page.reload()
    expect(page.locator('#seat-1 [data-mark="dead-tiles"]')).to_contain_text("3")


@pytest.mark.parametrize("ruleset", ["wrc-2015", "tsumo-quebec", "mcr-ema-2014"])
def test_the_table_has_one_set_of_win_and_draw_buttons(phone, live_server, ruleset):
    """Issue 34: the win and draw buttons appeared twice (the taps' and the forms' 'Score a win', 'Exhaustive
    draw'); a pending hand's form still opens by itself."""
    page = phone
    open_table(page, live_server.url, "en", ruleset)
    expect(page.locator("#tap-win")).to_have_count(1)
    for removed in ("#open-win", "#open-draw"):
        expect(page.locator(removed)).to_have_count(0)
    assert page.locator("#tap-draw").count() <= 1  # a ruleset without exhaustive draws by taps has none
