"""The wizard engine, run in Node exactly as the browser runs it, against each ruleset's case file."""
import pytest

from helpers import case_file, ruleset_document, ruleset_ids, run_engine

CASES = [
    (ruleset_id, node, case)
    for ruleset_id in ruleset_ids()
    for node, cases in case_file(ruleset_id).items()
    for case in cases
]


@pytest.fixture(scope="module")
def walks(app, tmp_path_factory):
    """Walk every case of every ruleset once, per ruleset, in Node."""
    results = {}
    tmp = tmp_path_factory.mktemp("engine")
    for ruleset_id in ruleset_ids():
        answer_lists = [[str(a) for a in case["answers"]] for _, cases in case_file(ruleset_id).items() for case in cases]
        outcome = run_engine(app, ruleset_id, "en", answer_lists, tmp)
        results[ruleset_id] = dict(zip(map(tuple, answer_lists), outcome["walks"]))
        results[ruleset_id]["paths"] = outcome["paths"]
    return results


@pytest.mark.parametrize("ruleset_id,node,case", CASES, ids=[f"{r}:{n}:{'/'.join(map(str, c['answers']))}" for r, n, c in CASES])
def test_case_reaches_expected(walks, ruleset_id, node, case):
    at = walks[ruleset_id][tuple(str(a) for a in case["answers"])]
    if case["expected"] == "invalid":
        assert at["kind"] == "invalid"
    else:
        assert at["id"] == case["expected"]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruling_has_a_case(app, ruleset_id):
    """A ruling without a case could silently become unreachable by a later edit."""
    expected = {case["expected"] for cases in case_file(ruleset_id).values() for case in cases}
    assert _rulings(app, ruleset_id) - expected == set()


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_engine_reaches_every_ruling(walks, app, ruleset_id):
    assert set(walks[ruleset_id]["paths"]) == _rulings(app, ruleset_id)


def _rulings(app, ruleset_id):
    return set(ruleset_document(app, ruleset_id, "en")["rulings"])
