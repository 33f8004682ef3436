"""One way to start an event (issue 36, 9), on phones driven by touch: the one "New event" form shares the event as it
is created when its switch is on (this phone its head referee), and the invitations are then in view, with no swipe;
a phone that joins by an invitation takes the event's ruleset and lands on its incident screen; every confirmation
(the one action's result, the log's "saved", the roster's added and renamed players) says whether its record reached
the server: "not sent yet" offline, "sent" once online, redrawn as it changes. In en, fr and it, at 390x844 and
360x640."""

import re

import pytest
from axe_check import Axe
from playwright.sync_api import expect
from touch_phone import phone

LANGS = ["en", "fr", "it"]
SIZES = [(390, 844), (360, 640)]
RULESET = "azrm-2026"
STRIKE = f"{RULESET}/ruling/r_wrong_count"  # a Strike under Arizona's rules
CONFIG = "() => JSON.parse(document.getElementById('app-config').textContent)"
SETTINGS = "async () => (await (await import('/static/js/services/settings.js')).readSettings()).settings"
SENT_SLOWLY = 15_000  # ms: live sync sends a save within 1-2 s of coming online; a busy machine takes longer


def start_shared_event(page, base, lang, name, display_name="Anna"):
    """Start an event on the one "New event" form with its switch on, by taps; the phone is then its head referee."""
    page.goto(f"{base}/{lang}/event")
    page.locator("#event-new-open").tap()
    page.fill("#event-new-name", name)
    page.select_option("#event-new-ruleset", RULESET)
    page.locator("#event-new-share").tap()
    page.fill("#event-new-display-name", display_name)
    page.locator("#event-new-save").tap()
    expect(page.locator("#sync-status")).to_have_attribute("data-role", "head")


def invitation(page):
    page.locator("#invite-referee").tap()
    return page.locator("#invite-link").input_value()


def strings(page):
    return page.evaluate(CONFIG)["strings"]


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_one_new_event_form_shares_the_event_and_brings_its_invitations_into_reach(
    browser, server, lang, width, height
):
    context = phone(browser, width, height)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{server.url}/{lang}/event")
        page.locator("#event-new-open").tap()
        switch = page.locator("#event-new-share")
        expect(switch).to_have_attribute("role", "switch")
        expect(switch).not_to_be_checked()
        name = page.locator("#event-new-display-name")
        expect(name).to_be_hidden()  # asked only of an event to share
        page.fill("#event-new-name", f"Start Cup {lang} {width}")
        page.select_option("#event-new-ruleset", RULESET)
        page.fill("#event-new-sessions", "Round 1\nRound 2")
        switch.tap()
        expect(switch).to_be_checked()
        expect(name).to_be_visible()
        page.locator("#event-new-save").tap()  # no name for the other referees: refused at its field, nothing made
        expect(page.locator("#event-new-display-name-error")).to_be_visible()
        expect(page.locator("#event-shared #event-create-form")).to_be_attached()
        page.fill("#event-new-display-name", "Anna")
        page.locator("#event-new-save").tap()

        expect(page.locator("#sync-status")).to_have_attribute("data-role", "head")
        current = page.locator("#current-event")
        expect(current).to_have_attribute("data-ruleset", RULESET)
        expect(current).to_have_attribute("data-sessions", "2")
        expect(current).to_have_attribute("data-event-id", page.locator("#sync-status").get_attribute("data-event-id"))
        # The invitations are in view and focused, for a tap without a swipe.
        expect(page.locator("#invite-heading")).to_be_focused()
        for button in ("#invite-referee", "#invite-viewer"):
            expect(page.locator(button)).to_be_in_viewport(ratio=1)
        page.locator("#invite-referee").tap()
        expect(page.locator("#invitation")).to_have_attribute("data-role", "referee")
        # Its switch no longer shows: this phone is in a shared event now.
        expect(page.locator("#event-new-share")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "no sideways scroll"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            found = Axe().run(page)
            assert found.violations_count == 0, (scheme, found.generate_report())
        assert errors == []
    finally:
        context.close()


def test_with_its_switch_off_the_form_makes_a_phone_only_event(browser, server):
    context = phone(browser, 360, 640)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/en/event")
        page.locator("#event-new-open").tap()
        page.fill("#event-new-name", "Club night")
        page.locator("#event-new-save").tap()
        expect(page.locator("#current-event-name")).to_have_text("Club night")
        expect(page.locator("#event-invitations #invite-none")).to_have_attribute("data-reason", "not-shared")
        # A phone-only event can be shared later, from its section (the form filled from it).
        expect(page.locator("#event-name")).to_have_value("Club night")
        expect(page.locator("#event-new-share")).to_be_attached()
    finally:
        context.close()


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_that_joins_takes_the_events_ruleset_and_lands_on_its_incident_screen(
    browser, server, lang, width, height
):
    anna_context, bruno_context = phone(browser, 390, 844), phone(browser, width, height)
    try:
        anna, bruno = anna_context.new_page(), bruno_context.new_page()
        start_shared_event(anna, server.url, lang, f"Join Cup {lang} {width}")
        link = invitation(anna)
        bruno.goto(f"{server.url}/{lang}/wrc-2015/")  # another ruleset in use on this phone
        expect(bruno.locator("#question")).to_be_visible()
        bruno.goto(link)
        expect(bruno.locator("#join-offer")).to_be_visible()
        bruno.fill("#join-display-name", "Bruno")
        bruno.locator("#join-submit").tap()
        expect(bruno).to_have_url(f"{server.url}/{lang}/{RULESET}/")
        expect(bruno.locator("#question")).to_be_visible()
        assert bruno.evaluate(SETTINGS)["ruleset"] == RULESET
        bruno.locator("#nav-event").tap()
        expect(bruno.locator("#sync-status")).to_have_attribute("data-role", "referee")
        expect(bruno.locator("#clock-ruleset")).to_have_attribute("data-ruleset", RULESET)
    finally:
        anna_context.close()
        bruno_context.close()


def offline(page):
    """Take the phone offline once the page has every module it uses: these tests run without the service worker,
    which keeps them on a phone."""
    page.wait_for_load_state("networkidle")
    page.context.set_offline(True)


def record_strike(page, base, lang, player, before_tapping=lambda page: None):
    """The one action, "record only", for a player not seated at this phone's table, by taps (`before_tapping(page)`:
    once the page is open)."""
    page.goto(f"{base}/{lang}/{STRIKE}")
    expect(page.locator("#act-offender")).to_be_visible()
    before_tapping(page)
    page.select_option("#act-offender", "away")
    page.fill("#act-player", player)
    page.locator("#act-record-only").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "record")


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_actions_result_says_not_sent_offline_and_sent_once_online(browser, server, lang, width, height):
    anna_context, bruno_context = phone(browser, 390, 844), phone(browser, width, height)
    try:
        anna, bruno = anna_context.new_page(), bruno_context.new_page()
        start_shared_event(anna, server.url, lang, f"Sent Cup {lang} {width}")
        bruno.goto(invitation(anna))
        bruno.fill("#join-display-name", "Bruno")
        bruno.locator("#join-submit").tap()
        expect(bruno.locator("#question")).to_be_visible()
        said = strings(bruno)["freshness"]

        record_strike(bruno, server.url, lang, "Dana", before_tapping=offline)
        line = bruno.locator("#act-result #act-sent")
        expect(line).to_have_attribute("data-sent", "waiting")
        expect(line).to_have_text(said["not_sent"])
        bruno_context.set_offline(False)
        expect(line).to_have_attribute("data-sent", "sent", timeout=SENT_SLOWLY)
        expect(line).to_have_text(said["sent"])
        expect(bruno.locator("#act-result")).to_have_attribute("data-mode", "record")  # the same result, redrawn

        # Online, the result says "sent" within seconds of the action.
        record_strike(bruno, server.url, lang, "Eli")
        expect(bruno.locator("#act-sent")).to_have_attribute("data-sent", "sent", timeout=SENT_SLOWLY)
    finally:
        anna_context.close()
        bruno_context.close()


def said_offline_then_online(page, action, line):
    """Do `action()` offline: the confirmation's line (a selector) says "not sent yet"; back online, "sent"."""
    offline(page)
    action()
    expect(page.locator(line)).to_have_attribute("data-sent", "waiting")
    page.context.set_offline(False)
    expect(page.locator(line)).to_have_attribute("data-sent", "sent", timeout=SENT_SLOWLY)


def test_the_rosters_and_the_logs_confirmations_say_whether_they_were_sent(browser, server):
    """The head referee's phone: a player added and renamed in the roster, an incident added and edited in the log,
    each confirmed "not sent yet" offline and "sent" once online; a phone in no shared event says nothing of it."""
    context = phone(browser, 360, 640)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/en/event")
        page.fill("#player-add-name", "Local Lou")
        page.locator("#player-add-save").tap()
        expect(page.locator("#player-add-done")).to_be_visible()
        expect(page.locator("#player-add-sent")).to_have_count(0)  # nothing shared: nothing to say

        start_shared_event(page, server.url, "en", "Confirm Cup")

        def add_player():
            page.fill("#player-add-name", "Mia Rossi")
            page.locator("#player-add-save").tap()

        said_offline_then_online(page, add_player, "#player-add-sent")
        player_id = page.locator("#player-add-done").get_attribute("data-player-id")

        def rename():
            page.locator(f"#rename-{player_id}").tap()
            page.fill(f"#edit-player-{player_id}-name", "Mia Rossi-Bianchi")
            page.locator(f"#edit-player-{player_id}-save").tap()

        said_offline_then_online(page, rename, f"#renamed-sent-{player_id}")

        def add_incident():
            page.locator("#log-add-open").tap()
            page.fill("#log-add-search", "too many tiles")
            page.locator(f'#log-add-results button[data-ruling="r_wrong_count"][data-ruleset="{RULESET}"]').tap()
            page.fill("#log-add-player", "Mia Rossi-Bianchi")
            page.locator("#log-add-save").tap()

        page.goto(f"{server.url}/en/log")
        expect(page.locator("#log-add-open")).to_be_visible()
        said_offline_then_online(page, add_incident, "#log-add-sent")
        key = re.sub(
            r"[^A-Za-z0-9-]",
            lambda m: f"_{ord(m.group()):02x}",
            page.locator("#log-add-saved").get_attribute("data-incident"),
        )

        def edit_incident():
            page.locator(f"#edit-{key}").tap()
            page.fill(f"#edit-{key}-note", "Counted twice")
            page.locator(f"#edit-{key}-save").tap()

        said_offline_then_online(page, edit_incident, f"#saved-sent-{key}")
    finally:
        context.close()
