"""The search module, run in Node as the browser runs it: Japanese and Chinese terms, accents, typos, synonyms."""

import json
import subprocess

import pytest
from flask_babel import force_locale
from helpers import NODE, ROOT, ruleset_document, ruleset_ids
from search_terms import TERMS, expected_rulings

from webapp.i18n.ui_strings import client_strings

LANGS = ["en", "fr", "it"]
RUNNER = ROOT / "tests" / "search_runner.mjs"
SYNONYMS = ROOT / "webapp" / "static" / "data" / "synonyms.json"

# A query with accents or a small typo finds what the plain, well-spelled query finds: (language, query, plain).
TYPOS = {"kuikea": "kuikae", "furitne": "furiten", "liabilty": "liability", "chonbbo": "chombo", "tenpia": "tenpai"}
SAME_AS = [
    ("fr", "PÉNALITÉ", "penalite"),
    ("fr", "pénalité", "penalite"),
    ("fr", "défausse", "defausse"),
    ("it", "penalità", "penalita"),
    ("it", "Mano Morta", "mano morta"),
    ("en", "Dead HAND", "dead hand"),
] + [(lang, typo, plain) for lang in LANGS for typo, plain in TYPOS.items()]


@pytest.fixture(scope="module")
def compiled(app, tmp_path_factory):
    """Every ruleset as JSON files per language (as the client assembles it), with the tag labels of that language."""
    tmp = tmp_path_factory.mktemp("search")
    languages = {}
    for lang in LANGS:
        files = []
        for ruleset_id in ruleset_ids():
            path = tmp / f"{ruleset_id}-{lang}.json"
            path.write_text(json.dumps(ruleset_document(app, ruleset_id, lang)), encoding="utf-8")
            files.append(str(path))
        with app.test_request_context(), force_locale(lang):
            tags = client_strings()["tags"]
        languages[lang] = {"files": files, "tags": tags}
    return tmp, languages


def run_search(compiled, queries, ruleset_filter=None, synonyms=SYNONYMS):
    tmp, languages = compiled
    request = tmp / "request.json"
    request.write_text(
        json.dumps(
            {"synonyms": str(synonyms), "languages": languages, "queries": queries, "rulesetIds": ruleset_filter}
        )
    )
    output = subprocess.run([*NODE, str(RUNNER), str(request)], check=True, capture_output=True, text=True).stdout
    return json.loads(output)


@pytest.fixture(scope="module")
def answers(compiled):
    return run_search(
        compiled,
        list(TERMS)
        + sorted({q for _, query, plain in SAME_AS for q in (query, plain)})
        + ["", "zzzzzz", "swap calling"],
    )


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


def of_tag(app, tag, ruleset_id=None, but=None):
    """The 'ruleset:ruling' ids of one incident tag, in one ruleset or in every ruleset but one."""
    return {
        hit
        for hit in expected_rulings(app, {"tags": [tag]})
        if (ruleset_id is None or hit.startswith(f"{ruleset_id}:")) and not (but and hit.startswith(f"{but}:"))
    }


# Lateness in each language: Arizona rules on late calls but not on arriving late at the table.
LATE = {"en": ["late", "arriving late"], "fr": ["retard", "arrivée en retard"], "it": ["ritardo", "arrivo in ritardo"]}
# Words that must not name a kind of incident the ruleset lacks: (ruleset, query). "table" is no "Leaving the table",
# "late claim" no late arrival, "other" and "kinds of penalty" are no incidents, nothing for no words.
NO_NOTICE = [
    ("wrc-2015", "table"),
    ("azrm-2026", "late claim"),
    ("wrc-2015", "other"),
    ("wsom", "kinds of penalty"),
    ("wrc-2015", "chombo"),
    ("azrm-2026", "hand"),
    ("wrc-2015", ""),
    ("wrc-2015", "zzzzzz"),
]
NAMED = {
    ("wrc-2015", "leaving the table"): ["leaving-table"],
    ("tsumo-quebec", "late claim"): ["late-claim"],
    ("wrc-2015", "table"): [],
    ("mcr-ema-2014", "noten riichi"): ["noten-riichi"],
    ("mcr-ema-2014", "riichi"): ["riichi"],
}
COVERAGE = sorted(
    {("azrm-2026", query) for queries in LATE.values() for query in queries}
    | {(ruleset_id, query) for ruleset_id in ("mcr-ema-2014", "wrc-2015") for query in ("late", "arriving late")}
    | {(ruleset_id, "kuikae") for ruleset_id in ("mcr-ema-2014", "wsom", "tsumo-quebec")}
    | {("mcr-ema-2014", "furiten"), ("mcr-ema-2014", "chombo"), ("wsom", "chombo")}
    | set(NO_NOTICE)
    | set(NAMED)
)


@pytest.fixture(scope="module")
def coverage(compiled):
    """searchRuleset's answer per language to each (ruleset, query) of COVERAGE, with the tags the query names."""
    tmp, languages = compiled
    request = tmp / "coverage.json"
    request.write_text(
        json.dumps(
            {
                "synonyms": str(SYNONYMS),
                "languages": languages,
                "coverage": [{"rulesetId": ruleset_id, "query": query} for ruleset_id, query in COVERAGE],
            }
        )
    )
    output = json.loads(
        subprocess.run([*NODE, str(RUNNER), str(request)], check=True, capture_output=True, text=True).stdout
    )
    return {lang: dict(zip(COVERAGE, answers)) for lang, answers in output.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_late_in_arizona_lists_late_calls_and_says_arriving_late_is_not_covered(app, coverage, lang):
    word, phrase = LATE[lang]
    late_calls = of_tag(app, "late-claim", "azrm-2026")
    late_arrivals = of_tag(app, "late-arrival", but="azrm-2026")
    assert {hit.split(":")[0] for hit in late_arrivals} == {"mcr-ema-2014", "wrc-2015"}
    found = coverage[lang][("azrm-2026", word)]
    assert late_calls and late_calls <= set(found["hits"])
    assert "azrm-2026:r_call_first" in found["hits"]  # §3.1/3.2 "calling too late"
    for answer in (found, coverage[lang][("azrm-2026", phrase)]):
        assert answer["same"]
        assert [entry["tag"] for entry in answer["uncovered"]] == ["late-arrival"]
        assert set(answer["uncovered"][0]["hits"]) == late_arrivals


@pytest.mark.parametrize("ruleset_id", ["mcr-ema-2014", "wrc-2015"])
def test_late_is_covered_where_arriving_late_has_rulings(coverage, ruleset_id):
    for query in ("late", "arriving late"):
        answer = coverage["en"][(ruleset_id, query)]
        assert answer["hits"] and answer["uncovered"] == [] and answer["elsewhere"] == [], query


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset_id", ["mcr-ema-2014", "wsom", "tsumo-quebec"])
def test_kuikae_where_the_ruleset_has_no_swap_calling(app, coverage, lang, ruleset_id):
    """Nothing in the ruleset: it says so, and points to the rulesets that rule on swap-calling."""
    answer = coverage[lang][(ruleset_id, "kuikae")]
    assert answer["hits"] == []
    assert [entry["tag"] for entry in answer["uncovered"]] == ["swap-calling"]
    assert (
        set(answer["uncovered"][0]["hits"])
        == of_tag(app, "swap-calling")
        == {"wrc-2015:r_swap_calling", "azrm-2026:r_kuikae"}
    )
    assert not set(answer["elsewhere"]) & of_tag(app, "swap-calling")


@pytest.mark.parametrize("lang", LANGS)
def test_no_match_at_all_shows_the_other_rulesets_matches(coverage, lang):
    answer = coverage[lang][("mcr-ema-2014", "furiten")]
    assert answer["hits"] == [] and answer["uncovered"] == []
    assert "tsumo-quebec:r_chombo_furiten_ron" in answer["elsewhere"]
    assert not any(hit.startswith("mcr-ema-2014:") for hit in answer["elsewhere"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset_id", ["mcr-ema-2014", "wsom"])
def test_chombo_in_rulesets_without_chombo_lists_their_false_wins(app, coverage, lang, ruleset_id):
    answer = coverage[lang][(ruleset_id, "chombo")]
    assert of_tag(app, "false-win", ruleset_id) <= set(answer["hits"])
    assert answer["uncovered"] == [] and answer["elsewhere"] == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset_id,query", NO_NOTICE)
def test_no_notice_for_words_that_name_no_missing_incident(coverage, lang, ruleset_id, query):
    answer = coverage[lang][(ruleset_id, query)]
    assert answer["uncovered"] == []
    assert answer["same"]


@pytest.mark.parametrize("case", NAMED)
def test_what_the_words_name(coverage, case):
    assert coverage["en"][case]["named"] == NAMED[case]


def test_a_reading_finds_the_rulings_that_show_it(compiled):
    """The words of a reading (here WSOM's "lower seat", shown on every ruling of the lost-deal kind) find its rulings,
    as they did when the reading was the ruling's free-text ambiguity."""
    found = run_search(compiled, ["lower seat"], ["wsom"])
    assert "wsom:r_dealer_stands" in found["en"]["lower seat"]


def test_every_ruling_a_synonym_group_names_exists(app):
    """A group's "names" point at rulings by id; a renamed or removed ruling must not leave a silent gap."""
    groups = json.loads(SYNONYMS.read_text(encoding="utf-8"))["groups"]
    named = [
        (group["id"], ruleset_id, ruling_id)
        for group in groups
        for ruleset_id, ruling_ids in group.get("names", {}).items()
        for ruling_id in ruling_ids
    ]
    assert named
    for group_id, ruleset_id, ruling_id in named:
        assert ruleset_id in ruleset_ids(), group_id
        assert ruling_id in ruleset_document(app, ruleset_id)["rulings"], (group_id, ruleset_id, ruling_id)


def test_a_ruling_is_found_by_every_wizard_option_that_leads_to_it(compiled):
    """MCR's obstructive play is reached by a "serious case" answer and by the conduct option that says "stalling":
    the words of both ways find it, with no synonym's help."""
    no_synonyms = compiled[0] / "no-synonyms.json"
    no_synonyms.write_text("{}")
    found = run_search(compiled, ["stalling"], ["mcr-ema-2014"], no_synonyms)
    assert "mcr-ema-2014:r_obstruction" in found["en"]["stalling"]
