"""Driving the ruling screen's one action form (views/act.js) in browser tests: the offender by seat, or "away" with a
name typed; the incident's details folded under #act-details; apply and record, apply only, or record only."""

import time

from playwright.sync_api import expect

DETAILS = ("at", "session", "table", "points", "note")  # the fields under #act-details, ids #act-<name>


def press(locator):
    """Tap on a touch page (a context with has_touch), click on the others: a test's taps follow its context."""
    if locator.page.evaluate("navigator.maxTouchPoints > 0"):
        locator.tap()
    else:
        locator.click()


def open_details(page):
    """Unfold the incident's details (when, session, table, points, note) if they are folded. On a loaded machine a
    tap made as the form is drawn again (the typed name's record lines, a live sync) was seen to leave them folded
    (test_browser_sync's closed event, CI of 2026-12-05; on the server code before that day's changes too): the tap
    is made again then, twice at most."""
    details = page.locator("#act-details")
    expect(details).to_be_attached()
    for _ in range(3):
        if details.get_attribute("open") is not None:
            break
        press(page.locator("#act-details-open"))
        try:
            expect(details).to_have_attribute("open", "", timeout=3000)
        except AssertionError:
            continue
    expect(page.locator("#act-session")).to_be_visible()


def fill_details(page, **details):
    """Type the incident's details given by name (session, table, points, note, at); None leaves a field as it is."""
    given = {name: value for name, value in details.items() if value is not None}
    assert set(given) <= set(DETAILS), given
    if not given:
        return
    open_details(page)
    for name, value in given.items():
        control = page.locator(f"#act-{name}")
        if control.evaluate("(node) => node.tagName") == "SELECT":  # the event's sessions, chosen from its list
            control.select_option(value)
        else:
            control.fill(value)


def choose(page, offender, player=None):
    """Choose the offender: a seat (0-3) or "away" (not seated at this table), and type a name when given."""
    expect(page.locator("#act-form")).to_be_visible(timeout=20_000)
    page.select_option("#act-offender", str(offender))
    if player is not None:
        page.fill("#act-player", player)


def act(page, offender, *, mode="confirm", player=None, wait=True, **details):
    """Make the one action for `offender` (a seat, or "away" with `player`): mode confirm (apply and record),
    apply-only or record-only; wait for the result unless told not to (a refusal is what the test looks at)."""
    choose(page, offender, player)
    fill_details(page, **details)
    press(page.locator(f"#act-{mode}"))
    if wait:
        expect(page.locator("#act-result")).to_have_attribute(
            "data-mode", {"confirm": "both", "apply-only": "apply", "record-only": "record"}[mode]
        )


def record_only(page, player, *, wait=True, **details):
    """Record in the log only, for a player not seated at this table: "away", the name typed, then record only."""
    act(page, "away", mode="record-only", player=player, wait=wait, **details)


def draw_again_from_another_tab(page, base, lang, ruleset):
    """Change the table of the ruling's ruleset in another tab of the same phone, and wait until the ruling screen
    has drawn the act form anew (nothing typed in it: a unit drawn whole)."""
    page.evaluate("window.__drawn = document.getElementById('act-form')")
    other = page.context.new_page()
    other.goto(f"{base}/{lang}/{ruleset}/table")
    expect(other.locator("#scoreboard")).to_be_visible(timeout=20_000)
    other.click("#seat-1")
    other.fill("#seat-1-table", "31000")
    other.press("#seat-1-table", "Enter")
    deadline = time.monotonic() + 10
    while page.evaluate("document.getElementById('act-form') === window.__drawn"):
        assert time.monotonic() < deadline, "the table change was not drawn on the ruling screen"
        time.sleep(0.05)
    other.close()
