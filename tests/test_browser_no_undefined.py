"""No screen prints "undefined" (a missing string or field shows so): the table, the log, a ruling with its one action
done, the roster and the event, in en, fr and it, with data on each (issue 23)."""

import pytest
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]


def text_of(page):
    return page.locator("main").inner_text()


@pytest.mark.parametrize("lang", LANGS)
def test_no_screen_prints_undefined(page, live_server, lang):
    base = f"{live_server.url}/{lang}"
    seen = {}
    # The table with a named seat, an edit and a ruling in its history.
    page.goto(f"{base}/wrc-2015/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)
    page.click("#seat-0")
    page.fill("#seat-0-name", "Ana")
    page.press("#seat-0-name", "Enter")
    expect(page.locator("#history li[data-step]")).to_have_count(1)
    page.goto(f"{base}/wrc-2015/ruling/r_false_win_shown")
    page.select_option("#act-offender", "0")
    expect(page.locator("#act-preview-changes li")).to_have_count(1)
    seen["ruling, previewed"] = text_of(page)
    page.click("#act-confirm")
    expect(page.locator("#act-result")).to_be_visible()
    seen["ruling, done"] = text_of(page)
    page.click("#act-open-table")
    expect(page.locator("#history li[data-step]")).to_have_count(2)
    seen["table"] = text_of(page)
    page.click("#end-hanchan")
    expect(page.locator("#reset-confirm")).to_be_visible()
    seen["table, a reset asked"] = text_of(page)
    page.goto(f"{base}/mcr-ema-2014/table")
    expect(page.locator("#scoreboard")).to_be_visible()
    seen["mcr table"] = text_of(page)
    page.goto(f"{base}/tsumo-quebec/table")
    expect(page.locator("#event-settings")).to_be_visible()
    seen["tsumo table"] = text_of(page)
    for name, path, ready in [
        ("log", "log", "#player-cards"),
        ("roster", "roster", "main h1"),
        ("event", "event", "main h1"),
        ("clock", "wrc-2015/clock", "#clock-start"),
    ]:
        page.goto(f"{base}/{path}")
        expect(page.locator(ready).first).to_be_visible()
        seen[name] = text_of(page)
    assert [where for where, text in seen.items() if "undefined" in text] == []
