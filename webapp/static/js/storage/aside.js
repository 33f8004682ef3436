/** Set-aside entries: a damaged original kept untouched, with where it came from and what was wrong with it. */

/**
 * source: 'indexeddb' or 'localStorage'; key: where it was ('table/wrc-2015', 'mjref.log'); kind and id: what it was
 * meant to be (id null for a whole legacy document); reason: 'damaged', 'unreadable' (not even JSON) or 'superseded'
 * (an older copy differing from the data in use); problems: [{path, code}]; original: the value exactly as found.
 */
export function asideEntry({ source, key, kind, id = null, reason = 'damaged', problems = [], original }) {
  return { at: new Date().toISOString(), source, key, kind, id, reason, problems, original };
}

let puts = 0;  // entries this page has put aside: a cached list of them is out of date once this moves

/** Put an entry in the quarantine store of a readwrite transaction (the same one that repairs the data). */
export function putAside(store, entry) {
  puts += 1;
  store.add(entry);
}

/** How many entries this page has put aside so far (whether their transaction committed or not). */
export function asidePuts() {
  return puts;
}
