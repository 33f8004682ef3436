"""The calculator's pure module, run in Node as the browser runs it, over the scenario case file."""
import json
import subprocess

import pytest
import yaml

from helpers import NODE, ROOT, ruleset_document, ruleset_ids

SCENARIOS = yaml.safe_load((ROOT / "tests" / "cases" / "calculator.yaml").read_text(encoding="utf-8"))


def compiled_rulesets(app):
    return {rid: ruleset_document(app, rid, "en") for rid in ruleset_ids()}


@pytest.fixture(scope="module")
def outcomes(app, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("calculator")
    (tmp / "rulesets.json").write_text(json.dumps(compiled_rulesets(app)))
    (tmp / "scenarios.json").write_text(json.dumps(SCENARIOS))
    output = subprocess.run(
        [*NODE, str(ROOT / "tests" / "calculator_runner.mjs"),
         str(tmp / "rulesets.json"), str(tmp / "scenarios.json")],
        check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def matches(actual, expected, path="result"):
    """Assert that every key given in `expected` has that value in `actual` (lists element by element)."""
    if isinstance(expected, dict):
        for key, value in expected.items():
            assert isinstance(actual, dict) and key in actual, f"{path}.{key} missing"
            matches(actual[key], value, f"{path}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict) and path.endswith(("seats", "steps")):
        assert len(actual) >= len(expected), path
        for index, item in enumerate(expected):
            matches(actual[index], item, f"{path}[{index}]")
    elif isinstance(expected, list) and path.endswith("warnings"):
        assert len(actual) == len(expected), f"{path}: {actual}"
        for index, item in enumerate(expected):
            matches(actual[index], item, f"{path}[{index}]")
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"


@pytest.mark.parametrize("index", range(len(SCENARIOS)), ids=[s["name"] for s in SCENARIOS])
def test_scenario(outcomes, index):
    scenario, outcome = SCENARIOS[index], outcomes[index]
    expected = dict(scenario["expect"])
    steps = expected.pop("steps", None)
    warnings = expected.pop("warnings", None)
    matches(outcome["table"], expected, "table")
    if steps is not None:
        matches(outcome["steps"], steps, "steps")
    if warnings is not None:
        matches(outcome["warnings"], warnings, "warnings")


@pytest.mark.parametrize("index", range(len(SCENARIOS)), ids=[s["name"] for s in SCENARIOS])
def test_transfers_sum_to_zero(outcomes, index):
    """Every table-point transfer sums to zero; only penalties change a total."""
    for step in outcomes[index]["steps"]:
        if "changes" in step and "errors" not in step:
            table_changes = sum(c["delta"] for c in step["changes"] if c["score"] == "table")
            assert table_changes == step["sums"]["table"]
            if SCENARIOS[index]["ruleset"] != "mcr-ema-2014" or not step.get("penalty"):
                assert step["sums"]["table"] == 0


def test_scenarios_run_the_same_in_the_browser(browser, live_server, app, outcomes):
    """The case file run against the calculator module as the browser loads it gives the same end states."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/__tests__/calculator_scenarios.mjs", lambda route: route.fulfill(
        path=str(ROOT / "tests" / "calculator_scenarios.mjs"), content_type="text/javascript"))
    page.goto(f"{live_server.url}/en/")
    in_browser = page.evaluate("""async ([rulesets, scenarios]) => {
        const calc = await import('/static/js/calculator.js');
        const { runScenarios } = await import('/__tests__/calculator_scenarios.mjs');
        return JSON.parse(JSON.stringify(runScenarios(calc, rulesets, scenarios)));
    }""", [compiled_rulesets(app), SCENARIOS])
    context.close()
    assert len(in_browser) == len(SCENARIOS)
    for index, outcome in enumerate(in_browser):
        expected = dict(SCENARIOS[index]["expect"])
        expected.pop("steps", None)
        expected.pop("warnings", None)
        matches(outcome["table"], expected, f"browser[{index}].table")
    assert in_browser == outcomes
