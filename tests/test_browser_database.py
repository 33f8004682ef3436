"""A broken database structure (issue 28, 4), made with IndexedDB calls before the app opens it: each is said for what
it is, with what to do, and never blamed on the connection, private browsing or another tab; junk keys in a store
never stop a damaged item beside them being set aside."""

import pytest
import stored as store
from playwright.sync_api import expect

# Make the app's database as given: its version and its stores (name → autoIncrement), after deleting any old one.
MAKE = """async ([version, stores]) => {
  await new Promise((resolve) => {
    const r = indexedDB.deleteDatabase('mahjong-referee');
    r.onsuccess = r.onerror = r.onblocked = resolve;
  });
  await new Promise((resolve, reject) => {
    const request = indexedDB.open('mahjong-referee', version);
    request.onupgradeneeded = () => {
      for (const [name, auto] of Object.entries(stores)) {
        request.result.createObjectStore(name, { autoIncrement: auto });
      }
    };
    request.onsuccess = () => { request.result.close(); resolve(); };
    request.onerror = () => reject(request.error);
  });
}"""

BROKEN = {
    "no-aside": (1, {"items": False}),  # the set-aside store missing
    "no-items": (1, {"records": False, "quarantine": True}),  # the main store renamed
    "too-new": (7, {"items": False, "quarantine": True}),  # a version this app does not know
}


@pytest.mark.parametrize("problem", list(BROKEN))
def test_a_broken_database_is_said_for_what_it_is(page, live_server, problem):
    base = live_server.url
    page.goto(f"{base}/nothing")
    page.evaluate(MAKE, list(BROKEN[problem]))
    page.goto(f"{base}/en/wrc-2015/table")
    notice = page.locator("#notice-storage-" + problem)
    expect(notice).to_be_visible()
    expect(page.locator("[data-notice]")).to_have_count(1)  # no other cause (private browsing, another tab) given
    if problem == "no-aside":  # what is stored can still be read; a save is refused and says why
        page.click("#seat-0")
        page.fill("#seat-0-table", "31000")
        page.press("#seat-0-table", "Enter")
        expect(page.locator("#seat-0-editor #storage-error")).to_have_attribute("data-error", "broken")
    else:
        expect(page.locator("#table-unavailable")).to_have_attribute("data-problem", problem)
    page.goto(f"{base}/en/log")
    expect(page.locator("#notice-storage-" + problem)).to_be_visible()
    if problem != "no-aside":  # "no incident recorded yet" would be untrue: the log cannot be read
        expect(page.locator("#log-unreadable")).to_have_attribute("data-problem", problem)
        expect(page.locator("#log-empty")).to_have_count(0)


def test_junk_keys_beside_a_damaged_incident(page, live_server):
    base = live_server.url
    page.goto(f"{base}/en/log")
    expect(page.locator("#log-empty")).to_be_visible()
    store.put(page, "incident", "bad", store.envelope("incident", {"id": "bad", "player": 5}))
    page.evaluate("""async () => {
      const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
      const db = await openDatabase();
      await new Promise((resolve, reject) => {
        const tx = db.transaction(ITEMS, 'readwrite');
        tx.objectStore(ITEMS).put('junk', ['incident']);
        tx.objectStore(ITEMS).put({ junk: true }, ['incident', 42]);
        tx.oncomplete = resolve;
        tx.onabort = () => reject(tx.error);
      });
    }""")
    page.reload()
    expect(page.locator("#notice-incident-damaged")).to_be_visible()
    aside = store.aside(page)
    keys = sorted(entry["key"] for entry in aside)
    assert "incident/bad" in keys and len(keys) == 3
    assert next(entry["original"] for entry in aside if entry["key"] == "incident/bad")["data"]["player"] == 5
    assert store.items(page, "incident") == {}  # the junk is gone with the damaged one, both kept aside
