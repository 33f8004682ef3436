"""End to end: from a ruling to applied scores, undo, bad input, persistence, and number formatting."""

import pytest
import stored as store
from act_form import choose, open_details, press
from axe_check import Axe
from conftest import wait_offline_ready
from playwright.sync_api import expect


def stored(page):
    """The stored table of wrc-2015 (its whole envelope, revision included), or None."""
    return store.item(page, "table", "wrc-2015")


def edit(page, seat, field, value):
    """Open a seat of the scoreboard in place and change one field (kept when the field changes)."""
    if page.locator(f"#seat-{seat}-editor").count() == 0:
        page.click(f"#seat-{seat}")
    page.fill(f"#seat-{seat}-{field}", value)
    page.press(f"#seat-{seat}-{field}", "Enter")


PREVIEW = "#act-preview-changes, #act-preview-none"  # the act form's preview: the scores it changes, or "no change"


def apply_ruling(page, url, offender, **fields):
    """Open a ruling and fill its one action form (the offender's seat, then the ruling's own fields #act-<name>):
    its preview follows."""
    page.goto(url)
    choose(page, offender)
    for name, value in fields.items():
        selector = f"#act-{name}"
        if page.locator(selector).evaluate("node => node.tagName") == "SELECT":
            page.select_option(selector, value)
        else:
            page.fill(selector, value)
    expect(page.locator(PREVIEW)).to_be_visible()


def apply_only(page):
    """Apply the ruling to the table only, as the old "Apply to scores" did: a seat with no name is nobody, so there
    is no one to record (issue 35)."""
    press(page.locator("#act-apply-only"))
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "apply")


def seat_players(page, names):
    """Name the table's seats (issue 35: a seat's marks are its person's record, and a seat with no name is nobody)."""
    for seat, name in names.items():
        edit(page, seat, "name", name)
        expect(page.locator(f"#seat-{seat} .seat-name")).to_have_attribute("data-name", name)
        page.click(f"#seat-{seat}-done")


def test_chombo_applied_then_undone(page, live_server):
    apply_ruling(page, f"{live_server.url}/en/wrc-2015/false-win/shown/no", offender="1")
    change = page.locator('#act-preview-changes li[data-seat="1"][data-score="tournament"]')
    expect(change).to_have_attribute("data-from", "0")
    expect(change).to_have_attribute("data-to", "-20")
    expect(page.locator("#act-next #next-redeal")).to_have_attribute("data-value", "true")
    expect(page.locator("#act-next #next-dealer")).to_have_attribute("data-value", "stays")
    assert stored(page) is None, "nothing is stored before confirmation"
    apply_only(page)
    page.click("#act-open-table")
    expect(page.locator('#seat-1 [data-score="tournament"]')).to_have_attribute("data-value", "-20")
    expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "30000")
    expect(page.locator("#history li")).to_have_count(1)
    page.click('#history [data-undo="s1"]')  # the newest step: undone at once
    expect(page.locator('#seat-1 [data-score="tournament"]')).to_have_attribute("data-value", "0")
    expect(page.locator("#history-empty")).to_be_visible()


def test_lateness_minutes_come_from_the_wizard(page, live_server):
    apply_ruling(page, f"{live_server.url}/en/wrc-2015/attendance/late/7", offender="2")
    expect(page.locator("#act-minutes")).to_have_value("7")
    expect(page.locator('#act-preview-changes li[data-seat="2"][data-score="tournament"]')).to_have_attribute(
        "data-to", "-7"
    )


@pytest.mark.parametrize(
    "fields,error_field",
    [
        ({}, "offender"),
        ({"offender": "0", "minutes": ""}, "minutes"),
        ({"offender": "0", "minutes": "abc"}, "minutes"),
        ({"offender": "0", "minutes": "-5"}, "minutes"),
        ({"offender": "0", "minutes": "99999999"}, "minutes"),
    ],
)
def test_bad_apply_input_changes_nothing(page, live_server, fields, error_field):
    page.goto(f"{live_server.url}/en/wrc-2015/attendance/late/4")
    expect(page.locator("#act-form")).to_be_visible(timeout=20_000)
    for name, value in fields.items():
        if name == "offender":
            page.select_option("#act-offender", value)
        else:
            page.fill(f"#act-{name}", value)
    # Both ways of applying it are refused at the field, with no preview and nothing done.
    for button in ("#act-apply-only", "#act-confirm"):
        press(page.locator(button))
        expect(page.locator(f"#act-{error_field}-error")).to_be_visible()
        expect(page.locator(f"#act-{error_field}")).to_have_attribute("aria-invalid", "true")
        expect(page.locator(PREVIEW)).to_have_count(0)
        expect(page.locator("#act-result")).to_have_count(0)
    assert stored(page) is None


@pytest.mark.parametrize(
    "field,value",
    [
        ("seat-0-table", ""),
        ("seat-0-table", "abc"),
        ("seat-1-tournament", "1e9"),
        ("seat-2-table", "99999999999"),
        ("table-honba", "-1"),
    ],
)
def test_bad_table_input_changes_nothing(page, live_server, field, value):
    page.goto(f"{live_server.url}/en/wrc-2015/table")
    edit(page, 3, "name", "Before")
    expect(page.locator("#history li")).to_have_count(1)
    before = stored(page)
    if field == "table-honba":
        page.click("#counters")
    else:
        page.click(f"#seat-{field[5]}")
    page.fill(f"#{field}", value)
    page.press(f"#{field}", "Enter")
    expect(page.locator(f"#{field}-error")).to_be_visible()
    assert stored(page) == before


def test_names_are_text_not_html(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/table")
    edit(page, 0, "name", "<img src=x onerror=window.pwned=1>")
    expect(page.locator("#history li")).to_have_count(1)  # kept as it was typed
    apply_ruling(page, f"{live_server.url}/en/wrc-2015/false-win/shown/no", offender="0")
    expect(page.locator("#act-offender option").nth(1)).to_contain_text("<img src=x")
    expect(page.locator('#act-preview-changes li[data-seat="0"]')).to_contain_text("<img src=x")  # named, as text
    assert page.evaluate("window.pwned === undefined")
    assert page.locator("#act img").count() == 0


@pytest.mark.service_worker
def test_table_survives_reload_and_offline(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/table")
    wait_offline_ready(page)
    edit(page, 2, "table", "41000")
    page.click("#seat-2")
    edit(page, 0, "table", "19000")
    expect(page.locator("#history li")).to_have_count(2)
    page.reload()
    expect(page.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", "41000")
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", "41000")
        expect(page.locator("#history li")).to_have_count(2)
    finally:
        page.context.set_offline(False)


@pytest.mark.parametrize("lang,expected", [("en", "30,000"), ("fr", "30\u202f000"), ("it", "30.000")])
def test_numbers_follow_the_language(page, live_server, lang, expected):
    # Issue 35: the act form's preview lists the scores that change only (the old table listed every seat, East's
    # unchanged 30,000 too), so the figure is a table score that changes: East's riichi stick given back.
    page.goto(f"{live_server.url}/{lang}/wrc-2015/table")
    page.click("#seat-0")
    page.check("#seat-0-riichi")
    expect(page.locator('#seat-0 [data-mark="riichi"]')).to_have_count(1)
    apply_ruling(page, f"{live_server.url}/{lang}/wrc-2015/ruling/r_riichi_open", offender="0")
    change = page.locator('#act-preview-changes li[data-seat="0"][data-score="table"]')
    expect(change).to_have_attribute("data-to", "30000")
    expect(change.locator("strong")).to_have_text(expected)


def test_table_warnings(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/table")
    edit(page, 0, "table", "29000")
    expect(page.locator('[data-warning="total_off"]')).to_be_visible()
    edit(page, 0, "table", "30000")
    expect(page.locator('[data-warning="total_off"]')).to_have_count(0)
    # Riichi takes the stick from the player and puts it on the table (issue 25): the total still adds up.
    page.check("#seat-0-riichi")
    expect(page.locator('#seat-0 [data-mark="riichi"]')).to_have_count(1)
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "29000")
    expect(page.locator('[data-warning="total_off"]')).to_have_count(0)
    page.click("#seat-0")
    edit(page, 1, "table", "31000")
    expect(page.locator('[data-warning="total_off"]')).to_be_visible()


def test_calculator_fits_320px(page, live_server):
    page.set_viewport_size({"width": 320, "height": 640})
    apply_ruling(page, f"{live_server.url}/it/wrc-2015/false-win/shown/no", offender="1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    open_details(page)  # the incident's details too
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.goto(f"{live_server.url}/it/wrc-2015/table")
    page.wait_for_selector("#scoreboard")
    page.click("#seat-1")
    page.click("#tap-win")
    page.click("#seat-1")
    page.click("#tap-tsumo")
    expect(page.locator("#tap-value-form")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_arizona_strikes_lead_to_a_suspension_with_dates(page, live_server):
    """Three strikes on one day suspend the player for two weeks; the table screen shows it with its dates."""
    # Issue 35: a seat's strikes are its person's record, and a seat with no name is nobody: the seats are named.
    page.goto(f"{live_server.url}/en/azrm-2026/table")
    seat_players(page, {1: "Bo", 2: "Cy"})
    for _ in range(3):
        apply_ruling(page, f"{live_server.url}/en/azrm-2026/ruling/r_wrong_count", offender="2")
        apply_only(page)
    page.click("#act-open-table")
    seat = page.locator('#discipline li[data-seat="2"]')
    expect(seat).to_have_attribute("data-strikes", "3")
    expect(seat).to_have_attribute("data-status", "suspended")
    expect(page.locator('#discipline li[data-seat="1"]')).to_have_attribute("data-status", "ok")
    expect(page.locator('#seat-2 [data-score="tournament"]')).to_have_attribute("data-value", "-30")
    expect(page.locator('#seat-2 [data-mark="suspended"]')).to_have_count(1)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_effect_the_calculator_cannot_apply_is_shown_at_the_form(browser, live_server, lang):
    """Ruling data newer than the calculator (an effect type it does not know) is refused where the referee applies
    it."""
    context = browser.new_context(service_workers="block", has_touch=True, is_mobile=True)
    page = context.new_page()

    def with_unknown_effect(route):
        structure = route.fetch().json()
        structure["rulesets"]["wrc-2015"]["rulings"]["r_late"]["effects"].append({"type": "mangan_payment"})
        route.fulfill(json=structure)

    page.route("**/data/rulesets.*.json", with_unknown_effect)
    page.goto(f"{live_server.url}/{lang}/wrc-2015/attendance/late/4")
    choose(page, 0)
    for button in ("#act-apply-only", "#act-confirm"):
        page.locator(button).tap()
        error = page.locator("#act-error")
        expect(error).to_have_attribute("data-error", "unsupported_effect")
        expect(error).to_be_visible()
        expect(error).not_to_be_empty()
        expect(error).not_to_have_text("unsupported_effect")  # the translated message, not its key
        expect(page.locator(PREVIEW)).to_have_count(0)
        expect(page.locator("#act-result")).to_have_count(0)
    assert stored(page) is None
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_mcr_obstruction_takes_a_dead_hand_alone(page, live_server, lang):
    """MCR column 3, row 7: the referee gives 10 to 60 points and/or a dead hand. A dead hand alone is applied; with
    neither, or with points out of range, the form says so at the field and nothing is stored."""
    page.goto(f"{live_server.url}/{lang}/mcr-ema-2014/ruling/r_obstruction")
    choose(page, 2)
    press(page.locator("#act-apply-only"))  # nothing chosen
    chosen_error = page.locator("#act-choice #act-chosen-error")
    expect(chosen_error).to_be_visible()
    expect(chosen_error).to_have_attribute("data-error", "choose_at_least_one")
    expect(chosen_error).not_to_have_text("choose_at_least_one")  # the translated message, not its key
    expect(page.locator("#act-points")).to_be_focused()
    expect(page.locator(PREVIEW)).to_have_count(0)

    page.fill("#act-points", "70")
    page.check("#act-chosen-dead_hand")
    press(page.locator("#act-apply-only"))
    expect(page.locator("#act-points-error")).to_be_visible()
    expect(page.locator("#act-points")).to_have_attribute("aria-invalid", "true")
    expect(chosen_error).to_be_hidden()
    expect(page.locator("#act-result")).to_have_count(0)
    assert store.item(page, "table", "mcr-ema-2014") is None

    # At 320 px: every control of the choice is a 44 px target, nothing scrolls sideways, and axe finds nothing with
    # the message shown, light or dark.
    page.set_viewport_size({"width": 320, "height": 640})
    for target in ["#act-points", "label:has(#act-chosen-dead_hand)"]:
        box = page.locator(target).bounding_box()
        assert box["height"] >= 43.5 and box["width"] >= 43.5, (target, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        result = Axe().run(page)
        assert result.violations_count == 0, (scheme, result.generate_report())

    page.fill("#act-points", "")
    expect(page.locator('#act-next [data-seat="2"][data-mark="dead-hand"]')).to_have_count(1)
    expect(page.locator("#act-preview-none")).to_be_visible()  # no score changes
    expect(page.locator("#act-preview-changes")).to_have_count(0)
    apply_only(page)
    [step] = store.table(page, "mcr-ema-2014")["steps"]
    assert step["rulingId"] == "r_obstruction"
    assert step["inputs"] == {"offender": "2", "points": "", "chosen": ["dead_hand"]}  # as entered
    # stored as version 3 or later: an app of version 2 would take `chosen` for damage and repair it away
    assert store.item(page, "table", "mcr-ema-2014")["v"] >= 3
    page.click("#act-open-table")
    expect(page.locator('#seat-2 [data-mark="dead-hand"]')).to_have_count(1)
    expect(page.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", "0")
    for seat in (0, 1, 3):
        expect(page.locator(f'#seat-{seat} [data-mark="dead-hand"]')).to_have_count(0)


def test_the_points_the_referee_gives_are_the_ones_charged_and_recorded(browser, live_server):
    """WRC §7, a phone rang: the referee sets the points. The one action form had a second #act-points, the log's own
    under its details, with the same name, which won: the points typed for the ruling were dropped (the step charged
    nothing or was refused as missing, and the log kept other points)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block", has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/en/wrc-2015/table")
    seat_players(page, {1: "Bo"})
    page.goto(f"{live_server.url}/en/wrc-2015/ruling/r_phone")
    choose(page, 1)
    open_details(page)
    expect(page.locator("#act-points")).to_have_count(1)  # one field for them: the ruling's, which the log keeps
    page.fill("#act-points", "15")
    expect(page.locator('#act-preview-changes li[data-seat="1"][data-score="tournament"]')).to_have_attribute(
        "data-to", "-15"
    )
    page.locator("#act-confirm").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "both")
    expect(page.locator('#act-changes li[data-seat="1"][data-score="tournament"]')).to_have_attribute("data-to", "-15")
    step = store.table(page, "wrc-2015")["steps"][-1]
    assert step["rulingId"] == "r_phone" and step["inputs"]["points"] == "15"
    [incident] = store.incidents(page).values()
    assert incident["player"] == "Bo" and incident["points"] == 15
    page.locator("#act-open-table").tap()
    expect(page.locator('#seat-1 [data-score="tournament"]')).to_have_attribute("data-value", "-15")
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_call_with_a_dead_hand_asks_whether_it_was_a_riichi_and_gives_its_stick_back(page, live_server, lang):
    """WRC §7, calling with a dead hand: a voided riichi's stick goes back to its player. The apply form did not ask,
    so the calculator took every voided call as not a riichi and the stick stayed on the table."""
    page.goto(f"{live_server.url}/{lang}/wrc-2015/table")
    page.click("#seat-0")
    page.check("#seat-0-riichi")
    expect(page.locator('#seat-0 [data-mark="riichi"]')).to_have_count(1)
    before = int(page.locator('#seat-0 [data-score="table"]').get_attribute("data-value"))
    steps_before = store.table(page, "wrc-2015")["steps"]
    page.goto(f"{live_server.url}/{lang}/wrc-2015/ruling/r_dead_call_declared")
    choose(page, 0)
    press(page.locator("#act-apply-only"))  # not answered: asked at the field, nothing changes
    expect(page.locator("#act-riichi_call-error")).to_be_visible()
    expect(page.locator("#act-result")).to_have_count(0)
    assert store.table(page, "wrc-2015")["steps"] == steps_before
    page.select_option("#act-riichi_call", "yes")
    expect(page.locator('#act-preview-changes li[data-seat="0"][data-score="table"]')).to_have_attribute(
        "data-to", str(before + 1000)
    )
    apply_only(page)
    step = store.table(page, "wrc-2015")["steps"][-1]
    assert step["rulingId"] == "r_dead_call_declared" and step["inputs"]["riichi_call"] == "yes"
    page.click("#act-open-table")
    expect(page.locator('#seat-0 [data-mark="riichi"]')).to_have_count(0)
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", str(before + 1000))
    expect(page.locator('#seat-0 [data-score="tournament"]')).to_have_attribute("data-value", "-20")


def test_a_ruleset_that_keeps_no_score_shows_no_empty_preview_table(page, live_server):
    """WSOM keeps no score: its preview used to show an empty "Player / Sum of changes" table (issue 25)."""
    page.goto(f"{live_server.url}/en/wsom/ruling/r_long_hand")
    choose(page, 0)
    expect(page.locator("#act-confirm")).to_be_visible()
    # The act form says "no change" instead of listing changed scores (issue 35: one form, no preview table).
    expect(page.locator("#act-preview-none")).to_be_visible()
    expect(page.locator("#act-preview-changes")).to_have_count(0)
    expect(page.locator(".scores-table, #sums")).to_have_count(0)


def test_a_wrong_east_too_late_to_fix_leaves_the_dealer_mark_for_this_hand(page, live_server):
    """WSOM, Errors in Dealing, wrong dealer: the wrong East deals this hand, which counts as the correct East's
    turn; the deal passes only after it (issue 25). Applying the ruling moved the mark at once."""
    page.goto(f"{live_server.url}/en/wsom/ruling/r_dealer_stands")
    # The act form's preview says no score changes: no empty table of scores there either.
    page.select_option("#act-offender", "2")
    expect(page.locator("#act-preview-none")).to_be_visible()
    expect(page.locator(".scores-table, #sums")).to_have_count(0)
    line = page.locator("#act-next #next-dealer")
    expect(line).to_have_attribute("data-value", "passes_after_hand")
    expect(line).to_have_attribute("data-seat", "1")  # after this hand: the seat after the correct East
    expect(page.locator("#act-confirm")).to_be_visible()
    apply_only(page)
    page.click("#act-open-table")
    expect(page.locator('#seat-0 [data-mark="dealer"]')).to_have_count(1)
    expect(page.locator('[data-mark="dealer"]')).to_have_count(1)
    assert store.table(page, "wsom")["steps"][-1]["rulingId"] == "r_dealer_stands"
