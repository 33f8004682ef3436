"""Issue 36: a venue's phones share one address. Junk sign-ins from that address never keep a correct device there
out, 300 phones behind it join with one invitation and sign in, and the counts that do hold back guessing are per
credential (and invitation). SQLite and PostgreSQL, with the default limits."""

import pytest
from conftest import FAST_EVENTS
from events_helpers import create_event

from webapp import create_app

VENUE = {"REMOTE_ADDR": "203.0.113.5"}


@pytest.fixture(params=["sqlite", "postgresql"])
def venue_app(request, new_database):
    """The app with its rate limits on, as deployed (only the hashing is cheap)."""
    app = create_app({"DATABASE_URL": new_database(request.param), **FAST_EVENTS, "RATELIMIT_ENABLED": True})
    yield app
    app.extensions["events.db"].dispose()


def sign_in(client, credential, secret=None):
    body = {"credential_id": credential["id"], "secret": credential["secret"] if secret is None else secret}
    return client.post("/api/auth/token", json=body, environ_base=VENUE)


def test_125_failed_sign_ins_from_one_address_leave_a_correct_device_there_signing_in(venue_app):
    client = venue_app.test_client()
    head = create_event(client)
    bruno = head.add_device(name="Bruno").credential
    carla = head.add_device(name="Carla").credential
    unknown = [sign_in(client, {"id": f"junk-{n}"}, "x").status_code for n in range(110)]
    wrong = [sign_in(client, bruno, "wrong").status_code for _ in range(15)]
    assert unknown == [401] * 110  # names no credential: counted for the address (120 a minute), never beyond it
    assert wrong == [401] * 10 + [429] * 5  # guessing Bruno's secret from here is held back after 10
    answer = sign_in(client, carla)
    assert answer.status_code == 200, answer.json  # before: 429 for everyone at the address
    more_junk = [sign_in(client, {"id": f"more-{n}"}, "x").status_code for n in range(12)]
    assert more_junk[-1] == 429 and sign_in(client, carla).status_code == 200  # still in, past the junk's limit


def test_300_phones_behind_one_address_join_with_one_invitation_and_sign_in(new_database):
    """The limits themselves (the databases are exercised above): SQLite only, as it takes 900 requests."""
    venue_app = create_app({"DATABASE_URL": new_database("sqlite"), **FAST_EVENTS, "RATELIMIT_ENABLED": True})
    client = venue_app.test_client()
    head = create_event(client)
    token = head.invite("referee", max_uses=300)["link"].split("#", 1)[1]
    credentials = []
    for n in range(300):
        preview = client.post("/api/invites/preview", json={"invite": token}, environ_base=VENUE)
        assert preview.status_code == 200, (n, preview.json)
        joined = client.post(
            "/api/invites/accept", json={"invite": token, "display_name": f"Referee {n}"}, environ_base=VENUE
        )
        assert joined.status_code == 201, (n, joined.json)
        credentials.append(joined.json["credential"])
    statuses = [sign_in(client, credential).status_code for credential in credentials]
    assert statuses == [200] * 300
    venue_app.extensions["events.db"].dispose()
