"""The server checks incident and player bodies with the phone's rules: each bad field is refused with its path
and nothing is written. Runs on SQLite and PostgreSQL."""

import pytest
from events_helpers import create_event, incident, row_counts, version

BAD_INCIDENTS = [
    ({"at": "2026-11-23T14:05:00"}, "at", "invalid"),  # no time zone
    ({"at": "11/23/2026"}, "at", "invalid"),
    ({"at": "Nov 23"}, "at", "invalid"),
    ({"at": "+275760-09-13T00:00:00.000Z"}, "at", "invalid"),
    ({"at": "2026-02-30T10:00:00Z"}, "at", "invalid"),
    ({"at": 1}, "at", "invalid"),
    ({"rulesetId": "wrc-2015", "rulingId": "r_late"}, "rulesetId", "ruleset_mismatch"),
    ({"rulesetId": "no-such-ruleset"}, "rulesetId", "unknown_ruleset"),
    ({"rulingId": "r_no_such_ruling"}, "rulingId", "unknown_ruling"),
    ({"rulingId": None}, "rulingId", "unknown_ruling"),
    ({"player": "   "}, "player", "required"),
    ({"player": 7}, "player", "invalid"),
    ({"player": "x" * 201}, "player", "too_long"),
    ({"note": "x" * 501}, "note", "too_long"),
    ({"session": "Round\x001"}, "session", "control_character"),
    ({"table": 3}, "table", "invalid"),
    ({"points": 10_000_001}, "points", "invalid"),
    ({"points": True}, "points", "invalid"),
    ({"points": "30"}, "points", "invalid"),
    ({"colour": "red"}, "colour", "unknown_field"),
    ({"id": "another-record"}, "id", "invalid"),
    ({"v": 3}, "v", "unsupported_version"),
    ({"v": 2, "seat": 4}, "seat", "invalid"),
    ({"seat": True}, "seat", "invalid"),
]


@pytest.fixture
def head(api):
    return create_event(api)


@pytest.mark.parametrize("change, field, error", BAD_INCIDENTS)
def test_a_bad_incident_is_refused_at_its_field_and_writes_nothing(head, events_app, change, field, error):
    before = row_counts(events_app)
    result = head.upload(version(body=incident(**change))).json["results"][0]
    assert (result["status"], result["error"], result["field"]) == ("refused", error, f"versions[0].body.{field}")
    assert result["message"]
    assert row_counts(events_app) == before


@pytest.mark.parametrize(
    "change",
    [
        {"at": "2026-11-23T14:05:00.123Z"},
        {"at": "2026-11-23T15:05+01:00"},
        {"points": -30.5},
        {"points": None},
        {"note": "Line one\nline two\ttabbed"},
        {"v": 1},
        {"player": "Zoë Ñúñez", "seat": "南"},
    ],
)
def test_a_good_incident_is_accepted(head, change):
    assert head.statuses(version(body=incident(**change))) == ["accepted"]


def test_the_body_keeps_its_id_when_it_has_one(head):
    record_id = "a b\"c<'>"  # ids are opaque text: anything short with no control character
    assert head.statuses(version(record_id, body=incident(id=record_id))) == ["accepted"]
    assert head.changes()["changes"][0]["record_id"] == record_id


@pytest.mark.parametrize(
    "body, field, error",
    [
        ({"name": ""}, "name", "required"),
        ({}, "name", "required"),
        ({"name": "Ada", "number": "x" * 101}, "number", "too_long"),
        ({"name": "Ada", "club": "x" * 201}, "club", "too_long"),
        ({"name": "Ada", "club": 5}, "club", "invalid"),
        ({"name": "Ada", "rating": 1800}, "rating", "unknown_field"),
        ([], None, "malformed"),
    ],
)
def test_a_bad_roster_player_is_refused(head, events_app, body, field, error):
    before = row_counts(events_app)
    result = head.upload(version(kind="player", body=body)).json["results"][0]
    path = "versions[0].body" + (f".{field}" if field else "")
    assert (result["status"], result["error"], result["field"]) == ("refused", error, path)
    assert row_counts(events_app) == before


def test_a_roster_player_as_the_phone_keeps_it_is_accepted(head):
    """The phone's roster player: a name, and optionally a number and a club (the roster screen's fields)."""
    body = {"name": "Léa Müller", "number": "A-12", "club": "Riichi Club Lyon"}
    assert head.statuses(version(kind="player", body=body)) == ["accepted"]
    assert head.changes()["changes"][0]["body"] == body


def test_every_field_at_its_longest_fits_even_in_four_byte_characters(head):
    wide = "\U0001f004"  # the red dragon tile: 4 bytes in UTF-8
    body = incident(
        note=wide * 500, session=wide * 500, table=wide * 500, seat=wide * 500, tournament=wide * 500, player=wide * 200
    )
    assert head.statuses(version(body=body)) == ["accepted"]


def test_seats_as_codes_and_an_older_phones_text_are_both_taken_and_kept_as_sent(head):
    """Format 2 has the seat as a code (0 East to 3 North, or null); a phone before it sends the wind's name as text,
    which the server still takes. Each version is kept as sent: the feed gives back exactly the body uploaded."""
    bodies = [
        incident(v=2, seat=2),
        incident(v=2, seat=None),
        incident(seat="Ouest"),  # an older phone: no format, the wind's name in its referee's language
        incident(seat=""),
    ]
    sent = [version(body=body) for body in bodies]
    assert head.statuses(*sent) == ["accepted"] * 4
    kept = {change["record_id"]: change["body"] for change in head.changes()["changes"]}
    assert [kept[item["record_id"]] for item in sent] == bodies
