"""Invitations on the phones (issue 23): the head referee copies or shares the link, and the join page names the
event and the role offered before anyone joins, in en, fr and it."""

import pytest
from playwright.sync_api import expect

EVENT = "Coupe d’automne"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_invitation_is_copied_and_the_join_page_names_event_and_role(browser, server, lang):
    head_context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
    head_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    guest_context = browser.new_context(service_workers="block", viewport={"width": 320, "height": 640})
    try:
        head = head_context.new_page()
        head.goto(f"{server.url}/{lang}/event")
        head.wait_for_selector("#event-create-form")
        head.fill("#event-name", EVENT)
        head.fill("#event-display-name", "Anna")
        head.click("#event-create")
        expect(head.locator("#event-shared #sync-status")).to_have_attribute("data-role", "head")
        head.click("#invite-viewer")
        expect(head.locator("#event-invitations #invitation")).to_have_attribute("data-role", "viewer")
        expect(head.locator("#event-invitations #invite-qr")).to_be_visible()
        link = head.locator("#invite-link").input_value()
        head.click("#invite-copy")
        expect(head.locator("#invite-copy-status")).to_have_attribute("data-state", "copied")
        assert head.evaluate("navigator.clipboard.readText()") == link
        # A drawing in between (a sync run, as live sync makes one) keeps what was said: the screen holds it.
        before = head.locator("#sync-status").get_attribute("data-last-sync")
        head.click("#sync-now")
        expect(head.locator("#sync-status")).not_to_have_attribute("data-last-sync", before)
        expect(head.locator("#invite-copy-status")).to_have_attribute("data-state", "copied")
        head.click("#invite-share")  # the share sheet where there is one, else copied
        expect(head.locator("#invite-copy-status")).to_have_attribute(
            "data-state", "copied" if head.evaluate("typeof navigator.share !== 'function'") else "shared"
        )
        guest = guest_context.new_page()
        guest.goto(link.replace("/en/", f"/{lang}/"))
        offer = guest.locator("#join-offer")
        expect(offer).to_have_attribute("data-role", "viewer")
        expect(offer).to_contain_text(EVENT)
        expect(guest.locator("#join-form")).to_be_visible()
    finally:
        head_context.close()
        guest_context.close()
