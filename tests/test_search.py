"""The search module, run in Node as the browser runs it: Japanese and Chinese terms, accents, typos, synonyms."""
import json
import subprocess

import pytest
from flask_babel import force_locale

from helpers import NODE, ROOT, ruleset_ids
from search_terms import TERMS, expected_rulings
from webapp.ui_strings import client_strings

LANGS = ["en", "fr", "it"]
RUNNER = ROOT / "tests" / "search_runner.mjs"
SYNONYMS = ROOT / "webapp" / "static" / "data" / "synonyms.json"

# A query with accents or a small typo finds what the plain, well-spelled query finds: (language, query, plain).
TYPOS = {"kuikea": "kuikae", "furitne": "furiten", "liabilty": "liability", "chonbbo": "chombo", "tenpia": "tenpai"}
SAME_AS = [
    ("fr", "PÉNALITÉ", "penalite"), ("fr", "pénalité", "penalite"), ("fr", "défausse", "defausse"),
    ("it", "penalità", "penalita"), ("it", "Mano Morta", "mano morta"), ("en", "Dead HAND", "dead hand"),
] + [(lang, typo, plain) for lang in LANGS for typo, plain in TYPOS.items()]


@pytest.fixture(scope="module")
def compiled(app, tmp_path_factory):
    """Every ruleset as compiled JSON files per language, with the tag labels of that language."""
    tmp = tmp_path_factory.mktemp("search")
    store = app.extensions["rulesets"]
    languages = {}
    for lang in LANGS:
        files = []
        for ruleset_id in ruleset_ids():
            path = tmp / f"{ruleset_id}-{lang}.json"
            path.write_bytes(store.get(ruleset_id, lang).body)
            files.append(str(path))
        with app.test_request_context(), force_locale(lang):
            tags = client_strings()["tags"]
        languages[lang] = {"files": files, "tags": tags}
    return tmp, languages


def run_search(compiled, queries, ruleset_filter=None):
    tmp, languages = compiled
    request = tmp / "request.json"
    request.write_text(json.dumps({"synonyms": str(SYNONYMS), "languages": languages, "queries": queries,
                                   "rulesetIds": ruleset_filter}))
    output = subprocess.run([*NODE, str(RUNNER), str(request)],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output)


@pytest.fixture(scope="module")
def answers(compiled):
    return run_search(compiled, list(TERMS) + sorted({q for _, query, plain in SAME_AS for q in (query, plain)}) + ["", "zzzzzz", "swap calling"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("term", list(TERMS))
def test_term_finds_its_rulings(app, answers, lang, term):
    expected = expected_rulings(app, TERMS[term])
    assert expected, term
    assert expected - set(answers[lang][term]) == set()


@pytest.mark.parametrize("lang,query,plain", SAME_AS)
def test_accents_case_and_typos(answers, lang, query, plain):
    assert answers[lang][plain]
    assert set(answers[lang][query]) == set(answers[lang][plain])


@pytest.mark.parametrize("lang", LANGS)
def test_exact_term_ranks_first(answers, lang):
    """A ruling that names the typed term comes before those found only through a synonym."""
    assert answers[lang]["hu"][0].startswith("mcr-ema-2014:")


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_for_empty_or_unknown(answers, lang):
    assert answers[lang][""] == []
    assert answers[lang]["zzzzzz"] == []


def test_limited_to_chosen_rulesets(compiled):
    found = run_search(compiled, ["chombo"], ["wrc-2015"])
    for lang in LANGS:
        assert found[lang]["chombo"]
        assert all(hit.startswith("wrc-2015:") for hit in found[lang]["chombo"])


# A synonym phrase holding small words ("di", "de") is recognised when typed, in a page of another language
# (whose rulings never use the phrase): (page language, query, a ruling it must find).
PHRASES = [
    ("en", "scarto di scambio", "wrc-2015:r_swap_calling"),
    ("it", "points de pénalité", "mcr-ema-2014:r_type_points"),
    ("fr", "punti di penalità", "mcr-ema-2014:r_type_points"),
]


@pytest.mark.parametrize("lang,query,ruling", PHRASES)
def test_synonym_phrases_with_small_words(compiled, lang, query, ruling):
    assert ruling in run_search(compiled, [query])[lang][query]


@pytest.mark.parametrize("ruleset_id", ["mcr-ema-2014", "wsom"])
def test_chombo_finds_the_false_wins_of_rulesets_without_chombo(app, compiled, ruleset_id):
    false_wins = {hit for hit in expected_rulings(app, {"tags": ["false-win"]}) if hit.startswith(f"{ruleset_id}:")}
    found = run_search(compiled, ["chombo"], [ruleset_id])
    for lang in LANGS:
        assert false_wins and false_wins <= set(found[lang]["chombo"]), lang


def test_a_false_win_does_not_find_every_chombo(app, compiled):
    """The link is one way: chombo sees the false wins, not the reverse (abandoning a game is no false win)."""
    found = run_search(compiled, ["false win", "chombo"], ["azrm-2026"])
    for lang in LANGS:
        assert "azrm-2026:r_abandon" in found[lang]["chombo"]
        assert "azrm-2026:r_abandon" not in found[lang]["false win"]
