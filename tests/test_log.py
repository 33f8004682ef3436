"""The incident log's pure module in Node: escalation from the log, and export/import validation."""
import json

import pytest
import yaml

from helpers import ROOT, call_module, ruleset_document

ESCALATION = yaml.safe_load((ROOT / "tests" / "cases" / "escalation.yaml").read_text(encoding="utf-8"))


def call(tmp_path, function, calls):
    return call_module("log.js", function, calls, tmp_path)


def ruleset(app, ruleset_id):
    return ruleset_document(app, ruleset_id, "en")


def as_log(case):
    incidents = [{"id": f"i{n}", "rulesetId": case["ruleset"], "session": "", **item, "at": str(item["at"]).replace(" ", "T")}
                 for n, item in enumerate(case["incidents"])]
    return {"format": "mahjong-referee/incident-log", "version": 1, "incidents": incidents}


def subset(actual, expected):
    for key, value in expected.items():
        if isinstance(value, dict):
            subset(actual[key], value)
        else:
            assert json.loads(json.dumps(actual[key])) == json.loads(json.dumps(value, default=str)), key


@pytest.fixture(scope="module")
def escalations(app, tmp_path_factory):
    calls = [[as_log(case), ruleset(app, case["ruleset"]), case["player"], case.get("session", ""), str(case["today"])]
             for case in ESCALATION]
    return call(tmp_path_factory.mktemp("log"), "escalation", calls)


@pytest.mark.parametrize("index", range(len(ESCALATION)), ids=[case["name"] for case in ESCALATION])
def test_escalation(escalations, index):
    subset(escalations[index], ESCALATION[index]["expect"])


GOOD = {"format": "mahjong-referee/incident-log", "version": 1, "incidents": [
    {"id": "a1", "at": "2026-05-01T10:00:00.000Z", "tournament": "Open", "session": "1", "table": "4", "player": "Alice",
     "seat": "East", "rulesetId": "wrc-2015", "rulingId": "r_false_win_shown", "points": 20, "note": "=cmd|' /C calc'!A0"}]}


@pytest.mark.parametrize("text,error", [
    ("not json at all", "not_json"),
    (json.dumps({"incidents": []}), "foreign"),
    (json.dumps({**GOOD, "version": 2}), "newer"),
    (json.dumps({**GOOD, "incidents": [{"id": "x"}]}), "invalid"),
    (json.dumps({**GOOD, "incidents": GOOD["incidents"] * 2}), "invalid"),
    (json.dumps({**GOOD, "incidents": [{**GOOD["incidents"][0], "points": "20"}]}), "invalid"),
])
def test_bad_imports_are_refused(tmp_path, text, error):
    assert call(tmp_path, "fromJson", [[text]])[0] == {"error": error}


def test_round_trip(tmp_path):
    exported = call(tmp_path, "toJson", [[GOOD]])[0]
    assert call(tmp_path, "fromJson", [[exported]])[0] == {"log": GOOD}


def test_csv_has_a_row_per_incident_and_neutralises_formulas(tmp_path):
    csv = call(tmp_path, "toCsv", [[GOOD]])[0]
    lines = csv.strip().split("\r\n")
    assert len(lines) == 2
    assert lines[0].split(",")[0] == "\ufeffat"  # a byte-order mark, so spreadsheets read UTF-8
    assert "\"'=cmd|' /C calc'!A0\"" in lines[1] or ",'=cmd" in lines[1]


def test_make_incident_validates(tmp_path):
    results = call(tmp_path, "makeIncident", [[{"player": "  "}], [{"player": "Bo", "points": "abc"}],
                                               [{"player": "Bo", "points": "12", "rulesetId": "wsom", "rulingId": "r_long_hand"}]])
    assert results[0] == {"errors": {"player": "empty_player"}}
    assert results[1] == {"errors": {"points": "not_number"}}
    assert results[2]["incident"]["points"] == 12
