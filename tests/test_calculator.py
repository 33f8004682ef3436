"""The calculator's pure module over its case file (tests/cases/calculator.yaml, run by test_cases.py): what every
scenario must keep, and the same results in the browser as in Node."""

import pytest
from case_files import load, run, subset_matches
from helpers import ROOT, rulesets_in

SCENARIOS = load("calculator")


@pytest.fixture(scope="module")
def outcomes(app):
    """Every calculator case run in Node (tests/cases/calculator.yaml, checked against its expect by test_cases.py)."""
    return run(app, SCENARIOS)


@pytest.mark.parametrize("index", range(len(SCENARIOS)), ids=[s["name"] for s in SCENARIOS])
def test_transfers_sum_to_zero(outcomes, index):
    """Every table-point transfer sums to zero; only penalties change a total (and the reset of a hanchan or
    session)."""
    for step in outcomes[index]["steps"]:
        if "changes" in step and "errors" not in step and not step.get("reset"):
            table_changes = sum(c["delta"] for c in step["changes"] if c["score"] == "table")
            assert table_changes == step["sums"]["table"]
            if SCENARIOS[index]["ruleset"] != "mcr-ema-2014" or not step.get("penalty"):
                assert step["sums"]["table"] == 0


def test_scenarios_run_the_same_in_the_browser(browser, live_server, app, outcomes):
    """The case file run against the calculator module as the browser loads it gives the same results."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route(
        "**/__tests__/calculator_scenarios.mjs",
        lambda route: route.fulfill(
            path=str(ROOT / "tests" / "calculator_scenarios.mjs"), content_type="text/javascript"
        ),
    )
    page.goto(f"{live_server.url}/en/")
    scenarios = [{"ruleset": case["ruleset"], **case["given"]} for case in SCENARIOS]
    in_browser = page.evaluate(
        """async ([rulesets, scenarios]) => {
        const calc = await import('/static/js/logic/calculator.js');
        const { runScenarios } = await import('/__tests__/calculator_scenarios.mjs');
        return JSON.parse(JSON.stringify(runScenarios(calc, rulesets, scenarios)));
    }""",
        [rulesets_in(app, "en"), scenarios],
    )
    context.close()
    assert len(in_browser) == len(SCENARIOS)
    for outcome, case in zip(in_browser, SCENARIOS):
        subset_matches(outcome, case["expect"])
    assert in_browser == outcomes
