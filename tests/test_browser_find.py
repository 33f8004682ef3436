"""Search, browse, glossary and share in a real Chromium: offline search in each language, every ruling listed."""

import contextlib

import pytest
from act_form import draw_again_from_another_tab
from axe_check import Axe
from case_files import load
from helpers import ruleset_document, ruleset_ids
from playwright.sync_api import expect
from search_terms import TERMS, expected_rulings

from webapp.i18n.glossary import GLOSSARY

LANGS = ["en", "fr", "it"]

# (language, query, the ruling it must reach in wrc-2015): one with accents the text lacks, or lacking the
# accents the text has, and one with a typo, in each language.
SEARCHES = [
    ("en", "fâlse wín shown", "r_false_win_shown"),
    ("en", "kuikea", "r_swap_calling"),
    ("fr", "echange apres annonce", "r_swap_calling"),
    ("fr", "fausse victiore montree", "r_false_win_shown"),
    ("it", "ritàrdo dieci minuti", "r_late"),
    ("it", "scarto di scmbio", "r_swap_calling"),
]


def rulings_of(app, ruleset_id):
    return ruleset_document(app, ruleset_id, "en")["rulings"]


def result_ids(page):
    return page.locator("#search-results a.search-result").evaluate_all(
        "nodes => nodes.map((n) => `${n.dataset.ruleset}:${n.dataset.ruling}`)"
    )


@pytest.mark.parametrize("lang,query,ruling_id", SEARCHES)
def test_search_reaches_the_ruling_offline(offline_context, lang, query, ruling_id):
    context, base = offline_context
    page = context.new_page()
    from_network = []
    page.on("response", lambda response: None if response.from_service_worker else from_network.append(response.url))
    page.goto(f"{base}/{lang}/wrc-2015/search")
    assert page.get_attribute("html", "lang") == lang
    expect(page.locator("#search-input")).to_be_focused()
    page.locator("#search-input").press_sequentially(query)
    first = page.locator("#search-results a.search-result").first
    expect(first).to_have_attribute("data-ruling", ruling_id)
    assert "q=" in page.url
    first.click()
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", ruling_id)
    assert page.url.endswith(f"/{lang}/wrc-2015/ruling/{ruling_id}")
    assert from_network == []


def test_enter_opens_the_first_result(page, live_server):
    page.goto(f"{live_server.url}/it/wrc-2015/search?q=kuikae")
    expect(page.locator("#search-results")).not_to_have_attribute("data-count", "0")
    expect(page.locator("#search-input")).to_have_value("kuikae")
    page.locator("#search-input").press("Enter")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_swap_calling")


@pytest.mark.parametrize("lang", LANGS)
def test_each_japanese_or_chinese_term_finds_its_rulings(app, page, live_server, lang):
    page.goto(f"{live_server.url}/{lang}/wrc-2015/search")
    page.check("#search-all")
    for term, spec in TERMS.items():
        page.fill("#search-input", term)
        expect(page.locator("#search-results")).not_to_have_attribute("data-count", "0")
        missing = expected_rulings(app, spec) - set(result_ids(page))
        assert missing == set(), term
    assert "all=1" in page.url


def test_the_search_case_file_through_the_page(page, live_server):
    """Every case of tests/cases/search.yaml, typed into the search page of its ruleset and language: the ruling it
    expects is among the first three results the page lists (the Node run is in test_cases.py)."""
    cases = load("search")
    assert cases
    misses = []
    for case in cases:
        query, lang = case["given"]["query"], case["given"]["language"]
        page.goto(f"{live_server.url}/{lang}/{case['ruleset']}/search")
        page.fill("#search-input", query)
        expect(page.locator("#search-input")).to_have_value(query)
        expected = set(case["expect"]["first_three"])
        first_three = page.locator("#search-results a.search-result")
        with contextlib.suppress(AssertionError):  # fewer results than that: reported below
            expect(first_three.nth(min(2, len(expected) - 1))).to_be_attached(timeout=3000)
        shown = first_three.evaluate_all("nodes => nodes.slice(0, 3).map((n) => n.dataset.ruling)")
        if not expected <= set(shown):
            misses.append((case["name"], shown))
    assert misses == []


def test_the_all_rulesets_switch(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/search?q=chombo")
    expect(page.locator("#search-results")).not_to_have_attribute("data-count", "0")
    assert {hit.split(":")[0] for hit in result_ids(page)} == {"wrc-2015"}
    page.check("#search-all")
    expect(page.locator('#search-results a[data-ruleset="tsumo-quebec"]').first).to_be_attached()
    assert len({hit.split(":")[0] for hit in result_ids(page)}) >= 3


def test_no_result_says_so(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/search")
    page.fill("#search-input", "zzzzzzzz")
    expect(page.locator("#search-results")).to_have_attribute("data-count", "0")
    expect(page.locator("#search-status")).not_to_be_empty()


def ids_in(page, selector):
    return page.locator(f"{selector} a.search-result").evaluate_all(
        "nodes => nodes.map((n) => `${n.dataset.ruleset}:${n.dataset.ruling}`)"
    )


def of_tag(app, tag, but):
    return {hit for hit in expected_rulings(app, {"tags": [tag]}) if not hit.startswith(f"{but}:")}


@pytest.mark.parametrize("lang,word", [("en", "late"), ("fr", "retard"), ("it", "ritardo")])
def test_late_in_arizona_says_arriving_late_is_not_covered(app, page, live_server, lang, word):
    """Arizona's late calls are listed, then a notice that arriving late is not covered, with the rulesets that are."""
    page.goto(f"{live_server.url}/{lang}/azrm-2026/search")
    page.fill("#search-input", word)
    expect(page.locator('#search-results a[data-ruling="r_call_first"]')).to_be_attached()
    assert {hit.split(":")[0] for hit in result_ids(page)} == {"azrm-2026"}
    notice = page.locator('#search-beyond .search-not-covered[data-tag="late-arrival"]')
    expect(notice).to_be_visible()
    expect(page.locator("#search-beyond .search-not-covered")).to_have_count(1)
    assert set(ids_in(page, '#search-beyond [data-tag="late-arrival"]')) == of_tag(app, "late-arrival", "azrm-2026")
    # Each of the other rulesets' rulings is labelled with its ruleset.
    for link in notice.locator("a.search-result").all():
        data = ruleset_document(app, link.get_attribute("data-ruleset"), lang)
        assert link.locator(".choice-meta").text_content().startswith(data.get("short_name") or data["name"])
    expect(page.locator("#search-elsewhere")).to_have_count(0)
    expect(page.locator("#search-status")).not_to_be_empty()


def test_nothing_in_the_ruleset_points_to_the_others(page, live_server):
    """Kuikae in MCR: no result of its own, swap-calling not covered, Enter opens another ruleset's ruling."""
    page.goto(f"{live_server.url}/en/mcr-ema-2014/search?q=kuikae")
    expect(page.locator('#search-beyond [data-tag="swap-calling"] a.search-result')).to_have_count(2)
    expect(page.locator("#search-results")).to_have_attribute("data-count", "0")
    expect(page.locator("#search-elsewhere")).to_have_count(0)
    assert page.evaluate("[...document.getElementById('search-beyond').childNodes].map((n) => n.nodeType)") == [1]
    first = page.locator('#search-beyond [data-tag="swap-calling"] a.search-result').first
    target = (first.get_attribute("data-ruleset"), first.get_attribute("data-ruling"))
    page.locator("#search-input").press("Enter")
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", target[1])
    assert page.url.endswith(f"/en/{target[0]}/ruling/{target[1]}")


def test_no_match_shows_the_other_rulesets_matches(page, live_server):
    page.goto(f"{live_server.url}/it/mcr-ema-2014/search?q=furiten")
    expect(
        page.locator('#search-elsewhere a[data-ruleset="tsumo-quebec"][data-ruling="r_chombo_furiten_ron"]')
    ).to_be_visible()
    expect(page.locator("#search-results")).to_have_attribute("data-count", "0")
    assert not [hit for hit in ids_in(page, "#search-elsewhere") if hit.startswith("mcr-ema-2014:")]
    # With every ruleset searched, the results are the list itself: no notice.
    page.check("#search-all")
    expect(page.locator('#search-results a[data-ruling="r_chombo_furiten_ron"]')).to_be_attached()
    expect(page.locator("#search-beyond > *")).to_have_count(0)


@pytest.mark.parametrize("ruleset_id", ["mcr-ema-2014", "wsom"])
def test_chombo_finds_the_false_wins(app, page, live_server, ruleset_id):
    page.goto(f"{live_server.url}/fr/{ruleset_id}/search?q=chombo")
    expect(page.locator("#search-results")).not_to_have_attribute("data-count", "0")
    false_wins = {hit for hit in expected_rulings(app, {"tags": ["false-win"]}) if hit.startswith(f"{ruleset_id}:")}
    assert false_wins <= set(result_ids(page))


def test_search_entry_points(page, live_server):
    page.goto(f"{live_server.url}/en/wrc-2015/ruling/r_late")
    page.click("#search-link")
    expect(page.locator("#search-input")).to_be_focused()
    page.goto(f"{live_server.url}/en/")
    page.click("#search-link")
    expect(page.locator("#search-input")).to_be_visible()
    assert page.url.endswith("/en/wrc-2015/search")


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_browse_lists_every_ruling(app, page, live_server, ruleset_id):
    rulings = rulings_of(app, ruleset_id)
    page.goto(f"{live_server.url}/fr/{ruleset_id}/")
    expect(page.locator("#question")).to_be_visible()
    page.goto(f"{live_server.url}/fr/")
    page.click("#browse-link")
    expect(page.locator("#browse")).to_be_visible()
    links = page.locator("#browse a.browse-link").evaluate_all("nodes => nodes.map((n) => n.dataset.ruling)")
    assert set(links) == set(rulings)
    groups = page.locator("#browse .browse-group")
    declared = ruleset_document(app, ruleset_id, "en")["source"].get("groups")
    if declared:  # a ruling may stand in more than one column of a table
        assert groups.count() == len(declared)
        assert len(links) >= len(rulings)
    else:
        assert len(links) == len(rulings)
    target = page.locator("#browse a.browse-link").last
    ruling_id = target.get_attribute("data-ruling")
    target.click()
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", ruling_id)


def test_mcr_reads_as_its_three_columns(page, live_server):
    page.goto(f"{live_server.url}/en/mcr-ema-2014/browse")
    columns = page.locator("#browse .browse-group")
    expect(columns).to_have_count(3)
    assert columns.nth(1).locator('a[data-ruling="r_false_hu_concealed"]').count() == 1
    assert columns.nth(2).locator('a[data-ruling="r_late_10"]').count() == 1
    assert columns.nth(0).locator('a[data-ruling="r_late_pung"]').count() == 1


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_in_each_language(page, live_server, lang):
    page.goto(f"{live_server.url}/{lang}/wrc-2015/ruling/r_late")
    page.click("#glossary-link")
    expect(page.locator("#glossary")).to_be_visible()
    assert page.get_attribute("html", "lang") == lang
    assert page.url.endswith(f"/{lang}/glossary")
    expect(page.locator("#glossary dt")).to_have_count(len(GLOSSARY))
    expect(page.locator("#glossary dd")).to_have_count(len(GLOSSARY))
    page.click("#term-kuikae + dd a.glossary-search")
    expect(page.locator('#search-results a[data-ruling="r_swap_calling"]')).to_be_visible()


def test_glossary_opens_offline_in_a_fresh_tab(offline_context):
    context, base = offline_context
    page = context.new_page()
    page.goto(f"{base}/it/glossary")
    expect(page.locator("#glossary dt")).to_have_count(len(GLOSSARY))


def test_share_copies_the_link_without_web_share(browser, live_server):
    context = browser.new_context(service_workers="block", permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page = context.new_page()
    page.goto(f"{live_server.url}/fr/wrc-2015/ruling/r_wrong_count")
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.click("#share-button")
    expect(page.locator("#share-status")).to_have_attribute("data-state", "copied")
    expect(page.locator("#share-status")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert copied[-1] == f"{live_server.url}/fr/wrc-2015/ruling/r_wrong_count?show=player"  # the player's view
    assert copied[:-1] == shown_message(page)
    # A drawing in between (a change in another tab; the first visit's own settings did it too) keeps what was said.
    draw_again_from_another_tab(page, live_server.url, "fr", "wrc-2015")
    expect(page.locator("#share-status")).to_have_attribute("data-state", "copied")
    context.close()


def shown_message(page):
    """The lines a shared ruling carries, as the card shows them: its title, its penalty, its scores line."""
    title, penalty, scores = (
        page.locator(selector).inner_text() for selector in ("#ruling-title", "#penalty", "#scores p")
    )
    penalty_line = page.evaluate(
        "JSON.parse(document.getElementById('app-config').textContent).strings.find.share_penalty"
    )
    return [title, penalty_line.replace("%(penalty)s", penalty), scores]


def test_share_uses_web_share_when_present(page, live_server):
    page.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); };")
    page.goto(f"{live_server.url}/en/wrc-2015/ruling/r_wrong_count")
    page.click("#share-button")
    expect(page.locator("#share-status")).to_have_attribute("data-state", "shared")
    assert page.evaluate("window.shared.url") == f"{live_server.url}/en/wrc-2015/ruling/r_wrong_count?show=player"
    assert page.evaluate("window.shared.text").split("\n") == shown_message(page)
    assert page.evaluate("window.shared.title") == page.locator("#ruling-title").inner_text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_reports_no_violations(page, live_server, scheme):
    """The new screens at phone width, with results shown and the share confirmation visible."""
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 320, "height": 640})
    axe = Axe()
    for path in (
        "/fr/wrc-2015/search?q=chombo&all=1",
        "/it/mcr-ema-2014/browse",
        "/en/glossary",
        "/fr/azrm-2026/search?q=retard",
        "/en/mcr-ema-2014/search?q=furiten",
    ):
        page.goto(live_server.url + path)
        page.wait_for_selector(".screen-heading")
        result = axe.run(page)
        assert result.violations_count == 0, (path, result.generate_report())
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, path
