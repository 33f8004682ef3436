/**
 * A non-critical copy of the chosen ruleset in localStorage, so home can show it at once without opening IndexedDB.
 * IndexedDB stays the authority: home shows the copy, then the stored settings (and any notice about them).
 * The previous release's own key is read too, before its data is migrated.
 */
const KEY = 'mjref.mirror.ruleset';

export function mirroredRuleset() {
  try {
    const value = localStorage.getItem(KEY) ?? JSON.parse(localStorage.getItem('mjref.ruleset') ?? 'null');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function mirrorRuleset(id) {
  try {
    if (id === null) localStorage.removeItem(KEY);
    else if (localStorage.getItem(KEY) !== id) localStorage.setItem(KEY, id);
  } catch {
    // a copy only: the stored settings are what counts
  }
}
