"""The phone's records as the server's bodies and back (sync-records.js, in Node): what a phone shares of its event,
and which roster players may be named to the server."""

from helpers import call_module

MODULE = "logic/sync-records.js"
SERVER = {
    "eventId": "ev1",
    "name": "Autumn Cup",
    "rulesetId": "azrm-2026",
    "startsOn": "2026-11-23",
    "endsOn": "2026-11-24",
    "sessions": ["Round 1"],
    "leagueId": None,
}
INCIDENT = {
    "id": "i1",
    "at": "2026-11-23T14:05:00.000Z",
    "eventId": "ev1",
    "tournament": "",
    "session": "Round 1",
    "table": "3",
    "player": "Léa Müller",
    "playerId": "p1",
    "seat": 0,
    "rulesetId": "azrm-2026",
    "rulingId": "r_wrong_count",
    "points": None,
    "note": "",
}
BODY = {"v": 2, **{k: v for k, v in INCIDENT.items() if k not in ("id", "eventId")}}  # format 2: the seat a code
PLAYER = {"id": "p1", "eventId": "ev1", "name": "Léa Müller", "number": "A-12", "club": "Lyon"}


def test_what_a_phone_shares_of_its_event(tmp_path):
    other_event = {**INCIDENT, "id": "i2", "eventId": "local"}
    stray = {**INCIDENT, "id": "i3", "playerId": "p-made-here"}
    data = {
        "incidents": [INCIDENT, other_event, stray],
        "players": [PLAYER, {**PLAYER, "id": "p2", "eventId": "local"}],
    }
    head, referee, referee_knows = call_module(
        MODULE,
        "localRecords",
        [
            [data, SERVER, {"head": True, "serverPlayers": []}],
            [data, SERVER, {"head": False, "serverPlayers": []}],
            [data, SERVER, {"head": False, "serverPlayers": ["p1"]}],
        ],
        tmp_path,
    )
    # The head referee's roster goes first, so the server has a player before the incidents that name it.
    assert [(r["kind"], r["id"]) for r in head] == [("player", "p1"), ("incident", "i1"), ("incident", "i3")]
    assert head[0]["body"] == {"name": "Léa Müller", "number": "A-12", "club": "Lyon"}
    assert head[1]["body"] == BODY
    # A referee's phone keeps no roster on the server: a player the server does not have goes by name alone.
    assert [(r["kind"], r["id"]) for r in referee] == [("incident", "i1"), ("incident", "i3")]
    assert "playerId" not in referee[0]["body"] and referee[0]["body"]["player"] == "Léa Müller"
    assert referee_knows[0]["body"] == BODY and "playerId" not in referee_knows[1]["body"]


def test_downloaded_records_as_the_phone_stores_them(tmp_path):
    [incident, bad] = call_module(
        MODULE, "incidentFromBody", [["i1", BODY, "ev1"], ["i9", {**BODY, "at": "soon"}, "ev1"]], tmp_path
    )
    assert incident == INCIDENT and bad is None


def test_an_older_phones_text_seat_reads_as_its_code(tmp_path):
    """An older phone sends no format and the seat as the wind's name in its referee's language: the phone reads
    it as the code (a name it cannot read as no seat, the server keeping the text), and what it knows the server
    has is kept in that reading, so the phone's own record of it is the same value and nothing is sent again."""
    older = {k: v for k, v in BODY.items() if k != "v"}
    seats = ["Ovest", "SUD", "", "E", "南"]
    stored = call_module(
        MODULE, "incidentFromBody", [["i1", {**older, "seat": seat}, "ev1"] for seat in seats], tmp_path
    )
    assert [item["seat"] for item in stored] == [2, 1, None, None, None]
    read = call_module(MODULE, "bodyAsRead", [[{**older, "seat": seat}] for seat in seats], tmp_path)
    shared = call_module(
        MODULE, "localRecords", [[{"incidents": stored}, SERVER, {"serverPlayers": ["p1"]}]], tmp_path
    )[0]
    assert [record["body"] for record in shared] == read
    [change] = call_module(
        MODULE,
        "changesAsRead",
        [[[{"kind": "incident", "record_id": "i1", "body": {**older, "seat": "est"}}]]],
        tmp_path,
    )
    assert change[0]["body"] == {**BODY, "seat": 0}
    [player, removed, bad] = call_module(
        MODULE,
        "playerFromBody",
        [
            ["p1", {"name": "Léa Müller", "number": "A-12", "club": "Lyon"}, "ev1"],
            ["p1", {"name": "Léa Müller"}, "ev1", True],
            ["p9", {"name": "x" * 201}, "ev1"],
        ],
        tmp_path,
    )
    assert player == PLAYER and removed == {"id": "p1", "eventId": "ev1", "name": "Léa Müller", "deleted": True}
    assert bad is None
    [event] = call_module(MODULE, "localEvent", [[SERVER]], tmp_path)
    assert event == {
        "id": "ev1",
        "name": "Autumn Cup",
        "rulesetId": "azrm-2026",
        "dates": {"start": "2026-11-23", "end": "2026-11-24"},
        "sessions": ["Round 1"],
        "server": {"eventId": "ev1"},
    }


def test_whether_a_stored_record_reached_the_server(tmp_path):
    """recordSentState, what a confirmation says (the model's sentOf): the server's head is the record as stored here
    (its roster player named, since the server has them), a change made since, a record of another event, a deletion."""
    head = {"id": "v1", "body": BODY, "deleted": False, "seq": 2}
    state = {
        "server": SERVER,
        "known": {
            "i1": {"kind": "incident", "eventId": "ev1", "heads": [head], "seen": ["v1"]},
            "p1": {"kind": "player", "eventId": "ev1", "heads": [], "seen": []},
        },
        "outbox": [{"record_id": "i4", "version_id": "v4", "parents": [], "kind": "incident", "deleted": False}],
        "refused": [],
    }
    said = call_module(
        MODULE,
        "recordSentState",
        [
            [state, "incident", INCIDENT],
            [state, "incident", {**INCIDENT, "note": "changed since"}],
            [state, "incident", {**INCIDENT, "id": "i2", "eventId": "local"}],
            [state, "incident", {**INCIDENT, "id": "i4"}],
            [state, "incident", None, "i1"],
            [state, "incident", None, "i9"],
        ],
        tmp_path,
    )
    assert said == ["sent", "waiting", "local", "waiting", "waiting", "local"]
