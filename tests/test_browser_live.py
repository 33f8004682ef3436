"""Live by default (issue 36), on two phones of one event (touch contexts, taps): a strike saved on phone 1 is on the
server within 5 s and on phone 2's open log within 10 s, with no tap on either; a phone whose clock is 26 hours behind
counts strikes by the server's day, so it shows the head referee's status (suspended)."""

import time

from playwright.sync_api import expect
from sqlalchemy import func, select

from webapp.events.models import Version

PLAYER = "Player One"
STRIKE = "/en/azrm-2026/ruling/r_wrong_count"  # a Strike under Arizona's rules (§1.4: more than 2 in a day suspends)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "service_workers": "block"}
HOURS_26 = 26 * 3600 * 1000
ALL_INCIDENTS = """async () => {
  const { list } = await import('/static/js/storage/repository.js');
  return (await list('incident')).items.map((item) => item.data.id);
}"""
# A phone whose clock is 26 hours behind: every Date made without a moment, and Date.now(), read 26 hours earlier.
CLOCK_BEHIND = """(() => {
  const shift = -HOURS;
  const Real = Date;
  class Behind extends Real {
    constructor(...args) { if (args.length) super(...args); else super(Real.now() + shift); }
    static now() { return Real.now() + shift; }
  }
  globalThis.Date = Behind;
})();""".replace("HOURS", str(HOURS_26))


def stored_incidents(app):
    with app.extensions["events.db"].reading() as session:
        return session.scalar(select(func.count()).select_from(Version).where(Version.kind == "incident"))


def create_event(page, base):
    page.goto(f"{base}/en/event")
    page.fill("#event-name", "Live Cup")
    page.select_option("#event-ruleset", "azrm-2026")
    page.fill("#event-display-name", "Anna")
    page.locator("#event-create").tap()
    expect(page.locator("#sync-status")).to_have_attribute("data-role", "head")


def join(page, head_page):
    head_page.locator("#invite-referee").tap()
    link = head_page.locator("#invite-link").input_value()
    page.goto(link)
    page.fill("#join-display-name", "Bruno")
    page.locator("#join-submit").tap()
    expect(page.locator("#question")).to_be_visible()  # the event's ruleset's first question (issue 36, 9)


def record(page, base, player=PLAYER, before_tapping=None):
    """Record a Strike by taps (`before_tapping()`: once the page is open); returns the moment (monotonic) the save
    was tapped."""
    page.goto(f"{base}{STRIKE}")
    page.locator("#act-offender").wait_for()
    if before_tapping:
        page.wait_for_load_state("networkidle")
        before_tapping()
    page.select_option("#act-offender", "away")  # a player not seated at this phone's table
    page.fill("#act-player", player)
    saved = time.monotonic()
    page.locator("#act-record-only").tap()
    expect(page.locator("#act-result")).to_have_attribute("data-mode", "record")
    return saved


def player_line(page):
    return page.locator(
        f'#player-cards li.player-card[data-player="{PLAYER}"][data-ruleset="azrm-2026"] li[data-strikes]'
    )


def phones(browser, base, bruno_script=None):
    anna_context, bruno_context = browser.new_context(**PHONE), browser.new_context(**PHONE)
    if bruno_script:
        bruno_context.add_init_script(bruno_script)
    anna, bruno = anna_context.new_page(), bruno_context.new_page()
    create_event(anna, base)
    join(bruno, anna)
    return (anna_context, anna), (bruno_context, bruno)


def test_a_strike_saved_on_one_phone_reaches_the_server_and_the_other_phones_open_log_without_a_tap(browser, server):
    base = server.url
    (anna_context, anna), (bruno_context, bruno) = phones(browser, base)
    try:
        bruno.goto(f"{base}/en/log")
        expect(bruno.locator("#player-cards")).to_have_count(0)
        before = stored_incidents(server.app)
        saved = record(anna, base)
        while stored_incidents(server.app) == before:
            assert time.monotonic() - saved < 5, "the strike did not reach the server within 5 s"
            time.sleep(0.05)
        on_server = time.monotonic() - saved
        expect(player_line(bruno)).to_have_attribute("data-strikes", "1", timeout=10_000)
        on_phone = time.monotonic() - saved
        assert on_phone < 10, f"on the other phone after {on_phone:.1f} s"
        print(f"\nlive: on the server after {on_server:.1f} s, on the other phone's log after {on_phone:.1f} s")
        # The open log was redrawn by the sync's own change notices: the page was never loaded again.
        assert bruno.evaluate("performance.getEntriesByType('navigation').length") == 1
        # Its view says how fresh it is: live, heard from the server just now, nothing waiting.
        state = bruno.evaluate("async () => (await import('/static/js/services/sync-live.js')).liveState()")
        assert state["running"] and state["polling"] and state["waiting"] == 0 and not state["unsent"]
        assert state["heardAt"] is not None and state["problem"] is None
    finally:
        anna_context.close()
        bruno_context.close()


def test_a_phone_whose_clock_is_26_hours_behind_shows_the_heads_status(browser, server):
    """Anna's three Strikes today suspend the player. Bruno's phone is 26 hours behind: by its own clock the strikes
    are tomorrow's and do not count; by the server's time (X-Server-Time) it shows the player suspended, as Anna's."""
    base = server.url
    (anna_context, anna), (bruno_context, bruno) = phones(browser, base, bruno_script=CLOCK_BEHIND)
    try:
        assert abs(bruno.evaluate("Date.now()") + HOURS_26 - anna.evaluate("Date.now()")) < 60_000
        for _ in range(3):
            record(anna, base)
        anna.goto(f"{base}/en/log")
        expect(player_line(anna)).to_have_attribute("data-status", "suspended")
        bruno.goto(f"{base}/en/log")
        line = player_line(bruno)
        expect(line).to_have_attribute("data-strikes", "3", timeout=15_000)
        expect(line).to_have_attribute("data-status", "suspended")
        # A page loaded again counts by the server's day too (the offset the last sync kept, or its first answer).
        bruno.reload()
        expect(player_line(bruno)).to_have_attribute("data-status", "suspended")
    finally:
        anna_context.close()
        bruno_context.close()


CONFIG = "JSON.parse(document.getElementById('app-config').textContent)"
SENT = (
    """async (id) => (await import('/static/js/services/sync-status.js')).recordSent(CONFIG, 'incident', id)""".replace(
        "CONFIG", CONFIG
    )
)
LIVE = "async () => (await import('/static/js/services/sync-live.js')).liveState()"


def wait_until(page, script, arg, expected, seconds=10):
    """Evaluate `script(arg)` in the page until it gives `expected` (an async script's result, which
    wait_for_function does not wait for)."""
    deadline = time.monotonic() + seconds
    while (found := page.evaluate(script, arg)) != expected:
        assert time.monotonic() < deadline, f"still {found!r}"
        time.sleep(0.1)


def test_the_head_lists_the_devices_and_a_revoked_phone_is_told_and_stops(browser, server):
    """Each confirmation can say whether its record reached the server (recordSent); the head referee's list of devices
    says each one's role, name, last contact and what waits on it; a device she revokes stops syncing and says why."""
    base = server.url
    (anna_context, anna), (bruno_context, bruno) = phones(browser, base)
    try:
        record(bruno, base, before_tapping=lambda: bruno_context.set_offline(True))
        [incident_id] = [key for key in bruno.evaluate(ALL_INCIDENTS)]
        assert bruno.evaluate(SENT, incident_id) == "waiting"
        bruno_context.set_offline(False)
        wait_until(bruno, SENT, incident_id, "sent")
        wait_until(bruno, f"async () => (await ({LIVE})()).waiting", None, 0)
        listed = anna.evaluate(
            "async () => (await import('/static/js/services/sync-devices.js')).listDevices(CONFIG)".replace(
                "CONFIG", CONFIG
            )
        )
        assert listed["ok"]
        devices = {device["displayName"]: device for device in listed["devices"]}
        assert {name: (d["role"], d["thisPhone"], d["revoked"]) for name, d in devices.items()} == {
            "Anna": ("head", True, False),
            "Bruno": ("referee", False, False),
        }
        assert devices["Bruno"]["lastContactAt"] is not None and devices["Bruno"]["pending"] == 0
        revoked = anna.evaluate(
            "async (id) => (await import('/static/js/services/sync-devices.js')).revokeDevice(CONFIG, id)".replace(
                "CONFIG", CONFIG
            ),
            devices["Bruno"]["id"],
        )
        assert revoked["ok"] and revoked["device"]["revoked"]
        wait_until(bruno, f"async () => (await ({LIVE})()).running", None, False, seconds=15)
        assert bruno.evaluate(LIVE)["problem"] == "auth"
        bruno.goto(f"{base}/en/event")
        expect(bruno.locator("#sync-status")).to_have_attribute("data-problem", "auth")
    finally:
        anna_context.close()
        bruno_context.close()
