"""The one-time upgrade of stored data at the first start of a version that brings new formats (issue 35, 8): a
database as the earlier app left it (incidents with seats as wind names in three languages, a record's sync state
with an older phone's text seat, a table history of the previous release) is rewritten once at the current formats,
with the same figures; what cannot be carried is set aside and reported, never dropped silently."""

import csv
import io
import time

import stored as store
from playwright.sync_api import expect
from test_storage import START  # a WRC 2015 table as the earlier app kept it

# The database as the earlier app left it: its stores at database version 3, the items given, no upgrade marker.
MAKE = """async (items) => {
  await new Promise((resolve) => {
    const r = indexedDB.deleteDatabase('mahjong-referee');
    r.onsuccess = r.onerror = r.onblocked = resolve;
  });
  localStorage.clear();
  await new Promise((resolve, reject) => {
    const request = indexedDB.open('mahjong-referee', 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      const stores = db.objectStoreNames;
      if (!stores.contains('items')) db.createObjectStore('items');
      if (!stores.contains('quarantine')) db.createObjectStore('quarantine', { autoIncrement: true });
      const put = request.transaction.objectStore('items');
      for (const [key, value] of items) put.put(value, key);
    };
    request.onsuccess = () => { request.result.close(); resolve(); };
    request.onerror = () => reject(request.error);
  });
}"""


def incident(item_id, seat, player, minute):
    return {
        "id": item_id,
        "at": f"2026-11-23T10:{minute:02d}:00.000Z",
        "tournament": "",
        "session": "1",
        "table": "4",
        "player": player,
        "seat": seat,
        "rulesetId": "wrc-2015",
        "rulingId": "r_false_win_shown",
        "points": 20,
        "note": "",
    }


# Seats as the earlier app kept them: the wind's name in the language of the screen that recorded it.
SEATS = {"fr": ("Est", 0), "it": ("ovest", 2), "en": ("NORTH", 3), "none": ("", None)}
INCIDENTS = [incident(f"i-{name}", text, f"Player {name}", n) for n, (name, (text, _)) in enumerate(SEATS.items())]
UNKNOWN = incident("i-unknown", "by the window", "Zoë", 30)

# The previous release's table (version 1): a whole-table edit, a false win shown by South, West late and
# substituted, the end of the hanchan. The figures the earlier app showed (worked out by the code before this change,
# 7248c78): tournament scores 26, -50, -30 and 0, every table back at 30,000.
TABLE_V1 = {
    "start": START,
    "steps": [
        {
            "kind": "edit",
            "at": "2026-11-23T10:00:00.000Z",
            "table": {
                **START,
                "seats": [
                    {**START["seats"][0], "table": 41000},
                    {**START["seats"][1], "table": 15000},
                    *START["seats"][2:],
                ],
            },
        },
        {
            "kind": "ruling",
            "rulingId": "r_false_win_shown",
            "inputs": {"offender": "1"},
            "at": "2026-11-23T10:05:00.000Z",
        },
        {
            "kind": "ruling",
            "rulingId": "r_late_substituted",
            "inputs": {"offender": "2"},
            "at": "2026-11-23T10:10:00.000Z",
        },
        {"kind": "end-hanchan", "at": "2026-11-23T12:00:00.000Z"},
    ],
}
FIGURES = {"table": [30000, 30000, 30000, 30000], "tournament": [26, -50, -30, 0]}


def envelope(kind, data, v, rev):
    return {"format": kind, "v": v, "rev": rev, "data": data}


def plant(page, base):
    items = [[["incident", item["id"]], envelope("incident", item, 2, 40 + n)] for n, item in enumerate(INCIDENTS)]
    items.append([["incident", UNKNOWN["id"]], envelope("incident", UNKNOWN, 1, 50)])
    items.append([["table", "wrc-2015"], envelope("table", TABLE_V1, 1, 60)])
    page.goto(f"{base}/nothing")
    page.evaluate(MAKE, items)


def upgraded(page, seconds=20):
    """The stored incidents once every one is at version 3 (the upgrade runs in the background after the start)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = store.items(page, "incident")
        if found and all(item["v"] == 3 for item in found.values()):
            return found
        time.sleep(0.2)
    raise AssertionError(f"not upgraded within {seconds} s: {found}")


def test_stored_data_of_the_earlier_formats_is_upgraded_once_with_the_same_figures(browser, live_server, tmp_path):
    base = live_server.url
    context = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    plant(page, base)
    page.goto(f"{base}/fr/log")
    # Shown in the screen's language whatever language recorded them, from the first read (migrated in memory).
    expect(page.locator('li.incident[data-incident="i-it"] .incident-title')).to_contain_text("(Ouest)")
    expect(page.locator('li.incident[data-incident="i-en"] .incident-title')).to_contain_text("(Nord)")
    stored = upgraded(page)
    assert {item_id: item["data"]["seat"] for item_id, item in stored.items()} == {
        **{f"i-{name}": code for name, (_, code) in SEATS.items()},
        "i-unknown": None,
    }
    # Only the shape changed: the revision is kept (a form opened on it is not "changed elsewhere")...
    assert [stored[item["id"]]["rev"] for item in INCIDENTS] == [40, 41, 42, 43]
    # ...except where a part could not be carried: the original set aside whole, the seat text in it, and said.
    [aside] = store.aside(page)
    assert (aside["kind"], aside["id"], aside["reason"]) == ("incident", "i-unknown", "damaged")
    assert aside["original"]["data"]["seat"] == "by the window"
    assert {"path": "data/seat", "code": "unknown_seat"} in aside["problems"]
    page.reload()
    expect(page.locator("#notice-incident-damaged")).to_have_attribute("data-count", "1")
    # The CSV in French: the seats as the French winds.
    with page.expect_download() as download:
        page.locator("#export-csv").tap()
    path = tmp_path / "log.csv"
    download.value.save_as(path)
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig")), delimiter=";"))
    seats = {row[4]: row[5] for row in rows[1:]}
    assert seats == {"Player fr": "Est", "Player it": "Ouest", "Player en": "Nord", "Player none": "", "Zoë": ""}

    # The previous release's table: the same figures, stored upgraded at the table's first read, never replayed again.
    page.goto(f"{base}/fr/wrc-2015/table")
    for score, values in FIGURES.items():
        for seat, value in enumerate(values):
            expect(page.locator(f'#seat-{seat} [data-score="{score}"]')).to_have_attribute("data-value", str(value))
    table = store.item(page, "table", "wrc-2015")
    assert "legacy" not in table["data"] and all("table" not in step for step in table["data"]["steps"])
    assert [step["kind"] for step in table["data"]["steps"]] == ["edit", "ruling", "ruling", "end-hanchan"]
    assert page.evaluate("() => localStorage.getItem('mjref.upgraded')") is not None
    context.close()
