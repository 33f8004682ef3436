"""Issue 24: a phone whose sign-in is refused for too many attempts (429) says "wait", never that it was revoked,
and keeps what waits to be sent."""

import json

import pytest
from playwright.sync_api import expect
from test_browser_sync import phones, record, sync


@pytest.mark.parametrize(
    "path, error",
    [("**/api/auth/token", "rate_limited"), ("**/versions", "version_quota"), ("**/versions", "storage_quota")],
)
def test_a_rate_limited_sign_in_or_a_quota_says_wait_not_revoked(browser, server, path, error):
    """Too many sign-ins, or the device's quota of versions a minute or of bytes (issue 36): the phone says "wait"
    and keeps what waits to be sent."""
    (anna_context, _anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        sync(bruno, base)
        record(bruno, base, note="kept while the server asks to wait")
        bruno.route(
            path,
            lambda route: route.fulfill(
                status=429,
                headers={"Retry-After": "42", "Content-Type": "application/json"},
                body=json.dumps({"error": error, "message": "Wait.", "field": None}),
            ),
        )
        bruno.evaluate("() => sessionStorage.clear()")  # a new tab: it signs in again
        bruno.goto(f"{base}/en/event")
        bruno.click("#sync-now")
        status = bruno.locator("#sync-status")
        expect(status).to_have_attribute("data-problem", "wait")
        expect(status).to_have_attribute("data-waiting", "2")  # the incident and its walk-in player
        bruno.unroute(path)
        sync(bruno, base)  # once the server takes it again, all goes through
    finally:
        anna_context.close()
        bruno_context.close()


def test_a_phone_keeps_its_session_across_page_loads(browser, server):
    """Issue 36: every page load signed in again (a slow argon2 check on the server each time, and a venue's phones
    share one address); the access token now lasts the tab's life, and a token the server no longer takes is dropped
    and signed in again, never kept."""
    (anna_context, _anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    sign_ins = []
    bruno.on(
        "request", lambda request: sign_ins.append(request.url) if request.url.endswith("/api/auth/token") else None
    )
    try:
        for _ in range(3):
            sync(bruno, base)  # each loads /en/event again, syncs as it opens, and syncs on the tap
        assert sign_ins == []  # the token the phone got when it joined lasts across page loads (before: 6 sign-ins)
        kept = bruno.evaluate("() => JSON.parse(sessionStorage.getItem('mjref.sync.accessToken'))")
        assert kept["value"] and kept["credentialId"] and "secret" not in kept
        bruno.evaluate(
            "() => sessionStorage.setItem('mjref.sync.accessToken', JSON.stringify({...JSON.parse("
            "sessionStorage.getItem('mjref.sync.accessToken')), value: 'not-a-token'}))"
        )
        sync(bruno, base)  # refused as not valid: dropped, signed in again, synced
        assert len(sign_ins) == 1
        assert (
            bruno.evaluate("() => JSON.parse(sessionStorage.getItem('mjref.sync.accessToken')).value") != "not-a-token"
        )
        bruno.evaluate("() => sessionStorage.clear()")  # as a new tab
        sync(bruno, base)
        assert len(sign_ins) == 2
    finally:
        anna_context.close()
        bruno_context.close()


SYNC_MODULE = "async () => { window.syncModule = await import('/static/js/services/sync.js'); }"
PLANNED = "() => window.syncModule.syncActivity().retryAt"  # when the next try is planned (ISO time), or null
NONE_PLANNED = "() => window.syncModule.syncActivity().retryAt === null"
SOME_PLANNED = "() => window.syncModule.syncActivity().retryAt !== null"
PLANNED_IN = "() => Date.parse(window.syncModule.syncActivity().retryAt) - Date.now()"  # milliseconds


def test_a_sync_with_no_answer_while_the_phone_says_online_tries_again_by_itself(browser, server):
    """The `online` event can come before the route works again (a phone's radio; Chromium's network service under
    load, which made the table's test flaky): a sync that got no answer while the device says it is online tries
    again a few seconds later by itself, never in a tight loop; going offline drops the try planned, and coming back
    starts the waits afresh."""
    (anna_context, _anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    tries = []

    def no_route(route):
        tries.append(route.request.url)
        route.abort("internetdisconnected")

    try:
        sync(bruno, base)
        record(bruno, base, note="sent once the route works")
        bruno.route("**/api/**", no_route)
        bruno.goto(f"{base}/en/event")  # the app syncs as it opens: no answer
        status = bruno.locator("#sync-status")
        expect(status).to_have_attribute("data-problem", "offline")
        assert bruno.evaluate("navigator.onLine")
        bruno.evaluate(SYNC_MODULE)
        assert bruno.evaluate(PLANNED) is not None  # a try again is planned

        # It tries again by itself (no tap, no `online` event), a few seconds later: never in a tight loop.
        for _ in range(100):
            if len(tries) >= 2:
                break
            bruno.wait_for_timeout(200)
        assert len(tries) >= 2
        bruno.wait_for_timeout(1_000)
        assert len(tries) <= 3, tries

        bruno_context.set_offline(True)  # offline: nothing would get through, no try planned
        bruno.wait_for_function(NONE_PLANNED)
        before = len(tries)
        bruno_context.set_offline(False)  # back online: it syncs (still no answer), then waits a few seconds again
        bruno.wait_for_function(SOME_PLANNED)
        assert len(tries) > before
        assert bruno.evaluate(PLANNED_IN) <= 3_500

        bruno.unroute("**/api/**")  # the route works again: the planned try sends what waited
        expect(status).to_have_attribute("data-waiting", "0", timeout=20_000)
        expect(status).to_have_attribute("data-problem", "")
    finally:
        anna_context.close()
        bruno_context.close()
