"""The incident log's pure modules in Node: export/import validation (log-file.js) (a player's record:
tests/cases/player_record.yaml, run by test_cases.py)."""

import json

import pytest
from helpers import call_module, rulesets_in


def call(tmp_path, function, calls):
    return call_module("logic/log.js", function, calls, tmp_path)


GOOD = {
    "format": "mahjong-referee/incident-log",
    "version": 1,
    "incidents": [
        {
            "id": "a1",
            "at": "2026-05-01T10:00:00.000Z",
            "tournament": "Open",
            "session": "1",
            "table": "4",
            "player": "Alice",
            "seat": "East",
            "rulesetId": "wrc-2015",
            "rulingId": "r_false_win_shown",
            "points": 20,
            "note": "=cmd|' /C calc'!A0",
        }
    ],
}


@pytest.mark.parametrize(
    "text,error",
    [
        ("not json at all", "not_json"),
        (json.dumps({"incidents": []}), "foreign"),
        (json.dumps({**GOOD, "version": 3}), "newer"),
        (json.dumps({**GOOD, "version": 2, "players": [{"id": "p", "eventId": "local", "name": " "}]}), "bad_player"),
        (
            json.dumps({**GOOD, "version": 2, "events": [{"id": "e", "name": "Cup", "rulesetId": "Not a slug"}]}),
            "bad_event",
        ),
        (
            json.dumps({**GOOD, "version": 2, "players": {}}),
            "bad_player",
        ),  # a player's error, not "incidents not a list"
        (json.dumps({**GOOD, "version": 2, "events": {}}), "bad_event"),
        (json.dumps({**GOOD, "incidents": {}}), "not_a_list"),
        (
            json.dumps({**GOOD, "version": 2, "events": [{"id": "e", "name": "Cup", "rulesetId": "wrc-2015"}] * 2}),
            "duplicate_event",
        ),
        (json.dumps({**GOOD, "incidents": [{"id": "x"}]}), "bad_date"),
        (json.dumps({**GOOD, "incidents": GOOD["incidents"] * 2}), "duplicate_id"),
        (json.dumps({**GOOD, "incidents": [{**GOOD["incidents"][0], "points": "20"}]}), "bad_number"),
    ],
)
def test_bad_imports_are_refused(tmp_path, text, error):
    assert call_file(tmp_path, "parseExport", [[text]])[0]["error"] == error


def call_file(tmp_path, function, calls):
    return call_module("logic/log-file.js", function, calls, tmp_path)


def test_round_trip(tmp_path):
    exported = call_file(tmp_path, "toJson", [[GOOD["incidents"]]])[0]
    assert json.loads(exported)["version"] == 2
    assert call_file(tmp_path, "parseExport", [[exported]])[0] == {
        "incidents": GOOD["incidents"],
        "players": [],
        "events": [],
    }


def test_version_2_round_trip_keeps_players_and_events(tmp_path):
    player = {"id": "p-1", "eventId": "e-1", "name": "Léa Müller", "number": "12", "club": "Lyon"}
    event = {
        "id": "e-1",
        "name": "Autumn Cup",
        "rulesetId": "mcr-ema-2014",
        "dates": {"start": "2026-11-23", "end": "2026-11-24"},
        "sessions": ["1", "2"],
    }
    incident = {**GOOD["incidents"][0], "eventId": "e-1", "playerId": "p-1"}
    exported = call_file(tmp_path, "toJson", [[[incident], {"players": [player], "events": [event]}]])[0]
    assert call_file(tmp_path, "parseExport", [[exported]])[0] == {
        "incidents": [incident],
        "players": [player],
        "events": [event],
    }


def test_version_1_files_import_as_they_are(tmp_path):
    """Every format ever exported still imports: a version 1 file reads with no roster (its incidents' typed names)."""
    assert call_file(tmp_path, "parseExport", [[json.dumps(GOOD)]])[0] == {
        "incidents": GOOD["incidents"],
        "players": [],
        "events": [],
    }


def test_make_incident_validates(tmp_path):
    results = call(
        tmp_path,
        "makeIncident",
        [
            [{"player": "  "}],
            [{"player": "Bo", "points": "abc"}],
            [{"player": "Bo", "points": "12", "rulesetId": "wsom", "rulingId": "r_long_hand"}],
        ],
    )
    assert results[0] == {"errors": {"player": "empty_player"}}
    assert results[1] == {"errors": {"points": "not_number"}}
    assert results[2]["incident"]["points"] == 12


def test_the_table_charges_what_the_log_says_the_next_offence_costs(app, tmp_path):
    """One record: the calculator takes the offender's counts from the log's escalation, so both give one figure."""
    mcr = rulesets_in(app, "en")["mcr-ema-2014"]
    incidents = [
        {"player": "Alice", "session": "2", "at": f"2026-05-01T1{n}:00:00Z", "rulingId": "r_call_not_completed"}
        for n in range(3)
    ]
    log = {
        "format": "mahjong-referee/incident-log",
        "version": 1,
        "incidents": [{"id": f"i{n}", "rulesetId": "mcr-ema-2014", **item} for n, item in enumerate(incidents)],
    }
    [found] = call_module(
        "logic/player-record.js",
        "playerRecord",
        [[{"ruleset": mcr, "incidents": log["incidents"], "who": "alice", "session": "2", "at": "2026-05-01"}]],
        tmp_path,
    )
    table = call_module("logic/calculator.js", "newTable", [[mcr, {"start": 0}]], tmp_path)[0]
    [applied] = call_module(
        "logic/calculator.js",
        "applyRuling",
        [[table, mcr, "r_late_pung", {"offender": 1, "counts": found["calculator"]}]],
        tmp_path,
    )
    assert found["counts"][0] == {"id": "session", "count": 3, "next": 20}
    assert applied["penalty"] == 20
    assert applied["after"]["seats"][1]["offences"] == found["calculator"]["session"] + 1


def test_an_incident_takes_the_time_it_happened(tmp_path, monkeypatch):
    """The form's local date and time is the device's (Rome here); a stored time keeps its zone; no time, or one more
    than an hour ahead, is refused at the field."""
    monkeypatch.setenv("TZ", "Europe/Rome")
    local, stored, bad, ahead = call(
        tmp_path,
        "makeIncident",
        [
            [{"player": "Bo", "at": "2026-05-01T10:00"}],
            [{"player": "Bo", "at": "2026-05-01T10:00:00+02:00"}],
            [{"player": "Bo", "at": "yesterday"}],
            [{"player": "Bo", "at": "2099-01-01T00:00"}],
        ],
    )
    assert local["incident"]["at"] == "2026-05-01T08:00:00.000Z"
    assert stored["incident"]["at"] == "2026-05-01T10:00:00+02:00"
    assert bad == {"errors": {"at": "bad_time"}} and ahead == {"errors": {"at": "future_time"}}


def test_penalty_points_are_read_as_the_table_reads_numbers(tmp_path):
    """Issue 28, 10: "25 000" (French grouping) was refused for penalty points but accepted at the table; both now read
    numbers with numbers.js parseNumber, in the form's language."""
    base = {"player": "Bo", "rulesetId": "wsom", "rulingId": "r_long_hand"}
    results = call(
        tmp_path,
        "makeIncident",
        [
            [{**base, "points": "25 000", "lang": "fr"}],
            [{**base, "points": "25,000", "lang": "en"}],
            [{**base, "points": "-1,5", "lang": "fr"}],
            [{**base, "points": "1,5", "lang": "en"}],
        ],
    )
    assert [result.get("incident", {}).get("points") for result in results[:3]] == [25000, 25000, -1.5]
    assert results[3] == {"errors": {"points": "ambiguous"}}  # said at the field, as at the table
    tables = call_module("logic/numbers.js", "parseNumber", [["25 000", {"lang": "fr"}]], tmp_path)
    assert tables[0] == {"value": 25000}


@pytest.mark.parametrize(
    ("current", "sessions", "expected"),
    [
        ("", None, "2"),  # the first session went unnamed
        ("1", None, "2"),
        ("R2", None, "R3"),
        ("Round 9 (pm)", None, "Round 10 (pm)"),
        ("Final", None, "Final 2"),
        ("Day 1 am", ["Day 1 am", "Day 1 pm", "Day 2 am"], "Day 1 pm"),
        ("Day 2 am", ["Day 1 am", "Day 1 pm", "Day 2 am"], "Day 3 am"),  # past the list: counted up
        ("", ["S1", "S2"], "S2"),
    ],
)
def test_a_new_session_is_the_next_of_the_events_sessions_or_the_label_counted_up(
    current, sessions, expected, tmp_path
):
    """Start a new session at the table: the session being played moves on, so per-session counts start again."""
    [found] = call_module("logic/log.js", "nextSession", [[current, sessions]], tmp_path)
    assert found == expected
