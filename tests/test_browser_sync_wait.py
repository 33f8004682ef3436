"""Issue 24: a phone whose sign-in is refused for too many attempts (429) says "wait", never that it was revoked,
and keeps what waits to be sent."""

import json

from playwright.sync_api import expect
from test_browser_sync import phones, record, server, sync  # noqa: F401  (server is the module's live server fixture)


def test_a_rate_limited_sign_in_says_wait_not_revoked(browser, server):  # noqa: F811
    (anna_context, _anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        sync(bruno, base)
        record(bruno, base, note="kept while the server asks to wait")
        bruno.route(
            "**/api/auth/token",
            lambda route: route.fulfill(
                status=429,
                headers={"Retry-After": "42", "Content-Type": "application/json"},
                body=json.dumps({"error": "rate_limited", "message": "Too many failed attempts.", "field": None}),
            ),
        )
        bruno.goto(f"{base}/en/event")  # a new page: the access token kept in memory is gone, so it signs in again
        bruno.click("#sync-now")
        status = bruno.locator("#sync-status")
        expect(status).to_have_attribute("data-problem", "wait")
        expect(status).to_have_attribute("data-waiting", "2")  # the incident and its walk-in player
        bruno.unroute("**/api/auth/token")
        sync(bruno, base)  # once the server takes it again, all goes through
    finally:
        anna_context.close()
        bruno_context.close()
