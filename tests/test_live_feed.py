"""Live sync on the server (issue 36): an unchanged feed is answered 304 without a database query, a change or a
revocation is never hidden by it, several processes share what they know in Redis, and each device's last contact
and what it still has to send reach the head referee's list of devices, written at most once a minute."""

import contextlib

import pytest
from conftest import FAST_EVENTS
from events_helpers import create_event, version
from redis_server import RedisServer
from sqlalchemy import event

from webapp import create_app


@contextlib.contextmanager
def statements(app):
    """The SQL statements the app's database runs inside the block."""
    engine = app.extensions["events.db"].engine
    seen = []

    def count(conn, cursor, statement, *args):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def answered(response):
    """The response, read and closed, as a server closes it once sent (which runs what waits for that)."""
    response.get_data()
    response.close()
    return response


def poll(device, tag, since, scope="event", pending=None):
    headers = {"If-None-Match": tag}
    if pending is not None:
        headers["X-Sync-Pending"] = str(pending)
    return answered(device.get(f"/changes?since={since}&scope={scope}", headers=headers))


def last_page(device, scope="event"):
    response = answered(device.get(f"/changes?since=0&scope={scope}"))
    assert response.status_code == 200
    return response.json["next"], response.headers["ETag"]


def test_an_unchanged_feed_is_answered_304_without_a_query_until_something_is_stored(api, events_app):
    head = create_event(api)
    referee = head.add_device(name="Bruno")
    head.statuses(version())
    cursor, tag = last_page(referee)
    with statements(events_app) as seen:
        for _ in range(3):
            unchanged = poll(referee, tag, cursor)
            assert unchanged.status_code == 304 and unchanged.headers["ETag"] == tag
            assert unchanged.headers["X-Server-Time"].isdigit() and not unchanged.data
    assert seen == []
    stored = version()
    head.statuses(stored)
    changed = poll(referee, tag, cursor)
    assert changed.status_code == 200
    assert [c["version_id"] for c in changed.json["changes"]] == [stored["version_id"]]
    assert changed.headers["ETag"] != tag
    assert poll(referee, changed.headers["ETag"], changed.json["next"]).status_code == 304
    # A tag sent with another cursor or scope, or a made-up one, is read from the database.
    assert poll(referee, tag, "0").status_code == 200
    assert poll(referee, '"junk"', cursor).status_code == 200


def test_a_page_of_the_feed_for_a_device_checked_lately_does_not_ask_the_database_who_it_is(api, events_app):
    """Feed reads are half of a syncing event's calls: the device the database said was live less than a minute ago
    is trusted as an unchanged poll is, so its read runs the feed's own queries only."""
    head = create_event(api)
    referee = head.add_device(name="Bruno")
    head.statuses(version())
    with statements(events_app) as first:
        answered(referee.get("/changes?since=0"))
    with statements(events_app) as later:
        for since in ("0", "1"):
            assert answered(referee.get(f"/changes?since={since}")).status_code == 200
    caller = [statement for statement in first if "JOIN events" in statement]
    assert len(caller) == 1
    assert not [statement for statement in later if "JOIN events" in statement]


def test_a_merge_is_a_change_and_a_league_feed_has_its_own_tag(api):
    head = create_event(api, league={"name": "League"})
    players = [version(kind="player", body={"name": name}) for name in ("Marco Polo", "Marc Polo")]
    head.statuses(*players)
    cursor, tag = last_page(head, scope="league")
    assert poll(head, tag, cursor, scope="league").status_code == 304
    assert poll(head, tag, cursor, scope="event").status_code == 200
    merged = head.post("/players/merge", json={"player_id": players[1]["record_id"], "into": players[0]["record_id"]})
    assert merged.status_code == 200
    assert poll(head, tag, cursor, scope="league").status_code == 200


def test_a_revoked_or_expired_device_is_told_so_even_by_an_unchanged_feed(api, events_app):
    head = create_event(api)
    referee = head.add_device(name="Bruno")
    cursor, tag = last_page(referee)
    assert poll(referee, tag, cursor).status_code == 304
    revoked = head.post(f"/credentials/{referee.credential['id']}/revoke")
    assert revoked.status_code == 200
    answer = poll(referee, tag, cursor)
    assert (answer.status_code, answer.json["error"]) == (401, "revoked")
    other = head.add_device(name="Carla")
    cursor, tag = last_page(other)
    events_app.config["ACCESS_TOKEN_MAX_AGE"] = -1
    try:
        answer = poll(other, tag, cursor)
    finally:
        events_app.config["ACCESS_TOKEN_MAX_AGE"] = FAST_EVENTS.get("ACCESS_TOKEN_MAX_AGE", 3600)
    assert (answer.status_code, answer.json["error"]) == (401, "token_expired")


def devices(head):
    response = head.get("/credentials")
    assert response.status_code == 200
    return {item["display_name"]: item for item in response.json["credentials"]}


def test_the_heads_list_of_devices_says_each_ones_last_contact_and_what_it_still_has_to_send(api, events_app):
    head = create_event(api, display_name="Anna")
    referee = head.add_device(name="Bruno")
    listed = devices(head)
    assert {name: (item["role"], item["pending"]) for name, item in listed.items()} == {
        "Anna": ("head", None),
        "Bruno": ("referee", None),
    }
    assert listed["Anna"]["last_contact_at"].endswith("Z")
    first = listed["Bruno"]["last_contact_at"]  # it joined and fetched nothing yet: signed in only
    assert first is None
    cursor, tag = last_page(referee)
    # It says it has 3 versions to send: that is new, so it is written at once, and an unchanged poll is not taken.
    assert poll(referee, tag, cursor, pending=3).status_code == 200
    noted = devices(head)["Bruno"]
    assert noted["pending"] == 3 and noted["last_contact_at"] is not None
    # The same again within the minute: nothing written (the contact is written at most once a minute).
    with statements(events_app) as seen:
        assert poll(referee, tag, cursor, pending=3).status_code == 304
    assert seen == []
    answered(referee.get("/changes?since=0", headers={"X-Sync-Pending": "3"}))
    assert devices(head)["Bruno"]["last_contact_at"] == noted["last_contact_at"]
    # An upload says what is left after its batch, written in the upload's own transaction.
    response = referee.client.post(
        f"/api/events/{referee.event_id}/versions",
        json={"versions": [version()]},
        headers={**referee.headers, "X-Sync-Pending": "0"},
    )
    assert response.status_code == 200
    assert devices(head)["Bruno"]["pending"] == 0
    # A minute later (here: a setting of 0 seconds) every call writes the contact again.
    events_app.config["LIVE_CONTACT_SECONDS"] = 0
    try:
        answered(referee.get("/changes?since=0"))
        assert devices(head)["Bruno"]["last_contact_at"] > noted["last_contact_at"]
        assert devices(head)["Bruno"]["pending"] == 0  # a call that says nothing keeps what was said
    finally:
        events_app.config["LIVE_CONTACT_SECONDS"] = 60


@pytest.fixture
def two_apps(new_database):
    """Two app processes' worth of state (two apps in this process) on one database, sharing Redis."""
    with RedisServer() as redis:
        url = new_database("sqlite")
        apps = [create_app({"DATABASE_URL": url, "RATELIMIT_STORAGE_URI": redis.url, **FAST_EVENTS}) for _ in (1, 2)]
        try:
            yield apps
        finally:
            for app in apps:
                app.extensions["events.db"].dispose()


def test_several_processes_share_the_feeds_numbers_and_revocations_in_redis(two_apps):
    first, second = (app.test_client() for app in two_apps)
    head = create_event(first)
    referee = head.add_device(name="Bruno")
    referee.client = second  # Bruno's phone reaches the second process, Anna's the first
    cursor, tag = last_page(referee)
    assert poll(referee, tag, cursor).status_code == 304
    head.statuses(version())  # stored through the first process
    assert poll(referee, tag, cursor).status_code == 200
    cursor, tag = last_page(referee)
    assert poll(referee, tag, cursor).status_code == 304
    assert head.post(f"/credentials/{referee.credential['id']}/revoke").status_code == 200
    answer = poll(referee, tag, cursor)
    assert (answer.status_code, answer.json["error"]) == (401, "revoked")
    answer = referee.get("/changes?since=0")  # a whole read trusts a device checked lately, unless revoked anywhere
    assert (answer.status_code, answer.json["error"]) == (401, "revoked")


def test_reads_of_the_feed_tell_redis_a_spaces_number_only_when_it_is_new_to_this_process(two_apps):
    """Every read of the feed's last page tells the space's number; Redis hears it once (the writer told it already)."""
    import redis

    first = two_apps[0]
    head = create_event(first.test_client())
    head.statuses(version())
    store = redis.Redis.from_url(first.config["RATELIMIT_STORAGE_URI"])

    def scripts_run():
        stats = store.info("commandstats")
        return sum(stats.get(f"cmdstat_{name}", {}).get("calls", 0) for name in ("evalsha", "eval"))

    before = scripts_run()
    for _ in range(3):
        assert answered(head.get("/changes?since=0")).status_code == 200
    assert scripts_run() == before
    head.statuses(version())
    assert scripts_run() == before + 1


def test_a_busy_database_skips_a_last_contact_rather_than_hold_the_thread(api, events_app):
    """The contact written after a feed read waits for the write lock a fifth of a second at most: while another
    writer holds it, the read is answered all the same and the contact is left for the device's next call."""
    from sqlalchemy import select

    from webapp.events.models import Credential

    head = create_event(api, display_name="Anna")
    referee = head.add_device(name="Bruno")
    database = events_app.extensions["events.db"]
    with database.engine.connect() as holder, holder.begin():
        if database.is_sqlite:
            holder.exec_driver_sql("UPDATE spaces SET last_seq = last_seq")  # takes SQLite's write lock
        else:
            holder.execute(select(Credential).where(Credential.id == referee.credential["id"]).with_for_update())
        response = answered(referee.get("/changes?since=0", headers={"X-Sync-Pending": "4"}))
        assert response.status_code == 200
    assert devices(head)["Bruno"]["pending"] is None  # skipped while busy
    answered(referee.get("/changes?since=0", headers={"X-Sync-Pending": "4"}))
    assert devices(head)["Bruno"]["pending"] == 4
