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


# A write of 600 incidents through the repository, over 3 already stored (one good, one damaged, one of a newer
# app): each op's change sees what is stored; `expect` as given. Returns the result and the change message heard.
BIG_WRITE = """async (expectNull) => {
  const { writeMany } = await import('/static/js/storage/repository.js');
  const { onOwnChange } = await import('/static/js/storage/changes.js');
  const heard = [];
  const stop = onOwnChange((message) => heard.push(message));
  const seen = {};
  const data = (id) => ({ id, at: '2026-11-01T09:00:00.000Z', tournament: '', session: '1', table: '2',
    player: 'Ann', seat: null, rulesetId: 'wrc-2015', rulingId: 'r_late', points: null, note: '' });
  const ops = Array.from({ length: 600 }, (_, n) => ({
    kind: 'incident', id: `n${n}`, optional: true, ...(expectNull ? { expect: null } : {}),
    change: (current) => {
      seen[`n${n}`] = current ? current.data.player : null;
      return current ? undefined : data(`n${n}`);
    },
  }));
  const result = await writeMany(ops);
  stop();
  return { ok: result.ok ?? false, refused: result.refused ?? null, seen: [seen.n0, seen.n1, seen.n599], heard };
}"""


def test_a_big_write_reads_what_is_stored_and_names_the_kind(page, live_server):
    """A write of hundreds of items learns which are stored from one key list and reads only those: a stored item's
    change still sees it, a damaged one is set aside, a newer app's is skipped (optional), `expect: null` on a stored
    one refuses the whole write; the change message names the kind, not 600 ids."""
    page.goto(f"{live_server.url}/en/log")
    expect(page.locator("#log-empty")).to_be_visible()
    good = {"id": "n0", "at": "2026-11-01T08:00:00.000Z", "tournament": "", "session": "1", "table": "1"}
    good.update({"player": "Stored", "seat": "", "rulesetId": "wrc-2015", "rulingId": "r_late", "points": None})
    good["note"] = ""
    store.put(page, "incident", "n0", store.envelope("incident", good, v=2))
    store.put(page, "incident", "n1", store.envelope("incident", {"id": "n1", "player": 5}))
    store.put(page, "incident", "n2", store.envelope("incident", {"anything": True}, v=99))
    refused = page.evaluate(BIG_WRITE, True)
    assert (refused["ok"], refused["refused"], len(store.items(page, "incident"))) == (False, "conflict", 3)
    done = page.evaluate(BIG_WRITE, False)
    assert done["ok"] and done["seen"] == ["Stored", None, None]
    stored = store.items(page, "incident")
    assert len(stored) == 600 and stored["n0"]["data"]["player"] == "Stored" and stored["n2"]["v"] == 99
    assert [entry["key"] for entry in store.aside(page)] == ["incident/n1"]
    assert done["heard"] == [{"changed": [{"kind": "incident", "id": None}], "quarantine": True}]
