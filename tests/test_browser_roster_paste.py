"""Many players added to the roster at once from a pasted list (issue 23), through the same duplicate guard as the
form: a name already on the roster, or twice in the list, is listed as skipped and never added silently."""

import pytest
import stored as store
from playwright.sync_api import expect

LANGS = ["en", "fr", "it"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_list_adds_players_and_skips_duplicates(page, live_server, lang):
    page.goto(f"{live_server.url}/{lang}/roster")
    page.fill("#player-add-name", "Léa Müller")
    page.click("#player-add-save")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
    page.click("#players-paste-open")
    page.fill("#players-paste", "Bo Chen, 12, Club Sud\n\nlea muller\nCy Diaz\nbo chen\n")
    page.click("#players-paste-save")
    result = page.locator("#players-paste-result")
    expect(result).to_have_attribute("data-added", "2")
    expect(result).to_have_attribute("data-skipped", "2")
    expect(page.locator('#players-paste-skipped li[data-code="duplicate"]')).to_have_count(2)
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "3")
    players = sorted(
        (value["data"]["name"], value["data"].get("number", "")) for value in store.items(page, "player").values()
    )
    assert players == [("Bo Chen", "12"), ("Cy Diaz", ""), ("Léa Müller", "")]
