"""The incident log's pure modules in Node: export/import validation (log-file.js) (escalation: tests/cases/escalation.yaml, run by
test_cases.py)."""
import json

import pytest

from helpers import call_module


def call(tmp_path, function, calls):
    return call_module("log.js", function, calls, tmp_path)


GOOD = {"format": "mahjong-referee/incident-log", "version": 1, "incidents": [
    {"id": "a1", "at": "2026-05-01T10:00:00.000Z", "tournament": "Open", "session": "1", "table": "4", "player": "Alice",
     "seat": "East", "rulesetId": "wrc-2015", "rulingId": "r_false_win_shown", "points": 20, "note": "=cmd|' /C calc'!A0"}]}


@pytest.mark.parametrize("text,error", [
    ("not json at all", "not_json"),
    (json.dumps({"incidents": []}), "foreign"),
    (json.dumps({**GOOD, "version": 2}), "newer"),
    (json.dumps({**GOOD, "incidents": [{"id": "x"}]}), "bad_date"),
    (json.dumps({**GOOD, "incidents": GOOD["incidents"] * 2}), "duplicate_id"),
    (json.dumps({**GOOD, "incidents": [{**GOOD["incidents"][0], "points": "20"}]}), "bad_number"),
])
def test_bad_imports_are_refused(tmp_path, text, error):
    assert call_file(tmp_path, "parseExport", [[text]])[0]["error"] == error


def call_file(tmp_path, function, calls):
    return call_module("log-file.js", function, calls, tmp_path)


def test_round_trip(tmp_path):
    exported = call_file(tmp_path, "toJson", [[GOOD["incidents"]]])[0]
    assert call_file(tmp_path, "parseExport", [[exported]])[0] == {"incidents": GOOD["incidents"]}


def test_make_incident_validates(tmp_path):
    results = call(tmp_path, "makeIncident", [[{"player": "  "}], [{"player": "Bo", "points": "abc"}],
                                               [{"player": "Bo", "points": "12", "rulesetId": "wsom", "rulingId": "r_long_hand"}]])
    assert results[0] == {"errors": {"player": "empty_player"}}
    assert results[1] == {"errors": {"points": "not_number"}}
    assert results[2]["incident"]["points"] == 12
