"""Translations: complete catalogs, French and Italian really rendered, no English left behind."""

import json
import re

import pytest
from helpers import ROOT, ruleset_document, ruleset_ids

from webapp.rules.store import translation_gaps


def test_every_string_is_translated():
    """The strict check: every string of the rulesets and the UI has a French and an Italian translation that is not
    fuzzy (run `python -m webapp.i18n.translate`, then translate what it reports)."""
    assert [gap.line() for gap in translation_gaps(ROOT / "rulesets", ROOT / "translations")] == []


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_ui_is_translated(client, lang):
    """flask-babel really renders the catalogs (it silently falls back to English without compiled files)."""

    def skip_link(code):
        html = client.get(f"/{code}/").get_data(as_text=True)
        return re.search(r'class="skip-link" href="#main">([^<]+)<', html).group(1)

    assert skip_link(lang) != skip_link("en")


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize("lang", ["fr", "it"])
def test_no_english_left_in_ruleset(app, ruleset_id, lang):
    """Every string differs from English, except the few that are the same in both languages."""
    english = ruleset_document(app, ruleset_id, "en")
    translated = ruleset_document(app, ruleset_id, lang)
    same = [
        english["rulings"][rid]["title"]
        for rid in english["rulings"]
        if english["rulings"][rid]["title"] == translated["rulings"][rid]["title"]
        and len(english["rulings"][rid]["title"].split()) > 2
    ]
    assert same == []
    for rid in english["rulings"]:
        assert (
            english["rulings"][rid]["scores"] != translated["rulings"][rid]["scores"]
            or len(english["rulings"][rid]["scores"].split()) <= 2
        )


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_client_strings_translated(client, lang):
    """Every client string of more than one word differs from English, nested groups (tags, calculator, log) included;
    a string with no word of its own ("%(label)s: %(value)s", whose Italian is the English) is left out."""
    english_page, page = _config(client, "en")["strings"], _config(client, lang)["strings"]
    untranslated = [
        path
        for path, english, other in _pairs(english_page, page)
        if len(english.split()) > 1
        and english == other
        and re.search(r"[^\W\d_]", re.sub(r"%\(\w+\)s", "", english))
        and not path.startswith("strings.in_languages.")  # each language in its own, the same on every page
    ]
    assert untranslated == []
    assert page["in_languages"] == english_page["in_languages"]
    assert page["in_languages"][lang]["back"] != page["in_languages"]["en"]["back"]


def _pairs(english, other, path="strings"):
    if isinstance(english, str):
        yield path, english, other
    elif isinstance(english, dict):
        for key in english:
            # Glossary search words are not shown, and a table term (Kan, Chombo) may be the same in every language.
            if key not in ("q", "term"):
                yield from _pairs(english[key], other[key], f"{path}.{key}")
    elif isinstance(english, list):
        for index, item in enumerate(english):
            yield from _pairs(item, other[index], f"{path}[{index}]")


def _config(client, lang):
    html = client.get(f"/{lang}/").get_data(as_text=True)
    start = html.index('id="app-config">') + len('id="app-config">')
    return json.loads(html[start : html.index("</script>", start)])


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_editions_are_translated(client, lang):
    """The home page's edition under each ruleset is in the page's language (it read "April 2014" before)."""
    english = {summary["id"]: summary["edition"] for summary in _config(client, "en")["rulesets"]}
    translated = {summary["id"]: summary["edition"] for summary in _config(client, lang)["rulesets"]}
    worded = [ruleset_id for ruleset_id, edition in english.items() if re.search(r"[A-Za-z]", edition)]
    assert "mcr-ema-2014" in worded
    assert [ruleset_id for ruleset_id in worded if translated[ruleset_id] == english[ruleset_id]] == []


def test_every_calculator_string_the_client_names_exists(client):
    """A key read as `calc.name` in a client module is one the page hands over (a missing one prints "undefined",
    as every table history row once began "undefined:")."""
    calc = _config(client, "en")["strings"]["calc"]
    used = set()
    for path in (ROOT / "webapp" / "static" / "js").rglob("*.js"):
        used.update(re.findall(r"\bcalc\.([a-z][a-z0-9_]*)\b", path.read_text(encoding="utf-8")))
    assert sorted(used - set(calc)) == []
