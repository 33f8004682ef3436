"""The lateness clock's pure logic in Node (lateness.js): the lateness question found by data in every ruleset, the
minutes late, the answers handed to the wizard; and the stored kinds `clock` and `shortcuts` validated on read."""

import pytest
from helpers import call_module, ruleset_ids, rulesets_in

LATE = "late-arrival"


@pytest.fixture(scope="module")
def rulesets(app):
    return rulesets_in(app)


def question_of(rulesets, tmp_path, ruleset_id):
    return call_module("logic/lateness.js", "latenessQuestion", [[rulesets[ruleset_id]]], tmp_path)[0]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_the_lateness_question_is_found_by_data(rulesets, tmp_path, ruleset_id):
    """Where a ruleset has a number question leading to a lateness ruling, the clock finds it and every number in its
    range walks to a lateness ruling; a ruleset without lateness rulings has none (the clock says it is not covered)."""
    ruleset = rulesets[ruleset_id]
    found = question_of(rulesets, tmp_path, ruleset_id)
    has_late = any(ruling["tag"] == LATE for ruling in ruleset["rulings"].values())
    assert call_module("logic/lateness.js", "hasLatenessRuling", [[ruleset]], tmp_path)[0] == has_late
    if not has_late:
        assert found is None
        return
    assert found is not None
    node = ruleset["incidents"][found["questionId"]]
    assert (found["min"], found["max"]) == (node["number"]["min"], node["number"]["max"])
    samples = sorted(
        {
            found["min"],
            found["max"],
            *(b["upto"] for b in node["branches"] if "upto" in b),
            *(b["upto"] + 1 for b in node["branches"] if "upto" in b),
        }
    )
    answers = call_module("logic/lateness.js", "latenessAnswers", [[found, minutes] for minutes in samples], tmp_path)
    walks = call_module("logic/engine.js", "walk", [[ruleset, answer] for answer in answers], tmp_path)
    for minutes, walked in zip(samples, walks):
        assert walked["at"]["kind"] == "ruling", minutes
        assert ruleset["rulings"][walked["at"]["id"]]["tag"] == LATE, minutes


def test_wrc_hands_ten_minutes_to_the_fine_and_eleven_to_the_substitute(rulesets, tmp_path):
    found = question_of(rulesets, tmp_path, "wrc-2015")
    answers = call_module(
        "logic/lateness.js", "latenessAnswers", [[found, 10], [found, 11], [found, 0], [found, 301]], tmp_path
    )
    walks = call_module("logic/engine.js", "walk", [[rulesets["wrc-2015"], a] for a in answers[:2]], tmp_path)
    assert [w["at"]["id"] for w in walks] == ["r_late", "r_late_substituted"]
    assert answers[2:] == [None, None]  # not late yet, or past what the question takes


def test_seconds_late(tmp_path):
    start = "2026-11-23T10:00:00.000Z"
    calls = [
        [start, "2026-11-23T10:00:59.999Z"],
        [start, "2026-11-23T10:07:00.000Z"],
        [start, "2026-11-23T09:59:00.000Z"],
        [start, "2026-11-23T12:00:30.000+01:00"],
        ["not a date", "2026-11-23T10:07:00.000Z"],
    ]
    assert call_module("logic/lateness.js", "secondsLate", calls, tmp_path) == [59, 420, 0, 3630, 0]


def test_a_part_minute_counts_as_the_rule_says(tmp_path):
    """Issue 34: 10:01 is 11 started minutes or 10 completed ones; a whole minute is the same either way."""
    calls = [
        [601, "started"],
        [601, "completed"],
        [600, "started"],
        [600, "completed"],
        [0, "started"],
        [59, "completed"],
    ]
    assert call_module("logic/lateness.js", "countedMinutes", calls, tmp_path) == [11, 10, 10, 10, 0, 0]


@pytest.mark.parametrize(
    "minutes, seconds, read",
    [
        ("15", "1", {"seconds": 901}),
        (" 15 ", "", {"seconds": 900}),
        ("", "40", {"seconds": 40}),
        ("0", "0", {"seconds": 0}),
        ("", "", {"error": "empty", "field": "minutes"}),
        ("15,5", "", {"error": "number", "field": "minutes"}),
        ("-1", "", {"error": "number", "field": "minutes"}),
        ("15", "60", {"error": "seconds", "field": "seconds"}),
        ("15", "1.5", {"error": "number", "field": "seconds"}),
    ],
)
def test_a_typed_lateness_is_read_or_refused_at_its_field(tmp_path, minutes, seconds, read):
    assert call_module("logic/lateness.js", "readLateness", [[minutes, seconds]], tmp_path) == [read]


def test_the_times_a_question_takes_follow_the_counting(tmp_path):
    """Under started minutes a question of 1 to 300 minutes takes 0:01 to 300:00; under completed ones, 1:00 to
    300:59."""
    question = {"min": 1, "max": 300}
    ranges = call_module(
        "logic/lateness.js", "latenessRange", [[question, "started"], [question, "completed"]], tmp_path
    )
    assert ranges == [{"from": 1, "to": 18000}, {"from": 60, "to": 18059}]
    texts = call_module("logic/lateness.js", "timeText", [[1], [601], [4530]], tmp_path)
    assert texts == ["0:01", "10:01", "75:30"]


def test_the_event_setting_wins_over_the_ruleset_default(tmp_path):
    time = {"part_minute": "started", "stated_in": "late-minutes-count"}
    calls = [[time, None], [time, "completed"], [time, "started"], [time, "rounded"], [None, "completed"]]
    assert call_module("logic/lateness.js", "partMinuteRule", calls, tmp_path) == [
        {"rule": "started", "from": "ruleset"},
        {"rule": "completed", "from": "event"},
        {"rule": "started", "from": "event"},
        {"rule": "started", "from": "ruleset"},
        None,
    ]


PLAYER = {"id": "p-1", "name": "Léa Müller", "arrivedAt": None}
CLOCK = {
    "startedAt": "2026-11-23T10:00:00.000Z",
    "players": [PLAYER, {"id": "p 2", "name": "Bo", "arrivedAt": "2026-11-23T10:04:00.000Z"}],
}
SHORTCUTS = {
    "favourites": [{"rulesetId": "wsom", "rulingId": "r_false_win"}],
    "recent": [{"rulesetId": "wrc-2015", "rulingId": "r_late", "at": "2026-11-23T10:00:00.000Z"}],
}


def envelope(kind, data, v=1, rev=3):
    return {"format": kind, "v": v, "rev": rev, "data": data}


READS = [
    ("clock ok", "clock", envelope("clock", CLOCK), "ok", CLOCK),
    (
        "clock fresh",
        "clock",
        envelope("clock", {"startedAt": None, "players": []}),
        "ok",
        {"startedAt": None, "players": []},
    ),
    (
        "clock bad start",
        "clock",
        envelope("clock", {**CLOCK, "startedAt": "10:00"}),
        "damaged",
        {**CLOCK, "startedAt": None},
    ),
    (
        "clock one bad player",
        "clock",
        envelope("clock", {**CLOCK, "players": [PLAYER, {"id": "x", "name": 5, "arrivedAt": None}, PLAYER]}),
        "damaged",
        {**CLOCK, "players": [PLAYER]},
    ),
    ("clock unknown key", "clock", envelope("clock", {**CLOCK, "paused": True}), "damaged", CLOCK),
    ("clock not an object", "clock", envelope("clock", []), "damaged", None),
    ("shortcuts ok", "shortcuts", envelope("shortcuts", SHORTCUTS), "ok", SHORTCUTS),
    (
        "shortcuts repeated favourite",
        "shortcuts",
        envelope("shortcuts", {**SHORTCUTS, "favourites": SHORTCUTS["favourites"] * 2}),
        "damaged",
        SHORTCUTS,
    ),
    (
        "shortcuts bad date",
        "shortcuts",
        envelope("shortcuts", {**SHORTCUTS, "recent": [{**SHORTCUTS["recent"][0], "at": "now"}]}),
        "damaged",
        {**SHORTCUTS, "recent": []},
    ),
    (
        "shortcuts too many recent",
        "shortcuts",
        envelope(
            "shortcuts",
            {
                **SHORTCUTS,
                "recent": [
                    {"rulesetId": "wrc-2015", "rulingId": f"r_{n}", "at": "2026-11-23T10:00:00.000Z"} for n in range(9)
                ],
            },
        ),
        "damaged",
        {
            **SHORTCUTS,
            "recent": [
                {"rulesetId": "wrc-2015", "rulingId": f"r_{n}", "at": "2026-11-23T10:00:00.000Z"} for n in range(8)
            ],
        },
    ),
    ("shortcuts newer", "shortcuts", envelope("shortcuts", "anything", v=2), "newer", None),
]


@pytest.fixture(scope="module")
def reads(tmp_path_factory):
    return call_module(
        "logic/records/kinds.js",
        "inspect",
        [[kind, "main", stored] for _, kind, stored, _, _ in READS],
        tmp_path_factory.mktemp("reads"),
    )


@pytest.mark.parametrize("index", range(len(READS)), ids=[case[0] for case in READS])
def test_clock_and_shortcuts_are_validated_on_read(reads, index):
    _, _, _, status, kept = READS[index]
    found = reads[index]
    assert found["status"] == status
    if status == "ok":
        assert found["data"] == kept
    if status == "damaged":
        assert found["problems"] and found.get("usable") == kept
