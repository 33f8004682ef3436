"""Events, invitations, credentials and roles: who may read and write an event, and what is refused (with nothing
written). Every test runs on SQLite and on PostgreSQL."""

import json

import pytest
from events_helpers import Device, create_event, incident, row_counts, version
from sqlalchemy import update

from webapp.events.models import Credential, Invite


def test_creating_an_event_gives_its_head_referee_a_credential_shown_once(api, events_app):
    head = create_event(api, sessions=["Round 1", "Round 2", "Final"])
    event = head.get("").json["event"]
    assert event["ruleset_id"] == "azrm-2026"
    assert event["sessions"] == ["Round 1", "Round 2", "Final"]
    assert (event["starts_on"], event["ends_on"], event["closed"], event["league"]) == (
        "2026-11-23",
        "2026-11-24",
        False,
        None,
    )
    assert head.get("").json["me"]["role"] == "head"
    assert "secret" not in head.get("").json["me"]
    with events_app.extensions["events.db"].reading() as session:
        stored = session.get(Credential, head.credential["id"])
    assert stored.secret_hash.startswith("$argon2id$")
    assert head.credential["secret"] not in stored.secret_hash


@pytest.mark.parametrize(
    "change, field",
    [
        ({"ruleset_id": "no-such-ruleset"}, "ruleset_id"),
        ({"starts_on": "23/11/2026"}, "starts_on"),
        ({"ends_on": "2026-02-30"}, "ends_on"),
        ({"ends_on": "2026-11-01"}, "ends_on"),
        ({"name": ""}, "name"),
        ({"name": "x" * 201}, "name"),
        ({"sessions": ["Round 1", "Round 1"]}, "sessions[1]"),
        ({"sessions": "Round 1"}, "sessions"),
        ({"sessions": ["Round 1", ""]}, "sessions[1]"),
        ({"sessions": [7]}, "sessions[0]"),
        ({"display_name": None}, "display_name"),
        ({"colour": "red"}, "colour"),
        ({"league": {"name": ""}}, "league.name"),
    ],
)
def test_a_bad_event_is_refused_at_its_field_and_nothing_is_written(api, events_app, change, field):
    body = {
        "name": "Cup",
        "ruleset_id": "azrm-2026",
        "starts_on": "2026-11-23",
        "ends_on": "2026-11-24",
        "sessions": [],
        "display_name": "Head",
        **change,
    }
    before = row_counts(events_app)
    response = api.post("/api/events", json=body)
    assert response.status_code == 422
    assert response.json["field"] == field
    assert set(response.json) == {"error", "message", "field"}
    assert row_counts(events_app) == before


def test_the_head_referee_edits_closes_and_reopens_the_event(api):
    head = create_event(api)
    response = head.client.patch(
        f"/api/events/{head.event_id}", json={"name": "Winter Cup", "sessions": ["A"]}, headers=head.headers
    )
    assert response.status_code == 200
    assert (response.json["event"]["name"], response.json["event"]["sessions"]) == ("Winter Cup", ["A"])
    assert (
        head.client.patch(f"/api/events/{head.event_id}", json={"ruleset_id": "wrc-2015"}, headers=head.headers).json[
            "event"
        ]["ruleset_id"]
        == "wrc-2015"
    )
    head.client.patch(f"/api/events/{head.event_id}", json={"ruleset_id": "azrm-2026"}, headers=head.headers)
    head.statuses(version())
    in_use = head.client.patch(f"/api/events/{head.event_id}", json={"ruleset_id": "wrc-2015"}, headers=head.headers)
    assert (in_use.status_code, in_use.json["error"], in_use.json["field"]) == (409, "ruleset_in_use", "ruleset_id")
    assert head.post("/close").json["event"]["closed"] is True
    refused = head.upload(version())
    assert (refused.status_code, refused.json["error"]) == (409, "event_closed")
    assert head.post("/invites", {"role": "referee"}).status_code == 409
    assert head.get("/changes").status_code == 200  # reading a closed event is fine
    assert head.post("/reopen").json["event"]["closed"] is False
    assert head.statuses(version()) == ["accepted"]


def test_calls_without_credentials_are_refused_and_write_nothing(api, events_app):
    head = create_event(api)
    head.statuses(version())
    before = row_counts(events_app)
    for method, path in [
        ("get", ""),
        ("get", "/changes"),
        ("get", "/conflicts"),
        ("get", "/credentials"),
        ("post", "/versions"),
        ("post", "/invites"),
        ("post", "/close"),
    ]:
        response = getattr(api, method)(
            f"/api/events/{head.event_id}{path}", **({"json": {"versions": [version()]}} if method == "post" else {})
        )
        assert response.status_code == 401, path
        assert response.json["error"] == "unauthorized"
    forged = api.get(f"/api/events/{head.event_id}/changes", headers={"Authorization": "Bearer forged.token.here"})
    assert forged.status_code == 401
    assert row_counts(events_app) == before


def test_another_events_credentials_neither_read_nor_write(api, events_app):
    mine = create_event(api, name="Mine")
    mine.statuses(version())
    other = create_event(api, name="Other")
    before = row_counts(events_app)
    stranger = Device(api, other.credential, mine.event_id)
    stranger.token = other.token
    for response in (
        stranger.get(""),
        stranger.get("/changes"),
        stranger.upload(version()),
        stranger.post("/invites", {"role": "referee"}),
    ):
        assert response.status_code == 403
        assert response.json["error"] == "forbidden"
    assert row_counts(events_app) == before


def test_a_revoked_referee_is_refused_at_once_even_with_a_live_token(api, events_app):
    head = create_event(api)
    referee = head.add_device("referee", "Bob")
    assert referee.statuses(version()) == ["accepted"]
    revoked = head.post(f"/credentials/{referee.credential['id']}/revoke")
    assert revoked.json["credential"]["revoked"] is True
    before = row_counts(events_app)
    for response in (referee.upload(version()), referee.get("/changes")):
        assert (response.status_code, response.json["error"]) == (401, "revoked")
    again = api.post(
        "/api/auth/token", json={"credential_id": referee.credential["id"], "secret": referee.credential["secret"]}
    )
    assert (again.status_code, again.json["error"]) == (401, "revoked")
    assert row_counts(events_app) == before


def test_a_viewer_reads_but_never_writes(api, events_app):
    head = create_event(api)
    head.statuses(version())
    viewer = head.add_device("viewer", "Spectator")
    assert len(viewer.changes()["changes"]) == 1
    before = row_counts(events_app)
    response = viewer.upload(version())
    assert (response.status_code, response.json["error"]) == (403, "forbidden")
    assert viewer.post("/invites", {"role": "viewer"}).status_code == 403
    assert row_counts(events_app) == before


def test_a_referee_changes_only_their_own_records_and_the_head_changes_any(api, events_app):
    head = create_event(api)
    ann, bob = head.add_device(name="Ann"), head.add_device(name="Bob")
    first = version()
    assert ann.statuses(first) == ["accepted"]
    before = row_counts(events_app)
    edit = version(first["record_id"], [first["version_id"]], body=incident(note="Bob's edit"))
    result = bob.upload(edit).json["results"][0]
    assert (result["status"], result["error"], result["field"]) == ("refused", "forbidden", "versions[0].record_id")
    deletion = version(first["record_id"], [first["version_id"]], deleted=True)
    assert bob.statuses(deletion) == ["refused"]
    assert row_counts(events_app) == before
    assert ann.statuses(version(first["record_id"], [first["version_id"]], body=incident(note="Ann's edit"))) == [
        "accepted"
    ]
    heads = head.get(f"/records/{first['record_id']}").json["heads"]
    assert head.statuses(version(first["record_id"], heads, deleted=True)) == ["accepted"]


def test_an_oversized_body_is_refused_and_writes_nothing(api, events_app):
    head = create_event(api)
    before = row_counts(events_app)
    huge = json.dumps({"versions": [version(body=incident(note="x" * 500)) for _ in range(3000)]})
    assert len(huge) > events_app.config["MAX_CONTENT_LENGTH"]
    response = api.post(
        f"/api/events/{head.event_id}/versions", data=huge, headers={**head.headers, "Content-Type": "application/json"}
    )
    assert (response.status_code, response.json["error"]) == (413, "too_large")
    assert row_counts(events_app) == before


@pytest.mark.parametrize(
    "data, content_type, status, error",
    [
        ("{not json", "application/json", 400, "malformed_json"),
        ("[1, 2]", "application/json", 400, "malformed_json"),
        ('{"versions": []}', "application/json", 422, "malformed"),
        ('{"versions": "x"}', "application/json", 422, "malformed"),
        ('{"versions": [], "extra": 1}', "application/json", 422, "unknown_field"),
        ("versions=1", "application/x-www-form-urlencoded", 415, "unsupported_media_type"),
        ('{"versions": []}', "text/plain", 415, "unsupported_media_type"),
    ],
)
def test_a_malformed_body_is_refused_and_writes_nothing(api, events_app, data, content_type, status, error):
    head = create_event(api)
    before = row_counts(events_app)
    response = api.post(
        f"/api/events/{head.event_id}/versions", data=data, headers={**head.headers, "Content-Type": content_type}
    )
    assert (response.status_code, response.json["error"]) == (status, error)
    assert row_counts(events_app) == before


@pytest.mark.parametrize(
    "key, value, field",
    [
        ("record_id", "", "versions[1].record_id"),
        ("record_id", "x" * 101, "versions[1].record_id"),
        ("version_id", 7, "versions[1].version_id"),
        ("parents", "v1", "versions[1].parents"),
        ("parents", ["a", "a"], "versions[1].parents[1]"),
        ("kind", "table", "versions[1].kind"),
        ("deleted", "no", "versions[1].deleted"),
    ],
)
def test_a_malformed_version_envelope_refuses_that_version_only(api, events_app, key, value, field):
    head = create_event(api)
    before = row_counts(events_app)
    response = head.upload(version(), {**version(), key: value})
    assert response.status_code == 200
    first, second = response.json["results"]
    assert (first["status"], second["status"], second["field"]) == ("accepted", "refused", field)
    assert row_counts(events_app)["versions"] == before["versions"] + 1


def test_an_invitation_is_a_link_with_its_secret_in_the_fragment_and_a_qr_code(api, events_app):
    head = create_event(api)
    created = head.invite("referee", lang="fr", max_uses=2)
    invite_id = created["invite"]["id"]
    assert created["link"] == f"http://localhost/fr/join#{invite_id}.{created['secret']}"
    assert created["qr"]["svg"].startswith("<svg")
    assert created["qr"]["data_url"].startswith("data:image/svg+xml")
    with events_app.extensions["events.db"].reading() as session:
        stored = session.get(Invite, invite_id)
    assert stored.secret_hash.startswith("$argon2id$") and created["secret"] not in stored.secret_hash
    token = f"{invite_id}.{created['secret']}"
    accepted = [api.post("/api/invites/accept", json={"invite": token, "display_name": name}) for name in ("A", "B")]
    assert [r.status_code for r in accepted] == [201, 201]
    assert accepted[0].json["credential"]["role"] == "referee"
    assert accepted[0].json["credential"]["display_name"] == "A"
    assert accepted[0].json["credential"]["key"] == (
        accepted[0].json["credential"]["id"] + "." + accepted[0].json["credential"]["secret"]
    )
    assert accepted[0].json["credential"]["id"] != accepted[1].json["credential"]["id"]
    used = api.post("/api/invites/accept", json={"invite": token, "display_name": "C"})
    assert (used.status_code, used.json["error"]) == (410, "invite_used")
    listed = head.get("/invites").json["invites"]
    assert [(i["id"], i["uses"]) for i in listed] == [(invite_id, 2)]
    assert "secret" not in listed[0]


def test_a_wrong_revoked_or_expired_invitation_gives_no_credential(api, events_app):
    head = create_event(api)
    revoked, expired = head.invite(), head.invite()
    head.post(f"/invites/{revoked['invite']['id']}/revoke")
    with events_app.extensions["events.db"].writing() as session:
        session.execute(update(Invite).where(Invite.id == expired["invite"]["id"]).values(expires_at=Invite.created_at))
    before = row_counts(events_app)
    for token, status, error in [
        (f"{revoked['invite']['id']}.{revoked['secret']}", 410, "invite_revoked"),
        (f"{expired['invite']['id']}.{expired['secret']}", 410, "invite_expired"),
        (f"{expired['invite']['id']}.wrong-secret", 404, "invite_invalid"),
        ("no-such-invite.secret", 404, "invite_invalid"),
        ("no-dot-at-all", 422, "invalid"),
    ]:
        response = api.post("/api/invites/accept", json={"invite": token, "display_name": "Eve"})
        assert (response.status_code, response.json["error"]) == (status, error), token
    assert row_counts(events_app) == before


def test_the_head_lists_credentials_a_page_at_a_time_and_keeps_one_head(api):
    head = create_event(api)
    for name in ("Ann", "Bob", "Cid"):
        head.add_device(name=name)
    first = head.get("/credentials?limit=2").json
    second = head.get(f"/credentials?limit=2&after={first['next']}").json
    names = [c["display_name"] for c in first["credentials"] + second["credentials"]]
    assert names == ["Head Referee", "Ann", "Bob", "Cid"] and second["next"] is None
    assert head.get("/credentials?limit=1000").status_code == 422
    last = head.post(f"/credentials/{head.credential['id']}/revoke")
    assert (last.status_code, last.json["error"]) == (409, "last_head")


def test_a_wrong_secret_or_expired_token_does_not_sign_in(api, events_app):
    head = create_event(api)
    wrong = api.post("/api/auth/token", json={"credential_id": head.credential["id"], "secret": "guess"})
    assert (wrong.status_code, wrong.json["error"]) == (401, "bad_credentials")
    unknown = api.post("/api/auth/token", json={"credential_id": "nobody", "secret": "guess"})
    assert (unknown.status_code, unknown.json["error"]) == (401, "bad_credentials")
    events_app.config["ACCESS_TOKEN_MAX_AGE"] = -1
    try:
        expired = head.get("/changes")
    finally:
        events_app.config["ACCESS_TOKEN_MAX_AGE"] = 3600
    assert (expired.status_code, expired.json["error"]) == (401, "token_expired")


def test_the_api_sets_no_cookie_allows_no_other_origin_and_is_never_cached(api):
    head = create_event(api)
    for response in (
        head.get("/changes", headers={"Origin": "https://evil.example"}),
        api.options(
            f"/api/events/{head.event_id}/versions",
            headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        ),
    ):
        assert "Set-Cookie" not in response.headers
        assert not any(name.lower().startswith("access-control-allow") for name in response.headers.keys())  # noqa: SIM118 - werkzeug Headers iterate as (name, value) pairs
    assert head.get("/changes").headers["Cache-Control"] == "no-store"


def test_unknown_api_urls_and_methods_answer_in_json(api):
    missing = api.get("/api/no/such/thing")
    assert (missing.status_code, missing.json["error"]) == (404, "not_found")
    wrong = api.get("/api/auth/token")
    assert wrong.status_code == 405 and wrong.json["error"] == "method_not_allowed"


def test_a_league_event_needs_a_head_referee_of_the_league(api, events_app):
    first = create_event(api, league={"name": "Arizona League"})
    league_id = first.get("").json["event"]["league"]["id"]
    second = create_event(api, league={"id": league_id}, name="Week 2", headers=first.headers)
    assert second.get("").json["event"]["league"] == {"id": league_id, "name": "Arizona League"}
    names = [e["name"] for e in second.get("/league").json["events"]]
    assert sorted(names) == ["Autumn Cup", "Week 2"]
    referee = first.add_device()
    body = {
        "name": "Week 3",
        "ruleset_id": "azrm-2026",
        "starts_on": "2026-12-01",
        "ends_on": "2026-12-01",
        "display_name": "Eve",
        "league": {"id": league_id},
    }
    assert api.post("/api/events", json=body).status_code == 401
    assert api.post("/api/events", json=body, headers=referee.headers).status_code == 403
    stranger = create_event(api, name="Elsewhere")
    before = row_counts(events_app)
    assert api.post("/api/events", json=body, headers=stranger.headers).status_code == 403
    assert row_counts(events_app) == before


def test_a_head_referee_cannot_list_or_revoke_another_events_devices_or_invitations(api):
    """Another event's invitation or credential is as unknown as a missing one (404), and stays as it was; a referee
    who is not the head may not list or revoke anything (403)."""
    mine, theirs = create_event(api), create_event(api, name="Winter Cup")
    their_invite = theirs.invite()["invite"]
    their_referee = theirs.add_device()
    for path in (f"/invites/{their_invite['id']}/revoke", f"/credentials/{their_referee.credential['id']}/revoke"):
        refused = mine.post(path)
        assert (refused.status_code, refused.json["error"]) == (404, "not_found"), path
    assert their_referee.get("/changes").status_code == 200  # not revoked
    invites = theirs.get("/invites").json["invites"]
    assert [invite["revoked"] for invite in invites if invite["id"] == their_invite["id"]] == [False]
    for path in ("/invites", "/credentials"):
        assert their_referee.get(path).status_code == 403, path
    assert their_referee.post(f"/invites/{their_invite['id']}/revoke").status_code == 403


def test_an_invitation_says_its_event_and_role_before_it_is_used(api):
    """The join page names the event and the role offered: the preview uses nothing up and checks the secret."""
    head = create_event(api)
    created = head.invite("viewer", max_uses=1)
    token = f"{created['invite']['id']}.{created['secret']}"
    preview = api.post("/api/invites/preview", json={"invite": token})
    assert preview.status_code == 200
    assert preview.json["role"] == "viewer" and preview.json["event"]["name"] == "Autumn Cup"
    assert api.post("/api/invites/accept", json={"invite": token, "display_name": "V"}).status_code == 201
    wrong = api.post("/api/invites/preview", json={"invite": f"{created['invite']['id']}.wrong"})
    assert (wrong.status_code, wrong.json["error"]) == (404, "invite_invalid")
    used = api.post("/api/invites/preview", json={"invite": token})
    assert (used.status_code, used.json["error"]) == (410, "invite_used")
