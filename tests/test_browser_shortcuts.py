"""The start screen's shortcuts (issue 15.2): the chosen ruleset's common incidents, as its data marks them, and the
referee's favourites and recent rulings, kept on the device (stored kind `shortcuts`) and shown offline."""

import stored as store
import yaml
from helpers import ROOT
from playwright.sync_api import expect


def common_of(ruleset_id):
    return yaml.safe_load((ROOT / "rulesets" / f"{ruleset_id}.yaml").read_text(encoding="utf-8"))["common"]


def shortcut_ids(page, list_id):
    return page.eval_on_selector_all(
        f"#{list_id} a.shortcut", "(links) => links.map((a) => [a.dataset.ruleset, a.dataset.ruling])"
    )


def test_common_rulings_favourites_and_recent_ones(page, live_server):
    base = live_server.url
    page.goto(f"{base}/fr/wrc-2015/")
    expect(page.locator("#question")).to_be_visible()
    page.click("#nav-home")
    expect(page.locator("#common-rulings")).to_be_visible()
    assert shortcut_ids(page, "common-rulings") == [["wrc-2015", ruling] for ruling in common_of("wrc-2015")]
    expect(page.locator("#favourite-rulings, #recent-rulings")).to_have_count(0)  # nothing kept yet

    page.locator("#common-rulings a.shortcut").nth(6).click()  # a common incident opens its ruling in one tap
    expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", common_of("wrc-2015")[6])
    expect(page.locator("#favourite")).to_have_attribute("aria-pressed", "false")
    page.click("#favourite")
    expect(page.locator("#favourite")).to_have_attribute("aria-pressed", "true")
    page.goto(f"{base}/fr/mcr-ema-2014/ruling/r_late_10")
    expect(page.locator("#favourite")).to_have_attribute("aria-pressed", "false")
    page.goto(f"{base}/fr/mcr-ema-2014/ruling/r_late_15")
    expect(page.locator("#favourite")).to_be_visible()  # shown once the ruling has joined the recent ones
    page.goto(f"{base}/fr/mcr-ema-2014/ruling/r_late_10")  # seen again: first, and only once
    expect(page.locator("#favourite")).to_be_visible()

    page.goto(f"{base}/fr/")  # a fresh page: what it shows comes from the device's storage
    expect(page.locator("#recent-rulings")).to_be_visible()
    assert shortcut_ids(page, "common-rulings") == [["mcr-ema-2014", ruling] for ruling in common_of("mcr-ema-2014")]
    assert shortcut_ids(page, "favourite-rulings") == [["wrc-2015", common_of("wrc-2015")[6]]]
    assert shortcut_ids(page, "recent-rulings") == [
        ["mcr-ema-2014", "r_late_10"],
        ["mcr-ema-2014", "r_late_15"],
        ["wrc-2015", common_of("wrc-2015")[6]],
    ]
    stored = store.item(page, "shortcuts", "main")
    assert stored["format"] == "shortcuts" and stored["v"] == 1
    assert stored["data"]["favourites"] == [{"rulesetId": "wrc-2015", "rulingId": common_of("wrc-2015")[6]}]

    page.locator("#favourite-rulings a.shortcut").click()
    page.click("#favourite")  # taken out of the favourites
    expect(page.locator("#favourite")).to_have_attribute("aria-pressed", "false")
    page.click("#nav-home")
    expect(page.locator("#recent-rulings")).to_be_visible()
    expect(page.locator("#favourite-rulings")).to_have_count(0)
    assert store.item(page, "shortcuts", "main")["data"]["favourites"] == []


def test_recent_rulings_keep_the_last_eight(page, live_server):
    base = live_server.url
    rulings = [
        "r_late",
        "r_phone",
        "r_device",
        "r_cheating",
        "r_obstruction",
        "r_wrong_count",
        "r_late_take",
        "r_reveal_few",
        "r_swap_calling",
        "r_empty_meld",
    ]
    for ruling in rulings:
        page.goto(f"{base}/en/wrc-2015/ruling/{ruling}")
        expect(page.locator("#favourite")).to_be_visible()
    page.goto(f"{base}/en/")
    expect(page.locator("#recent-rulings")).to_be_visible()
    assert [ruling for _, ruling in shortcut_ids(page, "recent-rulings")] == rulings[::-1][:8]


def source_url(ruleset_id):
    return yaml.safe_load((ROOT / "rulesets" / f"{ruleset_id}.yaml").read_text(encoding="utf-8"))["source"].get("url")


def test_each_ruling_links_to_its_source_where_its_address_is_known(page, live_server):
    """A ruleset with a known public address of its source (source.url) links every ruling to it; one without names
    the document and links nowhere (no address is made up)."""
    assert source_url("tsumo-quebec") and source_url("azrm-2026") is None
    for lang, ruleset_id, ruling in [
        ("fr", "tsumo-quebec", "r_chombo_false_win"),
        ("it", "wsom", "r_false_win"),
        ("en", "wrc-2015", "r_late"),
        ("en", "azrm-2026", "r_empty_win"),
        ("it", "mcr-ema-2014", "r_late_10"),
    ]:
        page.goto(f"{live_server.url}/{lang}/{ruleset_id}/ruling/{ruling}")
        expect(page.locator("#section")).to_be_visible()
        link = page.locator("#section a#source-link")
        if source_url(ruleset_id):
            expect(link).to_have_attribute("href", source_url(ruleset_id))
            expect(link).to_have_attribute("rel", "noopener noreferrer")
        else:
            expect(link).to_have_count(0)
