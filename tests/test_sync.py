"""The sync protocol: idempotent uploads, every version kept, conflicts kept and settled, the changes feed, leagues.
Every test runs on SQLite and on PostgreSQL."""

from events_helpers import create_event, incident, league_of_two_weeks, row_counts, version
from sqlalchemy import func, select

from webapp.events.models import Version


def test_uploading_the_same_batch_twice_writes_it_once(api, events_app):
    head = create_event(api)
    batch = [version(), version(), version(kind="player", body={"name": "Ada"})]
    assert head.statuses(*batch) == ["accepted"] * 3
    before = row_counts(events_app)
    again = head.upload(*batch).json["results"]
    assert [r["status"] for r in again] == ["duplicate"] * 3
    assert [r["seq"] for r in again] == [1, 2, 3]
    assert row_counts(events_app) == before


def test_the_same_version_twice_in_one_batch_is_stored_once(api):
    head = create_event(api)
    same = version()
    assert head.statuses(same, same) == ["accepted", "duplicate"]
    assert len(head.changes()["changes"]) == 1


def test_a_version_id_reused_for_other_content_is_refused(api, events_app):
    head = create_event(api)
    first = version()
    head.statuses(first)
    before = row_counts(events_app)
    result = head.upload({**first, "body": incident(note="changed")}).json["results"][0]
    assert (result["status"], result["error"]) == ("refused", "version_id_reused")
    assert row_counts(events_app) == before


def test_each_version_is_numbered_stamped_and_kept(api):
    head = create_event(api)
    referee = head.add_device(name="Bob")
    first = version()
    referee.statuses(first)
    edit = version(first["record_id"], [first["version_id"]], body=incident(note="second thoughts"))
    referee.statuses(edit)
    tombstone = version(first["record_id"], [edit["version_id"]], deleted=True)
    referee.statuses(tombstone)
    changes = head.changes()["changes"]
    assert [c["seq"] for c in changes] == [1, 2, 3]
    assert [c["version_id"] for c in changes] == [first["version_id"], edit["version_id"], tombstone["version_id"]]
    assert [c["deleted"] for c in changes] == [False, False, True]
    assert changes[2]["body"] is None
    assert changes[1]["parents"] == [first["version_id"]]
    assert changes[0]["author"] == {"credential_id": referee.credential["id"], "display_name": "Bob"}
    assert changes[0]["received_at"].endswith("Z")
    history = head.get(f"/records/{first['record_id']}").json
    assert len(history["versions"]) == 3 and history["heads"] == [tombstone["version_id"]]


def test_a_conflicting_edit_is_kept_twice_listed_for_the_head_and_settled(api, events_app):
    head = create_event(api)
    ann = head.add_device(name="Ann")
    original = version(body=incident(note="first"))
    ann.statuses(original)
    by_ann = version(original["record_id"], [original["version_id"]], body=incident(note="Ann: 2 strikes"))
    by_head = version(original["record_id"], [original["version_id"]], body=incident(note="Head: 1 strike"))
    assert ann.statuses(by_ann) == ["accepted"]
    result = head.upload(by_head).json["results"][0]
    assert result["status"] == "conflict"
    assert sorted(result["heads"]) == sorted([by_ann["version_id"], by_head["version_id"]])

    listed = head.get("/conflicts").json
    assert listed["next"] is None
    [conflict] = listed["conflicts"]
    assert conflict["record_id"] == original["record_id"]
    assert {h["body"]["note"] for h in conflict["heads"]} == {"Ann: 2 strikes", "Head: 1 strike"}
    assert ann.get("/conflicts").status_code == 403

    # A referee cannot settle; the head settles with a version whose parents are all the heads.
    merge = version(
        original["record_id"], [by_ann["version_id"], by_head["version_id"]], body=incident(note="Settled: 2 strikes")
    )
    assert ann.statuses(merge) == ["refused"]
    assert head.statuses(merge) == ["accepted"]
    assert head.get("/conflicts").json["conflicts"] == []
    history = head.get(f"/records/{original['record_id']}").json
    assert history["heads"] == [merge["version_id"]] and history["in_conflict"] is False
    assert len(history["versions"]) == 4  # nothing dropped: both sides of the conflict are still there
    with events_app.extensions["events.db"].reading() as session:
        stored = session.scalar(
            select(func.count()).select_from(Version).where(Version.record_id == original["record_id"])
        )
    assert stored == 4


def test_an_edit_of_an_older_version_is_a_conflict_too(api):
    head = create_event(api)
    first = version()
    second = version(first["record_id"], [first["version_id"]])
    stale = version(first["record_id"], [first["version_id"]])
    assert head.statuses(first, second, stale) == ["accepted", "accepted", "conflict"]


def test_parents_must_be_stored_versions_of_the_same_record(api, events_app):
    head = create_event(api)
    other = version()
    head.statuses(other)
    before = row_counts(events_app)
    orphan = version(parents=["never-uploaded"])
    borrowed = version(parents=[other["version_id"]])
    results = head.upload(orphan, borrowed).json["results"]
    assert [(r["status"], r["error"]) for r in results] == [("refused", "unknown_parent")] * 2
    assert row_counts(events_app) == before
    # Sent oldest first in one batch, a record's versions go through.
    first = version()
    assert head.statuses(first, version(first["record_id"], [first["version_id"]])) == ["accepted", "accepted"]


def test_a_deletion_carries_no_body_and_a_record_keeps_its_kind(api):
    head = create_event(api)
    first = version()
    head.statuses(first)
    results = head.upload(
        {**version(first["record_id"], [first["version_id"]]), "body": None},
        {**version(first["record_id"], [first["version_id"]], deleted=True), "body": incident()},
        version(first["record_id"], [first["version_id"]], kind="player", body={"name": "Ada"}),
    ).json["results"]
    assert [(r["status"], r["error"], r["field"]) for r in results] == [
        ("refused", "malformed", "versions[0].body"),
        ("refused", "invalid", "versions[1].body"),
        ("refused", "kind_mismatch", "versions[2].kind"),
    ]


def test_a_referee_adds_walk_ins_changes_only_their_own_and_incidents_may_name_a_roster_player(api):
    head = create_event(api)
    referee = head.add_device()
    player = version(kind="player", body={"name": "Ada Lovelace", "number": "EMA-042"})
    assert head.statuses(player) == ["accepted"]
    edit = version(player["record_id"], [player["version_id"]], kind="player", body={"name": "Ada King"})
    [refused] = referee.upload(edit).json["results"]
    assert (refused["status"], refused["error"]) == ("refused", "forbidden")
    walk_in = version(kind="player", body={"name": "Grace Hopper"})
    assert referee.statuses(walk_in) == ["accepted"]
    assert referee.statuses(
        version(walk_in["record_id"], [walk_in["version_id"]], kind="player", body={"name": "Grace B. Hopper"})
    ) == ["accepted"]
    named = version(body=incident(player="", playerId=player["record_id"]))
    unknown = version(body=incident(playerId="no-such-player"))
    results = referee.upload(named, unknown).json["results"]
    assert [r["status"] for r in results] == ["accepted", "refused"]
    assert (results[1]["error"], results[1]["field"]) == ("unknown_player", "versions[1].body.playerId")


def test_the_changes_feed_is_paged_with_a_cursor(api):
    head = create_event(api)
    batch = [version() for _ in range(5)]
    head.statuses(*batch)
    seen, cursor, pages = [], "0", 0
    while True:
        page = head.changes(since=cursor, limit=2)
        seen += [c["version_id"] for c in page["changes"]]
        cursor, pages = page["next"], pages + 1
        if not page["more"]:
            break
    assert seen == [v["version_id"] for v in batch] and pages == 3
    assert head.changes(since=cursor) == {"changes": [], "next": cursor, "more": False}
    assert head.get("/changes?since=abc").status_code == 422
    assert head.get("/changes?limit=0").status_code == 422
    assert head.get("/changes?limit=1001").status_code == 422


def test_a_league_shares_its_roster_and_reads_its_other_events_incidents(api):
    week1, week2 = league_of_two_weeks(api)
    player = version(kind="player", body={"name": "Ada"})
    week1.statuses(player)
    strike1 = version(body=incident(player="", playerId=player["record_id"], at="2026-11-02T20:00:00+01:00"))
    week1.statuses(strike1)
    referee2 = week2.add_device()
    strike2 = version(body=incident(player="", playerId=player["record_id"], at="2026-11-23T20:00:00+01:00"))
    assert referee2.statuses(strike2) == ["accepted"]  # the roster player of week 1 is known in week 2

    own = [c["record_id"] for c in referee2.changes()["changes"]]
    assert own == [player["record_id"], strike2["record_id"]]  # the event's feed: the roster and its own incidents
    league = [c["record_id"] for c in referee2.changes(scope="league")["changes"]]
    assert league == [player["record_id"], strike1["record_id"], strike2["record_id"]]
    assert {c["event_id"] for c in referee2.changes(scope="league")["changes"]} == {week1.event_id, week2.event_id}

    # Week 1's incidents are read-only from week 2, even for its head referee.
    edit = version(strike1["record_id"], [strike1["version_id"]], body=incident(note="changed"))
    result = week2.upload(edit).json["results"][0]
    assert (result["status"], result["error"]) == ("refused", "other_event")
    assert week1.statuses(edit) == ["accepted"]


def test_an_event_outside_a_league_has_no_league_feed(api):
    head = create_event(api)
    response = head.get("/changes?scope=league")
    assert (response.status_code, response.json["error"]) == (404, "no_league")
    assert head.get("/league").status_code == 404


def test_two_devices_adding_the_same_named_player_end_with_one_player_and_an_alias(api):
    """Two head referees' devices (and a referee) add "Marco Polo" apart: the first id the server stores is the
    player; the others become its aliases, told in the upload's answer and in the changes feed, and stay so."""
    head = create_event(api)
    second_head = head.add_device(role="head", name="Second head")
    referee = head.add_device(name="Bruno")
    first = version(kind="player", body={"name": "Marco Polo"})
    again = version(kind="player", body={"name": "marco  polo"})
    third = version(kind="player", body={"name": "MARCO-POLO"})
    other = version(kind="player", body={"name": "Marco Polos"})
    assert [r.get("alias_of") for r in head.upload(first).json["results"]] == [None]
    assert second_head.upload(again).json["results"][0]["alias_of"] == first["record_id"]
    assert referee.upload(third, other).json["results"][0]["alias_of"] == first["record_id"]
    strike = version(body=incident(player="", playerId=third["record_id"]))
    assert referee.statuses(strike) == ["accepted"]  # an incident may name an alias: it counts for the person
    players = {c["record_id"]: c["alias_of"] for c in head.changes()["changes"] if c["kind"] == "player"}
    assert players == {
        first["record_id"]: None,
        again["record_id"]: first["record_id"],
        third["record_id"]: first["record_id"],
        other["record_id"]: None,
    }
    # A later version of an alias (a rename) keeps it an alias; a deleted player's name is free again.
    rename = version(again["record_id"], [again["version_id"]], kind="player", body={"name": "Marco P."})
    assert second_head.upload(rename).json["results"][0]["alias_of"] == first["record_id"]
    gone = version(other["record_id"], [other["version_id"]], kind="player", deleted=True)
    assert head.statuses(gone) == ["accepted"]
    newcomer = version(kind="player", body={"name": "Marco Polos"})
    assert "alias_of" not in head.upload(newcomer).json["results"][0]


def test_the_server_compares_names_as_the_phone_does(tmp_path):
    from helpers import call_module

    from webapp.events.names import normalize_name

    names = [
        " Léa  Müller-Ó’Neil ",
        "Marco Polo",
        "marco  polo",
        "MARCO-POLO",
        "Straße",
        "O'Brien_x",
        "李 小龍",
        "Zoë ½",
        "ÆTHELRED",
        "Łukasz",
        "İpek",
        "",
        "   ",
        "Jean-Luc\tPicard",
        "ﬁona",
        "Mr. T (Jr.) #2",  # plain ASCII, which the phone folds without its Unicode passes
        "x_y~z|1{A}",
        "  .. ",
    ]
    assert [normalize_name(name) for name in names] == call_module(
        "logic/names.js", "normalizeName", [[n] for n in names], tmp_path
    )


def test_a_head_referee_merges_two_players_who_are_one_person(api):
    """ "Marco Polo" and "Marc Polo" (a possible duplicate, asked of the head referee): the head's "same person" makes
    the second an alias of the first, told to every phone by a new version of it carrying alias_of in the feed; an
    incident naming either counts for the person. Asking again changes nothing; a referee may not merge."""
    head = create_event(api)
    referee = head.add_device(name="Bruno")
    marco = version(kind="player", body={"name": "Marco Polo"})
    marc = version(kind="player", body={"name": "Marc Polo"})
    assert referee.statuses(marco, marc) == ["accepted", "accepted"]
    request = {"player_id": marc["record_id"], "into": marco["record_id"]}
    refused = referee.post("/players/merge", json=request)
    assert (refused.status_code, refused.json["error"]) == (403, "forbidden")

    merged = head.post("/players/merge", json=request)
    assert merged.status_code == 200
    assert (merged.json["status"], merged.json["alias_of"]) == ("merged", marco["record_id"])
    changes = head.changes()["changes"]
    last = changes[-1]
    assert (last["record_id"], last["alias_of"], last["parents"]) == (
        marc["record_id"],
        marco["record_id"],
        [marc["version_id"]],
    )
    assert last["body"] == marc["body"] and last["seq"] == merged.json["seq"]
    again = head.post("/players/merge", json=request)
    assert (again.status_code, again.json["status"]) == (200, "duplicate")
    assert len(head.changes()["changes"]) == len(changes)  # nothing more written
    # A later "marc polo" is the person too (the merged name now leads to the person).
    later = version(kind="player", body={"name": "marc  polo"})
    assert referee.upload(later).json["results"][0]["alias_of"] == marco["record_id"]


def test_a_merge_names_two_present_players(api, events_app):
    head = create_event(api)
    marco = version(kind="player", body={"name": "Marco Polo"})
    gone = version(kind="player", body={"name": "Marc Polo"})
    head.statuses(marco, gone, version(gone["record_id"], [gone["version_id"]], kind="player", deleted=True))
    split = version(kind="player", body={"name": "Mark Polo"})
    head.statuses(split)
    for name in ("Mark Polo A", "Mark Polo B"):  # two edits of one version: a conflict to settle
        head.statuses(version(split["record_id"], [split["version_id"]], kind="player", body={"name": name}))
    before = row_counts(events_app)
    for body, status, error, field in [
        ({"player_id": "nobody", "into": marco["record_id"]}, 404, "not_found", "player_id"),
        ({"player_id": marco["record_id"], "into": "nobody"}, 404, "not_found", "into"),
        ({"player_id": gone["record_id"], "into": marco["record_id"]}, 409, "deleted", "player_id"),
        ({"player_id": split["record_id"], "into": marco["record_id"]}, 409, "in_conflict", "player_id"),
        ({"player_id": marco["record_id"], "into": marco["record_id"]}, 422, "invalid", "into"),
        ({"player_id": marco["record_id"]}, 422, "invalid", "into"),
        ({"player_id": marco["record_id"], "into": "x", "why": "y"}, 422, "unknown_field", "why"),
    ]:
        answer = head.post("/players/merge", json=body)
        assert (answer.status_code, answer.json["error"], answer.json["field"]) == (status, error, field), body
    assert row_counts(events_app) == before


def test_one_batch_sees_its_own_earlier_versions(api):
    """A batch is read once (Batch in sync.py) and kept up to date: a later version of the batch names an earlier one
    as its parent, names a player the batch added, and sees the batch's deletion of that player."""
    head = create_event(api)
    ada = version(kind="player", body={"name": "Ada Lovelace"})
    strike = version(body=incident(player="", playerId=ada["record_id"]))
    edit = version(strike["record_id"], [strike["version_id"]], body=incident(player="", playerId=ada["record_id"]))
    later_parent = version(strike["record_id"], ["not-yet-sent"])
    gone = version(ada["record_id"], [ada["version_id"]], kind="player", deleted=True)
    unnamed = version(body=incident(player="", playerId=ada["record_id"]))
    named = version(body=incident(player="Ada Lovelace", playerId=ada["record_id"]))
    results = head.upload(ada, strike, edit, later_parent, gone, unnamed, named, edit).json["results"]
    assert [r["status"] for r in results] == [
        *["accepted"] * 3,
        "refused",
        "accepted",
        "refused",
        "accepted",
        "duplicate",
    ]
    assert (results[3]["error"], results[5]["error"]) == ("unknown_parent", "deleted_player")
    assert results[2]["heads"] == [edit["version_id"]] and results[7]["seq"] == results[2]["seq"]
    history = head.get(f"/records/{strike['record_id']}").json
    assert history["heads"] == [edit["version_id"]] and not history["in_conflict"]


def test_an_upload_reads_the_database_in_as_many_queries_for_one_version_as_for_many(api, events_app):
    """The batch's versions, parents and records are read in one query each, whatever the batch's size."""
    from sqlalchemy import event

    head = create_event(api)
    engine = events_app.extensions["events.db"].engine
    selects = []

    def count(_conn, _cursor, statement, *_args):
        selects.append(statement.lstrip().upper().startswith("SELECT"))

    event.listen(engine, "before_cursor_execute", count)
    try:
        counts = []
        for size in (1, 20):
            first = [version() for _ in range(size)]
            head.statuses(*first)
            edits = [version(v["record_id"], [v["version_id"]]) for v in first]
            selects.clear()
            assert head.statuses(*edits) == ["accepted"] * size
            counts.append(sum(selects))
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert counts[0] == counts[1] <= 4  # who calls, the space's lock, the versions named, the records


def test_the_changes_feed_gives_each_version_as_its_record_history_does(api):
    """The feed writes its page from the stored JSON text (shapes.version_text); every other answer reads the same
    text, so a version reads alike everywhere: text of every kind, a deletion, an alias, a head referee's view."""
    head = create_event(api)
    referee = head.add_device(name='Zoé "Z" \\ Ünal 🀄')
    marco = version(kind="player", body={"name": "Marco Polo", "note": "line one\nline two\ttab"})
    again = version(kind="player", body={"name": "marco polo"})
    strike = version(body=incident(player="Marco Polo", note='« quotes » "and" \\ backslash 🀄 中', points=-12.5))
    gone = version(strike["record_id"], [strike["version_id"]], deleted=True)
    head.statuses(marco)
    assert referee.statuses(again, strike, gone) == ["accepted"] * 3
    for device in (head, referee):
        for change in device.changes()["changes"]:
            history = device.get(f"/records/{change['record_id']}").json["versions"]
            assert change in history
            assert change["author"]["credential_id"] == (
                (
                    referee.credential["id"]
                    if change["author"]["display_name"] != "Head Referee"
                    else head.credential["id"]
                )
                if device is head
                else None
            )
    changes = referee.changes()["changes"]
    assert [c.get("alias_of", "-") for c in changes] == [None, marco["record_id"], "-", "-"]
    assert changes[2]["body"]["points"] == -12.5 and changes[3]["body"] is None
    assert changes[2]["body"]["note"] == strike["body"]["note"]


def test_a_phone_gets_the_changes_feed_compressed_fast_and_the_static_memo_keeps_its_bodies(api, events_app):
    """A browser asks for brotli: a feed page (made for one request) is compressed at the fast level, not the
    strongest (about 110 ms for 200 versions), and not memoized, so the static files' compressed bodies stay."""
    import brotli

    from webapp.web.compression import FAST

    head = create_event(api)
    head.statuses(*[version() for _ in range(50)])
    memo = events_app.extensions["compression"]
    before = list(memo.items)
    plain = head.get("/changes", headers={"Accept-Encoding": "identity"})
    compressed = head.get("/changes", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert compressed.headers["Content-Encoding"] == "br" and "Content-Encoding" not in plain.headers
    assert compressed.data == brotli.compress(plain.data, quality=FAST["br"])
    assert list(memo.items) == before


def test_a_new_incident_is_stored_in_eight_statements_and_no_more(api, events_app):
    """An upload holds the space's lock (PostgreSQL) or the write lock (SQLite), which 200 syncing referees wait for,
    so each statement counts: who calls, the lock, the versions and records named, the record and its version
    inserted, the space's number and the device's stored bytes; nothing read twice, nothing updated to what it holds."""
    from sqlalchemy import event

    head = create_event(api)
    head.statuses(version())  # the device's last contact is written now, not again within the minute
    engine = events_app.extensions["events.db"].engine
    seen = []

    def note(_conn, _cursor, statement, *_args):
        seen.append(" ".join(statement.split()[:3]).upper())

    event.listen(engine, "before_cursor_execute", note)
    try:
        assert head.statuses(version()) == ["accepted"]
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert len(seen) == 8
    assert sum(statement.startswith("INSERT INTO RECORDS") for statement in seen) == 1
    assert not [statement for statement in seen if statement.startswith("UPDATE RECORDS")]
