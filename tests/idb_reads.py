"""Count the IndexedDB reads a page makes, per store, so tests can hold a screen to "reads only what it needs"."""

# Wraps the read methods of object stores and indexes before the app starts; each call adds one to its store's count.
COUNT_READS = """
(() => {
  const reads = {};
  window.__idbReads = reads;
  const wrap = (proto, method, storeOf) => {
    const original = proto[method];
    if (!original) return;
    proto[method] = function counted(...args) {
      const store = storeOf(this);
      reads[store] = (reads[store] || 0) + 1;
      return original.apply(this, args);
    };
  };
  for (const method of ['get', 'getAll', 'getAllKeys', 'getKey', 'openCursor', 'openKeyCursor', 'count']) {
    wrap(IDBObjectStore.prototype, method, (store) => store.name);
    wrap(IDBIndex.prototype, method, (index) => index.objectStore.name);
  }
})();
"""


def count_reads(context):
    """Install the counter in every page the context opens (call before the first page.goto)."""
    context.add_init_script(COUNT_READS)


def reads(page):
    """The reads so far, per store name."""
    return page.evaluate("() => ({...window.__idbReads})")


def reset_reads(page):
    """Start counting from zero (e.g. once the screen has settled, before the action measured)."""
    page.evaluate("() => { for (const key of Object.keys(window.__idbReads)) delete window.__idbReads[key]; }")


def total(counts):
    """All reads, whatever the store."""
    return sum(counts.values())
