"""End to end: from a ruling to applied scores, undo, bad input, persistence, and number formatting."""

import pytest
import stored as store
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


def apply_ruling(page, url, **fields):
    page.goto(url)
    page.click("#apply-open")
    for name, value in fields.items():
        selector = f"#apply-{name}"
        if page.locator(selector).evaluate("node => node.tagName") == "SELECT":
            page.select_option(selector, value)
        else:
            page.fill(selector, value)
    page.click("#apply-preview")
    expect(page.locator("#preview")).to_be_visible()


def test_chombo_applied_then_undone(page, live_server):
    apply_ruling(page, f"{live_server.url}/en/wrc-2015/false-win/shown/no", offender="1")
    expect(page.locator('#sums [data-sum="tournament"]')).to_contain_text("-20")
    expect(page.locator("#next-redeal")).to_have_attribute("data-value", "true")
    expect(page.locator("#next-dealer")).to_have_attribute("data-value", "stays")
    assert stored(page) is None, "nothing is stored before confirmation"
    page.click("#apply-confirm")
    page.click("#open-table")
    expect(page.locator('#seat-1 [data-score="tournament"]')).to_have_attribute("data-value", "-20")
    expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "30000")
    expect(page.locator("#history li")).to_have_count(1)
    page.click('#history [data-undo="s1"]')  # the newest step: undone at once
    expect(page.locator('#seat-1 [data-score="tournament"]')).to_have_attribute("data-value", "0")
    expect(page.locator("#history-empty")).to_be_visible()


def test_lateness_minutes_come_from_the_wizard(page, live_server):
    apply_ruling(page, f"{live_server.url}/en/wrc-2015/attendance/late/7", offender="2")
    expect(page.locator("#apply-minutes")).to_have_value("7")
    expect(page.locator('#sums [data-sum="tournament"]')).to_contain_text("-7")


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
    page.click("#apply-open")
    for name, value in fields.items():
        if name == "offender":
            page.select_option("#apply-offender", value)
        else:
            page.fill(f"#apply-{name}", value)
    page.click("#apply-preview")
    expect(page.locator(f"#apply-{error_field}-error")).to_be_visible()
    expect(page.locator(f"#apply-{error_field}")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#apply-confirm")).to_have_count(0)
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
    expect(page.locator("#apply-offender option").nth(1)).to_contain_text("<img src=x")
    assert page.evaluate("window.pwned === undefined")
    assert page.locator("#preview img").count() == 0


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
    apply_ruling(page, f"{live_server.url}/{lang}/wrc-2015/false-win/shown/no", offender="1")
    expect(page.locator('#preview [data-seat="0"][data-score="table"] .after')).to_have_text(expected)


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
    for _ in range(3):
        apply_ruling(page, f"{live_server.url}/en/azrm-2026/ruling/r_wrong_count", offender="2")
        page.click("#apply-confirm")
        expect(page.locator("#apply-done")).to_be_visible()
    page.click("#open-table")
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
    context = browser.new_context(service_workers="block")
    page = context.new_page()

    def with_unknown_effect(route):
        structure = route.fetch().json()
        structure["rulesets"]["wrc-2015"]["rulings"]["r_late"]["effects"].append({"type": "mangan_payment"})
        route.fulfill(json=structure)

    page.route("**/data/rulesets.*.json", with_unknown_effect)
    page.goto(f"{live_server.url}/{lang}/wrc-2015/attendance/late/4")
    page.click("#apply-open")
    page.select_option("#apply-offender", "0")
    page.click("#apply-preview")
    expect(page.locator("#apply-error")).to_have_attribute("data-error", "unsupported_effect")
    expect(page.locator("#apply-error")).to_be_visible()
    expect(page.locator("#apply-error")).not_to_be_empty()
    expect(page.locator("#apply-error")).not_to_have_text("unsupported_effect")  # the translated message, not its key
    expect(page.locator("#preview")).to_have_count(0)
    expect(page.locator("#apply-confirm")).to_have_count(0)
    assert stored(page) is None
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_mcr_obstruction_takes_a_dead_hand_alone(page, live_server, lang):
    """MCR column 3, row 7: the referee gives 10 to 60 points and/or a dead hand. A dead hand alone is applied; with
    neither, or with points out of range, the form says so at the field and nothing is stored."""
    page.goto(f"{live_server.url}/{lang}/mcr-ema-2014/ruling/r_obstruction")
    page.click("#apply-open")
    page.select_option("#apply-offender", "2")
    page.click("#apply-preview")  # nothing chosen
    chosen_error = page.locator("#apply-choice #apply-chosen-error")
    expect(chosen_error).to_be_visible()
    expect(chosen_error).to_have_attribute("data-error", "choose_at_least_one")
    expect(chosen_error).not_to_have_text("choose_at_least_one")  # the translated message, not its key
    expect(page.locator("#apply-points")).to_be_focused()
    expect(page.locator("#preview")).to_have_count(0)

    page.fill("#apply-points", "70")
    page.check("#apply-chosen-dead_hand")
    page.click("#apply-preview")
    expect(page.locator("#apply-points-error")).to_be_visible()
    expect(page.locator("#apply-points")).to_have_attribute("aria-invalid", "true")
    expect(chosen_error).to_be_hidden()
    expect(page.locator("#apply-confirm")).to_have_count(0)
    assert store.item(page, "table", "mcr-ema-2014") is None

    # At 320 px: every control of the choice is a 44 px target, nothing scrolls sideways, and axe finds nothing with
    # the message shown, light or dark.
    page.set_viewport_size({"width": 320, "height": 640})
    for target in ["#apply-points", "label:has(#apply-chosen-dead_hand)"]:
        box = page.locator(target).bounding_box()
        assert box["height"] >= 43.5 and box["width"] >= 43.5, (target, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        result = Axe().run(page)
        assert result.violations_count == 0, (scheme, result.generate_report())

    page.fill("#apply-points", "")
    page.click("#apply-preview")
    expect(page.locator('#next-hand [data-seat="2"][data-mark="dead-hand"]')).to_have_count(1)
    expect(page.locator("#preview td.changed")).to_have_count(0)
    page.click("#apply-confirm")
    expect(page.locator("#apply-done")).to_be_visible()
    [step] = store.table(page, "mcr-ema-2014")["steps"]
    assert step["rulingId"] == "r_obstruction"
    assert step["inputs"] == {"offender": "2", "points": "", "chosen": ["dead_hand"]}  # as entered
    # stored as version 3 or later: an app of version 2 would take `chosen` for damage and repair it away
    assert store.item(page, "table", "mcr-ema-2014")["v"] >= 3
    page.click("#open-table")
    expect(page.locator('#seat-2 [data-mark="dead-hand"]')).to_have_count(1)
    expect(page.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", "0")
    for seat in (0, 1, 3):
        expect(page.locator(f'#seat-{seat} [data-mark="dead-hand"]')).to_have_count(0)


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
    page.click("#apply-open")
    page.select_option("#apply-offender", "0")
    page.click("#apply-preview")  # not answered: asked at the field, nothing changes
    expect(page.locator("#apply-riichi_call-error")).to_be_visible()
    expect(page.locator("#apply-confirm")).to_have_count(0)
    assert store.table(page, "wrc-2015")["steps"] == steps_before
    page.select_option("#apply-riichi_call", "yes")
    page.click("#apply-preview")
    page.click("#apply-confirm")
    expect(page.locator("#apply-done")).to_be_visible()
    step = store.table(page, "wrc-2015")["steps"][-1]
    assert step["rulingId"] == "r_dead_call_declared" and step["inputs"]["riichi_call"] == "yes"
    page.click("#open-table")
    expect(page.locator('#seat-0 [data-mark="riichi"]')).to_have_count(0)
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", str(before + 1000))
    expect(page.locator('#seat-0 [data-score="tournament"]')).to_have_attribute("data-value", "-20")


def test_a_ruleset_that_keeps_no_score_shows_no_empty_preview_table(page, live_server):
    """WSOM keeps no score: its preview used to show an empty "Player / Sum of changes" table (issue 25)."""
    page.goto(f"{live_server.url}/en/wsom/ruling/r_long_hand")
    page.click("#apply-open")
    page.select_option("#apply-offender", "0")
    page.click("#apply-preview")
    expect(page.locator("#apply-confirm")).to_be_visible()
    expect(page.locator("#preview")).to_have_attribute("data-empty", "true")
    expect(page.locator("#preview")).to_be_hidden()
    expect(page.locator(".scores-table, #sums")).to_have_count(0)


def test_a_wrong_east_too_late_to_fix_leaves_the_dealer_mark_for_this_hand(page, live_server):
    """WSOM, Errors in Dealing, wrong dealer: the wrong East deals this hand, which counts as the correct East's
    turn; the deal passes only after it (issue 25). Applying the ruling moved the mark at once."""
    page.goto(f"{live_server.url}/en/wsom/ruling/r_dealer_stands")
    # The act form's preview says no score changes: no empty table of scores there either.
    page.select_option("#act-offender", "2")
    expect(page.locator("#act-preview-none")).to_be_visible()
    expect(page.locator(".scores-table, #sums")).to_have_count(0)
    expect(page.locator("#act-next #next-dealer")).to_have_attribute("data-value", "passes_after_hand")
    page.click("#apply-open")
    page.select_option("#apply-offender", "2")
    page.click("#apply-preview")
    expect(page.locator("#apply-confirm")).to_be_visible()
    expect(page.locator("#preview")).to_be_hidden()
    line = page.locator("#apply #next-dealer")
    expect(line).to_have_attribute("data-value", "passes_after_hand")
    expect(line).to_have_attribute("data-seat", "1")  # after this hand: the seat after the correct East
    page.click("#apply-confirm")
    page.click("#open-table")
    expect(page.locator('#seat-0 [data-mark="dealer"]')).to_have_count(1)
    expect(page.locator('[data-mark="dealer"]')).to_have_count(1)
    assert store.table(page, "wsom")["steps"][-1]["rulingId"] == "r_dealer_stands"
