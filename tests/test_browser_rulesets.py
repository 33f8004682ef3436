"""Every ruleset in the browser: a ruling per source section in each language, offline, and the comparison view."""

import pytest
from helpers import ruleset_document, ruleset_ids, run_engine
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]


def one_ruling_per_section(app, ruleset_id, tmp_path):
    """The first ruling of each distinct source section, with the answers that reach it."""
    data = ruleset_document(app, ruleset_id, "en")
    paths = run_engine(app, ruleset_id, "en", [], tmp_path)["paths"]
    chosen = {}
    for ruling_id, ruling in data["rulings"].items():
        chosen.setdefault(ruling["section"], (ruling_id, paths[ruling_id]))
    return sorted(chosen.values())


def readings_of(app, ruleset_id, lang):
    """Each ruling's readings as shown ({ruling id: {reading id: its three texts}}), in one language."""
    data = ruleset_document(app, ruleset_id, lang)
    shown = {}
    for ruling_id, ruling in data["rulings"].items():
        ids = data["penalties"][ruling["penalty"]].get("readings", []) + ruling.get("readings", [])
        shown[ruling_id] = {reading_id: data["readings"][reading_id] for reading_id in dict.fromkeys(ids)}
    return shown


def every_ruling(app, ruleset_id, tmp_path):
    """Every ruling with the answers that reach it."""
    return sorted(run_engine(app, ruleset_id, "en", [], tmp_path)["paths"].items())


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruling_in_each_language_offline(app, offline_context, ruleset_id, tmp_path):
    """Covers at least one ruling per source section: every ruling of the ruleset, in each language, offline, each
    with the readings it rests on (rulesets/READINGS.md) shown in that language."""
    context, base = offline_context
    page = context.new_page()
    from_network = []
    page.on("response", lambda response: None if response.from_service_worker else from_network.append(response.url))
    targets = every_ruling(app, ruleset_id, tmp_path)
    assert targets
    english = readings_of(app, ruleset_id, "en")
    for lang in LANGS:
        readings = readings_of(app, ruleset_id, lang)
        page.goto(f"{base}/{lang}/{ruleset_id}/")
        assert page.get_attribute("html", "lang") == lang
        for ruling_id, answers in targets:
            # Same URL state as a reload, without reloading the shell each time (the reload path is tested above).
            page.evaluate(
                "url => { history.pushState({}, '', url); dispatchEvent(new PopStateEvent('popstate')); }",
                f"/{lang}/{ruleset_id}/{'/'.join(answers)}",
            )
            expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", ruling_id)
            # Each reading's id and text in one call (a call per text made this test one of the suite's slowest).
            shown = page.locator("#readings [data-reading]").evaluate_all(
                "nodes => nodes.map((n) => [n.dataset.reading, n.innerText])"
            )
            assert [reading_id for reading_id, _ in shown] == list(readings[ruling_id])
            for (_, text), (reading_id, texts) in zip(shown, readings[ruling_id].items()):
                for key in ("open", "reading", "origin"):
                    assert texts[key] in text
                    if lang != "en":
                        assert texts[key] != english[ruling_id][reading_id][key], (lang, reading_id, key)
    assert from_network == []


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_first_ruling_by_tapping(page, live_server, app, ruleset_id, tmp_path):
    """Tap through the wizard from the home screen to one ruling of each ruleset."""
    ruling_id, answers = one_ruling_per_section(app, ruleset_id, tmp_path)[0]
    page.goto(f"{live_server.url}/en/")
    page.click(f"#ruleset-{ruleset_id}")
    for answer in answers:
        page.wait_for_selector("#options, #number-form")
        url = page.url
        if page.locator(f"#opt-{answer}").count():
            page.click(f"#opt-{answer}")
        else:
            page.fill("#number-input", answer)
            page.click("#number-submit")
        # the next step reads the next question, not this one still on screen while the app draws the next (drawn in
        # place: the same nodes may stay, so the address tells the step)
        expect(page).not_to_have_url(url)
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", ruling_id)


def test_same_incident_under_other_rulesets_offline(offline_context):
    context, base = offline_context
    page = context.new_page()
    page.goto(f"{base}/fr/wrc-2015/ruling/r_wrong_count")
    expect(page.locator("#compare")).to_be_visible()
    page.click("#compare summary")
    links = page.locator("#compare a.compare-link")
    assert links.count() >= 3
    rulesets = set(links.evaluate_all("nodes => nodes.map((n) => n.dataset.ruleset)"))
    assert {"wsom", "mcr-ema-2014", "tsumo-quebec"} <= rulesets
    target = page.locator('#compare a[data-ruleset="mcr-ema-2014"]').first
    ruling_id = target.get_attribute("data-ruling")
    target.click()
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", ruling_id)
    assert "/fr/mcr-ema-2014/" in page.url
