"""Reading and planting the app's stored data in a page, through the app's own database module (tests only)."""

# Every helper opens the database with the app's own module (same URL, so the same module instance as the app).
_OPEN = """const { openDatabase, ITEMS, QUARANTINE } = await import('/static/js/storage/db.js');
  const db = await openDatabase();
  const run = (store, mode, work) => new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const result = work(tx.objectStore(store));
    tx.oncomplete = () => resolve(result.result);
    tx.onabort = () => reject(tx.error);
  });"""

_ITEM = f"""async ([kind, id]) => {{
  {_OPEN}
  return (await run(ITEMS, 'readonly', (store) => store.get([kind, id]))) ?? null;
}}"""

_ITEMS = f"""async (kind) => {{
  {_OPEN}
  const range = IDBKeyRange.bound([kind], [kind, []]);
  const keys = await run(ITEMS, 'readonly', (store) => store.getAllKeys(range));
  const values = await run(ITEMS, 'readonly', (store) => store.getAll(range));
  return keys.map((key, index) => [key[1], values[index]]);
}}"""

_PUT = f"""async ([kind, id, value]) => {{
  {_OPEN}
  await run(ITEMS, 'readwrite', (store) => store.put(value, [kind, id]));
}}"""

_CLEAR = f"""async (kind) => {{
  {_OPEN}
  await run(ITEMS, 'readwrite', (store) => store.delete(IDBKeyRange.bound([kind], [kind, []])));
}}"""

_SYNC_RECORDS = f"""async () => {{
  const {{ SYNC_RECORDS }} = await import('/static/js/storage/db.js');
  {_OPEN}
  const keys = await run(SYNC_RECORDS, 'readonly', (store) => store.getAllKeys());
  const values = await run(SYNC_RECORDS, 'readonly', (store) => store.getAll());
  return keys.map((key, index) => [key, values[index]]);
}}"""

_PUT_SYNC_RECORD = f"""async ([key, value]) => {{
  const {{ SYNC_RECORDS }} = await import('/static/js/storage/db.js');
  {_OPEN}
  await run(SYNC_RECORDS, 'readwrite', (store) => store.put(value, key));
}}"""

_ASIDE = f"""async () => {{
  {_OPEN}
  return await run(QUARANTINE, 'readonly', (store) => store.getAll());
}}"""


def item(page, kind, item_id):
    """The stored envelope {format, v, rev, data} of one item, or None."""
    return page.evaluate(_ITEM, [kind, item_id])


def items(page, kind):
    """{id: envelope} of every stored item of a kind."""
    return dict(page.evaluate(_ITEMS, kind))


def incidents(page):
    """{id: incident} of every stored incident."""
    return {item_id: value["data"] for item_id, value in items(page, "incident").items()}


def table(page, ruleset_id):
    """The stored table {start, steps} of a ruleset, or None."""
    found = item(page, "table", ruleset_id)
    return found and found["data"]


def put(page, kind, item_id, value):
    """Store a raw value (a good envelope, or any damaged value) as the item [kind, id]."""
    page.evaluate(_PUT, [kind, item_id, value])


def envelope(kind, data, rev=1, v=1):
    return {"format": kind, "v": v, "rev": rev, "data": data}


def clear(page, kind):
    page.evaluate(_CLEAR, kind)


def sync_records(page):
    """{record id: envelope} of the sync state kept per record (store `sync-records`, keys [record kind, id])."""
    return {key[1]: value for key, value in page.evaluate(_SYNC_RECORDS)}


def known(page):
    """{record id: what the phone knows the server has of it} (sync-versions.js `known`), from the per-record store."""
    return {
        record_id: {k: v for k, v in value["data"].items() if k != "id"}
        for record_id, value in sync_records(page).items()
    }


def put_sync_record(page, key, value):
    """Store a raw value as the sync state of record key [kind, id]."""
    page.evaluate(_PUT_SYNC_RECORD, [list(key), value])


def aside(page):
    """Every set-aside entry, with its untouched original."""
    return page.evaluate(_ASIDE)


_FILL = """async (size) => {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('test-filler', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('junk');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  let text = '';  // random, so it cannot be compressed
  while (text.length < size) {
    text += Array.from(crypto.getRandomValues(new Uint8Array(4096)), (b) => b.toString(36)).join('');
  }
  const result = await new Promise((resolve) => {
    const tx = db.transaction('junk', 'readwrite');
    tx.objectStore('junk').put(text.slice(0, size), Math.random());
    tx.oncomplete = () => resolve('ok');
    tx.onabort = () => resolve(tx.error?.name);
  });
  db.close();
  return result;
}"""


def small_quota(page, base_url, size=20_000_000):
    """Give the origin a quota of its own before it first stores anything (Chromium applies it from then on), so a
    test can later fill it up for real with FullStorage."""
    session = page.context.new_cdp_session(page)
    session.send("Storage.overrideQuotaForOrigin", {"origin": f"{base_url.rstrip('/')}/", "quotaSize": size})
    return session


class FullStorage:
    """The device's storage full for real: junk in a database of its own until the browser refuses even a few bytes
    (QuotaExceededError), as on a full phone. Needs small_quota() before the page's first visit."""

    def __init__(self, page, base_url):
        self.page = page
        self.origin = base_url.rstrip("/")
        self.fill()

    def fill(self):
        """Fill (again: the browser recounts what is used now and then, which may leave a little room)."""
        for size in (1_000_000, 100_000, 10_000, 1_000, 100, 10):
            while self.page.evaluate(_FILL, size) == "ok":
                pass

    def release(self):
        self.page.evaluate("""() => new Promise((resolve) => {
          const request = indexedDB.deleteDatabase('test-filler');
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        })""")
