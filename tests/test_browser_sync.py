"""Acceptance of issue 14 on the phones: two browser contexts as two referees of one event, on a live server the test
starts. The head referee creates the event and invites; the referee joins from the link. Both record offline for the
same player, reconnect and sync: both see the merged log, and Arizona's third Strike of the day, recorded on the
second phone, suspends the player on both. An edit made on both phones is kept twice and settled by the head."""

import re
from email.utils import formatdate, parsedate_to_datetime

import pytest
import stored as store
from act_form import record_only
from conftest import wait_offline_ready
from playwright.sync_api import expect

EVENT = "Autumn Cup"
PLAYER = "Player One"
STRIKE = "/en/azrm-2026/ruling/r_wrong_count"  # a Strike under Arizona's rules (§1.4: more than 2 in a day suspends)


def create_event(page, base):
    page.goto(f"{base}/en/event")
    page.wait_for_selector("#event-create-form")
    page.fill("#event-name", EVENT)
    page.select_option("#event-ruleset", "azrm-2026")
    page.fill("#event-display-name", "Anna")
    page.click("#event-create")
    expect(page.locator("#sync-status")).to_have_attribute("data-role", "head")


def invitation(page):
    page.click("#invite-referee")
    expect(page.locator("#invitation")).to_have_attribute("data-role", "referee")
    assert page.locator("#invite-qr").get_attribute("src").startswith("data:image/svg+xml")
    return page.locator("#invite-link").input_value()


def join(page, link):
    page.goto(link)
    page.fill("#join-display-name", "Bruno")
    page.locator("#join-submit").tap()
    expect(page.locator("#question")).to_be_visible()  # the event's ruleset's first question (issue 36, 9)
    assert "#" not in page.url and page.url.endswith("/en/azrm-2026/")  # the invitation's secret left the address bar
    page.locator("#nav-event").tap()
    expect(page.locator("#sync-status")).to_have_attribute("data-role", "referee")


def record(page, base, player=PLAYER, note=""):
    """Record the Strike in the log for a player not seated at this phone's table (record only, by taps)."""
    page.goto(f"{base}{STRIKE}")
    record_only(page, player, note=note or None)


def sync(page, base):
    """Sync now, and wait until a sync that started after this call has ended (the last sync's time changes)."""
    page.goto(f"{base}/en/event")
    status = page.locator("#sync-status")
    expect(status).to_have_attribute("data-role", re.compile("."))
    before = status.get_attribute("data-last-sync")
    page.click("#sync-now")
    expect(status).not_to_have_attribute("data-last-sync", before)
    expect(status).to_have_attribute("data-problem", "")
    expect(status).to_have_attribute("data-waiting", "0")
    expect(status).not_to_have_attribute("data-last-sync", "")


def strikes(page, base):
    page.goto(f"{base}/en/log")
    return page.locator(
        f'#player-cards li.player-card[data-player="{PLAYER}"][data-ruleset="azrm-2026"] li[data-strikes]'
    )


def phones(browser, server):
    """Two referees' phones, each with the app kept for offline use; Anna heads the event, Bruno joined it."""
    anna_context, bruno_context = (browser.new_context(has_touch=True, is_mobile=True) for _ in range(2))
    anna, bruno = anna_context.new_page(), bruno_context.new_page()
    for page in (anna, bruno):
        page.goto(f"{server.url}/en/")
        wait_offline_ready(page)
    create_event(anna, server.url)
    join(bruno, invitation(anna))
    return (anna_context, anna), (bruno_context, bruno)


ADD_PLAYER = """async (name) => {
  const roster = await import('/static/js/services/roster.js');
  return (await roster.addPlayer(null, { name, number: 'A-12', club: 'Phoenix' })).player.id;
}"""


def event_id(page):
    return page.locator("#sync-status").get_attribute("data-event-id")


def test_two_referees_offline_sync_a_merged_log_and_the_third_strike_suspends_on_both(browser, server):
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        # The head referee puts the player on the event's roster; both phones sync it before going offline.
        player_id = anna.evaluate(ADD_PLAYER, PLAYER)
        sync(anna, base)
        sync(bruno, base)
        assert store.items(bruno, "player")[player_id]["data"] == {
            "id": player_id,
            "eventId": event_id(bruno),
            "name": PLAYER,
            "number": "A-12",
            "club": "Phoenix",
        }
        anna_context.set_offline(True)
        bruno_context.set_offline(True)
        record(anna, base, note="first")
        record(anna, base, note="second")
        record(bruno, base, note="third")
        expect(strikes(bruno, base)).to_have_attribute("data-strikes", "1")

        # Offline, a sync says so as a connection problem, with what waits to be sent.
        bruno.goto(f"{base}/en/event")
        bruno.click("#sync-now")
        expect(bruno.locator("#sync-status")).to_have_attribute("data-problem", "offline")
        expect(bruno.locator("#sync-status")).to_have_attribute("data-waiting", "1")

        # Back online: the app syncs by itself (the online event).
        anna.goto(f"{base}/en/event")
        expect(anna.locator("#sync-status")).to_have_attribute("data-waiting", "2")
        anna_context.set_offline(False)
        expect(anna.locator("#sync-status")).to_have_attribute("data-waiting", "0")
        bruno_context.set_offline(False)
        expect(bruno.locator("#sync-status")).to_have_attribute("data-waiting", "0")
        sync(anna, base)

        mine, theirs = store.incidents(anna), store.incidents(bruno)
        assert len(mine) == 3 and mine.keys() == theirs.keys()
        assert sorted(i["note"] for i in mine.values()) == ["first", "second", "third"]
        for incidents in (mine, theirs):  # one roster player and one event on both phones
            assert {(i["playerId"], i["eventId"]) for i in incidents.values()} == {(player_id, event_id(anna))}
        for page in (anna, bruno):
            line = strikes(page, base)
            expect(line).to_have_attribute("data-strikes", "3")
            expect(line).to_have_attribute("data-status", "suspended")
    finally:
        anna_context.close()
        bruno_context.close()


def edit_note(page, base, incident_id, note):
    page.goto(f"{base}/en/log")
    page.click(f"#edit-{incident_id}")
    page.fill(f"#edit-{incident_id}-note", note)
    page.click(f"#edit-{incident_id}-save")
    expect(page.locator(f'#incidents li[data-incident="{incident_id}"] .note')).to_have_text(note)


def test_an_edit_made_on_both_phones_is_kept_twice_and_settled_by_the_head(browser, server):
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        record(bruno, base, note="as recorded")
        sync(bruno, base)
        sync(anna, base)
        [incident_id] = store.incidents(anna).keys()

        anna_context.set_offline(True)
        bruno_context.set_offline(True)
        edit_note(anna, base, incident_id, "Anna's reading")
        edit_note(bruno, base, incident_id, "Bruno's reading")
        anna_context.set_offline(False)
        bruno_context.set_offline(False)
        sync(bruno, base)
        sync(anna, base)

        conflict = anna.locator(f'#conflicts li.conflict[data-record-id="{incident_id}"]')
        expect(conflict.locator(".conflict-heads > li")).to_have_count(2)
        expect(anna.locator("#sync-status")).to_have_attribute("data-conflicts", "1")
        assert store.incidents(anna)[incident_id]["note"] == "Anna's reading"  # nothing overwritten meanwhile
        expect(bruno.locator("#conflicts")).to_have_count(0)  # only the head referee settles

        heads = conflict.locator(".conflict-heads > li")
        brunos = next(i for i in range(2) if re.search("Bruno's reading", heads.nth(i).inner_text()))
        heads.nth(brunos).locator(".keep-version").click()
        expect(anna.locator("#conflicts")).to_have_count(0)
        expect(anna.locator("#sync-status")).to_have_attribute("data-conflicts", "0")
        sync(bruno, base)
        assert (
            store.incidents(anna)[incident_id]["note"]
            == store.incidents(bruno)[incident_id]["note"]
            == "Bruno's reading"
        )
    finally:
        anna_context.close()
        bruno_context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_event_screens_are_accessible_and_fit_320px(browser, server, scheme):
    """The create form (fr), the linked event with an invitation shown (fr), and the join page (it): axe finds
    nothing, and nothing is wider than a 320 px screen."""
    from axe_check import Axe

    context = browser.new_context(viewport={"width": 320, "height": 640}, color_scheme=scheme)
    other = browser.new_context(viewport={"width": 320, "height": 640}, color_scheme=scheme)
    axe = Axe()

    def check(page, what):
        result = axe.run(page)
        assert result.violations_count == 0, (what, result.generate_report())
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, what

    try:
        page = context.new_page()
        page.goto(f"{server.url}/fr/event")
        page.wait_for_selector("#event-create-form")  # the first visit of a fresh context loads every module
        page.click("#event-create")  # nothing filled: errors at the fields, nothing created
        expect(page.locator("#event-name-error")).to_have_attribute("data-error", "required")
        check(page, "create form with errors")
        page.fill("#event-name", "Coupe d’automne")
        page.fill("#event-display-name", "Anna")
        page.click("#event-create")
        expect(page.locator("#sync-status")).to_have_attribute("data-role", "head")
        link = invitation(page)
        check(page, "event with invitation")
        joining = other.new_page()
        joining.goto(link.replace("/en/", "/it/"))
        expect(joining.locator("#join-form")).to_be_visible()
        check(joining, "join page")
    finally:
        context.close()
        other.close()


def test_a_refused_change_and_a_revoked_phone_are_told_apart_from_a_lost_connection(browser, server):
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        record(anna, base, note="the head's")
        sync(anna, base)
        bruno.goto(f"{base}/en/log")  # opening the app syncs: the head's incident arrives with no tap
        expect(bruno.locator("#incidents li.incident")).to_have_count(1)
        [incident_id] = store.incidents(bruno).keys()
        edit_note(bruno, base, incident_id, "a referee may not change this")
        bruno.goto(f"{base}/en/event")
        bruno.click("#sync-now")
        refused = bruno.locator(f'#sync-refused li[data-record-id="{incident_id}"]')
        expect(refused).to_have_attribute("data-error", "forbidden")
        status = bruno.locator("#sync-status")
        expect(status).to_have_attribute("data-problem", "")  # the connection worked: not a connection problem
        expect(status).to_have_attribute("data-waiting", "0")  # kept and shown, not sent again

        # The head referee revokes Bruno's phone: its next sync says so, not "offline".
        head = store.item(anna, "sync", "main")["data"]["credential"]
        link = store.item(bruno, "sync", "main")["data"]
        client = server.app.test_client()
        token = client.post("/api/auth/token", json={"credential_id": head["id"], "secret": head["secret"]}).json
        revoked = client.post(
            f"/api/events/{link['server']['eventId']}/credentials/{link['credential']['id']}/revoke",
            json={},
            headers={"Authorization": f"Bearer {token['access_token']}"},
        )
        assert revoked.status_code == 200
        bruno.reload()
        bruno.click("#sync-now")
        expect(status).to_have_attribute("data-problem", "auth")
        bruno_context.set_offline(True)
        bruno.click("#sync-now")
        expect(status).to_have_attribute("data-problem", "offline")
    finally:
        anna_context.close()
        bruno_context.close()


def test_a_referees_walk_in_player_reaches_the_server_and_the_heads_edit_reaches_the_referee(browser, server):
    """A name not on the head's roster joins the referee's roster and goes to the server as a player with the
    incident; an edit the head referee makes to it reaches the referee's phone as it is (nothing sent back over it)."""
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        record(bruno, base, player="Walk-in Player", note="as recorded")
        [incident_id] = store.incidents(bruno).keys()
        player_id = store.incidents(bruno)[incident_id]["playerId"]
        assert player_id in store.items(bruno, "player")
        sync(bruno, base)
        sync(anna, base)
        assert store.incidents(anna)[incident_id]["playerId"] == player_id  # the walk-in is a player on every phone
        assert store.items(anna, "player")[player_id]["data"]["name"] == "Walk-in Player"
        edit_note(anna, base, incident_id, "corrected by the head")
        sync(anna, base)
        sync(bruno, base)
        sync(bruno, base)
        assert store.incidents(bruno)[incident_id]["note"] == "corrected by the head"
        known = store.known(anna)
        assert len(known[incident_id]["seen"]) == 2 and len(known[incident_id]["heads"]) == 1
        assert "known" not in store.item(anna, "sync", "main")["data"]  # kept per record, in its own store
        sync(anna, base)
        history = store.known(anna)[incident_id]
        assert len(history["seen"]) == 2  # no version came back from the referee's phone over the head's edit
    finally:
        anna_context.close()
        bruno_context.close()


def head_client(server, anna):
    """The API as the head referee, with the credential stored on Anna's phone."""
    link = store.item(anna, "sync", "main")["data"]
    client = server.app.test_client()
    token = client.post(
        "/api/auth/token", json={"credential_id": link["credential"]["id"], "secret": link["credential"]["secret"]}
    ).json["access_token"]
    return client, link["server"]["eventId"], {"Authorization": f"Bearer {token}"}


def test_a_viewer_reads_and_a_closed_event_keeps_what_waits(browser, server):
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    viewer_context = browser.new_context(has_touch=True, is_mobile=True)
    base = server.url
    try:
        record(anna, base, note="for everyone")
        sync(anna, base)
        anna.click("#invite-viewer")
        expect(anna.locator("#invitation")).to_have_attribute("data-role", "viewer")
        viewer = viewer_context.new_page()
        viewer.goto(anna.locator("#invite-link").input_value())
        viewer.fill("#join-display-name", "Vera")
        viewer.locator("#join-submit").tap()
        expect(viewer.locator("#question")).to_be_visible()  # a viewer lands on the event's ruleset too
        viewer.locator("#nav-event").tap()
        expect(viewer.locator("#sync-status")).to_have_attribute("data-role", "viewer")
        sync(viewer, base)  # reads, sends nothing
        assert [i["note"] for i in store.incidents(viewer).values()] == ["for everyone"]

        client, event_id, headers = head_client(server, anna)
        assert client.post(f"/api/events/{event_id}/close", json={}, headers=headers).status_code == 200
        record(bruno, base, note="after closing")
        bruno.goto(f"{base}/en/event")
        bruno.click("#sync-now")
        status = bruno.locator("#sync-status")
        expect(status).to_have_attribute("data-problem", "closed")
        expect(status).to_have_attribute("data-waiting", "1")  # kept on the phone, not lost
        assert len(store.incidents(bruno)) == 2  # the head's incident was read all the same
    finally:
        anna_context.close()
        bruno_context.close()
        viewer_context.close()


def hold_changes(context):
    """Hold every changes request of this phone until release() (the answer is then read from the server as it is)."""
    held = []
    pattern = re.compile(r".*/api/events/[^/]+/changes\?.*")
    context.route(pattern, lambda route: held.append(route))

    def wait(page):
        for _ in range(200):
            if held:
                return
            page.wait_for_timeout(50)
        raise AssertionError("no changes request was made")

    def release():
        for route in held:
            route.continue_()
        context.unroute(pattern)

    return wait, release


@pytest.mark.parametrize("edit_saved", ["while_held", "after_written"])
def test_an_edit_in_another_tab_during_a_download_is_never_silently_overwritten(browser, server, edit_saved):
    """Bruno corrects his incident; Anna's phone reads the feed while her second tab edits the same incident. In both
    orders her edit keeps its parent (the version she saw), so the server keeps both versions as a conflict the head
    referee sees: saved while the download is held (the download is then not written), or saved from a form opened
    before the download was written (the form says the incident changed; her save is kept beside Bruno's version,
    not refused as stale and lost)."""
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        record(bruno, base, note="as recorded")
        sync(bruno, base)
        sync(anna, base)
        [incident_id] = store.incidents(anna).keys()
        edit_note(bruno, base, incident_id, "Bruno's correction")
        sync(bruno, base)

        wait_held, release = hold_changes(anna_context)
        anna.goto(f"{base}/en/event")
        anna.click("#sync-now")
        wait_held(anna)
        other_tab = anna_context.new_page()
        if edit_saved == "while_held":
            edit_note(other_tab, base, incident_id, "Anna's edit")
            release()
        else:
            other_tab.goto(f"{base}/en/log")
            other_tab.click(f"#edit-{incident_id}")
            other_tab.fill(f"#edit-{incident_id}-note", "Anna's edit")
            release()
            expect(other_tab.locator(f"#edit-{incident_id}-form-stale")).to_have_attribute("data-problem", "changed")
            sync(anna, base)
            assert store.incidents(anna)[incident_id]["note"] == "Bruno's correction"  # written while she typed
            other_tab.click(f"#edit-{incident_id}-save")
            expect(other_tab.locator(f'#incidents li[data-incident="{incident_id}"] .note')).to_have_text("Anna's edit")
        sync(anna, base)
        conflict = anna.locator(f'#conflicts li.conflict[data-record-id="{incident_id}"]')
        expect(conflict.locator(".conflict-heads > li")).to_have_count(2)
        assert store.incidents(anna)[incident_id]["note"] == "Anna's edit"
        client, event_id, headers = head_client(server, anna)
        history = client.get(f"/api/events/{event_id}/records/{incident_id}", headers=headers).json
        assert history["in_conflict"] is True
        assert {v["body"]["note"] for v in history["versions"]} == {
            "as recorded",
            "Bruno's correction",
            "Anna's edit",
        }
        brunos = next(v["version_id"] for v in history["versions"] if v["body"]["note"] == "Bruno's correction")
        annas = next(v for v in history["versions"] if v["body"]["note"] == "Anna's edit")
        assert brunos not in annas["parents"]  # a sibling of Bruno's version, never its child
        assert sorted(history["heads"]) == sorted([brunos, annas["version_id"]])
    finally:
        anna_context.close()
        bruno_context.close()


def test_one_walk_in_spelt_three_ways_on_three_phones_is_one_player_suspended_on_every_phone(browser, server):
    """Three referees offline each add the same walk-in ("Marco Polo", "Marco Polo", "marco polo") with one Arizona
    Strike. After syncing, the server keeps the first id as the player and the others as its aliases; every phone
    shows one player with 3 Strikes, suspended (each phone counted only its own id before)."""
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    carla_context = browser.new_context(has_touch=True, is_mobile=True)
    carla = carla_context.new_page()
    base = server.url
    try:
        carla.goto(f"{base}/en/")
        wait_offline_ready(carla)
        join(carla, invitation(anna))
        contexts = (anna_context, bruno_context, carla_context)
        pages = (anna, bruno, carla)
        for context in contexts:
            context.set_offline(True)
        for page, spelling in zip(pages, ("Marco Polo", "Marco Polo", "marco polo")):
            record(page, base, player=spelling)
        assert len({next(iter(store.incidents(page).values()))["playerId"] for page in pages}) == 3
        for context in contexts:
            context.set_offline(False)
        for _ in range(2):
            for page in pages:
                sync(page, base)
        for page in pages:
            assert len(store.incidents(page)) == 3
            page.goto(f"{base}/en/log")
            cards = page.locator('#player-cards li.player-card[data-ruleset="azrm-2026"]')
            expect(cards).to_have_count(1)
            line = cards.locator("li[data-strikes]")
            expect(line).to_have_attribute("data-strikes", "3")
            expect(line).to_have_attribute("data-status", "suspended")
            page.goto(f"{base}/en/roster")
            expect(page.locator("#roster-players li.roster-player")).to_have_count(1)
    finally:
        anna_context.close()
        bruno_context.close()
        carla_context.close()


@pytest.mark.parametrize("status", [503, 507, 429])
def test_a_busy_or_full_server_is_waited_for_and_the_outbox_kept(browser, server, status):
    """503 (busy), 429 (wait: the device's quota; the sign-in's limit is test_browser_sync_wait.py's) and 507 (full)
    are neither a lost connection nor a revoked phone: the phone says so, keeps what waits, and tries again by itself
    after the server's Retry-After."""
    (anna_context, _anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        record(bruno, base, note="waits for the server")
        path = re.compile(r".*/api/events/[^/]+/versions$")
        refusals = []

        def refuse(route):
            refusals.append(route.request.url)
            route.fulfill(
                status=status,
                headers={"Retry-After": "2", "Content-Type": "application/json"},
                body='{"error": "busy", "message": "busy", "field": null}',
            )

        bruno_context.route(path, refuse)
        bruno.goto(f"{base}/en/event")
        bruno.click("#sync-now")
        state = bruno.locator("#sync-status")
        expect(state).to_have_attribute("data-problem", {503: "busy", 507: "full", 429: "wait"}[status])
        expect(state).to_have_attribute("data-waiting", "2")  # the incident and its walk-in player
        assert refusals
        bruno_context.unroute(path)
        expect(state).to_have_attribute("data-waiting", "0", timeout=40000)  # retried by itself (2 s, then 4, 8...)
        expect(state).to_have_attribute("data-problem", "")
    finally:
        anna_context.close()
        bruno_context.close()


def test_a_refused_change_is_shown_at_its_field_and_discarded_for_the_servers_version(browser, server):
    """Bruno's edit of the head's incident is refused (forbidden): the phone shows it with the field and reason, and
    discarding it puts back the server's version, after which the head's later edits reach his phone again."""
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        record(anna, base, note="the head's")
        sync(anna, base)
        sync(bruno, base)
        [incident_id] = store.incidents(bruno).keys()
        edit_note(bruno, base, incident_id, "not allowed")
        bruno.goto(f"{base}/en/event")
        bruno.click("#sync-now")
        refused = bruno.locator(f'#sync-refused li[data-record-id="{incident_id}"]')
        expect(refused).to_have_attribute("data-error", "forbidden")
        assert refused.get_attribute("data-field").endswith("record_id")
        expect(refused.locator(".refused-reason")).not_to_be_empty()
        refused.locator(".discard-change").click()
        expect(bruno.locator("#sync-refused")).to_have_count(0)
        assert store.incidents(bruno)[incident_id]["note"] == "the head's"
        edit_note(anna, base, incident_id, "corrected by the head")
        sync(anna, base)
        sync(bruno, base)
        assert store.incidents(bruno)[incident_id]["note"] == "corrected by the head"
        expect(bruno.locator("#sync-status")).to_have_attribute("data-waiting", "0")
    finally:
        anna_context.close()
        bruno_context.close()


def test_a_phone_whose_clock_is_a_day_behind_says_so_and_stamps_new_incidents_with_the_servers_time(browser, server):
    """The server's answers say its time (X-Server-Time); a phone 26 hours behind shows a notice and records new
    incidents at the server's time, so strikes fall on the day they happened."""
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    ahead = 26 * 3600 * 1000

    def shifted(route):
        """The server's answer with its time 26 hours ahead (X-Server-Time when the server sends it, and Date)."""
        response = route.fetch()
        headers = dict(response.headers)
        if "x-server-time" in headers:
            headers["x-server-time"] = str(int(headers["x-server-time"]) + ahead)
        if "date" in headers:
            headers["date"] = formatdate(parsedate_to_datetime(headers["date"]).timestamp() + ahead / 1000, usegmt=True)
        route.fulfill(response=response, headers=headers)

    try:
        bruno_context.route(re.compile(r".*/api/.*"), shifted)
        sync(bruno, base)
        expect(bruno.locator("#clock-off")).to_be_visible()
        minutes = int(bruno.locator("#clock-off").get_attribute("data-offset-minutes"))
        assert abs(minutes - 26 * 60) <= 1
        before = bruno.evaluate("Date.now()")
        record(bruno, base, note="stamped")
        [incident] = store.incidents(bruno).values()
        stamped = bruno.evaluate("(at) => Date.parse(at)", incident["at"])
        assert abs(stamped - (before + ahead)) < 120_000
        expect(anna.locator("#clock-off")).to_have_count(0)
    finally:
        anna_context.close()
        bruno_context.close()


@pytest.mark.parametrize("answer", ["same", "apart"])
def test_a_possible_duplicate_is_asked_of_the_head_and_merged_or_kept_apart_in_one_tap(browser, server, answer):
    """Bruno records a Strike for "Marco Polo", Anna (the head referee) one for "Marc Polo". Her event screen asks
    whether they are one person. "Same person" merges them on the server: both Strikes count for one player, on her
    phone and on Bruno's. "Not the same person" keeps two players, and the question does not come back."""
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        record(bruno, base, player="Marco Polo")
        record(anna, base, player="Marc Polo")
        sync(bruno, base)
        sync(anna, base)
        sync(anna, base)
        expect(bruno.locator("#possible-duplicates")).to_have_count(0)  # only the head referee is asked
        pair = anna.locator("#possible-duplicates li.possible-duplicate")
        expect(pair).to_have_count(1)
        expect(pair).to_have_attribute("data-reason", "one_typo")
        ids = {pair.get_attribute("data-first"), pair.get_attribute("data-second")}
        assert ids == {incident["playerId"] for incident in store.incidents(anna).values()}
        pair.locator(".same-person" if answer == "same" else ".not-same-person").click()
        expect(anna.locator("#possible-duplicates")).to_have_count(0)
        anna.reload()
        expect(anna.locator("#sync-status")).to_have_attribute("data-role", "head")
        expect(anna.locator("#possible-duplicates")).to_have_count(0)  # answered once: not asked again
        sync(bruno, base)
        for page in (anna, bruno):
            page.goto(f"{base}/en/log")
            cards = page.locator('#player-cards li.player-card[data-ruleset="azrm-2026"]')
            if answer == "same":
                expect(cards).to_have_count(1)
                expect(cards.locator("li[data-strikes]")).to_have_attribute("data-strikes", "2")
            else:
                expect(cards).to_have_count(2)
                for index in range(2):
                    expect(cards.nth(index).locator("li[data-strikes]")).to_have_attribute("data-strikes", "1")
    finally:
        anna_context.close()
        bruno_context.close()
