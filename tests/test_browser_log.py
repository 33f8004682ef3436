"""End to end: recording incidents, escalation shown before the next one, edit, delete, export, import, persistence."""

import json

import pytest
import stored as store
from act_form import act, choose, fill_details, record_only
from conftest import wait_offline_ready
from playwright.sync_api import expect


def stored_log(page):
    """{id: incident} of the stored log."""
    return store.incidents(page)


def record(page, base, path, player, session="1", note=""):
    page.goto(f"{base}{path}")
    record_only(page, player, session=session, note=note or None)


def test_mcr_escalation_shown_before_the_next_offence(page, live_server):
    base = live_server.url
    record(page, base, "/en/mcr-ema-2014/ruling/r_call_not_completed", "Alice")
    record(page, base, "/en/mcr-ema-2014/ruling/r_late_pung", "Alice")
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_passing_information")
    choose(page, "away", "alice")
    fill_details(page)
    expect(page.locator("#act-session")).to_have_value("1")  # the session is remembered
    # What this offence changes in Alice's record, before it is confirmed: her next offence cost 10 before it.
    lines = page.locator('#act-record-lines li[data-count="session"]')
    expect(lines).to_have_attribute("data-next-from", "10")
    fill_details(page, session="2")
    expect(lines).to_have_attribute("data-next-from", "0")


def test_record_from_the_calculator_then_edit_and_delete(page, live_server):
    base = live_server.url
    page.goto(f"{base}/en/wrc-2015/false-win/shown/no")
    choose(page, 1, "Bo")  # an unnamed seat: the log records the name typed for it (issue 35)
    fill_details(page)
    expect(page.locator("#act-points")).to_have_value("20")
    act(page, 1)
    page.click("#act-open-log")
    card = page.locator("#incidents li.incident")
    expect(card).to_have_count(1)
    expect(card.locator("[data-points]")).to_have_attribute("data-points", "20")
    incident_id = card.get_attribute("data-incident")
    page.click(f"#edit-{incident_id}")
    page.fill(f"#edit-{incident_id}-points", "abc")
    page.click(f"#edit-{incident_id}-save")
    expect(page.locator(f"#edit-{incident_id}-points-error")).to_be_visible()
    assert stored_log(page)[incident_id]["points"] == 20
    page.fill(f"#edit-{incident_id}-points", "25")
    page.click(f"#edit-{incident_id}-save")
    expect(page.locator("#incidents [data-points]")).to_have_attribute("data-points", "25")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click(f"#delete-{incident_id}")
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(f"#delete-{incident_id}")
    expect(page.locator("#log-empty")).to_be_visible()


def test_export_import_round_trip_and_bad_files(page, live_server, tmp_path):
    base = live_server.url
    record(page, base, "/fr/azrm-2026/ruling/r_wrong_count", "Cy", note="<script>window.pwned=1</script>")
    record(page, base, "/fr/wsom/ruling/r_long_hand", "Dee")
    page.goto(f"{base}/fr/log")
    expect(page.locator(".note")).to_contain_text("<script>")
    assert page.evaluate("window.pwned === undefined")
    original = stored_log(page)
    with page.expect_download() as download:
        page.click("#export-json")
    exported = tmp_path / "log.json"
    download.value.save_as(exported)
    with page.expect_download() as csv_download:
        page.click("#export-csv")
    csv_file = tmp_path / "log.csv"
    csv_download.value.save_as(csv_file)
    assert len(csv_file.read_text(encoding="utf-8").strip().splitlines()) == 3

    bad_files = {
        "not_json": b"{oops",
        "foreign": json.dumps({"incidents": []}).encode(),
        "newer": json.dumps({**json.loads(exported.read_text()), "version": 99}).encode(),
        "bad_id": json.dumps({**json.loads(exported.read_text()), "incidents": [{"id": 1}]}).encode(),
    }
    for error, content in bad_files.items():
        page.set_input_files(
            "#import-file", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": content}]
        )
        expect(page.locator("#import-error")).to_have_attribute("data-error", error)
        assert stored_log(page) == original

    store.clear(page, "incident")
    page.reload()
    expect(page.locator("#log-empty")).to_be_visible()
    page.set_input_files("#import-file", str(exported))
    expect(page.locator("#incidents li.incident")).to_have_count(2)
    assert stored_log(page) == original


@pytest.mark.service_worker
def test_log_survives_reload_and_offline(page, live_server):
    base = live_server.url
    page.goto(f"{base}/it/")
    wait_offline_ready(page)
    record(page, base, "/it/wrc-2015/ruling/r_cheating", "Eve")
    page.goto(f"{base}/it/log")
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("#incidents li.incident")).to_have_count(1)
        expect(page.locator('#player-cards li[data-player="Eve"]')).to_be_visible()
    finally:
        page.context.set_offline(False)


def test_empty_player_is_refused(page, live_server):
    page.goto(f"{live_server.url}/en/wsom/ruling/r_long_hand")
    record_only(page, "", wait=False)
    expect(page.locator("#act-player-error")).to_be_visible()
    assert stored_log(page) == {}


def test_full_storage_is_said_and_changes_nothing(page, live_server):
    store.small_quota(page, live_server.url)
    record(page, live_server.url, "/en/wsom/ruling/r_long_hand", "Gus")
    before = stored_log(page)
    page.goto(f"{live_server.url}/en/wsom/ruling/r_short_hand")
    choose(page, "away", "Gus")
    full = store.FullStorage(page, live_server.url)
    try:
        record_only(page, "Gus", wait=False)
        expect(page.locator("#act-storage-error")).to_have_attribute("data-error", "quota")
    finally:
        full.release()
    assert stored_log(page) == before


def test_the_logs_csv_opens_in_a_french_spreadsheet(page, live_server, tmp_path):
    """The log screen's CSV (csv-export.js) as a French spreadsheet reads it: byte-order mark, ';', accents intact, the
    player's name and the ruling's id where they belong (issue 15.7)."""
    import codecs
    import csv

    record(page, live_server.url, "/fr/wrc-2015/ruling/r_late", "Léa Müller", note="Ça va ; oui, « non »")
    page.goto(f"{live_server.url}/fr/log")
    with page.expect_download() as download:
        page.click("#export-csv")
    path = tmp_path / "journal.csv"
    download.value.save_as(path)
    assert path.read_bytes().startswith(codecs.BOM_UTF8)
    with path.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    assert len(rows) == 2 and len(rows[0]) == len(rows[1]) > 5
    assert "Léa Müller" in rows[1] and "Ça va ; oui, « non »" in rows[1]


# Every text node holding a direction control or right-to-left letters, and whether it is isolated: inside a <bdi>
# (or an element with dir), or between FSI and PDI marks.
ISOLATION = r"""() => {
  const risky = /[\u0590-\u08FF\u202A-\u202E\u2066-\u2069]/;
  const walker = document.createTreeWalker(document.getElementById('view'), NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!risky.test(node.data)) continue;
    const parent = node.parentElement;
    const isolated = parent.tagName === 'BDI' || parent.hasAttribute('dir')
      || [...node.data.matchAll(/[\u0590-\u08FF\u202A-\u202E]+/g)]
        .every((m) => node.data.lastIndexOf('\u2068', m.index) > node.data.lastIndexOf('\u2069', m.index));
    found.push({ text: node.data, isolated, alone: parent.tagName !== 'BDI' || parent.textContent === node.data });
  }
  return found;
}"""


def test_a_right_to_left_override_in_a_name_turns_no_other_text(page, live_server):
    """Issue 28, 10: a player named "Ann" followed by a right-to-left override (no terminator) reversed the log's
    own text after it ("noitacifilauqsiD — edirrevO nnA"). Override characters are now refused at the field (the text
    rule, tests/test_text_rule.py), but a name in a right-to-left script still turns the neutral text around it: every
    user text is isolated where it is shown."""
    base = live_server.url
    record(page, base, "/en/wrc-2015/ruling/r_cheating", "שרה כהן 2", note="ראה למעלה 3")
    page.goto(f"{base}/en/log")
    title = page.locator("#incidents li.incident .incident-title")
    expect(title.locator("bdi")).to_have_text("שרה כהן 2")
    found = page.evaluate(ISOLATION)
    assert found and all(item["isolated"] for item in found), found
