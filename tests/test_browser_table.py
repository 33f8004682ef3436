"""The table as a scoreboard (issue 12), in a phone's browser at 360×640 and 390×844, in en, fr and it: the four
seats visible without scrolling, an edit made in place kept with no save button (a reload shows it), each language's
number forms read and a bad one refused at the field with nothing changed, undoing an older step asked first and
redone, a voided chombo leading into the win form, and axe on the new screen light and dark."""

import pytest
import stored as store
from act_form import act, choose, press, record_only
from axe_check import Axe
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]
VIEWPORTS = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def phone(request, browser):
    """A page of a phone-sized window (no service worker: each test starts from an empty device)."""
    context = browser.new_context(viewport=VIEWPORTS[request.param], service_workers="block")
    yield context.new_page()
    context.close()


def table_of(page, ruleset="wrc-2015"):
    """The stored table of a ruleset (its envelope), or None."""
    return store.item(page, "table", ruleset)


def open_table(page, base, lang, ruleset="wrc-2015"):
    page.goto(f"{base}/{lang}/{ruleset}/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)  # a first load on a busy machine


def steps_shown(page):
    return page.locator("#history li[data-step]").count()


def apply_only(page, offender, button="#act-apply-only"):
    """Apply the ruling to the table only, as the old "Apply to scores" did (a seat with no name is nobody: there is
    no one to record, issue 35); a ruling that penalizes nobody has one button, #act-confirm, and it applies."""
    choose(page, offender)
    press(page.locator(button))
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "apply")


def edit_field(page, seat, field, text):
    """Open a seat in place, type in one of its fields and leave it (the change event keeps it)."""
    if page.locator(f"#seat-{seat}-editor").count() == 0:
        page.click(f"#seat-{seat}")
    page.fill(f"#seat-{seat}-{field}", text)
    page.press(f"#seat-{seat}-{field}", "Enter")


@pytest.mark.parametrize("lang", LANGS)
def test_four_seats_are_visible_without_scrolling(phone, live_server, lang):
    for ruleset in ("wrc-2015", "tsumo-quebec", "mcr-ema-2014"):
        open_table(phone, live_server.url, lang, ruleset)
        height = phone.viewport_size["height"]
        assert phone.evaluate("window.scrollY") == 0
        for seat in range(4):
            box = phone.locator(f"#seat-{seat}").bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (ruleset, seat, box, height)


TYPED = {"en": ("25,000", 25000), "fr": ("25\u202f000", 25000), "it": ("25.000", 25000)}


@pytest.mark.parametrize("lang", LANGS)
def test_an_edit_in_place_survives_a_reload_with_no_save_button(phone, live_server, lang):
    open_table(phone, live_server.url, lang)
    assert phone.locator("#table-save").count() == 0, "nothing to forget to save"
    text, value = TYPED[lang]
    edit_field(phone, 2, "name", "Léa")
    expect(phone.locator("#history li[data-step]")).to_have_count(1)
    edit_field(phone, 2, "table", text)
    expect(phone.locator("#history li[data-step]")).to_have_count(2)
    phone.reload()
    expect(phone.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", str(value))
    expect(phone.locator("#seat-2 .seat-name")).to_have_attribute("data-name", "Léa")
    assert [step["kind"] for step in table_of(phone)["data"]["steps"]] == ["edit", "edit"]


# (lang, field, typed, value kept): the forms each language writes, a minus from the ± key, decimals where kept.
ACCEPTED = {
    "en": [
        ("table", "25 000", 25000),
        ("table", "-12,300", -12300),
        ("table", "\u221212000", -12000),
        ("tournament", "-1.5", -1.5),
    ],
    "fr": [
        ("table", "25\u00a0000", 25000),
        ("table", "26 000", 26000),
        ("tournament", "-1,5", -1.5),
        ("table", "-8000", -8000),
    ],
    "it": [
        ("table", "25.000", 25000),
        ("table", "-12.300", -12300),
        ("tournament", "-1,5", -1.5),
        ("table", "32000", 32000),
    ],
}
REFUSED = {
    "en": [("table", "25,00", "ambiguous"), ("table", "1.5", "decimals_not_allowed")],
    "fr": [("table", "25 00", "bad_grouping"), ("tournament", "1,255", "too_many_decimals")],
    "it": [("table", "1,5", "decimals_not_allowed"), ("table", "abc", "not_number")],
}


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_number_forms_are_read_and_a_bad_one_is_refused_at_the_field(page, live_server, lang):
    open_table(page, live_server.url, lang)
    for n, (field, text, value) in enumerate(ACCEPTED[lang]):
        edit_field(page, 1, field, text)
        expect(page.locator("#history li[data-step]")).to_have_count(n + 1)
        expect(page.locator(f'#seat-1 [data-score="{field}"]')).to_have_attribute(
            "data-value", str(value).replace(".0", "") if value == int(value) else str(value)
        )
    before = table_of(page)
    for field, text, code in REFUSED[lang]:
        edit_field(page, 1, field, text)
        error = page.locator(f"#seat-1-{field}-error")
        expect(error).to_be_visible()
        expect(page.locator(f"#seat-1-{field}")).to_have_attribute("aria-invalid", "true")
        assert table_of(page) == before, f"{text!r} ({code}) changed nothing"
    # The ± key puts a minus sign in front, for keypads without one.
    page.fill("#seat-1-table", "4000")
    page.click("#seat-1-table-sign")
    expect(page.locator("#seat-1-table")).to_have_value("-4000")
    page.press("#seat-1-table", "Enter")
    expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "-4000")
    assert page.locator("#seat-1-table").get_attribute("inputmode") == "decimal"


def slow_roster(context, delay_ms=500):
    """Make adding a player to the roster take delay_ms, so a seat's new name is kept that long after it is typed."""

    def serve(route):
        body = (
            route.fetch()
            .text()
            .replace(
                "export async function addPlayer(",
                "export async function addPlayer(...args) {\n"
                f"  await new Promise((resolve) => setTimeout(resolve, {delay_ms}));\n"
                "  return addPlayerNow(...args);\n}\nasync function addPlayerNow(",
                1,
            )
        )
        assert "addPlayerNow" in body
        route.fulfill(body=body, headers={"content-type": "text/javascript"})

    context.route("**/static/js/services/roster.js", serve)


def test_edits_are_kept_in_the_order_they_were_made(browser, live_server):
    """A seat's new name first adds the player to the roster; a score typed right after it was kept before it on a
    busy machine (the history's first step was the score). The roster is slowed here so the race always happens."""
    context = browser.new_context(viewport=VIEWPORTS["360x640"], service_workers="block")
    slow_roster(context)
    page = context.new_page()
    open_table(page, live_server.url, "en")
    edit_field(page, 0, "name", "Ana")
    edit_field(page, 0, "table", "25000")
    expect(page.locator("#history li[data-step]")).to_have_count(2)
    steps = table_of(page)["data"]["steps"]
    changed = [sorted(str(change["path"]) for change in step["changes"]) for step in steps]
    assert [step["id"] for step in steps] == ["s1", "s2"]
    assert any("name" in path for path in changed[0]) and any("table" in path for path in changed[1]), changed
    context.close()


def test_a_save_ending_late_leaves_the_typing_where_it_is(browser, live_server):
    """Bugs of a save ending while the referee types the next field. The screen gave the focus back to the field just
    kept (the name), so the rest of the score went into the name (CI saw "25000Ana"). And the browser's "change" at
    the old field, as the refresh took it off the page, kept half the score (25). The name's save is slowed here so
    it ends in the middle of the score's typing."""
    context = browser.new_context(viewport=VIEWPORTS["360x640"], service_workers="block")
    slow_roster(context)
    page = context.new_page()
    open_table(page, live_server.url, "en")
    edit_field(page, 0, "name", "Ana")
    page.fill("#seat-0-table", "")
    page.locator("#seat-0-table").press_sequentially("25000", delay=250)  # about 1 s: the name is kept meanwhile
    expect(page.locator("#history li[data-step]")).to_have_count(1)
    assert page.evaluate("document.activeElement.id") == "seat-0-table"
    assert page.input_value("#seat-0-name") == "Ana"
    page.press("#seat-0-table", "Enter")
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "25000")
    steps = table_of(page)["data"]["steps"]
    assert [step["changes"][0]["to"] for step in steps] == ["Ana", 25000]
    # A score typed in full before the name is kept, then entered after: its text moved to the new rendering of the
    # field, where the browser owes no "change" for it; Enter must keep it all the same.
    edit_field(page, 1, "name", "Bo")
    page.fill("#seat-1-table", "26000")
    expect(page.locator("#history li[data-step]")).to_have_count(3)  # the name is kept, the score is still typed
    page.press("#seat-1-table", "Enter")
    expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "26000")
    assert len(table_of(page)["data"]["steps"]) == 4
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_undoing_an_older_step_asks_first_then_it_can_be_redone(phone, live_server, lang):
    page = phone
    open_table(page, live_server.url, lang)
    edit_field(page, 0, "name", "Ana")
    edit_field(page, 0, "table", "25000")
    expect(page.locator("#history li[data-step]")).to_have_count(2)  # both kept before the page is left
    page.click("#seat-0-done")
    page.goto(f"{live_server.url}/{lang}/wrc-2015/ruling/r_false_win_shown")
    apply_only(page, 1)
    page.click("#act-open-table")
    expect(page.locator("#history li[data-step]")).to_have_count(3)
    newest = page.locator("#history li[data-step]").first
    assert newest.get_attribute("data-kind") == "ruling", "newest first"
    # The oldest step (the name): undoing it is asked first, and says what changes; nothing changes before.
    stored_before = table_of(page)
    page.click('#history li[data-step="s1"] [data-undo]')
    confirm = page.locator("#undo-confirm")
    expect(confirm).to_be_visible()
    expect(page.locator('#undo-values li[data-path="seats.0.name"]')).to_have_count(1)
    assert table_of(page) == stored_before
    page.click("#undo-confirm-no")
    expect(confirm).to_have_count(0)
    page.click('#history li[data-step="s1"] [data-undo]')
    page.click("#undo-confirm-yes")
    expect(page.locator("#history li[data-step]")).to_have_count(2)
    expect(page.locator("#seat-0 .seat-name")).to_have_attribute("data-name", "")
    expect(page.locator('#seat-1 [data-score="tournament"]')).to_have_attribute("data-value", "-20")  # the chombo stays
    expect(page.locator('#undone li[data-step="s1"]')).to_have_count(1)
    data = table_of(page)["data"]
    assert data["start"]["seats"][0]["name"] == "" and data["start"]["seats"][0]["table"] == 30000, (
        "the start is never rewritten"
    )
    # Redo puts it back in its place; the newest step is undone at once, without asking.
    page.click('#undone [data-redo="s1"]')
    expect(page.locator("#seat-0 .seat-name")).to_have_attribute("data-name", "Ana")
    page.click('#history li[data-step="s3"] [data-undo]')
    expect(page.locator("#undo-confirm")).to_have_count(0)
    expect(page.locator('#seat-1 [data-score="tournament"]')).to_have_attribute("data-value", "0")


@pytest.mark.parametrize("lang", LANGS)
def test_a_voided_chombo_leads_into_scoring_the_win(phone, live_server, lang):
    page = phone
    page.goto(f"{live_server.url}/{lang}/wrc-2015/ruling/r_chombo_voided_by_win")
    apply_only(page, 3, button="#act-confirm")  # no penalty: its one action applies
    page.click("#act-open-table")
    form = page.locator("#win-form")
    expect(form).to_be_visible()
    page.select_option("#win-winner", "2")
    page.check("#win-how-ron")
    page.select_option("#win-discarder", "2")
    page.fill("#win-value", {"en": "5,200", "fr": "5\u202f200", "it": "5.200"}[lang])
    page.click("#win-save")
    expect(page.locator("#win-discarder")).to_have_attribute("aria-invalid", "true")  # the winner cannot pay
    assert [step["kind"] for step in table_of(page)["data"]["steps"]] == ["ruling"]
    page.select_option("#win-discarder", "0")
    page.click("#win-save")
    expect(form).to_have_count(0)
    expect(page.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", "35200")
    expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "24800")
    expect(page.locator('#seat-1 [data-mark="dealer"]')).to_have_count(1)  # the deal passed
    assert [step["kind"] for step in table_of(page)["data"]["steps"]] == ["ruling", "win"]


def test_an_exhaustive_draw_with_a_dead_riichi_hand_opens_with_that_player_noten(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/table")
    page.click("#seat-0")
    page.check("#seat-0-riichi")
    expect(page.locator('#seat-0 [data-mark="riichi"]')).to_have_count(1)
    page.goto(f"{live_server.url}/en/wrc-2015/ruling/r_noten_riichi_dead_hand")
    apply_only(page, 0, button="#act-confirm")  # no penalty: its one action applies
    page.click("#act-open-table")
    expect(page.locator("#draw-form")).to_be_visible()
    expect(page.locator("#draw-tenpai-0")).to_be_disabled()
    page.check("#draw-tenpai-1")
    page.click("#draw-save")
    expect(page.locator("#draw-form")).to_have_count(0)
    expect(page.locator('#seat-1 [data-mark="dealer"]')).to_have_count(1)
    expect(page.locator('#counters [data-count="honba"]')).to_have_attribute("data-value", "1")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_reports_no_violations_on_the_scoreboard_and_its_forms(browser, live_server, lang, scheme):
    context = browser.new_context(viewport=VIEWPORTS["360x640"], service_workers="block", color_scheme=scheme)
    page = context.new_page()
    axe = Axe()

    def check(where):
        result = axe.run(page)
        assert result.violations_count == 0, (where, result.generate_report())

    page.goto(f"{live_server.url}/{lang}/tsumo-quebec/table")
    expect(page.locator("#event-settings")).to_be_visible()
    page.click("#seat-0")
    check("tsumo table, a seat open, event settings")
    page.goto(f"{live_server.url}/{lang}/wrc-2015/table")
    edit_field(page, 0, "name", "Ana")
    edit_field(page, 0, "table", "31000")
    page.click("#tap-win")
    page.click("#seat-1")
    page.click("#tap-tsumo")
    expect(page.locator("#tap-value-form")).to_be_visible()
    check("wrc table, a win by taps")
    page.click("#tap-cancel")
    page.click("#tap-draw")
    page.click("#seat-2")
    check("wrc table, a draw by taps")
    page.click("#tap-cancel")
    page.click('#history li[data-step="s1"] [data-undo]')
    expect(page.locator("#undo-confirm")).to_be_visible()
    check("wrc table, undo asked")
    page.click("#undo-confirm-yes")
    check("wrc table, an undone step")
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_picked_from_the_roster_at_the_table_has_the_log_offence_count(phone, live_server, lang):
    """One roster, one record: a seat names the roster's player (typed "lea muller", picked as "Léa Müller"), a ruling
    applied to that seat is charged what the log says the next offence costs, and the table shows the log's count."""
    page = phone
    base = f"{live_server.url}/{lang}/mcr-ema-2014"
    page.goto(f"{base}/ruling/r_call_not_completed")
    record_only(page, "Léa Müller")  # not seated at a table yet
    [player_id] = store.items(page, "player")
    open_table(page, live_server.url, lang, "mcr-ema-2014")
    edit_field(page, 1, "name", "lea muller")
    expect(page.locator("#seat-1 .seat-name")).to_have_attribute("data-name", "Léa Müller")
    assert table_of(page, "mcr-ema-2014")["data"]["steps"][-1]["changes"][-1] == {
        "path": ["seats", 1, "playerId"],
        "from": None,
        "to": player_id,
    }
    assert len(store.items(page, "player")) == 1, "the same player, not a second one"
    expect(page.locator('#seat-1 [data-mark="offences"]')).to_have_attribute("data-count", "1")
    expect(page.locator('#seat-1 [data-mark="offences"]')).to_have_attribute("data-next", "5")
    # The second offence, recorded and applied on the ruling screen: charged 5 (the log's next), not counted twice.
    # Issue 35: one form, one action for both (the old screen recorded it in one form, then applied it in another).
    page.goto(f"{base}/ruling/r_late_pung")
    expect(page.locator('#act-offender option[value="1"]')).to_contain_text("Léa Müller")
    act(page, 1)
    page.click("#act-open-table")
    expect(page.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "-5")
    assert table_of(page, "mcr-ema-2014")["data"]["steps"][-1]["inputs"]["counts"] == {
        "session": 1,
        "carried": 0,
        "strikes": 0,
    }
    expect(page.locator('#seat-1 [data-mark="offences"]')).to_have_attribute("data-count", "2")
    expect(page.locator('#seat-1 [data-mark="offences"]')).to_have_attribute("data-next", "10")
    page.goto(f"{live_server.url}/{lang}/log")
    expect(page.locator('#player-cards li.player-card[data-player="Léa Müller"]')).to_have_attribute("data-count", "2")


def seat_values(page, kind="table"):
    return [page.locator(f'#seat-{seat} [data-score="{kind}"]').get_attribute("data-value") for seat in range(4)]


@pytest.mark.parametrize("lang", LANGS)
def test_riichi_in_one_tap_takes_the_stick_from_the_player_and_keeps_the_total(phone, live_server, lang):
    """Issue 25: one tap puts the 1,000 stick on the table and takes it from the player (no "adds up to 121,000"),
    the board shows what moved; undo gives it back."""
    open_table(phone, live_server.url, lang)
    phone.click("#seat-1-riichi-tap")
    expect(phone.locator("#seat-1-riichi-tap")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "29000")
    expect(phone.locator('#counters [data-count="pot"]')).to_contain_text("1")
    expect(phone.locator("#table-warnings li")).to_have_count(0)
    expect(phone.locator("#seat-1 .seat-moved")).to_have_attribute("data-moved", "-1000")
    assert seat_values(phone) == ["30000", "29000", "30000", "30000"]
    phone.click("#moved-undo")
    expect(phone.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "30000")
    expect(phone.locator("#seat-1-riichi-tap")).to_have_attribute("aria-pressed", "false")
    expect(phone.locator("#table-warnings li")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_a_win_scored_by_taps_shows_its_changes(phone, live_server, lang):
    """Tap Win, the winner, the discarder, type the value (its unit and hint said, a live preview of the payments),
    score: every seat shows what moved, and Undo takes it back."""
    open_table(phone, live_server.url, lang)
    phone.click("#tap-win")
    expect(phone.locator("#tap-prompt")).to_have_attribute("data-step", "winner")
    phone.click("#seat-2")
    expect(phone.locator("#tap-prompt")).to_have_attribute("data-step", "discarder")
    phone.click("#seat-0")
    expect(phone.locator("#tap-value")).to_be_focused()
    assert "tap-value-hint" in phone.locator("#tap-value").get_attribute("aria-describedby").split()
    phone.keyboard.type("8000")
    expect(phone.locator('#tap-preview [data-seat="2"]')).to_have_attribute("data-moved", "8000")
    expect(phone.locator('#tap-preview [data-seat="0"]')).to_have_attribute("data-moved", "-8000")
    phone.click("#tap-score")
    expect(phone.locator("#seat-2 .seat-moved")).to_have_attribute("data-moved", "8000")
    expect(phone.locator("#seat-0 .seat-moved")).to_have_attribute("data-moved", "-8000")
    assert seat_values(phone) == ["22000", "30000", "38000", "30000"]
    expect(phone.locator("#history li[data-step]")).to_have_count(1)
    phone.click("#moved-undo")
    expect(phone.locator('#seat-2 [data-score="table"]')).to_have_attribute("data-value", "30000")


def test_an_exhaustive_draw_by_tapping_the_tenpai_seats(page, live_server):
    open_table(page, live_server.url, "en")
    page.click("#tap-draw")
    page.click("#seat-0")
    page.click("#seat-2")
    expect(page.locator("#seat-2")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#tap-preview [data-seat="1"]')).to_have_attribute("data-moved", "-1500")
    page.click("#tap-score")
    expect(page.locator("#seat-1 .seat-moved")).to_have_attribute("data-moved", "-1500")
    assert seat_values(page) == ["31500", "28500", "31500", "28500"]


def test_a_seat_is_edited_in_a_sheet_and_the_four_seats_stay_in_their_2x2(phone, live_server):
    open_table(phone, live_server.url, "en")
    boxes = [phone.locator(f"#seat-{seat}").bounding_box() for seat in range(4)]
    phone.click("#seat-0")
    expect(phone.locator("#seat-sheet #seat-0-editor")).to_be_visible()
    after = [phone.locator(f"#seat-{seat}").bounding_box() for seat in range(4)]
    assert after == boxes  # nothing moved: the editor is over the board, not in place of it
    assert boxes[0]["y"] == boxes[1]["y"] and boxes[2]["y"] == boxes[3]["y"] and boxes[0]["x"] == boxes[2]["x"]
    labels = phone.locator("#seat-0 .seat-score-label").all_text_contents()
    assert len(labels) == 2 and all(label.strip() for label in labels)  # table points and the overall score, labelled
    phone.click("#seat-0-done")
    expect(phone.locator("#seat-sheet")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_the_usual_event_figures_in_one_tap(page, live_server, lang):
    """Tsumo leaves five figures to the event: its data offers the usual ones (said to be the event's choice), and one
    tap sets them all; a win can then be scored."""
    open_table(page, live_server.url, lang, "tsumo-quebec")
    expect(page.locator("#event-settings")).to_have_attribute("data-missing", "5")
    expect(page.locator("#event-usual-list li")).to_have_count(5)
    expect(page.locator("[data-usual-origin]")).not_to_be_empty()
    page.click("#event-usual")
    expect(page.locator("#event-settings")).to_have_attribute("data-missing", "0")
    expect(page.locator("#event-usual")).to_have_count(0)
    assert seat_values(page) == ["25000"] * 4
    stored = table_of(page, "tsumo-quebec")["data"]
    assert len(stored["steps"]) == 1
    page.click("#tap-win")
    page.click("#seat-1")
    page.click("#tap-tsumo")
    page.fill("#tap-value_dealer", "2000")
    page.fill("#tap-value_others", "1000")
    page.click("#tap-score")
    expect(page.locator("#seat-1 .seat-moved")).to_have_attribute("data-moved", "4000")
