"""The feed's texts of versions already sent are kept by the process (feed.VersionTexts): a page read again runs
only the query of its versions' numbers, and what a kept text would get wrong is never kept (a roster player names its
record's current alias_of, which a merge changes)."""

from events_helpers import create_event, incident, version
from test_live_feed import answered, statements


def test_a_page_read_again_reads_only_its_versions_numbers(api, events_app):
    head = create_event(api)
    referee = head.add_device(name="Bruno")
    sent = [version(body=incident(note=f"{n}")) for n in range(5)]
    head.statuses(*sent)
    first = referee.changes()
    with statements(events_app) as seen:
        again = referee.changes()
    assert again == first
    assert [change["version_id"] for change in again["changes"]] == [v["version_id"] for v in sent]
    assert len([statement for statement in seen if "versions.body" in statement]) == 0
    # the head referee's texts carry the authors' credential ids, the referee's do not
    assert {change["author"]["credential_id"] for change in head.changes()["changes"]} == {head.credential["id"]}
    assert {change["author"]["credential_id"] for change in referee.changes()["changes"]} == {None}


def test_a_roster_players_text_says_its_alias_after_a_merge_read_before(api):
    head = create_event(api)
    players = [version(kind="player", body={"name": name}) for name in ("Marco Polo", "Marc Polo")]
    head.statuses(*players)
    before = {change["record_id"]: change["alias_of"] for change in head.changes()["changes"]}
    assert before == {players[0]["record_id"]: None, players[1]["record_id"]: None}
    merged = head.post("/players/merge", json={"player_id": players[1]["record_id"], "into": players[0]["record_id"]})
    assert answered(merged).status_code == 200
    after = {change["version_id"]: change["alias_of"] for change in head.changes()["changes"]}
    assert after[players[1]["version_id"]] == players[0]["record_id"]
