"""A ruling handed on (issue 34, 6), on a phone with touch: the lateness clock's player comes to the ruling's forms,
not typed again; sharing sits beside the penalty, and a shared link opens the player's view; "Show to a player" gives
the ruling in the player's language without the referee's tools, and one tap goes back to the referee's screen in the
referee's language."""

import re

import pytest
import stored as store
from playwright.sync_api import expect
from touch_phone import phone

LANGS = ["en", "fr", "it"]


def clock_player(page, base, name):
    """One more absent player on WRC's clock, started now: their ruling's link."""
    page.goto(f"{base}/en/wrc-2015/clock")
    page.fill("#clock-player", name)
    page.locator("#clock-add").tap()
    row = page.locator("#clock-players li").filter(has=page.get_by_role("heading", name=name, exact=True))
    expect(row).to_have_count(1)
    if page.locator("#clock-not-started").count():
        page.locator("#clock-start").tap()
    expect(page.locator("#clock-started")).to_be_visible()
    return row.locator('a[id^="clock-ruling"]')


def seat_player(page, base, seat, name):
    """Name one seat of WRC's table."""
    page.goto(f"{base}/en/wrc-2015/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)
    page.locator(f"#seat-{seat}").tap()
    page.fill(f"#seat-{seat}-name", name)
    page.press(f"#seat-{seat}-name", "Enter")
    expect(page.locator(f"#seat-{seat} .seat-name")).to_have_attribute("data-name", name)
    page.locator(f"#seat-{seat}-done").tap()


def test_the_clocks_player_is_not_typed_again_on_the_ruling(browser, live_server):
    """Issue 34, 6: the name typed on the lateness clock was typed again on its ruling. The ruling's action takes the
    seat of that name, else the name for the seat chosen; the log's form has it too."""
    context = phone(browser)
    page = context.new_page()
    clock_player(page, live_server.url, "Léa Müller").tap()
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_late")
    expect(page.locator("#act-player")).to_have_value("Léa Müller")  # issue 35: the one form, no log form beside it
    page.select_option("#act-offender", "2")  # an unnamed seat: the name goes with it
    expect(page.locator("#act-name-field")).to_be_visible()
    page.locator("#act-confirm").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "both")
    [incident] = store.incidents(page).values()
    assert incident["player"] == "Léa Müller" and incident["rulingId"] == "r_late"

    seat_player(page, live_server.url, 1, "Bo Chen")  # a seat with the clock's name: the action takes that seat
    clock_player(page, live_server.url, "bo chen").tap()
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_late")
    expect(page.locator("#act-offender")).to_have_value("1")
    context.close()


def test_share_and_show_sit_beside_the_penalty(browser, live_server):
    """Sharing was five swipes down, under the readings: it is under the penalty now, with "Show to a player", before
    the referee's action, on the first screen of a 390x844 phone."""
    context = phone(browser)
    page = context.new_page()
    page.goto(f"{live_server.url}/en/wrc-2015/false-win/shown/no")
    expect(page.locator("#ruling")).to_be_visible()
    penalty, share, show, act = (
        page.locator(s).bounding_box() for s in ("#penalty", "#share-button", "#show-player", "#act")
    )
    for button in (share, show):  # under the penalty, before the action, on the first screen
        assert penalty["y"] < button["y"] < act["y"] and button["y"] + button["height"] <= 844
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_ruling_shown_to_a_player_in_their_language_and_back(browser, live_server, lang):
    """The referee (in `lang`) shows the ruling to a player in another language: the ruling alone, without the
    referee's tools; the way back is the first thing on the page, named in the referee's language, and leads to the
    referee's screen as it was."""
    context = phone(browser)
    page = context.new_page()
    base = live_server.url
    referee = f"/{lang}/wrc-2015/false-win/shown/no"
    page.goto(base + referee)
    expect(page.locator("#act-form")).to_be_visible()
    page.locator("#show-player").tap()
    expect(page.locator("#ruling")).to_have_attribute("data-view", "player")
    other = "fr" if lang != "fr" else "it"
    page.locator(f"#player-lang-{other}").tap()
    expect(page.locator("html")).to_have_attribute("lang", other)
    expect(page.locator("#ruling")).to_have_attribute("data-view", "player")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_false_win_shown")
    for tool in ("#act", "#apply", "#record", "#share-button", "#show-player", "#compare", "#trail"):
        expect(page.locator(tool)).to_have_count(0)
    expect(page.locator(f"#player-lang-{other}")).to_have_attribute("aria-current", "true")
    back = page.locator("#player-view-back")
    expect(back).to_have_attribute("lang", lang)  # said in the referee's language
    labels = page.evaluate("JSON.parse(document.getElementById('app-config').textContent).strings.in_languages")
    expect(back).to_contain_text(labels[lang]["back"])
    first = page.evaluate("() => document.querySelector('#view a, #view button')?.id")
    assert first == "player-view-back", "the way back comes first"
    back.tap()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#act-form")).to_be_visible()
    assert page.url == base + referee
    context.close()


def test_a_shared_link_opens_the_players_view(browser, live_server):
    """The page a player opens from a shared link is the ruling without the referee's apply buttons; the referee's
    tools are one link away."""
    context = phone(browser)
    page = context.new_page()
    page.goto(f"{live_server.url}/it/wrc-2015/ruling/r_wrong_count?show=player")
    expect(page.locator("#ruling")).to_have_attribute("data-view", "player")
    expect(page.locator("#act")).to_have_count(0)
    expect(page.locator("#player-view-back")).to_have_count(0)  # no referee to go back to
    page.goto(f"{live_server.url}/it/wrc-2015/ruling/r_wrong_count?show=player&back=//elsewhere.example/")
    expect(page.locator("#player-view-back")).to_have_count(0)  # only a page of this app
    page.locator("#player-view-tools").tap()
    expect(page.locator("#act")).to_be_visible()
    assert re.search(r"/it/wrc-2015/ruling/r_wrong_count$", page.url)
    context.close()
