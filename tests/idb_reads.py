"""Count the IndexedDB reads a page makes, per store, so tests can hold a screen to "reads only what it needs"."""

# Wraps the read methods of object stores and indexes before the app starts; each call adds one to its store's count,
# and a read of the items store (keyed [kind, id]) one to its kind's count too ("items:table", "items:incident").
COUNT_READS = """
(() => {
  const reads = {};
  window.__idbReads = reads;
  const kindOf = (query) => {
    const key = query instanceof IDBKeyRange ? query.lower : query;
    return Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
  };
  const wrap = (proto, method, storeOf) => {
    const original = proto[method];
    if (!original) return;
    proto[method] = function counted(...args) {
      const store = storeOf(this);
      reads[store] = (reads[store] || 0) + 1;
      const kind = kindOf(args[0]);
      if (kind) reads[`${store}:${kind}`] = (reads[`${store}:${kind}`] || 0) + 1;
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
    """All reads, whatever the store (a kind's count is part of its store's, so it is not added again)."""
    return sum(count for name, count in counts.items() if ":" not in name)


def settled(page, quiet_ms=400, timeout_ms=10_000):
    """The reads once none has happened for quiet_ms (a screen's render and its notices are done)."""
    return page.evaluate(
        """async ([quiet, timeout]) => {
          const snapshot = () => JSON.stringify(window.__idbReads);
          const end = Date.now() + timeout;
          let last = snapshot();
          let since = Date.now();
          while (Date.now() < end && Date.now() - since < quiet) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            const now = snapshot();
            if (now !== last) [last, since] = [now, Date.now()];
          }
          return {...window.__idbReads};
        }""",
        [quiet_ms, timeout_ms],
    )
