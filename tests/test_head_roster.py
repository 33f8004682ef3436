"""The head referee's roster is authoritative (issue 36): a head's player is the person and a referee's walk-in of
the same name merges into it, never the other way; a referee cannot rename or delete a person another device created;
a deleted person's name is free again. Every test runs on SQLite and on PostgreSQL."""

from events_helpers import create_event, incident, version


def player(name, record=None, deleted=False):
    """A roster player's first version, or the next version of `record` (a version dict) with a new name or deleted."""
    if record is None:
        return version(kind="player", body={"name": name})
    return version(
        record["record_id"],
        [record["version_id"]],
        kind="player",
        body=None if deleted else {"name": name},
        deleted=deleted,
    )


def aliases(device):
    """record id -> alias_of of every roster player, as the feed says now."""
    return {c["record_id"]: c["alias_of"] for c in device.changes()["changes"] if c["kind"] == "player"}


def test_the_walk_in_story_bruno_anna_and_marco_polo(api):
    """Bruno (referee) records a Strike for walk-in "Marco Polo"; Anna (head) adds "Marco Polo" to her roster and
    records one too. Hers is the person and Bruno's walk-in becomes its alias (told to every phone by a new version
    of the walk-in); Bruno can neither rename nor delete Anna's person through it; once Anna removes the player, the
    name is free: a "Marco Polo" added again is a person of its own."""
    anna = create_event(api, display_name="Anna")
    bruno = anna.add_device(name="Bruno")
    walk_in = player("Marco Polo")
    assert (
        bruno.statuses(
            walk_in, version(body=incident(ruling="r_wrong_count", player="Marco Polo", playerId=walk_in["record_id"]))
        )
        == ["accepted"] * 2
    )
    roster = player("Marco Polo")
    answer = anna.upload(
        roster, version(body=incident(ruling="r_wrong_count", player="Marco Polo", playerId=roster["record_id"]))
    ).json["results"]
    assert [r["status"] for r in answer] == ["accepted", "accepted"]
    assert "alias_of" not in answer[0]  # Anna's player is the person
    assert aliases(anna) == {walk_in["record_id"]: roster["record_id"], roster["record_id"]: None}
    news = [c for c in anna.changes()["changes"] if c["record_id"] == walk_in["record_id"]][-1]
    assert (news["parents"], news["body"], news["alias_of"]) == (
        [walk_in["version_id"]],
        walk_in["body"],
        roster["record_id"],
    )
    assert news["author"]["display_name"] == "Anna"

    # Bruno's phone reads the walk-in's new version; renaming or deleting it is refused, at the field.
    latest = {"record_id": walk_in["record_id"], "version_id": news["version_id"]}
    for change, field in (
        (player("Marco Pollo", latest), "versions[0].body.name"),
        (player(None, latest, deleted=True), "versions[0].deleted"),
    ):
        [refused] = bruno.upload(change).json["results"]
        assert (refused["status"], refused["error"], refused["field"]) == ("refused", "not_your_person", field)
    names = {c["record_id"]: c["body"] for c in anna.changes()["changes"] if c["kind"] == "player"}
    assert names[roster["record_id"]] == {"name": "Marco Polo"}
    # Another club or number is not a rename: the walk-in's own details are Bruno's to change.
    club = version(
        walk_in["record_id"], [news["version_id"]], kind="player", body={"name": "Marco Polo", "club": "Phoenix"}
    )
    assert bruno.statuses(club) == ["accepted"]

    # Anna removes the player: the name is free again, for her and for Bruno.
    assert anna.statuses(player(None, roster, deleted=True)) == ["accepted"]
    again = player("Marco Polo")
    [result] = anna.upload(again).json["results"]
    assert (result["status"], result.get("alias_of")) == ("accepted", None)
    later = player("marco  polo")
    assert bruno.upload(later).json["results"][0]["alias_of"] == again["record_id"]


def test_a_walk_in_joins_the_heads_player_whichever_came_first(api):
    """A walk-in added after the head's player is its alias (as before); two head players keep the first; a walk-in's
    own alias (another referee's walk-in) follows it to the head's person."""
    anna = create_event(api, display_name="Anna")
    bruno, carla = anna.add_device(name="Bruno"), anna.add_device(name="Carla")
    first = player("Ada Lovelace")
    assert anna.statuses(first) == ["accepted"]
    assert bruno.upload(player("ada lovelace")).json["results"][0]["alias_of"] == first["record_id"]
    second_head = anna.add_device(role="head", name="Anna 2")
    assert second_head.upload(player("ADA LOVELACE")).json["results"][0]["alias_of"] == first["record_id"]

    walk_in, her_alias = player("Grace Hopper"), player("grace  hopper")
    assert bruno.statuses(walk_in) == ["accepted"]
    assert carla.upload(her_alias).json["results"][0]["alias_of"] == walk_in["record_id"]
    roster = player("Grace Hopper")
    assert "alias_of" not in anna.upload(roster).json["results"][0]
    found = aliases(anna)
    assert found[walk_in["record_id"]] == roster["record_id"]
    assert found[her_alias["record_id"]] == walk_in["record_id"]  # an alias of an alias: the phones follow the chain
    assert found[roster["record_id"]] is None


def test_a_referee_renames_and_deletes_their_own_person(api):
    """A walk-in that is nobody else's person stays its referee's to rename or delete; its name is then free."""
    anna = create_event(api, display_name="Anna")
    bruno = anna.add_device(name="Bruno")
    walk_in = player("Marco Polo")
    assert bruno.statuses(walk_in) == ["accepted"]
    renamed = player("Marco Pollo", walk_in)
    assert bruno.statuses(renamed) == ["accepted"]
    assert bruno.statuses(player(None, renamed, deleted=True)) == ["accepted"]
    assert "alias_of" not in bruno.upload(player("Marco Pollo")).json["results"][0]


def test_the_heads_same_person_never_makes_her_player_an_alias_of_a_walk_in(api):
    """The head's "same person" on a walk-in and her own player (in either order) keeps her player as the person."""
    anna = create_event(api, display_name="Anna")
    bruno = anna.add_device(name="Bruno")
    walk_in, roster = player("Marc Polo"), player("Marco Polo")
    assert bruno.statuses(walk_in) == ["accepted"]
    assert anna.statuses(roster) == ["accepted"]
    merged = anna.post("/players/merge", json={"player_id": roster["record_id"], "into": walk_in["record_id"]})
    assert merged.status_code == 200, merged.json
    assert (merged.json["status"], merged.json["player_id"], merged.json["alias_of"]) == (
        "merged",
        walk_in["record_id"],
        roster["record_id"],
    )
    assert aliases(anna) == {walk_in["record_id"]: roster["record_id"], roster["record_id"]: None}
