"""Issue 24: a refusal is per version and never a 500; malformed requests answer 4xx with a code and write nothing;
names nobody can read are refused; times far outside the event are refused; every answer carries the server's
time; credential ids are the head referee's alone. Runs on SQLite and PostgreSQL."""

import json
import time

import pytest
from events_helpers import create_event, incident, row_counts, version

LONE = "\ud800"  # half of an emoji: what a log file's JSON "\ud83c" without its pair gives


@pytest.fixture
def head(api):
    return create_event(api)


def raw_post(api, path, text, headers=None):
    return api.post(path, data=text, headers={"Content-Type": "application/json", **(headers or {})})


def send(api, path, body, headers=None):
    """POST a body as JSON with non-ASCII escaped (\\ud800 stays an escape, as a phone's JSON.stringify sends it)."""
    return raw_post(api, path, json.dumps(body), headers)


def upload(device, *versions):
    return send(device.client, f"/api/events/{device.event_id}/versions", {"versions": list(versions)}, device.headers)


def test_a_bad_version_is_refused_alone_and_the_rest_of_the_batch_is_stored(head, events_app):
    good1, good2 = version(), version()
    bad = version(body=incident(note="half an emoji " + LONE))
    response = upload(head, good1, bad, good2)
    assert response.status_code == 200
    results = response.json["results"]
    assert [r["status"] for r in results] == ["accepted", "refused", "accepted"]
    assert (results[1]["error"], results[1]["field"]) == ("not_unicode", "versions[1].body.note")
    assert [c["version_id"] for c in head.changes()["changes"]] == [good1["version_id"], good2["version_id"]]


@pytest.mark.parametrize(
    "change, field",
    [
        ({"record_id": "r" + LONE}, "record_id"),
        ({"version_id": "v" + LONE}, "version_id"),
        ({"parents": ["p" + LONE]}, "parents[0]"),
        ({"record_id": "", "version_id": 7}, "record_id"),
        ({"kind": "table"}, "kind"),
        ({"deleted": "no"}, "deleted"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_envelope_is_refused_for_its_version_only(head, events_app, change, field):
    before = row_counts(events_app)
    response = upload(head, {**version(), **change}, version())
    assert response.status_code == 200
    first, second = response.json["results"]
    assert (first["status"], first["field"]) == ("refused", f"versions[0].{field}")
    assert second["status"] == "accepted"
    after = row_counts(events_app)
    assert (after["versions"], after["records"]) == (before["versions"] + 1, before["records"] + 1)


@pytest.mark.parametrize(
    "item, field", [({"record_id": "r"}, "versions[0].body"), (5, "versions[0]"), ([], "versions[0]")]
)
def test_a_version_missing_its_envelope_or_not_an_object_is_refused_alone(head, item, field):
    first, second = upload(head, item, version()).json["results"]
    assert (first["status"], second["status"]) == ("refused", "accepted")
    assert first["field"].startswith(field.split(".body")[0])


@pytest.mark.parametrize(
    "key", ["player", "tournament", "session", "table", "seat", "note", "playerId", "at", "rulingId", "rulesetId", "id"]
)
def test_a_lone_surrogate_in_any_incident_field_is_refused_at_that_field(head, events_app, key):
    before = row_counts(events_app)
    body = incident(**{key: "x" + LONE})
    result = upload(head, version(body=body)).json["results"][0]
    assert (result["status"], result["field"]) == ("refused", f"versions[0].body.{key}")
    assert row_counts(events_app) == before


def test_a_lone_surrogate_in_a_key_or_a_player_is_refused(head, events_app):
    before = row_counts(events_app)
    results = upload(
        head,
        version(body={**incident(), "k" + LONE: 1}),
        version(kind="player", body={"name": "Ada" + LONE}),
        version(kind="player", body={"name": "Ada", "club": LONE}),
    ).json["results"]
    assert [r["status"] for r in results] == ["refused"] * 3
    assert [r["field"] for r in results[1:]] == ["versions[1].body.name", "versions[2].body.club"]
    assert row_counts(events_app) == before


@pytest.mark.parametrize(
    "field, value, error",
    [
        ("name", "\u202eeerefeR daeH", "bidi_control"),  # reads as a reversed "Head Referee"
        ("name", "Ann \u2067Override", "bidi_control"),
        ("name", "\u200b\u200b", "invisible"),
        ("name", "\u200b \ufeff", "invisible"),
        ("name", "Ann\u0085", "control_character"),
        ("name", "Ann\nBee", "control_character"),
        ("name", "Le\u0301a", "not_nfc"),  # e + combining accent: NFC writes it as one é
    ],
)
def test_a_player_name_nobody_can_read_is_refused(head, events_app, field, value, error):
    before = row_counts(events_app)
    result = upload(head, version(kind="player", body={field: value})).json["results"][0]
    assert (result["status"], result["error"], result["field"]) == ("refused", error, f"versions[0].body.{field}")
    assert row_counts(events_app) == before


@pytest.mark.parametrize("name", ["Léa Müller", "محمد\u200f", "عليّ", "Zoë 🀄", "李小龍"])
def test_names_in_any_script_pass_the_text_rule(head, name):
    assert head.statuses(version(kind="player", body={"name": name})) == ["accepted"]


@pytest.mark.parametrize("field", ["name", "display_name", "sessions", "league"])
def test_creating_an_event_with_unreadable_text_saves_nothing(api, events_app, field):
    before = row_counts(events_app)
    body = {
        "name": "Cup",
        "ruleset_id": "azrm-2026",
        "starts_on": "2026-11-23",
        "ends_on": "2026-11-24",
        "display_name": "Head",
        "sessions": ["Round 1"],
    }
    body[field] = {"sessions": ["Round " + LONE], "league": {"name": "L" + LONE}}.get(field, "x" + LONE)
    response = send(api, "/api/events", body)
    assert response.status_code == 422
    assert response.json["error"] == "not_unicode"
    assert response.json["field"] in (field, f"{field}[0]", f"{field}.name")
    assert row_counts(events_app) == before  # no orphan event, space or credential


def test_joining_or_signing_in_with_unreadable_text_is_refused(head, api, events_app):
    token = head.invite()["link"].split("#", 1)[1]
    before = row_counts(events_app)
    joined = send(api, "/api/invites/accept", {"invite": token, "display_name": "\u202eeerefeR daeH"})
    assert (joined.status_code, joined.json["error"], joined.json["field"]) == (422, "bidi_control", "display_name")
    signed = send(api, "/api/auth/token", {"credential_id": "c" + LONE, "secret": "s"})
    assert (signed.status_code, signed.json["field"]) == (422, "credential_id")
    assert row_counts(events_app) == before


DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000


@pytest.mark.parametrize(
    "path", ["/api/auth/token", "/api/events", "/api/invites/accept", "EVENT/versions", "EVENT/invites", "EVENT/close"]
)
@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT], ids=["array", "object"])
def test_json_nested_100000_deep_is_a_400_on_every_json_endpoint(head, api, events_app, path, text):
    before = row_counts(events_app)
    path = path.replace("EVENT", f"/api/events/{head.event_id}")
    response = raw_post(api, path, text, head.headers)
    assert (response.status_code, response.json["error"]) == (400, "malformed_json")
    assert row_counts(events_app) == before


def test_a_nested_body_to_edit_an_event_is_a_400(head, api):
    response = api.patch(
        f"/api/events/{head.event_id}", data=DEEP, headers={**head.headers, "Content-Type": "application/json"}
    )
    assert (response.status_code, response.json["error"]) == (400, "malformed_json")


@pytest.mark.parametrize("points", ["1" + "0" * 400, "-" + "9" * 400, "1e400"])
def test_points_with_400_digits_are_refused_at_the_field(head, api, events_app, points):
    before = row_counts(events_app)
    text = json.dumps({"versions": [version()]}).replace('"points": null', f'"points": {points}')
    assert points in text
    result = raw_post(api, f"/api/events/{head.event_id}/versions", text, head.headers).json["results"][0]
    assert (result["status"], result["field"]) == ("refused", "versions[0].body.points")
    assert row_counts(events_app) == before


@pytest.mark.parametrize(
    "query, field",
    [
        ("/changes?since=%C2%B2", "since"),  # "²": a digit to str.isdigit(), not to int()
        ("/changes?limit=%C2%B2", "limit"),
        ("/changes?since=%D9%A3", "since"),  # an Arabic-Indic three
        ("/conflicts?after=999999999999999999", "after"),
        ("/conflicts?after=%C2%B2", "after"),
        ("/conflicts?limit=%C2%B2", "limit"),
        ("/invites?after=%C2%B2", "after"),
        ("/credentials?limit=%C2%B2", "limit"),
    ],
)
def test_a_cursor_or_limit_that_is_not_ours_is_a_422(head, query, field):
    response = head.get(query)
    assert (response.status_code, response.json["error"], response.json["field"]) == (422, "invalid", field)


def test_the_largest_cursor_the_feed_can_give_is_read(head):
    assert head.get("/changes?since=999999999999999999").json["changes"] == []


def test_an_incident_naming_a_deleted_player_keeps_its_name_or_is_refused(head, events_app):
    player = version(kind="player", body={"name": "Ada"})
    head.statuses(player)
    gone = version(player["record_id"], [player["version_id"]], kind="player", deleted=True)
    assert head.statuses(gone) == ["accepted"]
    before = row_counts(events_app)
    nameless = version(body=incident(player="", playerId=player["record_id"]))
    result = upload(head, nameless).json["results"][0]
    assert (result["status"], result["error"], result["field"]) == (
        "refused",
        "deleted_player",
        "versions[0].body.playerId",
    )
    assert row_counts(events_app) == before
    named = version(body=incident(player="Ada", playerId=player["record_id"]))
    assert head.statuses(named) == ["accepted"]  # it still reads as the name recorded


@pytest.mark.parametrize(
    "at, error",
    [
        ("1970-01-01T00:00:00Z", "before_event"),
        ("2026-11-22T09:59:00Z", "before_event"),  # before the first day began anywhere on Earth
        ("2099-12-31T23:00:00Z", "in_future"),
    ],
)
def test_a_time_far_outside_the_event_is_refused_at_the_field(head, events_app, at, error):
    before = row_counts(events_app)
    result = upload(head, version(body=incident(at=at))).json["results"][0]
    assert (result["status"], result["error"], result["field"]) == ("refused", error, "versions[0].body.at")
    assert row_counts(events_app) == before


def test_times_on_the_first_day_in_any_zone_and_until_tomorrow_are_accepted(head):
    soon = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 20 * 3600))
    for at in ("2026-11-23T00:30:00+14:00", "2026-11-22T23:00:00-01:00", soon):
        assert head.statuses(version(body=incident(at=at))) == ["accepted"], at


def test_every_api_answer_carries_the_servers_time_in_milliseconds(head, api):
    for response in (
        head.get(""),
        head.get("/changes"),
        head.get("/nowhere"),
        api.get("/api/nowhere"),
        api.post("/api/auth/token", json={}),
    ):
        stamp = int(response.headers["X-Server-Time"])
        assert abs(stamp - time.time() * 1000) < 60_000, response.status_code


def test_only_the_head_referee_reads_credential_ids_of_authors(head):
    referee = head.add_device("referee", "Bea")
    viewer = head.add_device("viewer", "Cy")
    record = version()
    referee.statuses(record)
    for device in (referee, viewer):
        author = device.changes()["changes"][0]["author"]
        assert author == {"credential_id": None, "display_name": "Bea"}
        history = device.get(f"/records/{record['record_id']}").json["versions"][0]["author"]
        assert history["credential_id"] is None
    assert head.changes()["changes"][0]["author"] == {"credential_id": referee.credential["id"], "display_name": "Bea"}
