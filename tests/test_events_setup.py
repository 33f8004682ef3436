"""The events database sets itself up: instance folder, secret key, migrations from empty to head on SQLite and
PostgreSQL with no drift from the models, upgrades by servers starting together, and the rate limits."""

import os
import sqlite3
import threading

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from conftest import FAST_EVENTS
from events_helpers import create_event
from sqlalchemy import inspect

from webapp import create_app
from webapp.events import migrate
from webapp.events.db import Database
from webapp.events.models import Base


def head_revision():
    return ScriptDirectory.from_config(migrate.alembic_config()).get_current_head()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_migrations_run_from_empty_to_head_and_match_the_models(new_database, backend):
    database = Database(new_database(backend))
    try:
        assert migrate.current(database) is None
        migrate.upgrade(database)
        assert migrate.current(database) == head_revision()
        assert set(Base.metadata.tables) <= set(inspect(database.engine).get_table_names())
        migrate.check(database)  # raises when a model changed without a migration
        with database.engine.connect() as connection:
            command.downgrade(migrate.alembic_config(connection), "base")
            connection.commit()
        assert set(inspect(database.engine).get_table_names()) <= {"alembic_version"}
        migrate.upgrade(database)
        assert migrate.current(database) == head_revision()
    finally:
        database.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_servers_starting_together_migrate_once(new_database, backend):
    url = new_database(backend)
    databases = [Database(url) for _ in range(4)]
    errors = []

    def start(database):
        try:
            migrate.upgrade(database)
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=start, args=(database,)) for database in databases]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        assert {migrate.current(database) for database in databases} == {head_revision()}
    finally:
        for database in databases:
            database.dispose()


def test_with_no_set_up_the_app_keeps_its_database_and_key_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    instance = tmp_path / "instance"
    config = {"INSTANCE_PATH": str(instance), "DATABASE_URL": None, "SECRET_KEY": None}
    app = create_app(config)
    database = instance / "mahjong-referee.sqlite3"
    assert database.is_file()
    key = (instance / "secret_key").read_text()
    assert len(key) >= 48 and oct((instance / "secret_key").stat().st_mode & 0o777) == "0o600"
    assert app.config["SECRET_KEY"] == key
    assert create_app(config).config["SECRET_KEY"] == key  # made once, then shared by every process
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone()[0] == head_revision()
    with app.extensions["events.db"].engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() > 0
    app.extensions["events.db"].dispose()


def test_a_database_url_from_the_environment_is_used(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'from-env.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    app = create_app({"DATABASE_URL": None, **FAST_EVENTS})
    assert app.extensions["events.db"].url == url
    assert (tmp_path / "from-env.sqlite3").is_file()
    app.extensions["events.db"].dispose()
    monkeypatch.setenv("DATABASE_URL", "postgres://user@db.invalid/referee")
    from webapp.events.db import database_url

    assert database_url(app).startswith("postgresql+psycopg://user@db.invalid/")


def test_the_sign_in_is_rate_limited_per_credential_and_per_address(tmp_path):
    """Failures count per credential (and address); attempts naming no credential count per address; a credential's
    own sign-ins count per credential."""
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite3'}",
            **FAST_EVENTS,
            "RATELIMIT_ENABLED": True,
            "RATE_LIMIT_PER_CREDENTIAL": "3 per minute",
            "RATE_LIMIT_PER_ADDRESS": "10 per minute",
            "RATE_LIMIT_SIGN_INS_PER_CREDENTIAL": "4 per minute",
        }
    )
    client = app.test_client()
    head = create_event(client)  # one sign-in that succeeds: it does not count against the credential's failures
    head.sign_in()
    guess = {"credential_id": head.credential["id"], "secret": "wrong"}
    statuses = [client.post("/api/auth/token", json=guess).status_code for _ in range(4)]
    assert statuses == [401, 401, 401, 429]  # 3 failures a minute on this credential, then refused
    limited = client.post("/api/auth/token", json={**guess, "secret": head.credential["secret"]})
    assert (limited.status_code, limited.json["error"]) == (429, "rate_limited")  # even the right secret, from here
    # Attempts naming no credential count per address: 10 a minute, then refused at once.
    from_here = [
        client.post("/api/auth/token", json={"credential_id": f"other-{n}", "secret": "x"}).status_code
        for n in range(11)
    ]
    assert from_here == [401] * 10 + [429]
    elsewhere = client.post(
        "/api/auth/token", json={"credential_id": "other-99", "secret": "x"}, environ_base={"REMOTE_ADDR": "10.0.0.2"}
    )
    assert elsewhere.status_code == 401
    # The credential's own sign-ins: 2 made above, 2 more, then refused (from any address).
    right = {**guess, "secret": head.credential["secret"]}
    away = {"REMOTE_ADDR": "10.0.0.3"}
    assert [client.post("/api/auth/token", json=right, environ_base=away).status_code for _ in range(3)] == [
        200,
        200,
        429,
    ]
    app.extensions["events.db"].dispose()


def test_rate_limits_add_no_work_to_every_request(tmp_path):
    """The limits count only where a sign-in or an invitation calls them: no hook checks limits on every request
    (Flask-Limiter's before_request check took about 0.5 ms of CPU per sync call with nothing to check)."""
    app = create_app(
        {"DATABASE_URL": f"sqlite:///{tmp_path / 'hooks.sqlite3'}", **FAST_EVENTS, "RATELIMIT_ENABLED": True}
    )
    hooks = [*app.before_request_funcs.get(None, []), *app.after_request_funcs.get(None, [])]
    assert [hook for hook in hooks if "limit" in repr(hook).lower()] == []
    app.extensions["events.db"].dispose()


def test_someone_elses_failed_sign_ins_never_lock_the_owner_out(tmp_path):
    """Failures count per credential and address: a guesser elsewhere is held back, the owner's phone is not."""
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'lockout.sqlite3'}",
            **FAST_EVENTS,
            "RATELIMIT_ENABLED": True,
            "RATE_LIMIT_PER_CREDENTIAL": "3 per minute",
        }
    )
    client = app.test_client()
    head = create_event(client)
    guess = {"credential_id": head.credential["id"], "secret": "wrong"}
    away = {"REMOTE_ADDR": "203.0.113.9"}
    statuses = [client.post("/api/auth/token", json=guess, environ_base=away).status_code for _ in range(11)]
    assert statuses == [401, 401, 401] + [429] * 8
    limited = client.post("/api/auth/token", json=guess, environ_base=away)
    assert (limited.status_code, limited.json["error"]) == (429, "rate_limited")
    assert 1 <= int(limited.headers["Retry-After"]) <= 60
    owner = client.post(
        "/api/auth/token",
        json={**guess, "secret": head.credential["secret"]},
        environ_base={"REMOTE_ADDR": "198.51.100.7"},
    )
    assert owner.status_code == 200
    app.extensions["events.db"].dispose()


def test_too_many_attempts_from_one_address_say_when_to_try_again(tmp_path):
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'address.sqlite3'}",
            **FAST_EVENTS,
            "RATELIMIT_ENABLED": True,
            "RATE_LIMIT_PER_ADDRESS": "2 per minute",
        }
    )
    client = app.test_client()
    answers = [client.post("/api/auth/token", json={"credential_id": f"c{n}", "secret": "x"}) for n in range(3)]
    assert [answer.status_code for answer in answers] == [401, 401, 429]
    assert answers[2].json["error"] == "rate_limited"
    assert 1 <= int(answers[2].headers["Retry-After"]) <= 60
    app.extensions["events.db"].dispose()


def test_many_referees_join_with_one_invitation_but_guesses_are_limited(tmp_path):
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'invites.sqlite3'}",
            **FAST_EVENTS,
            "RATELIMIT_ENABLED": True,
            "RATE_LIMIT_PER_CREDENTIAL": "3 per minute",
        }
    )
    client = app.test_client()
    head = create_event(client)
    invite = head.invite("referee", max_uses=20)
    token = invite["link"].split("#", 1)[1]
    joined = [
        client.post("/api/invites/accept", json={"invite": token, "display_name": f"R{n}"}).status_code
        for n in range(12)
    ]
    assert joined == [201] * 12
    wrong = token.split(".")[0] + ".guess"
    guesses = [
        client.post("/api/invites/accept", json={"invite": wrong, "display_name": "Eve"}).status_code for _ in range(4)
    ]
    assert guesses == [404, 404, 404, 429]
    app.extensions["events.db"].dispose()


def test_event_creation_can_require_the_servers_key(tmp_path):
    app = create_app(
        {"DATABASE_URL": f"sqlite:///{tmp_path / 'key.sqlite3'}", **FAST_EVENTS, "EVENT_CREATION_KEY": "club-secret"}
    )
    client = app.test_client()
    body = {
        "name": "Cup",
        "ruleset_id": "wrc-2015",
        "starts_on": "2026-11-23",
        "ends_on": "2026-11-23",
        "display_name": "Head",
    }
    refused = client.post("/api/events", json=body)
    assert (refused.status_code, refused.json["error"]) == (403, "creation_key")
    assert client.post("/api/events", json={**body, "creation_key": "guess"}).status_code == 403
    assert client.post("/api/events", json={**body, "creation_key": "club-secret"}).status_code == 201
    app.extensions["events.db"].dispose()


def test_the_join_page_is_the_app_shell(client):
    response = client.get("/fr/join")
    assert response.status_code == 200 and 'id="app-config"' in response.get_data(as_text=True)


def test_nothing_is_written_into_the_repository_instance_folder():
    assert os.environ["FLASK_DATABASE_URL"].startswith("sqlite:///")
    assert "/instance/" not in os.environ["FLASK_DATABASE_URL"]
