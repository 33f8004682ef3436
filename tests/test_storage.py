"""The storage layer's pure modules in Node: validators, reading stored items, migrating the previous release's data."""

import json

import pytest
from helpers import ROOT, call_module

INCIDENT = {
    "id": 'a b"c',
    "at": "2026-11-23T10:00:00Z",
    "tournament": "",
    "session": "1",
    "table": "",
    "player": "Ann",
    "seat": "",
    "rulesetId": "wrc-2015",
    "rulingId": "r_cheating",
    "points": None,
    "note": "",
}
INCIDENT_V3 = {**INCIDENT, "seat": None}  # as version 3 reads it: the seat a code, or none
SEAT = {
    "wind": "east",
    "name": "",
    "table": 30000,
    "tournament": 0,
    "riichi": False,
    "deposit": False,
    "deadHand": False,
    "liveTiles": 0,
    "deadTiles": 0,
    "strikes": 0,
    "offences": 0,
    "carriedOffences": 0,
    "substituted": False,
    "disqualified": False,
}
START = {
    "rulesetId": "wrc-2015",
    "dealer": 0,
    "honba": 0,
    "pot": 0,
    "seats": [dict(SEAT, wind=w) for w in ("east", "south", "west", "north")],
}
STEPS = [
    {"kind": "ruling", "rulingId": "r_false_win_shown", "inputs": {"offender": "1"}, "at": "2026-11-23T10:00:00.000Z"},
    {"kind": "end-hanchan", "at": "2026-11-23T11:00:00.000Z"},
    {"kind": "edit", "table": START, "at": "2026-11-23T12:00:00.000Z"},
]


def table_v2(start, steps, numbers=None):
    """A table stored at version 1 ({start, steps}) as version 2 reads it: ids in order, nothing undone, marked
    legacy."""
    numbers = numbers or range(1, len(steps) + 1)
    ids = [{"id": f"s{n}", **step} for n, step in zip(numbers, steps)]
    return {"start": start, "steps": ids, "undone": [], "nextId": max([0, *numbers]) + 1, "legacy": True}


SETTINGS = {"ruleset": "wrc-2015", "lang": "fr", "context": {"tournament": "Open", "session": "2", "table": "7"}}


def envelope(kind, data, v=1, rev=3):
    return {"format": kind, "v": v, "rev": rev, "data": data}


def inspect(tmp_path, cases):
    return call_module("logic/records/kinds.js", "inspect", cases, tmp_path)


DATES = [
    ("2026-11-23T10:00:00Z", True),
    ("2026-11-23T10:00:00.123+01:00", True),
    ("2026-11-23T10:00-05:30", True),
    ("1970-01-01T00:00:00Z", True),
    ("2099-12-31T23:59:59Z", True),
    ("11/23/2026", False),
    ("1", False),
    ("Nov 23", False),
    ("+275760-09-13T00:00:00.000Z", False),
    ("2026-11-23T10:00:00", False),
    ("2026-11-23", False),
    ("2026-02-30T10:00:00Z", False),
    ("1969-12-31T23:59:59Z", False),
    ("2100-01-01T00:00:00Z", False),
    ("2026-11-23T24:00:00Z", False),
    (1, False),
    (None, False),
]


@pytest.fixture(scope="module")
def date_checks(tmp_path_factory):
    return call_module(
        "logic/records/check.js", "isIsoDate", [[date] for date, _ in DATES], tmp_path_factory.mktemp("dates")
    )


@pytest.mark.parametrize("index", range(len(DATES)), ids=[str(date) for date, _ in DATES])
def test_dates_are_iso_8601_with_a_zone_in_range(date_checks, index):
    assert date_checks[index] == DATES[index][1]


def test_good_items_read_as_they_are(tmp_path):
    found = inspect(
        tmp_path,
        [
            ["incident", INCIDENT["id"], envelope("incident", INCIDENT)],
            ["table", "wrc-2015", envelope("table", {"start": START, "steps": STEPS})],
            ["table", "wrc-2015", envelope("table", {"start": None, "steps": []})],
            ["table", "wrc-2015", envelope("table", table_v2(START, STEPS), v=2)],
            ["settings", "main", envelope("settings", SETTINGS)],
            [
                "settings",
                "main",
                envelope(
                    "settings",
                    {"ruleset": None, "lang": None, "context": {"tournament": "", "session": "", "table": ""}},
                ),
            ],
        ],
    )
    assert [f["status"] for f in found] == ["ok"] * 6
    assert found[0]["data"] == INCIDENT_V3 and found[0]["rev"] == 3
    assert found[1]["data"] == found[3]["data"] == table_v2(START, STEPS), "version 1 is read as version 2"


def test_a_ruling_step_keeps_the_referees_choices(tmp_path):
    """The effects the referee ticked (MCR obstructive play: a dead hand with no points) are a list of effect types."""

    def stored(chosen):
        step = {
            "kind": "ruling",
            "rulingId": "r_obstruction",
            "inputs": {"offender": "2", "points": "", "chosen": chosen},
            "at": "2026-11-23T10:00:00.000Z",
        }
        return ["table", "mcr-ema-2014", envelope("table", table_v2(START, [step]), v=2)]

    found = inspect(
        tmp_path, [stored(["dead_hand"]), stored([]), stored("dead_hand"), stored(["Dead hand"]), stored([3])]
    )
    assert [f["status"] for f in found] == ["ok", "ok", "damaged", "damaged", "damaged"]
    assert found[0]["data"]["steps"][0]["inputs"]["chosen"] == ["dead_hand"]


DAMAGED = [
    ("not an object", "table", "wrc-2015", "garbage", None),
    ("null", "settings", "main", None, None),
    (
        "wrong format",
        "table",
        "wrc-2015",
        {**envelope("table", {"start": START, "steps": []}), "format": "incident"},
        None,
    ),
    ("wrong types", "table", "wrc-2015", envelope("table", {"start": 5, "steps": "x"}), table_v2(None, [])),
    ("missing steps", "table", "wrc-2015", envelope("table", {"start": START}), table_v2(START, [])),
    ("missing data", "incident", "x", {"format": "incident", "v": 1, "rev": 1}, None),
    (
        "one bad step",
        "table",
        "wrc-2015",
        envelope("table", {"start": START, "steps": [STEPS[0], {"kind": "edit"}, STEPS[1]]}),
        table_v2(START, [STEPS[0], STEPS[1]], [1, 3]),
    ),
    (
        "a bad settings field",
        "settings",
        "main",
        envelope("settings", {**SETTINGS, "ruleset": 5}),
        {**SETTINGS, "ruleset": None, "currentEvent": None},
    ),
    ("a non-text player", "incident", 'a b"c', envelope("incident", {**INCIDENT, "player": 5}), None),
    ("an id other than its key", "incident", "other", envelope("incident", INCIDENT), None),
    (
        "a version as text",
        "settings",
        "main",
        {**envelope("settings", SETTINGS), "v": "1"},
        {**SETTINGS, "currentEvent": None},
    ),
    (
        "a bad current event",
        "settings",
        "main",
        envelope("settings", {**SETTINGS, "currentEvent": 5}, v=2),
        {**SETTINGS, "currentEvent": None},
    ),
    (
        "a player with an empty name",
        "player",
        "p",
        envelope("player", {"id": "p", "eventId": "local", "name": " "}),
        None,
    ),
    (
        "a player stored under another id",
        "player",
        "q",
        envelope("player", {"id": "p", "eventId": "local", "name": "Ann"}),
        None,
    ),
    (
        "a player with an unknown field",
        "player",
        "p",
        envelope("player", {"id": "p", "eventId": "local", "name": "Ann", "age": 3}),
        None,
    ),
    (
        "an event whose end is before its start",
        "event",
        "e",
        envelope(
            "event",
            {"id": "e", "name": "Cup", "rulesetId": None, "dates": {"start": "2026-11-24", "end": "2026-11-23"}},
        ),
        None,
    ),
    (
        "an event with the same session twice",
        "event",
        "e",
        envelope("event", {"id": "e", "name": "Cup", "rulesetId": "wsom", "sessions": ["1", "1"]}),
        None,
    ),
    (
        "an event with a day in another format",
        "event",
        "e",
        envelope(
            "event",
            {"id": "e", "name": "Cup", "rulesetId": "wsom", "dates": {"start": "11/23/2026", "end": "2026-11-24"}},
        ),
        None,
    ),
    (
        "an event counting part minutes in a way the app does not know",
        "event",
        "e",
        envelope("event", {"id": "e", "name": "Cup", "rulesetId": "wsom", "partMinute": "rounded"}, v=2),
        None,
    ),
    (
        "an incident with an empty playerId",
        "incident",
        'a b"c',
        envelope("incident", {**INCIDENT, "playerId": ""}, v=2),
        None,
    ),
]


@pytest.fixture(scope="module")
def damaged(tmp_path_factory):
    return inspect(
        tmp_path_factory.mktemp("damaged"), [[kind, item_id, stored] for _, kind, item_id, stored, _ in DAMAGED]
    )


@pytest.mark.parametrize("index", range(len(DAMAGED)), ids=[case[0] for case in DAMAGED])
def test_damaged_items_keep_what_is_good(damaged, index):
    found = damaged[index]
    assert found["status"] == "damaged" and found["problems"]
    assert found["usable"] == DAMAGED[index][4]  # good records kept untouched, in order


PLAYER = {"id": "5d1e", "eventId": "e-1", "name": "Léa Müller", "number": "A-12", "club": "Lyon", "deleted": True}
EVENT = {
    "id": "e-1",
    "name": "Autumn Cup",
    "rulesetId": "mcr-ema-2014",
    "dates": {"start": "2026-11-23", "end": "2026-11-24"},
    "sessions": ["Round 1", "Round 2"],
    "leagueId": "league-1",
    "server": {"eventId": "3VkqFS3hqAW8k6-Gftfsvg", "api": "/api"},
}


def test_roster_kinds_and_incident_v2_read_as_they_are(tmp_path):
    found = inspect(
        tmp_path,
        [
            ["player", PLAYER["id"], envelope("player", PLAYER)],
            ["player", "p", envelope("player", {"id": "p", "eventId": "local", "name": "Bo"})],
            ["event", "e-1", envelope("event", EVENT)],
            ["event", "local", envelope("event", {"id": "local", "name": "", "rulesetId": None})],
            ["incident", INCIDENT["id"], envelope("incident", {**INCIDENT, "eventId": "e-1", "playerId": "5d1e"}, v=2)],
            ["settings", "main", envelope("settings", {**SETTINGS, "currentEvent": "e-1"}, v=2)],
            ["event", "e-2", envelope("event", {**EVENT, "id": "e-2", "partMinute": "completed"}, v=2)],
        ],
    )
    assert [f["status"] for f in found] == ["ok"] * 7


def test_version_1_incidents_and_settings_migrate_forward_in_memory(tmp_path):
    """An incident typed before the roster is a version 2 incident as it is (no event: the local one; no playerId:
    matched by its name); version 1 settings gain the current event, the local one."""
    incident, settings = inspect(
        tmp_path,
        [
            ["incident", INCIDENT["id"], envelope("incident", INCIDENT)],
            ["settings", "main", envelope("settings", SETTINGS)],
        ],
    )
    assert incident["status"] == "ok" and incident["data"] == INCIDENT_V3 and incident["v"] == 1
    assert settings["status"] == "ok" and settings["data"] == {**SETTINGS, "currentEvent": None}


def test_an_older_app_meets_version_2_incidents_as_newer(tmp_path):
    """The version bump is what keeps an older app from calling eventId and playerId (or a seat's code) damage."""
    [found] = inspect(tmp_path, [["incident", "x", {"format": "incident", "v": 4, "rev": 1, "data": {}}]])
    assert found["status"] == "newer"


SEAT_TEXTS = ["East", "est", "EST", " Sud ", "south", "Ouest", "Ovest", "WEST", "Nord", "north", "", "Éast"]


@pytest.mark.parametrize("version", [1, 2])
def test_a_seat_stored_as_a_winds_name_reads_as_its_code(tmp_path, version):
    """Versions 1 and 2 kept the seat as the wind's name in the language of the screen that recorded it; version 3
    reads any of the three languages' names, in any case, with accents or spaces, as the code (0 East to 3 North),
    and an empty seat as none. The revision is kept: only the shape changed."""
    found = inspect(
        tmp_path,
        [
            ["incident", "i", envelope("incident", {**INCIDENT, "id": "i", "seat": text}, v=version)]
            for text in SEAT_TEXTS
        ],
    )
    assert [item["status"] for item in found] == ["ok"] * len(SEAT_TEXTS)
    assert [item["data"]["seat"] for item in found] == [0, 0, 0, 1, 1, 2, 2, 2, 3, 3, None, 0]
    assert {item["rev"] for item in found} == {3}


def test_a_seat_text_that_names_no_wind_is_reported_never_dropped_silently(tmp_path):
    """A seat that names no wind ("Tavolo", only a hand-edited file or another client could put it there) cannot be
    carried: the incident reads as damaged, its usable part kept without a seat, so storage sets the original aside
    (seat text and all) and reports it."""
    [found] = inspect(
        tmp_path, [["incident", "i", envelope("incident", {**INCIDENT, "id": "i", "seat": "Tavolo"}, v=2)]]
    )
    assert found["status"] == "damaged"
    assert found["problems"] == [{"path": "data/seat", "code": "unknown_seat"}]
    assert found["usable"] == {**INCIDENT, "id": "i", "seat": None}


def test_a_version_3_seat_is_a_code_or_none(tmp_path):
    found = inspect(
        tmp_path,
        [
            ["incident", "i", envelope("incident", {**INCIDENT, "id": "i", "seat": seat}, v=3)]
            for seat in (0, 3, None, 4, "East", 1.5)
        ],
    )
    assert [item["status"] for item in found] == ["ok", "ok", "ok", "damaged", "damaged", "damaged"]


def test_a_newer_version_is_never_damaged(tmp_path):
    [found] = inspect(
        tmp_path, [["table", "wrc-2015", {"format": "table", "v": 99, "rev": 9, "data": "anything at all"}]]
    )
    assert found == {"status": "newer", "v": 99, "rev": 9}


def test_missing_is_not_damaged(tmp_path):
    assert inspect(tmp_path, [["settings", "main", None]])[0]["status"] == "damaged"  # a stored null is damage
    assert call_module("logic/records/kinds.js", "inspect", [["settings", "main"]], tmp_path)[0] == {
        "status": "missing"
    }


LOG = {"format": "mahjong-referee/incident-log", "version": 1, "incidents": [INCIDENT, {**INCIDENT, "id": "two"}]}


def legacy(tmp_path, entries):
    return call_module("legacy/local-storage.js", "planLegacy", [[entries]], tmp_path)[0]


def test_legacy_data_migrates_whole(tmp_path):
    plan = legacy(
        tmp_path,
        {
            "mjref.log": json.dumps(LOG),
            "mjref.table.wrc-2015": json.dumps({"start": START, "steps": STEPS}),
            "mjref.ruleset": json.dumps("wrc-2015"),
            "mjref.log-context": json.dumps(SETTINGS["context"]),
            "mjref.backup.log": "old backup",
            "other": "x",
        },
    )
    assert plan["aside"] == [] and plan["kept"] == []
    assert plan["items"] == [
        {"kind": "incident", "id": i["id"], "data": {**i, "seat": None}} for i in LOG["incidents"]
    ] + [{"kind": "table", "id": "wrc-2015", "data": table_v2(START, STEPS)}]
    assert plan["settings"] == {"ruleset": "wrc-2015", "context": SETTINGS["context"]}
    assert sorted(plan["migrated"]) == ["mjref.log", "mjref.log-context", "mjref.ruleset", "mjref.table.wrc-2015"]


def test_a_legacy_seat_that_names_no_wind_sets_the_log_aside_and_the_incident_moves_in_without_it(tmp_path):
    log = {**LOG, "incidents": [{**INCIDENT, "seat": "Ovest"}, {**INCIDENT, "id": "two", "seat": "by the door"}]}
    plan = legacy(tmp_path, {"mjref.log": json.dumps(log)})
    assert [item["data"]["seat"] for item in plan["items"]] == [2, None]
    [aside] = plan["aside"]
    assert aside["problems"] == [{"path": "incidents/1/seat", "code": "unknown_seat"}]
    assert aside["original"] == json.dumps(log)


@pytest.mark.parametrize(
    "raw,kept_ids",
    [
        ("{oops", []),
        ("null", []),
        (json.dumps({**LOG, "incidents": {"a": INCIDENT, "b": {**INCIDENT, "id": "two"}}}), [INCIDENT["id"], "two"]),
        (
            json.dumps(
                {
                    **LOG,
                    "incidents": [INCIDENT, None, {**INCIDENT, "id": "two", "player": 5}, {**INCIDENT, "id": "three"}],
                }
            ),
            [INCIDENT["id"], "three"],
        ),
        (
            json.dumps({**LOG, "incidents": [{**INCIDENT, "at": "11/23/2026 10:00"}, {**INCIDENT, "id": "two"}]}),
            ["two"],
        ),
        (json.dumps({"format": "mahjong-referee/incident-log", "incidents": [INCIDENT]}), [INCIDENT["id"]]),
    ],
)
def test_a_damaged_legacy_log_is_set_aside_whole_and_its_good_incidents_migrate(tmp_path, raw, kept_ids):
    plan = legacy(tmp_path, {"mjref.log": raw})
    assert [item["id"] for item in plan["items"]] == kept_ids
    assert len(plan["aside"]) == 1 and plan["aside"][0]["original"] == raw and plan["aside"][0]["problems"]
    assert plan["migrated"] == ["mjref.log"]


def test_a_newer_legacy_log_is_left_in_place(tmp_path):
    plan = legacy(tmp_path, {"mjref.log": json.dumps({**LOG, "version": 2})})
    assert plan["items"] == [] and plan["aside"] == [] and plan["migrated"] == []
    assert plan["kept"] == [{"key": "mjref.log", "reason": "newer"}]


def test_a_damaged_legacy_table_keeps_its_good_steps(tmp_path):
    raw = json.dumps({"start": START, "steps": [STEPS[0], {"kind": "ruling"}, STEPS[1]]})
    plan = legacy(
        tmp_path, {"mjref.table.wrc-2015": raw, "mjref.ruleset": "wrc-2015", "mjref.log-context": json.dumps("x")}
    )
    assert plan["items"] == [{"kind": "table", "id": "wrc-2015", "data": table_v2(START, [STEPS[0], STEPS[1]], [1, 3])}]
    assert {entry["key"] for entry in plan["aside"]} == {"mjref.table.wrc-2015", "mjref.ruleset", "mjref.log-context"}
    assert plan["settings"] == {}


V1 = (ROOT / "tests" / "fixtures" / "incident-log-v1.json").read_text(encoding="utf-8")
BASE = json.loads(V1)


def bad(**changes):
    return json.dumps({**BASE, **changes})


def incident(**changes):
    return bad(incidents=[{**BASE["incidents"][0], **changes}])


BAD_FILES = [
    ("not json", "{oops", "not_json"),
    ("wrong format", json.dumps({**BASE, "format": "something-else"}), "foreign"),
    ("no format", json.dumps({"incidents": []}), "foreign"),
    ("missing version", json.dumps({k: v for k, v in BASE.items() if k != "version"}), "no_version"),
    ("version as text", bad(version="1"), "bad_version"),
    ("version 1.5", bad(version=1.5), "bad_version"),
    ("version 0", bad(version=0), "bad_version"),
    ("newer version", bad(version=4), "newer"),
    ("a seat that names no wind", incident(seat="by the window"), "bad_field"),
    ("a version 3 seat as text", bad(version=3), "bad_field"),
    ("incidents not a list", bad(incidents={"a": BASE["incidents"][0]}), "not_a_list"),
    ("a null incident", bad(incidents=[None]), "bad_record"),
    ("US date", incident(at="11/23/2026"), "bad_date"),
    ("US date and time", incident(at="11/23/2026 10:00"), "bad_date"),
    ("a number as date", incident(at="1"), "bad_date"),
    ("Nov 23", incident(at="Nov 23"), "bad_date"),
    ("far future", incident(at="+275760-09-13T00:00:00.000Z"), "bad_date"),
    ("no zone", incident(at="2026-11-23T10:00:00"), "bad_date"),
    ("absurd year", incident(at="2999-11-23T10:00:00Z"), "bad_date"),
    ("points as text", incident(points="20"), "bad_number"),
    ("points out of range", incident(points=1e12), "bad_number"),
    ("empty id", incident(id=""), "bad_id"),
    ("id too long", incident(id="x" * 201), "bad_id"),
    ("unknown field", incident(extra=1), "bad_field"),
    ("duplicate ids", bad(incidents=[BASE["incidents"][0], BASE["incidents"][0]]), "duplicate_id"),
]


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory):
    return call_module(
        "logic/log-file.js", "parseExport", [[text] for _, text, _ in BAD_FILES], tmp_path_factory.mktemp("files")
    )


@pytest.mark.parametrize("index", range(len(BAD_FILES)), ids=[case[0] for case in BAD_FILES])
def test_each_bad_file_has_its_own_error(bad_files, index):
    assert bad_files[index]["error"] == BAD_FILES[index][2] and "incidents" not in bad_files[index]


def test_only_a_newer_version_is_called_newer(tmp_path):
    errors = {case[2] for case in BAD_FILES if case[2] != "newer"}
    assert "newer" not in errors


def test_every_format_ever_exported_still_imports(tmp_path):
    """Version 1 (the fixture) and 2 files, their seats wind names, read into codes; version 3 as it is."""
    coded = [{**item, "seat": {"East": 0, "West": 2, "": None}[item["seat"]]} for item in BASE["incidents"]]
    files = [[V1], [bad(version=2)], [bad(version=3, incidents=coded)]]
    found = call_module("logic/log-file.js", "parseExport", files, tmp_path)
    assert found == [{"incidents": coded, "players": [], "events": []}] * 3


ODD_IDS = ['a b"c', "</script>", "constructor", "__proto__", "x" * 100, "é✓"]  # 100: the schema's longest id


def test_ids_are_opaque_text(tmp_path):
    found = call_module("logic/log-file.js", "parseExport", [[incident(id=odd_id)] for odd_id in ODD_IDS], tmp_path)
    assert [result["incidents"][0]["id"] for result in found] == ODD_IDS


def test_merge_plan_matches_by_id(tmp_path):
    mine = BASE["incidents"][:2]
    theirs = [BASE["incidents"][0], {**BASE["incidents"][1], "note": "edited"}, BASE["incidents"][2]]
    mine[0] = {**mine[0], "seat": 0}
    theirs[0] = {**theirs[0], "seat": 0}
    [plan] = call_module("logic/log-file.js", "planMerge", [[mine, theirs]], tmp_path)
    assert plan["same"] == 1 and plan["added"] == [BASE["incidents"][2]]
    assert plan["conflicts"] == [{"id": mine[1]["id"], "mine": mine[1], "theirs": theirs[1]}]


def test_empty_texts_and_missing_ones_are_the_same_incident(tmp_path):
    full = {**BASE["incidents"][1], "seat": None}
    short = {k: v for k, v in full.items() if v not in ("", None)}
    other_seat = {**full, "seat": 2}
    assert call_module("logic/log-file.js", "sameIncident", [[full, short], [full, other_seat]], tmp_path) == [
        True,
        False,
    ]


SYNC_HEAD = {"id": "v1", "body": {"name": "Ada"}, "deleted": False, "seq": 4, "author": "Anna"}
SYNC = {
    "server": {
        "eventId": "ev1",
        "name": "Open",
        "rulesetId": "azrm-2026",
        "startsOn": "2026-11-23",
        "endsOn": "2026-11-23",
        "sessions": ["Round 1"],
        "leagueId": None,
    },
    "credential": {"id": "c1", "secret": "s", "role": "head", "displayName": "Anna"},
    "cursor": "4",
    "lastSyncAt": None,
    "known": {
        "p1": {"kind": "player", "eventId": "ev1", "heads": [SYNC_HEAD], "seen": ["v1"]},
        "i1": {
            "kind": "incident",
            "eventId": "ev1",
            "heads": [{**SYNC_HEAD, "id": "v2", "body": None, "deleted": True}],
            "seen": ["v2"],
            "readOnly": True,
        },
    },
    "outbox": [
        {
            "record_id": "i2",
            "version_id": "v3",
            "parents": [],
            "kind": "incident",
            "deleted": False,
            "body": {"note": ""},
        }
    ],
    "refused": [
        {
            "version": {
                "record_id": "i3",
                "version_id": "v4",
                "parents": [],
                "kind": "incident",
                "deleted": True,
                "body": None,
            },
            "error": "forbidden",
            "field": "versions[0].record_id",
        }
    ],
}


def test_the_sync_state_reads_as_it_is_and_keeps_its_good_part_when_damaged(tmp_path):
    bad_record = {**SYNC, "known": {**SYNC["known"], "bad": {"kind": "incident", "heads": "x"}}}
    bad_outbox = {**SYNC, "outbox": [*SYNC["outbox"], {"record_id": "i9", "kind": "table"}]}
    no_secret = {**SYNC, "credential": {**SYNC["credential"], "secret": 5}}
    found = inspect(
        tmp_path,
        [
            ["sync", "main", envelope("sync", SYNC)],
            ["sync", "main", envelope("sync", bad_record)],
            ["sync", "main", envelope("sync", bad_outbox)],
            ["sync", "main", envelope("sync", no_secret)],
            ["sync", "main", envelope("sync", {**SYNC, "cursor": 4})],
        ],
    )
    assert found[0] == {"status": "ok", "data": SYNC, "rev": 3, "v": 1}
    assert (
        found[1]["status"] == "damaged"
        and {"path": "data/known/bad/eventId", "code": "missing"} in found[1]["problems"]
    )
    assert found[1]["usable"] == {**SYNC, "cursor": "0"}  # a record was dropped: the feed is read again from the start
    assert found[2]["usable"] == SYNC  # the bad version goes; the phone's records make it again at the next sync
    assert found[3]["usable"] is None  # without its credential there is nothing to sync with
    assert found[4]["usable"] == {**SYNC, "cursor": "0"}


def test_a_records_sync_state_reads_its_incident_bodies_as_the_phone_does(tmp_path):
    """syncRecord version 2: what the phone knows the server has of an incident is kept as the phone reads bodies
    (format 2, the seat a code), so an older phone's version and the phone's own record compare equal; a player's
    entry is as it was."""
    head = {"id": "v1", "body": {"player": "Ann", "seat": "Ovest"}, "deleted": False, "seq": 3, "author": "Bo"}
    incident = {"id": "i1", "kind": "incident", "eventId": "ev1", "heads": [head], "seen": ["v1"]}
    player = {"id": "p1", "kind": "player", "eventId": "ev1", "heads": [{**head, "body": {"name": "Ann"}}], "seen": []}
    found = inspect(
        tmp_path,
        [
            ["syncRecord", "incident/i1", envelope("syncRecord", incident)],
            ["syncRecord", "player/p1", envelope("syncRecord", player)],
        ],
    )
    assert [item["status"] for item in found] == ["ok", "ok"]
    assert found[0]["data"]["heads"][0]["body"] == {"player": "Ann", "seat": 2, "v": 2}
    assert found[1]["data"] == player
