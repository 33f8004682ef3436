"""The head referee's view of the event (issue 36, 2), first on the event screen of the head's phone: the tables and
their latest incidents, a person suspended and one a strike away (with why), a conflict to settle, a silent phone and
a revoked one; on a phone at 360x640 with 200 % text (Chromium's default font size), in English, French and Italian,
driven by touch, axe clean. The view is current without a tap: a referee's strikes reach it by live sync."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from axe_check import Axe
from playwright.sync_api import expect
from sqlalchemy import update

from webapp.events.models import Credential

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True, "service_workers": "block"}
STRIKE = "azrm-2026/ruling/r_wrong_count"  # a Strike (Arizona §1.4: more than 2 in a day suspends)


def large_text(page):
    """200 % text: the browser's default font size at 32 px, as a phone's text-size setting sets it."""
    page.context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})


def strike(page, base, lang, player, table):
    """Record a Strike for a player who is not seated at this phone's table, by taps."""
    page.goto(f"{base}/{lang}/{STRIKE}")
    page.select_option("#act-offender", "away")
    page.fill("#act-player", player)
    page.locator("#act-details-open").tap()
    page.fill("#act-table", table)
    page.locator("#act-record-only").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "record")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_head_sees_the_event_now(browser, server, lang):
    base = server.url
    anna_context, bruno_context = browser.new_context(**PHONE), browser.new_context(**PHONE)
    anna, bruno = anna_context.new_page(), bruno_context.new_page()
    errors = []
    for page in (anna, bruno):
        page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        anna.goto(f"{base}/{lang}/event")
        anna.fill("#event-name", f"Overview Cup {lang}")
        anna.select_option("#event-ruleset", "azrm-2026")
        anna.fill("#event-display-name", "Anna")
        anna.locator("#event-create").tap()
        expect(anna.locator("#sync-status")).to_have_attribute("data-role", "head")
        anna.locator("#invite-referee").tap()
        link = anna.locator("#invite-link").input_value()
        bruno.goto(link)
        bruno.fill("#join-display-name", "Bruno")
        bruno.locator("#join-submit").tap()
        expect(bruno.locator("#freshness")).to_have_attribute("data-state", "live")
        for _ in range(3):
            strike(bruno, base, lang, "Dana Suspended", "7")
        for _ in range(2):
            strike(bruno, base, lang, "Eli Nearly", "9")

        anna.goto(f"{base}/{lang}/event")
        large_text(anna)
        view = anna.locator("#event-overview")
        expect(view).to_be_visible()
        # Bruno's strikes reach the head's open view by live sync, without a tap.
        suspended = view.locator("#ov-suspended li[data-person]")
        expect(suspended).to_have_count(1, timeout=15_000)
        expect(suspended).to_have_attribute("data-status", "suspended")
        expect(suspended).to_have_attribute("data-strikes", "3")
        nearly = view.locator("#ov-nearly li[data-person]")
        expect(nearly).to_have_attribute("data-next-strike", "suspension")
        expect(view.locator('#ov-tables > li[data-table="7"] li[data-incident]')).to_have_count(3)
        expect(view.locator('#ov-tables > li[data-table="9"] li[data-incident]')).to_have_count(2)
        expect(view.locator("#ov-tables > li").first).to_have_attribute("data-table", "9")  # the newest first

        # A silent phone: Bruno's last contact twelve minutes ago, as the server tells the head.
        silent = datetime.now(UTC) - timedelta(minutes=12)
        with server.app.extensions["events.db"].writing() as session:
            session.execute(update(Credential).where(Credential.display_name == "Bruno").values(last_contact_at=silent))
        bruno_context.close()
        anna.locator("#ov-ask").tap()
        device = view.locator('#ov-devices li[data-role="referee"]')
        expect(device).to_have_attribute("data-revoked", "false")
        expect(device).to_have_attribute("data-contact", re.compile(silent.strftime("^%Y-%m-%dT%H:%M")), timeout=15_000)

        # Revoke it: a tap, a confirmation.
        anna.once("dialog", lambda dialog: dialog.accept())
        device.locator("button").tap()
        expect(device).to_have_attribute("data-revoked", "true")
        assert anna.evaluate("document.documentElement.scrollWidth <= innerWidth"), "no sideways scroll at 200 %"
        found = Axe().run(anna)
        assert found.violations_count == 0, found.generate_report()
        assert errors == []
    finally:
        anna_context.close()
        bruno_context.close()
