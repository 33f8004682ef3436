"""Stopping the server in the middle of a sync and starting it again loses and duplicates nothing: a real waitress
process is killed (SIGKILL) while it stores a batch, restarted, and the phone retries. Runs on SQLite and
PostgreSQL."""

import time

import pytest
from events_helpers import incident, version
from sqlalchemy import func, select
from sync_http import ApiClient, WaitressServer, send_and_forget

from webapp.events.db import Database
from webapp.events.models import Version

BATCH = 150
BATCHES = 5


def stored(url):
    """version id -> how many rows hold it, and the sequence numbers, read straight from the database."""
    database = Database(url)
    try:
        with database.reading() as session:
            counts = dict(session.execute(select(Version.version_id, func.count()).group_by(Version.version_id)).all())
            seqs = sorted(session.scalars(select(Version.seq)))
    finally:
        database.dispose()
    return counts, seqs


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_server_killed_mid_batch_and_restarted_loses_and_duplicates_nothing(new_database, backend):
    url = new_database(backend)
    server = WaitressServer(
        {
            "DATABASE_URL": url,
            "SECRET_KEY": "crash-test-key",
            "RATELIMIT_ENABLED": "false",
            "PASSWORD_HASH_PROFILE": "CHEAPEST",
        }
    ).start()
    clients = []
    try:
        setup = ApiClient(server.url)
        clients.append(setup)
        status, created = setup.call(
            "POST",
            "/api/events",
            {
                "name": "Crash Cup",
                "ruleset_id": "azrm-2026",
                "starts_on": "2026-11-23",
                "ends_on": "2026-11-23",
                "display_name": "Head",
            },
        )
        assert status == 201
        event_id = created["event"]["id"]
        head = ApiClient(server.url).sign_in(created["credential"])
        clients.append(head)
        status, invite = head.call("POST", f"/api/events/{event_id}/invites", {"role": "referee"})
        status, joined = setup.call(
            "POST", "/api/invites/accept", {"invite": invite["link"].split("#")[1], "display_name": "Bob"}
        )
        phone = ApiClient(server.url).sign_in(joined["credential"])
        clients.append(phone)
        path = f"/api/events/{event_id}/versions"
        batches = [[version(body=incident(note=f"batch {b} item {i}")) for i in range(BATCH)] for b in range(BATCHES)]

        started = time.monotonic()
        status, answer = phone.call("POST", path, {"versions": batches[0]})
        one_batch = time.monotonic() - started
        assert status == 200 and {r["status"] for r in answer["results"]} == {"accepted"}

        acknowledged = 1
        for killed, fraction in zip(range(1, BATCHES), (0.2, 0.5, 0.8, 1.1), strict=True):
            # The phone sends the next batch; the server dies while it stores it (or just after).
            sock = send_and_forget(server.url, path, {"versions": batches[killed]}, phone.token)
            time.sleep(one_batch * fraction)
            server.kill()
            sock.close()
            phone.close()
            counts, _ = stored(url)
            stored_of_batch = len(counts) - killed * BATCH
            print(f"killed at {fraction:.0%} of {one_batch * 1000:.0f} ms: {stored_of_batch} of the batch stored")
            assert len(counts) in (killed * BATCH, (killed + 1) * BATCH)  # a batch is stored whole or not at all
            server.start()
            # No answer came back, so the phone sends the same batch again.
            status, answer = phone.call("POST", path, {"versions": batches[killed]})
            assert status == 200
            assert len({r["status"] for r in answer["results"]}) == 1  # all accepted, or all duplicates
            acknowledged += 1

        # A phone that lost track retries everything: all duplicates, nothing written twice.
        for batch in batches:
            status, answer = phone.call("POST", path, {"versions": batch})
            assert {r["status"] for r in answer["results"]} == {"duplicate"}
        counts, seqs = stored(url)
        expected = {v["version_id"] for batch in batches for v in batch}
        assert set(counts) == expected  # nothing lost
        assert set(counts.values()) == {1}  # nothing duplicated
        assert seqs == list(range(1, len(expected) + 1))  # the changes feed has no gap

        head.close()  # its connection went to the first server process
        feed, cursor = [], "0"
        while True:
            status, page = head.call("GET", f"/api/events/{event_id}/changes?since={cursor}&limit=1000")
            feed += [change["version_id"] for change in page["changes"]]
            cursor = page["next"]
            if not page["more"]:
                break
        assert sorted(feed) == sorted(expected) and len(feed) == len(expected)
    finally:
        for client in clients:
            client.close()
        server.stop()
