"""Every case file of tests/cases (engine, calculator, discipline, player_record), in the one format, run in Node with
the client's pure modules and checked with the one matcher (tests/case_files.py)."""

import pytest
from case_files import SHAPE, SUBJECTS, case_paths, load, run, subject_of, subset_matches

CASES = load()


@pytest.fixture(scope="module")
def results(app):
    return run(app, CASES)


@pytest.mark.parametrize(
    "index", range(len(CASES)), ids=[f"{case['subject']}:{case['ruleset']}:{case['name']}" for case in CASES]
)
def test_case(results, index):
    subset_matches(results[index], CASES[index]["expect"])


def test_every_case_has_the_one_shape():
    assert {subject_of(path) for path in case_paths()} == set(SUBJECTS)
    for case in CASES:
        assert set(case) - {"subject", "file"} == SHAPE, (case["file"], case.get("name"))
    names = [(case["subject"], case["ruleset"], case["name"]) for case in CASES]
    assert len(names) == len(set(names)), "case names are unique within a subject and ruleset"


def test_the_matcher_can_fail():
    """A missing key, a different value, a list of another length: each is reported with its path."""
    actual = {"seats": [{"table": 1, "deadHand": True}, {"table": 2}], "dealer": 0}
    subset_matches(actual, {"seats": [{"table": 1}, {}]})
    for expected, where in [
        ({"seats": [{"table": 9}, {}]}, "result.seats[0].table"),
        ({"honba": 0}, "result.honba"),
        ({"seats": [{}]}, "result.seats"),
        ({"dealer": [0]}, "result.dealer"),
    ]:
        with pytest.raises(AssertionError, match=where.replace("[", r"\[").replace("]", r"\]")):
            subset_matches(actual, expected)
