"""Issue 36, sizes and quotas: bodies are stored as compact UTF-8 JSON (a migration rewrites the escaped text already
stored), and each device has a share of the server: versions stored a minute and bytes stored in all, past which an
upload answers 429 with Retry-After and its own code (the phone shows "wait") and stores nothing. SQLite and
PostgreSQL."""

import json

import pytest
from alembic import command
from conftest import FAST_EVENTS
from events_helpers import create_event, incident, row_counts, version
from sqlalchemy import text

from webapp import create_app
from webapp.events import migrate

NOTE = "Café 漢字 😀"


def raw_bodies(app):
    """Every version's body as the database holds the text."""
    database = app.extensions["events.db"]
    as_text = "CAST(body AS text)" if not database.is_sqlite else "body"
    with database.engine.connect() as connection:
        return [row[0] for row in connection.execute(text(f"SELECT {as_text} FROM versions ORDER BY pk"))]


@pytest.fixture(params=["sqlite", "postgresql"])
def make_app(request, new_database):
    """make_app(**config): the app on a new database of each backend, disposed of after the test."""
    made = []

    def make(**config):
        made.append(create_app({"DATABASE_URL": new_database(request.param), **FAST_EVENTS, **config}))
        return made[-1]

    yield make
    for app in made:
        app.extensions["events.db"].dispose()


def test_bodies_are_stored_as_compact_utf8_json(make_app):
    app = make_app()
    head = create_event(app.test_client())
    assert head.statuses(version(body=incident(note=NOTE))) == ["accepted"]
    [stored] = raw_bodies(app)
    assert NOTE in stored and "\\u" not in stored and ", " not in stored and '": ' not in stored
    assert head.changes()["changes"][0]["body"]["note"] == NOTE


def test_the_migration_rewrites_escaped_bodies_and_counts_each_devices_bytes(make_app):
    """Bodies written before (escaped ASCII, spaced) become compact UTF-8 JSON with the same value, deletions stay
    null, and each credential's stored bytes are counted from what it stored."""
    app = make_app()
    head = create_event(app.test_client())
    referee = head.add_device(name="Bruno")
    deleted = version()
    assert head.statuses(version(body=incident(note=NOTE)), deleted) == ["accepted", "accepted"]
    assert head.statuses(version(deleted["record_id"], [deleted["version_id"]], deleted=True)) == ["accepted"]
    assert referee.statuses(version(body=incident(note="x" * 400))) == ["accepted"]
    before = [json.loads(body) if body else None for body in raw_bodies(app)]
    database = app.extensions["events.db"]
    with database.engine.begin() as connection:
        command.downgrade(migrate.alembic_config(connection), "0002_player_aliases")
        cast = "CAST(:body AS json)" if not database.is_sqlite else ":body"
        for pk, body in connection.execute(text("SELECT pk, body FROM versions WHERE body IS NOT NULL")).all():
            escaped = json.dumps(json.loads(body) if isinstance(body, str) else body)  # json.dumps's own default
            connection.execute(text(f"UPDATE versions SET body = {cast} WHERE pk = :pk"), {"pk": pk, "body": escaped})
    assert any("\\u00e9" in body for body in raw_bodies(app) if body)
    migrate.upgrade(database)
    after = raw_bodies(app)
    assert [json.loads(body) if body else None for body in after] == before
    assert after[2] is None  # the deletion's body
    assert all("\\u" not in body and ", " not in body for body in after if body)
    with database.engine.connect() as connection:
        stored = dict(connection.execute(text("SELECT display_name, stored_bytes FROM credentials")).all())
    assert stored["Head Referee"] > 3 * 150 and stored["Bruno"] > 400 + 150
    assert head.statuses(version()) == ["accepted"]


def test_a_device_past_its_versions_a_minute_is_told_to_wait_and_stores_nothing(make_app):
    app = make_app(RATELIMIT_ENABLED=True, QUOTA_VERSIONS_PER_CREDENTIAL="5 per minute")
    head = create_event(app.test_client())
    referee = head.add_device(name="Bruno")
    first = [version() for _ in range(3)]
    assert referee.statuses(*first) == ["accepted"] * 3
    assert referee.statuses(*first) == ["duplicate"] * 3  # the same batch again (a lost answer) counts nothing more
    assert referee.statuses(*[version() for _ in range(3)]) == ["accepted"] * 3  # never refused halfway: 6 stored
    before = row_counts(app)
    refused = referee.upload(version())
    assert (refused.status_code, refused.json["error"]) == (429, "version_quota")
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert row_counts(app) == before
    assert head.statuses(version()) == ["accepted"]  # another device has its own share


def test_a_device_past_its_stored_bytes_is_told_to_wait_and_stores_nothing(make_app):
    app = make_app(QUOTA_BYTES_PER_CREDENTIAL=6000)
    head = create_event(app.test_client())
    referee = head.add_device(name="Bruno")
    statuses = []
    for _ in range(12):
        response = referee.upload(version(body=incident(note="n" * 400)))
        statuses.append(response.status_code)
        if response.status_code == 429:
            break
    assert 200 in statuses and statuses[-1] == 429, statuses
    assert response.json["error"] == "storage_quota" and int(response.headers["Retry-After"]) > 0
    before = row_counts(app)
    assert referee.upload(version(body=incident(note="n" * 400))).status_code == 429
    assert row_counts(app) == before
    assert head.statuses(version(body=incident(note="n" * 400))) == ["accepted"]
