"""The phone's sync state kept per record (issue 24, 8): a page of changes writes only the records it changed, and an
earlier version's single sync document moves to the per-record store once, its damaged part set aside, never lost."""

import json

import stored as store

SERVER = {
    "eventId": "ev1",
    "name": "Open",
    "rulesetId": "wrc-2015",
    "startsOn": "2026-11-23",
    "endsOn": "2026-11-24",
    "sessions": [],
    "leagueId": None,
}
LINK = {
    "server": SERVER,
    "credential": {"id": "cred1", "secret": "s3cret", "role": "referee", "displayName": "Bruno"},
    "cursor": "50",
    "lastSyncAt": "2026-11-23T10:05:00.000Z",
    "outbox": [],
    "refused": [],
}


def entry(n, kind="incident"):
    head = {"id": f"v{n}", "body": {"note": f"incident {n}"}, "deleted": False, "seq": n + 1, "author": "Anna"}
    return {"kind": kind, "eventId": "ev1", "heads": [head], "seen": [f"v{n}"], "shown": f"v{n}"}


# Count the puts of a page per object store, from now on.
COUNT_WRITES = """() => {
  const writes = {};
  window.__idbWrites = writes;
  const original = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function counted(...args) {
    writes[this.name] = (writes[this.name] || 0) + 1;
    return original.apply(this, args);
  };
}"""

# Plant a link of 50 known records (saved from an empty state), then apply a page of 50 changes in which 48 are
# versions the phone already has and 2 are new versions of records i3 and i7, and save it as the sync run does.
APPLY_PAGE = """async ([link, known]) => {
  const { saveState } = await import('/static/js/services/sync-state.js');
  const { readLink } = await import('/static/js/services/sync-link.js');
  const { applyChanges } = await import('/static/js/logic/sync-versions.js');
  const { writeMany } = await import('/static/js/storage/repository.js');
  await writeMany([{ kind: 'sync', id: 'main', change: () => link }]);
  const planted = await saveState({ ...link, known: {} }, { ...link, known });
  if (!planted) throw new Error('not planted');
  const before = (await readLink()).link;
  const changes = Object.entries(before.known).map(([id, entry], index) => {
    const changed = id === 'i3' || id === 'i7';
    const head = entry.heads[0];
    return {
      seq: 51 + index, record_id: id, version_id: changed ? `${head.id}-edit` : head.id,
      parents: changed ? [head.id] : [], kind: 'incident', event_id: 'ev1', deleted: false,
      body: changed ? { note: 'edited' } : head.body, author: { display_name: 'Anna' },
    };
  });
  const applied = applyChanges(before, changes, '100', { eventId: 'ev1' });
  for (const name of Object.keys(window.__idbWrites)) window.__idbWrites[name] = 0;
  const saved = await saveState(before, applied.state);
  return { ok: Boolean(saved), writes: { ...window.__idbWrites }, changed: applied.writes.map((w) => w.id).sort() };
}"""


def test_a_page_of_changes_writes_only_the_records_it_changed(page, live_server):
    page.goto(f"{live_server.url}/nothing")  # the modules, without the app's own start (nor its sync)
    page.evaluate(COUNT_WRITES)
    known = {f"i{n}": entry(n) for n in range(50)}
    result = page.evaluate(APPLY_PAGE, [LINK, known])
    assert result["ok"] and result["changed"] == ["i3", "i7"]
    # The link's document (its cursor moved) and the 2 records whose sync state changed: not the 48 others.
    assert result["writes"].get("sync-records", 0) == 2
    assert result["writes"].get("items", 0) == 1
    records = store.known(page)
    assert len(records) == 50
    assert [head["id"] for head in records["i3"]["heads"]] == ["v3-edit"] and records["i3"]["shown"] == "v3-edit"
    assert records["i4"] == entry(4)
    document = store.item(page, "sync", "main")
    assert document["v"] == 3 and document["data"]["cursor"] == "100" and "known" not in document["data"]


# The database as the previous version left it (version 1: items and quarantine), with its single sync document.
MAKE_V1 = """async (document) => {
  await new Promise((resolve) => {
    const r = indexedDB.deleteDatabase('mahjong-referee');
    r.onsuccess = r.onerror = r.onblocked = resolve;
  });
  await new Promise((resolve, reject) => {
    const request = indexedDB.open('mahjong-referee', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('items');
      request.result.createObjectStore('quarantine', { autoIncrement: true });
      request.transaction.objectStore('items').put(document, ['sync', 'main']);
    };
    request.onsuccess = () => { request.result.close(); resolve(); };
    request.onerror = () => reject(request.error);
  });
}"""

READ_LINK = """async () => {
  const { readLink } = await import('/static/js/services/sync-link.js');
  const { status, link } = await readLink();
  const db = await (await import('/static/js/storage/db.js')).openDatabase();
  return { status, known: link && link.known, cursor: link && link.cursor, version: db.version };
}"""


def as_read(entry):
    """A known entry as the phone reads it since the incident's version 3: an incident's bodies in format 2, the
    seat a code (none here)."""
    if entry["kind"] != "incident":
        return entry
    return {**entry, "heads": [{**head, "body": {**head["body"], "v": 2, "seat": None}} for head in entry["heads"]]}


def test_the_previous_single_sync_document_moves_to_one_item_per_record_once(page, live_server):
    """Moved when the database opens (storage/upgrade.js moveKnown), before anything reads the link: readLink only
    reads."""
    known = {"i1": entry(1), "p1": entry(2, kind="player")}
    page.goto(f"{live_server.url}/nothing")
    page.evaluate(MAKE_V1, store.envelope("sync", {**LINK, "known": known}, rev=7, v=2))
    page.goto(f"{live_server.url}/nothing")  # a new page: the database opens (and upgrades) at the first read
    found = page.evaluate(READ_LINK)
    read = {record_id: as_read(value) for record_id, value in known.items()}
    assert found == {"status": "ok", "known": read, "cursor": "50", "version": 3}
    document = store.item(page, "sync", "main")
    assert document["v"] == 3 and document["data"] == LINK and document["rev"] == 7  # the same link, `known` out
    assert store.known(page) == read
    assert store.aside(page) == []
    assert page.evaluate(READ_LINK)["known"] == read  # read again: the same, from the per-record store only


def test_a_damaged_previous_sync_document_is_set_aside_and_its_good_records_moved(page, live_server):
    known = {"i1": entry(1), "i2": entry(2), "bad": {"kind": "incident", "heads": "x"}}
    original = store.envelope("sync", {**LINK, "known": known}, rev=7, v=2)
    page.goto(f"{live_server.url}/nothing")
    page.evaluate(MAKE_V1, original)
    page.goto(f"{live_server.url}/nothing")  # a new page: the database opens (and upgrades) at the first read
    found = page.evaluate(READ_LINK)
    good = {"i1": as_read(entry(1)), "i2": as_read(entry(2))}
    # A record was dropped: the feed is read again from the start, which brings back what the server has.
    assert found == {"status": "ok", "known": good, "cursor": "0", "version": 3}
    assert store.known(page) == good
    [aside] = store.aside(page)
    assert (aside["kind"], aside["id"], aside["reason"]) == ("sync", "main", "damaged")
    assert json.dumps(aside["original"], sort_keys=True) == json.dumps(original, sort_keys=True)  # never lost
    assert {"path": "data/known/bad/eventId", "code": "missing"} in aside["problems"]
    assert "known" not in store.item(page, "sync", "main")["data"]
