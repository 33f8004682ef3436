"""Numbers as people type them (numbers.js, run in Node): each language's forms are read, ambiguous ones refused."""

import pytest
import yaml
from helpers import ROOT, call_module

CASES = yaml.safe_load((ROOT / "tests" / "fixtures" / "typed_numbers.yaml").read_text(encoding="utf-8"))
FLAT = [(lang, case) for lang, cases in CASES.items() for case in cases]
VALUES = [
    0,
    7,
    -7,
    300,
    1000,
    25000,
    -25000,
    30000,
    100000,
    1234567,
    9999999,
    -1.5,
    1.5,
    -0.5,
    25.5,
    -12.3,
    1234.5,
    -1234567.5,
    0.25,
    12.75,
]


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    calls = [[case["text"], {"lang": lang, "decimals": case.get("decimals", 0)}] for lang, case in FLAT]
    return call_module("logic/numbers.js", "parseNumber", calls, tmp_path_factory.mktemp("numbers"))


@pytest.mark.parametrize("index", range(len(FLAT)), ids=[f"{lang}:{case['text']!r}" for lang, case in FLAT])
def test_typed_number(parsed, index):
    _lang, case = FLAT[index]
    if "error" in case:
        assert parsed[index] == {"error": case["error"]}, "an error gives no value"
    else:
        assert parsed[index] == {"value": case["value"]}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_printed_values_read_back_unchanged(tmp_path, lang):
    """A field shows the stored value in its language and reading it back gives the same value (-1.5 included)."""
    printed = call_module(
        "logic/numbers.js", "formatNumberInput", [[value, {"lang": lang, "decimals": 2}] for value in VALUES], tmp_path
    )
    read = call_module(
        "logic/numbers.js", "parseNumber", [[text, {"lang": lang, "decimals": 2}] for text in printed], tmp_path
    )
    assert [item.get("value") for item in read] == VALUES, list(zip(printed, read))
    assert {"en": "25,000", "fr": "25\u202f000", "it": "25.000"}[lang] == printed[VALUES.index(25000)]
    assert {"en": "-1.5", "fr": "-1,5", "it": "-1,5"}[lang] == printed[VALUES.index(-1.5)]


def test_whole_scores_print_no_decimals(tmp_path):
    assert call_module(
        "logic/numbers.js", "formatNumberInput", [[-1.5, {"lang": "en"}], [None, {}], [25000, {"lang": "fr"}]], tmp_path
    ) == ["-2", "", "25\u202f000"]


@pytest.mark.parametrize(
    "text,options,expected",
    [
        ("", {"required": False}, {"value": None}),
        ("-4", {"min": 1}, {"error": "negative"}),
        ("5", {"min": 10, "max": 60}, {"error": "too_small"}),
        ("61", {"min": 10, "max": 60}, {"error": "too_large"}),
        ("-3", {"min": -2}, {"error": "too_small"}),
    ],
)
def test_ranges(tmp_path, text, options, expected):
    assert call_module("logic/numbers.js", "parseNumber", [[text, options]], tmp_path) == [expected]
