"""The roster's pure rules in Node: names compared as a referee reads them, the duplicate guard, players and events
from their forms, which players make an event's roster, and the player an incident form names."""

import pytest
from helpers import call_module


def call(tmp_path, module, function, calls):
    return call_module(module, function, calls, tmp_path)


SAME = [
    ("lea muller", "Léa Müller"),
    ("LÉA  MÜLLER", "Léa Müller"),
    (" Léa-Müller ", "lea muller"),
    ("O'Neil", "O’Neil"),
    ("oneil", "O’Neil", False),
    ("Strauß", "strauss"),
    ("Łukasz", "lukasz"),
    ("José.", "jose"),
    ("Anne Marie", "Anne-Marie"),
    ("Léa", "Lea Müller", False),
    ("", "", False),
]


def test_names_match_across_case_accents_punctuation_and_spaces(tmp_path):
    found = call(tmp_path, "logic/names.js", "sameName", [[a, b] for a, b, *_ in SAME])
    assert found == [case[2] if len(case) > 2 else True for case in SAME]


LEA = {"id": "p-lea", "eventId": "cup", "name": "Léa Müller", "number": "12"}
GONE = {"id": "p-gone", "eventId": "cup", "name": "Bo Gone", "deleted": True}
ROSTER = [LEA, GONE, {"id": "p-cy", "eventId": "cup", "name": "Cy"}]


def test_a_second_lea_muller_is_refused_unless_confirmed(tmp_path):
    refused, confirmed, renamed, back = call(
        tmp_path,
        "logic/roster-data.js",
        "playerFromForm",
        [
            [{"name": "lea  muller"}, {"eventId": "cup"}, ROSTER],
            [{"name": "lea muller", "club": "Paris", "confirmed": True}, {"eventId": "cup"}, ROSTER],
            [{"name": "Léa Dupont"}, LEA, ROSTER],
            [{"name": "bo gone"}, {"eventId": "cup"}, ROSTER],
        ],
    )
    assert refused == {"errors": {"name": "duplicate"}, "duplicate": LEA}
    assert confirmed["player"]["name"] == "lea muller" and confirmed["player"]["club"] == "Paris"
    assert renamed == {"player": {"id": "p-lea", "eventId": "cup", "name": "Léa Dupont"}}  # rename keeps the id
    assert back["player"]["name"] == "bo gone"  # a removed player's name is free again


@pytest.mark.parametrize(
    "values,error",
    [
        ({"name": " "}, {"name": "empty_name"}),
        ({"name": "x" * 201}, {"name": "too_long"}),
        ({"name": "Al", "number": "1" * 21}, {"number": "too_long"}),
    ],
)
def test_bad_player_fields_are_refused_at_the_field(tmp_path, values, error):
    assert call(tmp_path, "logic/roster-data.js", "playerFromForm", [[values, {"eventId": "cup"}, ROSTER]])[0] == {
        "errors": error
    }


def test_renaming_into_ones_own_name_is_no_duplicate(tmp_path):
    assert (
        "player" in call(tmp_path, "logic/roster-data.js", "playerFromForm", [[{"name": "LEA MULLER"}, LEA, ROSTER]])[0]
    )


def test_a_leagues_events_share_their_players(tmp_path):
    players = [
        LEA,
        {"id": "p2", "eventId": "week-2", "name": "Dee"},
        {"id": "p3", "eventId": "elsewhere", "name": "Eve"},
    ]
    events = [{"id": "cup", "leagueId": "L"}, {"id": "week-2", "leagueId": "L"}, {"id": "elsewhere"}]
    league, alone = call(
        tmp_path, "logic/roster-data.js", "rosterOf", [[players, events[1], events], [players, events[2], events]]
    )
    assert [p["id"] for p in league] == ["p-lea", "p2"] and [p["id"] for p in alone] == ["p3"]


def test_the_player_an_incident_names(tmp_path):
    found = call(
        tmp_path,
        "logic/roster-data.js",
        "pickPlayer",
        [
            [ROSTER, {"name": "lea muller"}, "cup"],
            [ROSTER, {"name": "New Person"}, "cup"],
            [[*ROSTER, {**LEA, "id": "p-lea-2"}], {"name": "Lea Muller"}, "cup"],
            [[*ROSTER, {**LEA, "id": "p-lea-2"}], {"name": "Léa Müller", "playerId": "p-lea-2"}, "cup"],
            [ROSTER, {"name": "Bo Gone"}, "cup", GONE],
            [ROSTER, {"name": "  "}, "cup"],
        ],
    )
    assert found[0] == {"player": LEA, "added": False}
    assert (
        found[1]["added"] is True
        and found[1]["player"]["name"] == "New Person"
        and found[1]["player"]["eventId"] == "cup"
    )
    assert found[2]["error"] == "ambiguous_player"
    assert found[3]["player"]["id"] == "p-lea-2"
    assert found[4] == {"player": GONE, "added": False}  # an edited incident keeps its removed player
    assert found[5] == {"error": "empty_player"}


@pytest.mark.parametrize(
    "values,expected",
    [
        (
            {
                "name": "Cup",
                "rulesetId": "wsom",
                "start": "2026-11-23",
                "end": "",
                "sessions": "Round 1\n\n Round 2 \n",
            },
            {
                "name": "Cup",
                "rulesetId": "wsom",
                "dates": {"start": "2026-11-23", "end": "2026-11-23"},
                "sessions": ["Round 1", "Round 2"],
            },
        ),
        ({"name": "Cup", "rulesetId": "", "start": "", "end": "", "sessions": ""}, {"name": "Cup", "rulesetId": None}),
        ({"name": "", "rulesetId": "wsom"}, {"errors": {"name": "empty_name"}}),
        ({"name": "Cup", "rulesetId": "nope"}, {"errors": {"rulesetId": "unknown_ruleset"}}),
        ({"name": "Cup", "start": "23/11/2026"}, {"errors": {"start": "bad_day"}}),
        ({"name": "Cup", "start": "2026-11-24", "end": "2026-11-23"}, {"errors": {"end": "before_start"}}),
        ({"name": "Cup", "sessions": "1\n2\n1"}, {"errors": {"sessions": "duplicate_session"}}),
        ({"name": "Cup", "partMinute": "completed"}, {"name": "Cup", "rulesetId": None, "partMinute": "completed"}),
        ({"name": "Cup", "partMinute": ""}, {"name": "Cup", "rulesetId": None}),
        ({"name": "Cup", "partMinute": "rounded"}, {"errors": {"partMinute": "choose_one"}}),
    ],
)
def test_events_from_their_form(tmp_path, values, expected):
    [found] = call(tmp_path, "logic/roster-data.js", "eventFromForm", [[values, {"id": "e"}, ["wsom", "mcr-ema-2014"]]])
    assert found == (expected if "errors" in expected else {"event": {"id": "e", **expected}})


def test_the_local_event_needs_no_name(tmp_path):
    [found] = call(
        tmp_path, "logic/roster-data.js", "eventFromForm", [[{"name": "", "sessions": "A\nB"}, {"id": "local"}]]
    )
    assert found == {"event": {"id": "local", "name": "", "rulesetId": None, "sessions": ["A", "B"]}}


SUSPENDED = {**LEA, "suspensions": [{"start": "2026-02-02"}]}


@pytest.mark.parametrize(
    "values, expected",
    [
        (
            {"start": "2026-01-05", "where": "  Winter   Open "},
            {"suspensions": [{"start": "2026-01-05", "where": "Winter Open"}, {"start": "2026-02-02"}]},
        ),
        ({"start": "2026-03-01", "where": ""}, {"suspensions": [{"start": "2026-02-02"}, {"start": "2026-03-01"}]}),
        ({"start": "2026-03-02"}, {"errors": {"start": "after_today"}}),
        ({"start": "2026-02-02"}, {"errors": {"start": "duplicate_suspension"}}),
        ({"start": "02/01/2026"}, {"errors": {"start": "bad_day"}}),
        ({"start": ""}, {"errors": {"start": "bad_day"}}),
        ({"start": "2026-01-05", "where": "x" * 201}, {"errors": {"where": "too_long"}}),
    ],
)
def test_a_suspension_from_before_is_entered_with_its_first_day(tmp_path, values, expected):
    """Issue 34, 3: a suspension given at another event is entered on the player's record with its first day (not after
    today, not twice), oldest first."""
    [found] = call(tmp_path, "logic/roster-data.js", "earlierSuspensionFromForm", [[values, SUSPENDED, "2026-03-01"]])
    assert found == expected


def test_a_rename_keeps_the_suspensions_from_before(tmp_path):
    [found] = call(
        tmp_path, "logic/roster-data.js", "playerFromForm", [[{"name": "Léa Martin"}, SUSPENDED, [SUSPENDED]]]
    )
    assert found["player"]["suspensions"] == SUSPENDED["suspensions"]
    assert found["player"]["name"] == "Léa Martin"


def test_the_suspensions_from_before_go_to_the_server_and_back(tmp_path):
    body, back = call_module("logic/sync-records.js", "playerBody", [[SUSPENDED]], tmp_path) + call_module(
        "logic/sync-records.js",
        "playerFromBody",
        [["p-lea", {"name": "Léa Müller", "suspensions": [{"start": "2026-02-02"}]}, "cup"]],
        tmp_path,
    )
    assert body == {"name": "Léa Müller", "number": "12", "suspensions": [{"start": "2026-02-02"}]}
    assert back["suspensions"] == [{"start": "2026-02-02"}]
