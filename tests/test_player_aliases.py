"""One person, one player on the phone (player-aliases.js, pure, run in Node): an alias id resolves to the person's,
the roster lists the person once, and a loop of aliases ends instead of running forever."""

from helpers import call_module

MODULE = "logic/player-aliases.js"
MARCO = {"id": "a", "eventId": "ev", "name": "Marco Polo"}
ALIAS_B = {"id": "b", "eventId": "ev", "name": "Marco Polo", "sameAs": "a"}
ALIAS_C = {"id": "c", "eventId": "ev", "name": "marco polo", "sameAs": "b"}


def strike(player_id, name="Marco Polo"):
    return {"id": f"i-{player_id}", "player": name, "playerId": player_id, "rulingId": "r_wrong_count"}


def test_incidents_naming_an_alias_name_the_person(tmp_path):
    incidents = [strike("a"), strike("b"), strike("c", "marco polo"), {"id": "typed", "player": "Someone"}]
    [resolved] = call_module(MODULE, "personIncidents", [[incidents, [MARCO, ALIAS_B, ALIAS_C]]], tmp_path)
    assert [item.get("playerId") for item in resolved] == ["a", "a", "a", None]
    assert resolved[3] == incidents[3]


def test_an_alias_is_not_listed_as_a_player_of_its_own(tmp_path):
    [players] = call_module(MODULE, "rosterPlayers", [[[MARCO, ALIAS_B]]], tmp_path)
    assert [p.get("deleted", False) for p in players] == [False, True]


def test_a_loop_of_aliases_ends(tmp_path):
    loop = [
        {"id": "x", "eventId": "ev", "name": "X", "sameAs": "y"},
        {"id": "y", "eventId": "ev", "name": "Y", "sameAs": "x"},
    ]
    [resolved] = call_module(MODULE, "personIncidents", [[[strike("x")], loop]], tmp_path)
    assert resolved[0]["playerId"] in {"x", "y"}
