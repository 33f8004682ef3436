"""Imports in the browser: each bad file refused with its own code and the log unchanged; merging two referees'
exports; a conflicting record offered for a choice; the first export format; opaque ids that work everywhere."""

import json

import pytest
import stored as store
from act_form import record_only
from helpers import ROOT
from playwright.sync_api import expect

V1 = json.loads((ROOT / "tests" / "fixtures" / "incident-log-v1.json").read_text(encoding="utf-8"))
FIRST = V1["incidents"][0]
WINDS = {"East": 0, "South": 1, "West": 2, "North": 3, "": None}


def coded(incident):
    """An incident of an older file as stored since the incident's version 3: its seat, a wind's name, as a code."""
    return {**incident, "seat": WINDS[incident["seat"]]}


def import_file(page, data):
    text = data if isinstance(data, str) else json.dumps(data)
    page.set_input_files(
        "#import-file", files=[{"name": "log.json", "mimeType": "application/json", "buffer": text.encode()}]
    )


def log_with(*incidents, **changes):
    return {**V1, "incidents": list(incidents), **changes}


def strike(day_text, n):
    return {
        **FIRST,
        "id": f"strike-{n}",
        "at": day_text,
        "rulesetId": "azrm-2026",
        "rulingId": "r_wrong_count",
        "player": "Zed",
    }


BAD = {
    "11/23/2026": ("bad_date", log_with({**FIRST, "at": "11/23/2026"})),
    "1": ("bad_date", log_with({**FIRST, "at": "1"})),
    "Nov 23": ("bad_date", log_with({**FIRST, "at": "Nov 23"})),
    "+275760": ("bad_date", log_with({**FIRST, "at": "+275760-09-13T00:00:00.000Z"})),
    "no zone": ("bad_date", log_with({**FIRST, "at": "2026-11-23T10:00:00"})),
    "absurd year": ("bad_date", log_with({**FIRST, "at": "3026-11-23T10:00:00Z"})),
    "three Arizona strikes dated MM/DD/YYYY hh:mm": (
        "bad_date",
        log_with(*[strike(f"11/23/2026 1{n}:00", n) for n in range(3)]),
    ),
    "points out of range": ("bad_number", log_with({**FIRST, "points": 1e300})),
    "wrong format": ("foreign", {**V1, "format": "someone-else/log"}),
    "missing version": ("no_version", {k: v for k, v in V1.items() if k != "version"}),
    "version as text": ("bad_version", {**V1, "version": "1"}),
    "newer version": ("newer", {**V1, "version": 4}),
    "a seat that names no wind": ("bad_field", log_with({**FIRST, "seat": "by the window"})),
    "not JSON": ("not_json", "{oops"),
}


def test_each_bad_file_has_its_own_error_and_changes_nothing(page, live_server):
    """Bug 5 of issue 13: these dates were accepted (and three strikes on one day showed "May play"); a text or
    missing version was called "newer"."""
    page.goto(f"{live_server.url}/en/log")
    import_file(page, V1)
    expect(page.locator("#incidents li.incident")).to_have_count(3)
    before = store.items(page, "incident")
    for name, (error, content) in BAD.items():
        import_file(page, content)
        expect(page.locator("#import-error")).to_have_attribute("data-error", error)
        assert store.items(page, "incident") == before, name
    expect(page.locator("#incidents li.incident")).to_have_count(3)


def test_the_first_export_format_imports_byte_for_byte(page, live_server):
    """Every field as it was, its seat (a wind's name) read as its code; shown as the wind in the page's language."""
    page.goto(f"{live_server.url}/fr/log")
    import_file(page, (ROOT / "tests" / "fixtures" / "incident-log-v1.json").read_text(encoding="utf-8"))
    expect(page.locator("#import-done")).to_have_attribute("data-added", "3")
    stored = store.incidents(page)
    assert [json.dumps(stored[i["id"]]) for i in V1["incidents"]] == [json.dumps(coded(i)) for i in V1["incidents"]]
    title = page.locator(f'li.incident[data-incident="{FIRST["id"]}"] .incident-title')
    expect(title).to_contain_text("(Est)")


def test_merging_two_referees_exports(page, live_server, tmp_path):
    """Referee 1 has incidents 1 and 2; referee 2's export has 2 (same), 3 (new) and 1 edited: the merge gives the
    union without duplicates, and the edited one is offered for a choice."""
    base = live_server.url
    page.goto(f"{base}/en/log")
    mine = V1["incidents"][:2]
    import_file(page, log_with(*mine))
    expect(page.locator("#incidents li.incident")).to_have_count(2)
    edited = {**mine[0], "note": "seen by referee 2", "points": 30}
    theirs = log_with(mine[1], V1["incidents"][2], edited)
    import_file(page, theirs)
    plan = page.locator("#import-plan")
    expect(plan).to_have_attribute("data-new", "1")
    expect(plan).to_have_attribute("data-same", "1")
    expect(plan).to_have_attribute("data-conflicts", "1")
    conflict = page.locator("#import-conflicts li")
    expect(conflict).to_have_attribute("data-conflict", mine[0]["id"])
    conflict.locator('[data-choice="theirs"]').check()
    page.click("#import-merge")
    done = page.locator("#import-done")
    expect(done).to_have_attribute("data-added", "1")
    expect(done).to_have_attribute("data-replaced", "1")
    stored = store.incidents(page)
    assert sorted(stored) == sorted(i["id"] for i in V1["incidents"])
    assert stored[mine[0]["id"]] == coded(edited) and stored[mine[1]["id"]] == coded(mine[1])
    # The same file again: everything is already there, nothing is added twice.
    import_file(page, theirs)
    expect(page.locator("#import-plan")).to_have_attribute("data-same", "3")
    page.click("#import-merge")
    expect(page.locator("#import-done")).to_have_attribute("data-added", "0")
    assert store.incidents(page) == stored


def test_keep_mine_and_replace(page, live_server):
    page.goto(f"{live_server.url}/en/log")
    import_file(page, log_with(FIRST))
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    import_file(page, log_with({**FIRST, "player": "Someone else"}, V1["incidents"][1]))
    page.click("#import-merge")  # "keep mine" is the default choice
    expect(page.locator("#import-done")).to_have_attribute("data-kept", "1")
    assert store.incidents(page)[FIRST["id"]] == coded(FIRST)
    import_file(page, log_with(V1["incidents"][2]))
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#import-replace")
    expect(page.locator("#import-done")).to_have_attribute("data-added", "1")
    assert list(store.incidents(page)) == [V1["incidents"][2]["id"]]


@pytest.mark.parametrize("odd_id", ['a b"c', "</script>", "constructor"])
def test_an_imported_odd_id_can_be_edited_and_deleted(page, live_server, odd_id):
    """Bug 5 of issue 13: an imported id like a b"c could not be edited (a selector was built from it)."""
    page.goto(f"{live_server.url}/en/log")
    import_file(page, log_with({**FIRST, "id": odd_id}))
    card = page.locator("#incidents li.incident")
    expect(card).to_have_attribute("data-incident", odd_id)
    card.locator(".incident-actions button").first.click()  # Edit
    card.locator('input[name="points"]').fill("25")
    card.locator('button[type="submit"]').click()
    expect(card.locator("[data-points]")).to_have_attribute("data-points", "25")
    assert store.incidents(page)[odd_id]["points"] == 25
    page.once("dialog", lambda dialog: dialog.accept())
    card.locator(".incident-actions button").last.click()  # Delete
    expect(page.locator("#log-empty")).to_be_visible()
    assert store.incidents(page) == {}


def test_a_roster_export_round_trips_with_its_players_and_events(page, live_server, tmp_path):
    """Version 2 exports carry the roster players and events their incidents point at; importing one on a fresh
    device brings them back, so the incidents keep naming the same player (by id)."""
    base = live_server.url
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_late_pung")
    record_only(page, "Léa Müller")
    page.goto(f"{base}/en/log")
    with page.expect_download() as download:
        page.click("#export-json")
    exported = tmp_path / "log.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    [incident] = data["incidents"]
    [player] = data["players"]
    assert data["version"] == 3 and incident["playerId"] == player["id"] and player["name"] == "Léa Müller"
    store.clear(page, "incident")
    store.clear(page, "player")
    page.reload()
    page.set_input_files("#import-file", str(exported))
    expect(page.locator("#import-done")).to_have_attribute("data-added", "1")
    assert store.items(page, "player")[player["id"]]["data"] == player
    assert store.incidents(page)[incident["id"]] == incident


def test_an_import_goes_through_the_duplicate_guard_and_the_events(page, live_server):
    """Issue 28, 6: a version-2 file added a second roster "Léa Müller" with another id, and an incident naming an
    unknown event was accepted. The file's Léa is now the device's (its incident points at her), and an unknown
    event is refused with its own error, nothing changed; an event the file carries is added with its incident."""
    base = live_server.url
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_late_pung")
    record_only(page, "Léa Müller")
    [lea] = store.items(page, "player").values()
    page.goto(f"{base}/en/log")
    twin = {"id": "from-file", "eventId": "local", "name": "lea  MULLER"}
    incident = {**FIRST, "id": "filed", "playerId": "from-file", "player": "lea  MULLER"}
    import_file(page, {**V1, "version": 2, "incidents": [incident], "players": [twin], "events": []})
    page.click("#import-merge")
    expect(page.locator("#import-done")).to_have_attribute("data-added", "1")
    players = store.items(page, "player")
    assert list(players) == [lea["data"]["id"]], "no second Léa Müller"
    assert store.incidents(page)["filed"]["playerId"] == lea["data"]["id"]
    before = store.items(page, "incident")
    import_file(
        page,
        {**V1, "version": 2, "incidents": [{**FIRST, "id": "lost", "eventId": "nowhere"}], "players": [], "events": []},
    )
    expect(page.locator("#import-error")).to_have_attribute("data-error", "unknown_event")
    expect(page.locator("#import-error")).to_have_attribute("data-path", "incidents/0/eventId")
    assert store.items(page, "incident") == before
    event = {"id": "cup", "name": "Cup", "rulesetId": "wrc-2015"}
    import_file(
        page,
        {
            **V1,
            "version": 2,
            "incidents": [{**FIRST, "id": "cup-1", "eventId": "cup"}],
            "players": [],
            "events": [event],
        },
    )
    page.click("#import-merge")
    expect(page.locator("#import-done")).to_have_attribute("data-added", "1")
    assert "cup" in store.items(page, "event")
    import_file(page, {**V1, "version": 2, "incidents": [], "players": [twin, twin], "events": []})
    expect(page.locator("#import-error")).to_have_attribute("data-error", "duplicate_player")
