"""The phone's sync logic (sync-versions.js, pure, run in Node) against the real events API: two phones record apart,
sync, and end with the same records; uploads are idempotent; edits made apart are kept as a conflict and settled by
the head referee; refused versions are kept and not sent again."""

import pytest
from conftest import FAST_EVENTS
from events_helpers import create_event, incident
from helpers import call_module

from webapp import create_app

MODULE = "logic/sync-versions.js"


@pytest.fixture(scope="module")
def sqlite_app(new_database):
    app = create_app({"DATABASE_URL": new_database("sqlite"), **FAST_EVENTS})
    yield app
    app.extensions["events.db"].dispose()


@pytest.fixture
def head(sqlite_app):
    return create_event(sqlite_app.test_client())


class Phone:
    """One referee's phone: its records ({id: {kind, id, deleted, body}}) and its sync state, run by the Node module."""

    def __init__(self, device, tmp_path, name):
        self.device, self.tmp, self.name = device, tmp_path / name, name
        self.tmp.mkdir()
        self.records = {}
        self.state = self.call("emptyState")
        self.last_writes = []

    def call(self, function, *args):
        return call_module(MODULE, function, [list(args)], self.tmp)[0]

    def record(self, record_id, **fields):
        self.records[record_id] = {"kind": "incident", "id": record_id, "deleted": False, "body": incident(**fields)}

    def locals(self):
        return list(self.records.values())

    def stage(self):
        self.state = self.call("stage", self.state, self.locals())["state"]

    def upload(self, keep_answer=True):
        """Send the outbox in batches; without keep_answer the answers are lost (the connection dropped)."""
        batch = self.call("nextBatch", self.state)
        while batch:
            response = self.device.upload(*batch)
            assert response.status_code == 200, response.json
            if not keep_answer:
                return response.json["results"]
            self.state = self.call("afterUpload", self.state, batch, response.json["results"])["state"]
            batch = self.call("nextBatch", self.state)
        return None

    def join(self, limit=2):
        """As sync-run.js reads an event the phone has read nothing of: the snapshot's pages (the cursor moves only
        after the last), then the feed from where it began."""
        after = ""
        while after is not None:
            page = self.device.get(f"/snapshot?limit={limit}" + (f"&after={after}" if after else "")).json
            after = page["next"]
            self.apply(page["heads"], page["since"] if after is None else None)
        self.download(limit)

    def download(self, limit=2):
        self.last_writes = []
        while True:
            page = self.device.changes(since=self.state["cursor"], limit=limit)
            self.apply(page["changes"], page["next"])
            if not page["more"]:
                return

    def apply(self, changes, cursor):
        """Apply a page of versions and write what it changes, as sync-run.js does."""
        applied = self.call("applyChanges", self.state, changes, cursor)
        self.state = applied["state"]
        skipped = []
        for write in applied["writes"]:
            self.last_writes.append(write)
            mine = self.records.get(write["id"])
            now = (
                {"deleted": True, "body": None} if mine is None else {"deleted": mine["deleted"], "body": mine["body"]}
            )
            if now != {key: write["before"][key] for key in ("deleted", "body")}:
                skipped.append(write)
                continue  # changed here meanwhile: kept, sent at the next sync
            if write["deleted"]:
                self.records.pop(write["id"], None)
            else:
                self.records[write["id"]] = {
                    "kind": write["kind"],
                    "id": write["id"],
                    "deleted": False,
                    "body": write["body"],
                }
        self.state = self.call("notShown", self.state, skipped)

    def sync(self):
        self.stage()
        self.upload()
        self.download()

    def waiting(self):
        return self.call("waiting", self.state, self.locals())


def bodies(phone):
    return {record_id: record["body"]["note"] for record_id, record in phone.records.items()}


def test_two_phones_recording_apart_end_with_the_same_log(head, tmp_path):
    referee = head.add_device(name="Bruno")
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    anna.record("a1", note="anna 1")
    anna.record("a2", note="anna 2")
    bruno.record("b1", note="bruno 1")
    assert (anna.waiting(), bruno.waiting()) == (2, 1)
    anna.sync()
    bruno.sync()
    anna.sync()
    assert bodies(anna) == bodies(bruno) == {"a1": "anna 1", "a2": "anna 2", "b1": "bruno 1"}
    assert (anna.waiting(), bruno.waiting()) == (0, 0)
    assert anna.state["outbox"] == [] and anna.state["cursor"] == "3"
    # Syncing again changes nothing and sends nothing.
    anna.sync()
    assert len(head.changes()["changes"]) == 3 and bodies(anna)["a1"] == "anna 1"


def test_an_upload_whose_answer_was_lost_is_sent_again_and_stored_once(head, tmp_path):
    anna = Phone(head, tmp_path, "anna")
    for n in range(3):
        anna.record(f"r{n}", note=str(n))
    anna.stage()
    lost = anna.upload(keep_answer=False)
    assert [r["status"] for r in lost] == ["accepted"] * 3
    assert anna.waiting() == 3  # the phone never heard the answer: still waiting
    batch = anna.call("nextBatch", anna.state)
    response = head.upload(*batch)
    assert [r["status"] for r in response.json["results"]] == ["duplicate"] * 3
    anna.state = anna.call("afterUpload", anna.state, batch, response.json["results"])["state"]
    anna.download()
    assert anna.waiting() == 0 and len(head.changes()["changes"]) == 3


def test_edits_and_deletions_are_versions_and_tombstones(head, tmp_path):
    referee = head.add_device(name="Bruno")
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    bruno.record("x", note="first")
    bruno.sync()
    anna.sync()
    bruno.record("x", note="second")
    bruno.sync()
    anna.sync()
    assert bodies(anna) == {"x": "second"}
    del bruno.records["x"]
    assert bruno.waiting() == 1
    bruno.sync()
    anna.sync()
    assert anna.records == {}
    versions = head.get("/records/x").json["versions"]
    assert [v["deleted"] for v in versions] == [False, False, True]
    assert versions[1]["parents"] == [versions[0]["version_id"]] and versions[2]["parents"] == [
        versions[1]["version_id"]
    ]


def test_an_edit_made_on_both_phones_is_kept_twice_and_settled_by_the_head(head, tmp_path):
    referee = head.add_device(name="Bruno")
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    bruno.record("x", note="first")
    bruno.sync()
    anna.sync()
    anna.record("x", note="anna says")
    bruno.record("x", note="bruno says")
    bruno.sync()
    anna.sync()  # anna's edit was made from the first version: the server keeps both
    assert anna.records["x"]["body"]["note"] == "anna says"  # her own edit is not overwritten on her phone
    [conflict] = anna.call("conflicts", anna.state)
    assert conflict["recordId"] == "x" and len(conflict["heads"]) == 2
    assert {h["body"]["note"] for h in conflict["heads"]} == {"anna says", "bruno says"}
    assert head.get("/records/x").json["in_conflict"] is True
    bruno.sync()
    assert len(bruno.call("conflicts", bruno.state)) == 1  # the referee's phone knows too

    keep = next(h["id"] for h in conflict["heads"] if h["body"]["note"] == "bruno says")
    settled = anna.call("settle", anna.state, "x", keep)
    assert sorted(settled["version"]["parents"]) == sorted(h["id"] for h in conflict["heads"])
    anna.state = settled["state"]
    assert settled["write"] == {
        "kind": "incident",
        "id": "x",
        "eventId": head.event_id,
        "deleted": False,
        "body": incident(note="bruno says"),
    }
    anna.records["x"]["body"] = settled["write"]["body"]
    anna.upload()
    anna.download()
    bruno.sync()
    assert anna.call("conflicts", anna.state) == [] == bruno.call("conflicts", bruno.state)
    assert bodies(anna) == bodies(bruno) == {"x": "bruno says"}
    history = head.get("/records/x").json
    assert history["in_conflict"] is False and len(history["versions"]) == 4  # both sides kept in the history


def test_a_settlement_waits_for_the_records_own_pending_change(head, tmp_path):
    anna = Phone(head, tmp_path, "anna")
    state = anna.call("emptyState")
    state["known"]["x"] = {
        "kind": "incident",
        "eventId": None,
        "seen": ["v1", "v2"],
        "heads": [
            {"id": "v1", "body": incident(), "deleted": False, "seq": 1, "author": None},
            {"id": "v2", "body": incident(note="b"), "deleted": False, "seq": 2, "author": None},
        ],
    }
    assert anna.call("settle", state, "x", "v9") == {"error": "unknown_head"}
    assert anna.call("settle", state, "y", "v1") == {"error": "not_in_conflict"}
    state["outbox"] = [
        {
            "record_id": "x",
            "version_id": "v3",
            "parents": ["v2"],
            "kind": "incident",
            "deleted": False,
            "body": incident(note="c"),
        }
    ]
    assert anna.call("settle", state, "x", "v1") == {"error": "pending"}


def test_a_refused_version_is_kept_with_its_reason_and_not_sent_again(head, tmp_path):
    anna = Phone(head, tmp_path, "anna")
    anna.record("bad", ruling="no-such-ruling")
    anna.record("good", note="fine")
    anna.stage()
    batch = anna.call("nextBatch", anna.state)
    results = head.upload(*batch).json["results"]
    done = anna.call("afterUpload", anna.state, batch, results)
    anna.state = done["state"]
    [refused] = done["refused"]
    assert (refused["error"], refused["field"], refused["version"]["record_id"]) == (
        "unknown_ruling",
        "versions[0].body.rulingId",
        "bad",
    )
    assert anna.state["outbox"] == [] and anna.waiting() == 0  # not staged again while unchanged
    anna.record("bad", ruling="r_east_early_chombo")  # corrected: a new version goes
    assert anna.waiting() == 1
    anna.sync()
    assert anna.state["refused"] == [] and {c["record_id"] for c in head.changes()["changes"]} == {"good", "bad"}


def test_a_change_arriving_for_a_record_edited_here_keeps_the_local_edit(head, tmp_path):
    referee = head.add_device(name="Bruno")
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    bruno.record("x", note="first")
    bruno.sync()
    anna.sync()
    anna.record("x", note="anna, not yet sent")
    anna.stage()  # staged but not sent yet when bruno's edit arrives
    bruno.record("x", note="bruno")
    bruno.sync()
    anna.download()
    assert anna.records["x"]["body"]["note"] == "anna, not yet sent" and anna.last_writes == []
    anna.upload()
    assert head.get("/records/x").json["in_conflict"] is True


def test_an_edit_made_while_a_newer_version_was_downloaded_is_its_sibling_never_its_child(head, tmp_path):
    """A second tab saves an edit while this phone reads the feed: the download is not written, and the edit's parent
    stays the version the referee saw, so the server keeps both as a conflict (it used to take the downloaded version
    as the parent, and the other referee's correction was overwritten unseen)."""
    referee = head.add_device(name="Bruno")
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    bruno.record("x", note="first")
    bruno.sync()
    anna.sync()
    first = head.get("/records/x").json["versions"][0]["version_id"]
    bruno.record("x", note="bruno's correction")
    bruno.sync()
    anna.stage()  # the sync starts: nothing to send yet
    anna.record("x", note="anna's edit in another tab")  # saved while the changes request is on its way
    anna.download()
    assert anna.records["x"]["body"]["note"] == "anna's edit in another tab"
    anna.sync()
    history = head.get("/records/x").json
    assert history["in_conflict"] is True
    assert history["versions"][-1]["parents"] == [first]
    assert {h["body"]["note"] for h in anna.call("conflicts", anna.state)[0]["heads"]} == {
        "bruno's correction",
        "anna's edit in another tab",
    }


def test_a_conflict_never_changes_what_either_phone_shows_whichever_was_sent_first(head, tmp_path):
    referee = head.add_device(name="Bruno")
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    bruno.record("x", note="first")
    bruno.sync()
    anna.sync()
    anna.record("x", note="anna says")
    bruno.record("x", note="bruno says")
    anna.stage()
    anna.upload()
    bruno.sync()  # bruno's edit is stored last: the newest head
    anna.download()
    assert bodies(anna) == {"x": "anna says"} and bodies(bruno) == {"x": "bruno says"}
    assert len(anna.call("conflicts", anna.state)) == 1 and anna.waiting() == 0 == bruno.waiting()


def test_a_record_the_phone_cannot_read_now_is_never_sent_as_a_deletion(head, tmp_path):
    anna = Phone(head, tmp_path, "anna")
    anna.record("x", note="kept")
    anna.sync()
    del anna.records["x"]  # set aside as damaged, or written by a newer version of the app
    assert anna.call("waiting", anna.state, anna.locals(), {"unreadable": ["x"]}) == 0
    assert anna.call("stage", anna.state, anna.locals(), None, {"unreadable": ["x"]})["staged"] == 0
    assert anna.waiting() == 1  # deleted for real: a tombstone waits


def test_a_leagues_other_events_incidents_are_read_and_never_written(sqlite_app, tmp_path):
    client = sqlite_app.test_client()
    week1 = create_event(
        client, league={"name": "Arizona League"}, name="Week 1", starts_on="2026-11-16", ends_on="2026-11-16"
    )
    league_id = week1.get("").json["event"]["league"]["id"]
    week2 = create_event(client, league={"id": league_id}, name="Week 2", headers=week1.headers)
    referee = week2.add_device(name="Bruno")
    anna, bruno = Phone(week1, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    anna.record("s1", note="week 1 strike", at="2026-11-16T20:00:00.000Z")
    anna.sync()
    bruno.record("s2", note="week 2 strike")
    bruno.stage()
    bruno.upload()
    page = referee.changes(scope="league")
    applied = bruno.call("applyChanges", bruno.state, page["changes"], page["next"], {"eventId": week2.event_id})
    assert {w["id"] for w in applied["writes"]} == {"s1"}  # week 1's incident reaches the week 2 phone
    bruno.state = applied["state"]
    assert bruno.state["known"]["s1"]["readOnly"] is True
    bruno.records["s1"] = {"kind": "incident", "id": "s1", "deleted": False, "body": applied["writes"][0]["body"]}
    bruno.records["s1"]["body"]["note"] = "changed on the week 2 phone"
    assert bruno.waiting() == 0  # another event's incident is never sent from here, changed or deleted
    del bruno.records["s1"]
    assert bruno.waiting() == 0


def test_an_edit_from_a_form_made_before_a_download_was_written_is_kept_beside_it(head, tmp_path):
    """Anna's form showed version 1; Bruno's version 2 is downloaded and written while she types (noteReplaced, with
    the record's revision before). Her save names version 1 as its parent (editedFrom, showEditOf), so the server
    keeps both edits as a conflict. A form of another revision, or a record changed here since, gets no parent."""
    referee = head.add_device(name="Bruno")
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    bruno.record("r1", note="as recorded")
    bruno.sync()
    anna.sync()
    first = anna.state["known"]["r1"]["shown"]
    bruno.record("r1", note="Bruno's correction")
    bruno.sync()
    anna.download()
    [written] = anna.last_writes
    anna.state = anna.call("noteReplaced", anna.state, [{"id": "r1", "version": written["before"]["id"], "rev": 7}])
    shown = anna.records["r1"]["body"]
    assert anna.call("editedFrom", anna.state, "r1", 6, shown) is None  # a form of another revision
    assert anna.call("editedFrom", anna.state, "r1", 7, incident(note="changed here since")) is None
    assert anna.call("editedFrom", anna.state, "r1", 7, shown) == first
    anna.state = anna.call("showEditOf", anna.state, "r1", first)
    assert "replaced" not in anna.state["known"]["r1"]
    anna.record("r1", note="Anna's edit")
    anna.stage()
    [version] = anna.state["outbox"]
    assert version["parents"] == [first]
    anna.upload()
    history = head.get("/records/r1").json
    assert history["in_conflict"] is True and len(history["heads"]) == 2


def test_a_phone_joining_from_the_snapshot_ends_as_one_that_read_every_version(head, tmp_path):
    """Edits, a deletion and a conflict: the phone that reads the snapshot (each record's heads) and then the feed
    holds the same records and the same conflict as the phone that read every version, from far fewer versions."""
    referee = head.add_device("head", name="Bruno")  # a second head: a referee may not edit the head's records
    anna, bruno = Phone(head, tmp_path, "anna"), Phone(referee, tmp_path, "bruno")
    for n in range(6):
        anna.record("edited", note=f"edit {n}")
        anna.sync()
    anna.record("gone", note="soon gone")
    anna.record("both", note="first")
    anna.sync()
    del anna.records["gone"]
    anna.sync()
    bruno.sync()
    anna.record("both", note="anna says")
    anna.sync()
    bruno.records["both"]["body"] = incident(note="bruno says")
    bruno.sync()  # bruno's edit was made from the first version: a conflict
    assert len(bruno.call("conflicts", bruno.state)) == 1
    late_feed = Phone(head.add_device(name="Carla"), tmp_path, "carla")
    late_snapshot = Phone(head.add_device(name="Dino"), tmp_path, "dino")
    late_feed.download()
    late_snapshot.join()
    assert bodies(late_snapshot)["edited"] == bodies(late_feed)["edited"] == "edit 5"
    # In a conflict a phone shows what it showed first (the feed's phone: anna's, read before bruno's); the snapshot's
    # phone, reading both heads at once, shows the one stored last. The head referee settles it for both.
    assert bodies(late_snapshot)["both"] == "bruno says" and bodies(late_feed)["both"] == "anna says"
    assert late_snapshot.call("conflicts", late_snapshot.state) == late_feed.call("conflicts", late_feed.state)
    assert len(late_snapshot.call("conflicts", late_snapshot.state)) == 1
    assert late_snapshot.state["cursor"] == late_feed.state["cursor"]
    heads = {record_id: len(entry["seen"]) for record_id, entry in late_snapshot.state["known"].items()}
    assert heads == {"edited": 1, "gone": 1, "both": 2}  # the feed's phone saw 6, 2 and 3 versions
    # Then both follow the feed alike.
    anna.record("edited", note="edit 6")
    anna.sync()
    late_feed.download()
    late_snapshot.download()
    assert bodies(late_snapshot)["edited"] == bodies(late_feed)["edited"] == "edit 6"


def test_each_record_says_whether_the_server_has_it_as_the_phone_holds_it(head, tmp_path):
    """sentState, for a confirmation to say "sent" or "not sent yet": saved here, then staged, then sent; changed
    again; refused; deleted before and after it was sent."""
    anna = Phone(head, tmp_path, "anna")

    def sent(record_id):
        return anna.call("sentState", anna.state, anna.records.get(record_id), record_id)

    anna.record("a", note="first")
    assert sent("a") == "waiting"  # saved, not staged yet
    anna.stage()
    assert sent("a") == "waiting"  # in the outbox
    anna.sync()
    assert sent("a") == "sent"
    anna.record("a", note="changed")
    assert sent("a") == "waiting"
    anna.sync()
    assert sent("a") == "sent"
    anna.record("bad", ruling="no-such-ruling")
    anna.sync()
    assert sent("bad") == "refused"
    anna.records.pop("a")
    assert sent("a") == "waiting"  # its deletion is not sent yet
    anna.sync()
    assert sent("a") == "sent"
    anna.record("gone")
    anna.records.pop("gone")
    assert sent("gone") == "sent"  # never sent and gone: nothing waits
