"""Arizona's strikes, suspensions and ban over dates, computed by the client's pure module from ruleset data."""
import json

import pytest
import yaml

from helpers import ROOT, call_module, ruleset_document

CASES = yaml.safe_load((ROOT / "tests" / "cases" / "discipline.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def results(app, tmp_path_factory):
    rules = ruleset_document(app, "azrm-2026", "en")["discipline"]
    calls = [[[str(d) for d in case["strikes"]], rules, str(case["today"])] for case in CASES]
    return call_module("discipline.js", "disciplineStatus", calls, tmp_path_factory.mktemp("discipline"))


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case["name"] for case in CASES])
def test_discipline(results, index):
    expected = CASES[index]["expect"]
    for key, value in expected.items():
        actual = results[index][key]
        assert json.loads(json.dumps(actual)) == json.loads(json.dumps(value, default=str)), key
