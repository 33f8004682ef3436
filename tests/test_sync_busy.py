"""Issue 24: a busy database answers 503 with Retry-After within a few seconds (not a bare 500 after 30 s), and a
full one 507; nothing is written either way. Real databases: another connection holds the lock, or SQLite's page
limit is reached."""

import sqlite3
import time
from contextlib import contextmanager

import psycopg
import pytest
from conftest import FAST_EVENTS
from events_helpers import create_event, incident, row_counts, version
from sqlalchemy import event
from sqlalchemy.engine import make_url

from webapp import create_app


@contextmanager
def write_lock_held(url):
    """Another connection holds the database's write lock (SQLite) or every space's row (PostgreSQL)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        other = sqlite3.connect(parsed.database, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
    else:
        other = psycopg.connect(parsed.set(drivername="postgresql").render_as_string(hide_password=False))
        other.execute("SELECT id FROM spaces FOR UPDATE")
    try:
        yield
    finally:
        other.rollback()
        other.close()


def test_an_upload_while_another_connection_holds_the_lock_answers_503_within_seconds(api, events_app):
    head = create_event(api)
    before = row_counts(events_app)
    with write_lock_held(events_app.extensions["events.db"].url):
        began = time.monotonic()
        response = head.upload(version())
        waited = time.monotonic() - began
    assert (response.status_code, response.json["error"]) == (503, "busy")
    assert int(response.headers["Retry-After"]) > 0
    assert waited < 6
    assert row_counts(events_app) == before
    assert head.statuses(version()) == ["accepted"]  # once the lock is gone, all is well


def test_a_full_database_answers_507_and_stores_nothing(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'full.sqlite3'}", **FAST_EVENTS})
    client = app.test_client()
    head = create_event(client)
    database = app.extensions["events.db"]

    @event.listens_for(database.engine, "connect")
    def no_room_to_grow(dbapi_connection, _record):
        """The database may not grow past the pages it has now: SQLite's own 'database or disk is full'."""
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    database.engine.dispose()
    before = row_counts(app)
    big = [version(body=incident(note="x" * 500, session=f"{n}" * 100)) for n in range(200)]
    response = head.upload(*big)
    assert (response.status_code, response.json["error"]) == (507, "storage_full")
    assert row_counts(app) == before
    database.dispose()


@pytest.mark.parametrize("path", ["/changes", ""])
def test_reads_still_answer_while_a_writer_holds_the_lock(api, events_app, path):
    head = create_event(api)
    with write_lock_held(events_app.extensions["events.db"].url):
        assert head.get(path).status_code == 200


def test_connections_the_database_dropped_answer_busy_once_then_the_app_reconnects(new_database):
    """PostgreSQL restarted (every connection of the app's pool terminated): no request answers 500. The pool does not
    ping before each use, so the first request on a dropped connection answers 503 busy with nothing stored; the
    pool is then replaced, and the next requests are answered (reads and uploads)."""
    url = new_database("postgresql")
    app = create_app({"DATABASE_URL": url, **FAST_EVENTS})
    api = app.test_client()
    head = create_event(api)
    assert head.statuses(version()) == ["accepted"]
    admin = psycopg.connect(make_url(url).set(drivername="postgresql").render_as_string(hide_password=False))
    admin.autocommit = True
    dropped = admin.execute(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid()"
    ).fetchone()[0]
    admin.close()
    assert dropped >= 1
    first = head.get("/changes?since=0")
    assert first.status_code in (200, 503)
    if first.status_code == 503:
        assert first.json["error"] == "busy" and int(first.headers["Retry-After"]) > 0
    assert head.get("/changes?since=0").status_code == 200
    assert head.statuses(version()) == ["accepted"]
    assert len(head.changes()["changes"]) == 2
    app.extensions["events.db"].dispose()
