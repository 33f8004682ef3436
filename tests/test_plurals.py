"""Every count the interface shows goes through plural forms: "1 tile revealed", "2 tiles revealed", in each language.

Two places put a number beside a noun: the client strings (webapp/i18n/ui_strings.py), where a counted string is a
`plural(...)` pair {one, other} picked by Intl.PluralRules, and the answer of a number question, whose `unit` in the
ruleset schema is a `counted` pair {one, other} picked the same way (engine.js answerLabel).
"""

import re

import pytest
import yaml
from helpers import ROOT, call_module, ruleset_document

from webapp.i18n.ui_strings import client_strings
from webapp.rules.checks import validate
from webapp.rules.schema import SCHEMA

# Placeholders that hold a count, and the words that may follow one without making it a noun phrase.
COUNTS = {
    "count",
    "n",
    "shown",
    "total",
    "points",
    "min",
    "max",
    "added",
    "same",
    "conflicts",
    "replaced",
    "kept",
    "used",
    "minutes",
    "strikes",
    "incidents",
    "players",
    "tiles",
}
NOT_A_NOUN = {
    "to",
    "of",
    "and",
    "or",
    "a",
    "à",
    "e",
    "et",
    "su",
    "sur",
    "di",
    "de",
    "da",
    "KB",
    "Ko",
    "P",
    "already",
    "déjà",
    "già",
    "with",
    "avec",
    "con",
    "in",
    "dans",
    "nel",
}
COUNT_THEN_WORD = re.compile(r"%\((\w+)\)s\s+(\w+)")


def counts_without_plural(strings, path="strings"):
    """Every client string with a count beside a word that is not one of a plural pair: (path, text)."""
    if isinstance(strings, dict):
        if set(strings) == {"one", "other"}:
            return []
        return [found for key, value in strings.items() for found in counts_without_plural(value, f"{path}.{key}")]
    if isinstance(strings, list):
        return [
            found for index, value in enumerate(strings) for found in counts_without_plural(value, f"{path}[{index}]")
        ]
    if isinstance(strings, str):
        for name, word in COUNT_THEN_WORD.findall(strings):
            if name in COUNTS and word not in NOT_A_NOUN:
                return [(path, strings)]
    return []


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_count_in_the_client_strings_has_plural_forms(app, lang):
    with app.test_request_context(f"/{lang}/"):
        app.preprocess_request()
        found = counts_without_plural(client_strings())
    assert found == []


def test_a_planted_count_without_plural_forms_is_found():
    planted = {
        "log": {
            "shown": "%(count)s incidents shown",
            "ok": {"one": "%(count)s incident", "other": "%(count)s incidents"},
            "label": "Strikes: %(count)s.",
            "range": "from %(min)s to %(max)s",
        }
    }
    assert counts_without_plural(planted) == [("strings.log.shown", "%(count)s incidents shown")]


def test_the_unit_of_a_number_question_has_plural_forms():
    """The schema's one unit field is a {one, other} pair, so a ruleset with a bare unit does not load."""
    number = SCHEMA["$defs"]["number"]["properties"]
    assert number["unit"]["$ref"] == "#/$defs/counted"
    assert set(SCHEMA["$defs"]["counted"]["required"]) == {"one", "other"}
    data = yaml.safe_load((ROOT / "rulesets" / "wrc-2015.yaml").read_text(encoding="utf-8"))
    assert validate(data, "wrc-2015.yaml", "wrc-2015") == []
    data["incidents"]["late_minutes"]["number"]["unit"] = "minutes late"  # planted: no plural forms
    problems = validate(data, "wrc-2015.yaml", "wrc-2015")
    assert any(p.startswith("wrc-2015.yaml: incidents.late_minutes.number.unit: ") for p in problems), problems


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_answer_takes_the_form_of_its_count(app, lang, tmp_path):
    """The trail shows "1 tile revealed" and "2 tiles revealed"; French also says 0 with the singular, as CLDR does."""
    node = ruleset_document(app, "tsumo-quebec", lang)["incidents"]["revealed_count"]
    unit = node["number"]["unit"]
    labels = call_module(
        "logic/engine.js", "answerLabel", [[node, "1", lang], [node, "2", lang], [node, "0", lang]], tmp_path
    )
    assert labels[0].endswith(unit["one"]) and labels[1].endswith(unit["other"])
    assert labels[2].endswith(unit["one"] if lang == "fr" else unit["other"])
    assert unit["one"] != unit["other"]
