"""The wizard engine in Node: every ruling of every ruleset is reached, and has a case (tests/cases/engine/*.yaml,
run by test_cases.py)."""

import pytest
from case_files import load
from helpers import ruleset_document, ruleset_ids, run_engine


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruling_has_a_case(app, ruleset_id):
    """A ruling without a case could silently become unreachable by a later edit."""
    reached = {case["expect"]["at"].get("id") for case in load("engine") if case["ruleset"] == ruleset_id}
    assert set(ruleset_document(app, ruleset_id, "en")["rulings"]) - reached == set()


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_engine_reaches_every_ruling(app, ruleset_id, tmp_path):
    paths = run_engine(app, ruleset_id, "en", [], tmp_path)["paths"]
    assert set(paths) == set(ruleset_document(app, ruleset_id, "en")["rulings"])
