"""The table's history (table-history.js, run in Node): edits as deltas, undo and redo, what undoing an older step
changes, the upgrade of whole-table edits, and the stored kind's validators (logic/records/table.js)."""

import json

import pytest
from case_files import load, run
from helpers import ROOT, call_module, rulesets_in

SCENARIOS = load("table_history")


@pytest.fixture(scope="module")
def outcomes(app):
    """Every history case run in Node (tests/cases/table_history.yaml, checked against its expect by test_cases.py)."""
    return run(app, SCENARIOS)


@pytest.mark.parametrize("index", range(len(SCENARIOS)), ids=[s["name"] for s in SCENARIOS])
def test_every_history_is_valid(outcomes, index):
    assert outcomes[index]["problems"] == []


def good_history(outcomes):
    return outcomes[0]["history"]


@pytest.mark.parametrize(
    "damage,path,code",
    [
        (lambda h: h["start"]["seats"][1].update(table="30000"), "start/seats/1/table", "not_number"),
        (lambda h: h["start"]["seats"].pop(), "start/seats", "not_four_seats"),
        (lambda h: h["start"].update(dealer=4), "start/dealer", "out_of_range"),
        (lambda h: h["steps"][0].update(kind="magic"), "steps/0/kind", "unknown_step"),
        (lambda h: h["steps"][0].update(at="yesterday"), "steps/0/at", "bad_date"),
        (
            lambda h: h["steps"][0]["changes"][0].update(path=["seats", 0, "__proto__"]),
            "steps/0/changes/0/path",
            "not_editable",
        ),
        (lambda h: h["steps"][0]["changes"][0].update(to=42), "steps/0/changes/0/to", "invalid"),
        (lambda h: h["steps"][0].update(table={}), "steps/0/changes", "invalid"),
        (lambda h: h["steps"].append(dict(h["steps"][0])), "steps/1/id", "duplicate_id"),
        (lambda h: h.update(nextId=1), "nextId", "out_of_range"),
        (
            lambda h: h.update(
                undone=[{"step": {"id": "s9", "kind": "new-session", "at": "2026-05-01T10:00:00Z"}, "after": 3}]
            ),
            "undone/0/after",
            "bad_id",
        ),
        (lambda h: h.update(format="mahjong-referee/table-history"), "format", "unknown_key"),
    ],
)
def test_damaged_history_is_reported_with_its_path(outcomes, tmp_path, damage, path, code):
    """The stored kind's validator (logic/records/table.js) names the place and the problem."""
    history = json.loads(json.dumps(good_history(outcomes)))
    damage(history)
    problems = call_module("logic/records/table.js", "tableProblems", [[history]], tmp_path)[0]
    assert {"path": path, "code": code} in problems, problems


@pytest.mark.parametrize(
    "step,path",
    [
        (
            {
                "id": "s1",
                "at": "2026-05-01T10:00:00Z",
                "kind": "ruling",
                "rulingId": "r_late",
                "inputs": {"offender": 7},
            },
            "inputs/offender",
        ),
        ({"id": "s1", "at": "2026-05-01T10:00:00Z", "kind": "ruling", "rulingId": "R late", "inputs": {}}, "rulingId"),
        (
            {
                "id": "s1",
                "at": "2026-05-01T10:00:00Z",
                "kind": "ruling",
                "rulingId": "r_late",
                "inputs": {"counts": {"session": -1}},
            },
            "inputs/counts",
        ),
        ({"id": "s1", "at": "2026-05-01T10:00:00Z", "kind": "draw", "inputs": {"tenpai": [1, 1]}}, "inputs/tenpai"),
        (
            {"id": "s1", "at": "2026-05-01T10:00:00Z", "kind": "win", "inputs": {"winner": 1, "payer": 2}},
            "inputs/payer",
        ),
        ({"id": "x", "at": "2026-05-01T10:00:00Z", "kind": "end-hanchan"}, "id"),
    ],
)
def test_each_step_kind_is_checked(tmp_path, step, path):
    problems = call_module("logic/records/table.js", "stepProblems", [[step]], tmp_path)[0]
    assert path in [problem["path"] for problem in problems], problems


def test_a_good_step_of_each_kind_has_no_problem(tmp_path):
    at = "2026-05-01T10:00:00.000Z"
    steps = [
        {
            "id": "s1",
            "at": at,
            "kind": "ruling",
            "rulingId": "r_late",
            "inputs": {"offender": 0, "minutes": 4, "counts": {"session": 1, "carried": 0, "strikes": 2}},
        },
        {"id": "s2", "at": at, "kind": "win", "inputs": {"winner": 1, "how": "ron", "discarder": 2, "value": 8000}},
        {"id": "s3", "at": at, "kind": "draw", "inputs": {"tenpai": [0, 3], "noten": [1]}},
        {
            "id": "s4",
            "at": at,
            "kind": "edit",
            "changes": [
                {"path": ["seats", 2, "name"], "from": "", "to": "Léa"},
                {"path": ["dealer"], "from": 0, "to": 1},
            ],
        },
        {"id": "s5", "at": at, "kind": "end-hanchan"},
        {"id": "s6", "at": at, "kind": "new-session"},
        {
            "id": "s7",
            "at": at,
            "kind": "edit",
            "origin": "migration",
            "changes": [{"path": ["seats", 0, "tournament"], "from": 1.5, "to": -1.5}],
        },
    ]
    assert call_module("logic/records/table.js", "stepProblems", [[step] for step in steps], tmp_path) == [[]] * len(
        steps
    )


def test_not_a_history_at_all(tmp_path):
    assert call_module("logic/records/table.js", "tableProblems", [[None], [[]]], tmp_path) == [
        [{"path": "", "code": "null"}],
        [{"path": "", "code": "not_object"}],
    ]


def test_history_scenarios_run_the_same_in_the_browser(browser, live_server, app, outcomes):
    """The history scenarios run against the module as the browser loads it give the same results as in Node."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route(
        "**/__tests__/history_scenarios.mjs",
        lambda route: route.fulfill(path=str(ROOT / "tests" / "history_scenarios.mjs"), content_type="text/javascript"),
    )
    page.goto(f"{live_server.url}/en/")
    in_browser = page.evaluate(
        """async ([rulesets, scenarios]) => {
        const history = await import('/static/js/logic/table-history.js');
        const upgrade = await import('/static/js/logic/table-upgrade.js');
        const stored = await import('/static/js/logic/records/table.js');
        const { runHistoryScenarios } = await import('/__tests__/history_scenarios.mjs');
        return JSON.parse(JSON.stringify(runHistoryScenarios({ history, stored, upgrade }, rulesets, scenarios)));
    }""",
        [rulesets_in(app, "en"), [{"ruleset": case["ruleset"], **case["given"]} for case in SCENARIOS]],
    )
    context.close()
    assert in_browser == outcomes
