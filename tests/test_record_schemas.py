"""Issue 24: one schema per record kind (webapp/schemas), read by the server (jsonschema) and by the phone
(schema-check.js in Node); shared valid and invalid examples get the same verdict at the same field on both sides,
and through the API; the phone's copy of the schemas and docs/api.md's field tables follow the files, and so do the
server's limits (issue 37)."""

import ast
import json
from pathlib import Path

import pytest
from events_helpers import create_event, row_counts, version
from helpers import call_module

from webapp.events import schemas, validation

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = json.loads((ROOT / "tests" / "fixtures" / "record-examples.json").read_text(encoding="utf-8"))
CASES = [(kind, case) for kind, cases in EXAMPLES.items() for case in cases]
IDS = [f"{kind}: {case['name']}" for kind, case in CASES]


def server_view(kind, value):
    return [("/".join(str(part) for part in path), code) for path, code in schemas.problems(kind, value)]


@pytest.fixture(scope="module")
def phone_views(tmp_path_factory):
    found = call_module(
        "logic/records/schema-check.js",
        "recordProblems",
        [[kind, case["value"]] for kind, case in CASES],
        tmp_path_factory.mktemp("schemas"),
    )
    return [[(problem["path"], problem["code"]) for problem in problems] for problems in found]


@pytest.mark.parametrize("index", range(len(CASES)), ids=IDS)
def test_the_server_and_the_phone_give_the_same_verdict_at_the_same_field(phone_views, index):
    kind, case = CASES[index]
    server, phone = server_view(kind, case["value"]), phone_views[index]
    assert sorted(set(server)) == sorted(set(phone))
    expected = [] if case["field"] is None else [case["field"]]
    assert sorted({path for path, _ in server}) == expected


BODIES = [(kind, case) for kind, case in CASES if kind in ("incident", "player", "version") and case["field"]]


@pytest.mark.parametrize("kind, case", BODIES, ids=[f"{kind}: {case['name']}" for kind, case in BODIES])
def test_an_invalid_example_is_refused_by_the_api_at_the_same_field(api, events_app, kind, case):
    head = create_event(api)
    before = row_counts(events_app)
    sent = case["value"] if kind == "version" else version(kind=kind, body=case["value"])
    text = json.dumps({"versions": [sent]})
    response = api.post(
        f"/api/events/{head.event_id}/versions", data=text, headers={**head.headers, "Content-Type": "application/json"}
    )
    result = response.json["results"][0]
    field = ".".join(f"[{part}]" if part.isdigit() else part for part in case["field"].split("/")).replace(".[", "[")
    where = "versions[0]" if kind == "version" else "versions[0].body"
    assert (result["status"], result["field"]) == ("refused", f"{where}.{field}")
    assert row_counts(events_app) == before


def test_the_phones_copy_of_the_schemas_is_current():
    """static/js/logic/records/record-schemas.js is made by `python -m webapp.events.schemas`: run it after changing a
    schema."""
    assert schemas.JS_MODULE.read_text(encoding="utf-8") == schemas.js_module()


@pytest.mark.parametrize("kind", schemas.KINDS)
def test_docs_api_shows_each_schemas_field_table(kind):
    """docs/api.md holds each kind's table exactly as field_table() writes it from the schema."""
    assert schemas.field_table(kind) in (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def test_the_phones_storage_check_takes_what_the_server_takes(tmp_path):
    """A body the server takes is stored by the phone as it reads it (sync-records.js incidentFromBody: an older
    phone's text seat as its wind's code, or none), and a player with the phone's own keys: valid examples stay
    valid there."""
    bodies = [case["value"] for case in EXAMPLES["incident"] if case["field"] is None]
    incidents = call_module(
        "logic/sync-records.js", "incidentFromBody", [["i1", body, "ev1"] for body in bodies], tmp_path
    )
    assert None not in incidents and {item["seat"] for item in incidents} <= {None, 0, 1, 2, 3}
    players = [{**case["value"], "id": "p1", "eventId": "ev1"} for case in EXAMPLES["player"] if case["field"] is None]
    assert call_module("logic/records/incident.js", "incidentProblems", [[item] for item in incidents], tmp_path) == [
        []
    ] * len(incidents)
    assert call_module("logic/records/player.js", "playerProblems", [[item] for item in players], tmp_path) == [
        []
    ] * len(players)


# The server's limits and where the schemas hold them: (kind, field path, keyword).
LIMITS = {
    "MAX_ID": ("version", ["record_id"], "maxLength"),
    "MAX_NAME": ("event", ["name"], "maxLength"),
    "MAX_SESSION": ("event", ["sessions", 0], "maxLength"),
    "MAX_TEXT": ("incident", ["note"], "maxLength"),
    "MAX_POINTS": ("incident", ["points"], "maximum"),
}


def limits_written_as_numbers(source):
    """The limits a module sets to a number of its own (MAX_TEXT = 500) instead of reading them from a schema."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [target.id for target in targets if isinstance(target, ast.Name) and target.id in LIMITS]
            if not any(isinstance(part, ast.Name | ast.Attribute | ast.Call) for part in ast.walk(node.value)):
                found += names  # numbers only; what reads something must read the schemas (the test below)
    return sorted(found)


def test_the_servers_limits_are_read_from_the_schemas():
    """validation.py reads each length and range from webapp/schemas, as the phone does: a limit changes in the schema
    alone, and a number written in the code instead fails here."""
    source = Path(validation.__file__).read_text(encoding="utf-8")
    assert limits_written_as_numbers(source) == []
    assert {name: getattr(validation, name) for name in LIMITS} == {
        name: schemas.rule_of(kind, parts)[keyword] for name, (kind, parts, keyword) in LIMITS.items()
    }


def test_a_limit_written_as_a_number_is_caught():
    """The check itself can fail: a planted MAX_TEXT = 400 (or any number, even the schema's) is reported."""
    planted = (
        'MAX_TEXT = 400  # "as the phone\'s"\n'
        'MAX_NAME = schemas.rule_of("event", ["name"])["maxLength"]\n'
        "MAX_POINTS = -1e7 * -1\n"
        "MAX_ID: int = 100\n"
    )
    assert limits_written_as_numbers(planted) == ["MAX_ID", "MAX_POINTS", "MAX_TEXT"]
