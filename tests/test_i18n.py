"""Translations: complete catalogs, French and Italian really rendered, no English left behind."""
import json
import re

import pytest

from helpers import ROOT, ruleset_ids
from webapp.catalogs import untranslated

DOMAINS = ["messages"] + ruleset_ids()


@pytest.mark.parametrize("domain", DOMAINS)
def test_catalog_complete(domain):
    assert untranslated(ROOT / "translations", domain) == {}


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
    english = json.loads(app.extensions["rulesets"].get(ruleset_id, "en").body)
    translated = json.loads(app.extensions["rulesets"].get(ruleset_id, lang).body)
    same = [
        english["rulings"][rid]["title"]
        for rid in english["rulings"]
        if english["rulings"][rid]["title"] == translated["rulings"][rid]["title"]
        and len(english["rulings"][rid]["title"].split()) > 2
    ]
    assert same == []
    for rid in english["rulings"]:
        assert english["rulings"][rid]["scores"] != translated["rulings"][rid]["scores"] or \
            len(english["rulings"][rid]["scores"].split()) <= 2


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_client_strings_translated(client, lang):
    """Every client string of more than one word differs from English, nested groups (tags, calculator, log) included."""
    untranslated = [path for path, english, other in _pairs(_config(client, "en")["strings"], _config(client, lang)["strings"])
                    if len(english.split()) > 1 and english == other]
    assert untranslated == []


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
    return json.loads(html[start:html.index("</script>", start)])
