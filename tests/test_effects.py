"""One effect vocabulary on both sides: the ruleset schema's effect types against the calculator and the log, run in
Node as the browser runs them."""

import copy
import json
import subprocess

import pytest
from helpers import NODE, ROOT, call_module

from webapp.rules.schema import ACTS_ON, SCHEMA, SCHEMA_PATH, effect_types

CALCULATOR = ROOT / "webapp" / "static" / "js" / "logic" / "calculator.js"


@pytest.fixture(scope="module")
def calculator():
    """What calculator.js declares: the types it applies, and those it has nothing to apply for."""
    script = (
        f"import {{ HANDLED_EFFECTS, NOTHING_TO_APPLY }} from {json.dumps(CALCULATOR.as_uri())};"
        "process.stdout.write(JSON.stringify({handled: HANDLED_EFFECTS, nothing: NOTHING_TO_APPLY}));"
    )
    output = subprocess.run([*NODE, "--input-type=module", "-e", script], check=True, capture_output=True, text=True)
    return json.loads(output.stdout)


def calculator_gaps(vocabulary, calculator):
    """Where the calculator and the schema disagree; empty when every type is applied or deliberately left alone."""
    handled, nothing = set(calculator["handled"]), set(calculator["nothing"])
    gaps = []
    for name, effect in vocabulary.items():
        if "calculator" in effect["acts_on"] and name not in handled:
            gaps.append(f"{name}: acts on the calculator but calculator.js has no handler")
        if "calculator" not in effect["acts_on"] and name not in nothing:
            gaps.append(f"{name}: the calculator has nothing to apply but NOTHING_TO_APPLY does not list it")
        if "calculator" not in effect["acts_on"] and name in handled:
            gaps.append(f"{name}: calculator.js applies it but the schema says it does not act on the calculator")
    gaps += [
        f"{name}: calculator.js knows it, the schema does not" for name in sorted((handled | nothing) - set(vocabulary))
    ]
    return gaps


def planted(tmp_path, name, acts_on):
    """A temporary copy of the schema file with one more effect type, read back as the app reads the real one."""
    schema = copy.deepcopy(SCHEMA)
    schema["$defs"][f"effect_{name}"] = {
        "title": name,
        "type": "object",
        "x-acts-on": acts_on,
        "additionalProperties": False,
        "required": ["type"],
        "properties": {"type": {"const": name, "description": "The effect type."}},
        "description": "Planted by a test.",
    }
    schema["$defs"]["effect"]["oneOf"].append({"$ref": f"#/$defs/effect_{name}"})
    copy_path = tmp_path / SCHEMA_PATH.name
    copy_path.write_text(json.dumps(schema), encoding="utf-8")
    return effect_types(json.loads(copy_path.read_text(encoding="utf-8")))


def test_every_effect_type_has_a_calculator_handler_or_needs_none(calculator):
    assert calculator_gaps(effect_types(SCHEMA), calculator) == []


def test_conformance_fails_on_a_planted_effect_type_with_no_handler(tmp_path, calculator):
    assert calculator_gaps(planted(tmp_path, "mangan_payment", ["calculator"]), calculator) == [
        "mangan_payment: acts on the calculator but calculator.js has no handler"
    ]


def test_a_planted_shown_effect_must_be_declared_to_the_calculator(tmp_path, calculator):
    """A shown-only type needs no handler, but the calculator must know it, or it refuses rulings that carry it."""
    assert calculator_gaps(planted(tmp_path, "tea_break", ["shown"]), calculator) == [
        "tea_break: the calculator has nothing to apply but NOTHING_TO_APPLY does not list it"
    ]


def test_acts_on_markers_are_known():
    for name, effect in effect_types(SCHEMA).items():
        assert effect["acts_on"] and set(effect["acts_on"]) <= set(ACTS_ON), name
        assert "shown" not in effect["acts_on"] or effect["acts_on"] == ["shown"], f"{name}: shown means shown only"


def example(name, effect):
    """The smallest valid effect of a type: its required parameters with a plausible value."""
    made = {"type": name}
    for key in effect["required"]:
        parameter = effect["parameters"][key]
        made[key] = parameter["enum"][0] if "enum" in parameter else (True if parameter.get("type") == "boolean" else 1)
    return made


def ruleset_with(effects):
    """A one-ruling ruleset, as the client receives it, with a progressive scale and strike thresholds."""
    return {
        "id": "fixture",
        "scoring": {"table": {"label": "Table points", "start": 0}},
        "progressive": {"steps": [0, 5]},
        "discipline": {
            "suspension": {"strikes_in_a_day": 0, "strikes_in_window": 0, "window_days": 30, "length_days": 14},
            "ban_after_suspensions": 0,
        },
        "penalties": {"p": {"label": "P", "summary": "S"}},
        "rulings": {"r_fixture": {"penalty": "p", "effects": effects}},
    }


def apply(tmp_path, effects, inputs=None):
    """Apply the fixture's one ruling, carrying these effects, to a fresh table with the real calculator in Node."""
    ruleset = ruleset_with(effects)
    [table] = call_module("logic/calculator.js", "newTable", [[ruleset]], tmp_path)
    [result] = call_module(
        "logic/calculator.js", "applyRuling", [[table, ruleset, "r_fixture", inputs or {"offender": "0"}]], tmp_path
    )
    return result


def test_an_effect_the_calculator_cannot_apply_is_an_error(tmp_path):
    result = apply(tmp_path, [{"type": "penalty_points", "amount": 5}, {"type": "mangan_payment"}])
    assert result == {"errors": {"ruling": "unsupported_effect"}}


@pytest.mark.parametrize(
    "name", [name for name, effect in effect_types(SCHEMA).items() if "calculator" not in effect["acts_on"]]
)
def test_a_shown_effect_applies_with_nothing_to_change(tmp_path, name):
    result = apply(tmp_path, [{"type": name}])
    assert "errors" not in result
    assert result["changes"] == [] and result["notes"] == []


@pytest.mark.parametrize("name,note", [("warning", "warning_given"), ("voided", "voided")])
def test_notes_of_effects_that_change_no_score(tmp_path, name, note):
    assert apply(tmp_path, [{"type": name}])["notes"] == [note]


def test_escalation_counts_exactly_the_effects_marked_log(tmp_path):
    """The log's escalation changes for an effect type exactly when the schema says it acts on the log."""
    vocabulary = effect_types(SCHEMA)
    log = {
        "format": "mahjong-referee/incident-log",
        "version": 1,
        "incidents": [
            {
                "id": "1",
                "at": "2026-01-01T10:00:00Z",
                "rulesetId": "fixture",
                "rulingId": "r_fixture",
                "player": "Ann",
                "session": "1",
            }
        ],
    }
    calls = [
        [
            {
                "ruleset": ruleset_with(effects),
                "incidents": log["incidents"],
                "who": "Ann",
                "session": "1",
                "at": "2026-01-01",
            }
        ]
        for effects in [[]] + [[example(name, effect)] for name, effect in vocabulary.items()]
    ]
    without, *each = call_module("logic/player-record.js", "playerRecord", calls, tmp_path)
    counted = {name for name, outcome in zip(vocabulary, each) if outcome != without}
    assert counted == {name for name, effect in vocabulary.items() if "log" in effect["acts_on"]}


@pytest.mark.parametrize(
    "chosen,penalty,dead",
    [(["penalty_points"], 5, False), (["dead_hand"], 0, True), (["penalty_points", "dead_hand"], 5, True)],
)
def test_an_optional_effect_applies_only_when_chosen(tmp_path, chosen, penalty, dead):
    """The referee's choice: fixed points and a dead hand, each ticked or not, at least one of them."""
    ruleset = ruleset_with(
        [{"type": "penalty_points", "amount": 5, "optional": True}, {"type": "dead_hand", "optional": True}]
    )
    ruleset["scoring"]["penalty_from"] = "table"
    [table] = call_module("logic/calculator.js", "newTable", [[ruleset]], tmp_path)
    [result] = call_module(
        "logic/calculator.js",
        "applyRuling",
        [[table, ruleset, "r_fixture", {"offender": "0", "chosen": chosen}]],
        tmp_path,
    )
    assert result["penalty"] == penalty
    assert result["after"]["seats"][0]["table"] == -penalty
    assert result["after"]["seats"][0]["deadHand"] is dead


def test_an_optional_effect_must_be_chosen_among_the_rulings_own(tmp_path):
    effects = [{"type": "penalty_points", "amount": 5, "optional": True}, {"type": "dead_hand", "optional": True}]
    assert apply(tmp_path, effects, {"offender": "0", "chosen": []}) == {"errors": {"chosen": "choose_at_least_one"}}
    assert apply(tmp_path, effects, {"offender": "0", "chosen": ["strike"]}) == {"errors": {"chosen": "choose_one"}}
