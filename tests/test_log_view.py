"""The log screen's pure parts in Node: the points filled in from the escalation, the filters and their choices, and
the player cards (the next offence first, counted from the whole log, by roster player)."""

import pytest
from helpers import call_module, rulesets_in


@pytest.fixture(scope="module")
def rulesets():
    from webapp import create_app

    return rulesets_in(create_app())


def incident(n, ruling, player="Alice", session="R1", table="3", **extra):
    return {
        "id": f"i{n}",
        "at": f"2026-05-01T10:0{n}:00Z",
        "tournament": "",
        "session": session,
        "table": table,
        "player": player,
        "seat": "",
        "rulesetId": "mcr-ema-2014",
        "rulingId": ruling,
        "points": None,
        "note": "",
        **extra,
    }


def test_points_come_from_the_escalation_and_the_first_obstruction_is_a_warning(rulesets, tmp_path):
    mcr = rulesets["mcr-ema-2014"]
    calls = [
        [mcr, "r_passing_information", {"counts": [{"id": "session", "next": 10}, {"id": "carried", "next": 0}]}],
        [mcr, "r_obstruction_progressive", {"counts": [{"id": "session", "next": 10}, {"id": "carried", "next": 0}]}],
        [mcr, "r_obstruction_progressive", {"counts": [{"id": "session", "next": 0}, {"id": "carried", "next": 5}]}],
        [mcr, "r_false_hu_shape", {"counts": [{"id": "session", "next": 10}, {"id": "carried", "next": 5}]}],
        [rulesets["wrc-2015"], "r_cheating", {}],
        [mcr, "no_such_ruling", {}],
    ]
    found = call_module("logic/player-record.js", "nextPoints", calls, tmp_path)
    assert found[:3] == [10, 0, 5]
    assert found[4:] == [None, None]


def test_points_the_referee_may_or_may_not_give_are_not_filled_in(rulesets, tmp_path):
    """An optional effect's fixed points are the referee's choice: the log does not offer them as the cost; MCR
    obstructive play (10 to 60 points and/or a dead hand) leaves the points to the referee too."""
    mcr = rulesets["mcr-ema-2014"]
    choosing = {
        **mcr,
        "rulings": {
            **mcr["rulings"],
            "r_choice": {
                **mcr["rulings"]["r_obstruction"],
                "effects": [
                    {"type": "penalty_points", "amount": 20, "optional": True},
                    {"type": "dead_hand", "optional": True},
                ],
            },
        },
    }
    fixed = {
        **choosing,
        "rulings": {
            **choosing["rulings"],
            "r_choice": {**choosing["rulings"]["r_choice"], "effects": [{"type": "penalty_points", "amount": 20}]},
        },
    }
    found = call_module(
        "logic/player-record.js",
        "nextPoints",
        [[choosing, "r_choice", {}], [fixed, "r_choice", {}], [mcr, "r_obstruction", {}]],
        tmp_path,
    )
    assert found == [None, 20, None]


LOG = [
    incident(1, "r_call_not_completed", playerId="p-a", eventId="cup"),
    incident(2, "r_late_pung", playerId="p-a", eventId="cup", session="R2", table="12"),
    incident(3, "r_late_pung", player="Bob", eventId="cup", table="2"),
    incident(4, "r_late_pung", player="Old Typed", session="1"),
]
EVERYONE = [{"id": "p-a", "eventId": "cup", "name": "Alice Renamed"}]
EVENTS = [
    {"id": "local", "name": "", "rulesetId": None},
    {"id": "cup", "name": "Cup", "rulesetId": "mcr-ema-2014", "sessions": ["R1", "R2", "R3"]},
]


@pytest.mark.parametrize(
    "filters,ids",
    [
        ({}, ["i1", "i2", "i3", "i4"]),
        ({"event": "cup"}, ["i1", "i2", "i3"]),
        ({"event": "local"}, ["i4"]),
        ({"session": "R2"}, ["i2"]),
        ({"table": "2"}, ["i3"]),
        ({"player": "id:p-a"}, ["i1", "i2"]),
        ({"player": "name:cup:bob"}, ["i3"]),
    ],
)
def test_filters(tmp_path, filters, ids):
    [shown] = call_module(
        "logic/log-overview.js",
        "filterIncidents",
        [[LOG, {"event": "", "session": "", "table": "", "player": "", **filters}]],
        tmp_path,
    )
    assert [item["id"] for item in shown] == ids


def test_filter_choices_offer_the_events_sessions_first(tmp_path):
    [choices] = call_module(
        "logic/log-overview.js",
        "filterChoices",
        [[LOG, EVENTS, EVERYONE, {"event": "cup", "session": "", "table": "", "player": ""}]],
        tmp_path,
    )
    assert choices["events"] == ["local", "cup"]
    assert choices["sessions"] == ["R1", "R2", "R3"]
    assert choices["tables"] == ["2", "3", "12"]
    assert choices["players"] == [{"key": "id:p-a", "name": "Alice Renamed"}, {"key": "name:cup:bob", "name": "Bob"}]


def test_player_cards_count_the_whole_log_and_show_the_next_offence(rulesets, tmp_path):
    filters = {"event": "", "session": "R2", "table": "", "player": ""}
    shown = [LOG[1]]
    [cards] = call_module(
        "model/selectors.js", "playerCards", [[rulesets, LOG, shown, EVERYONE, filters, "2026-05-01"]], tmp_path
    )
    [card] = cards
    assert card["player"] == "Alice Renamed" and card["playerId"] == "p-a" and card["count"] == 1
    assert card["found"]["incidents"] == 2 and card["found"]["counts"][0] == {"id": "session", "count": 1, "next": 5}


def test_card_groups_of_incidents_already_oldest_first_are_the_same(tmp_path):
    """The log screen sorts a read's incidents once and hands cardGroups the shown ones in that order."""
    filters = {"event": "", "session": "", "table": "", "player": ""}
    newest_first = list(reversed(LOG))
    oldest_first = sorted(LOG, key=lambda item: item["at"])
    sorted_here, given_sorted = call_module(
        "logic/log-overview.js",
        "cardGroups",
        [[newest_first, EVERYONE, filters], [oldest_first, EVERYONE, filters, {"oldest": True}]],
        tmp_path,
    )
    assert sorted_here == given_sorted and len(sorted_here) == 3
