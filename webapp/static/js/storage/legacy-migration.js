/**
 * Moves the previous release's localStorage data into IndexedDB: once, atomically, nothing lost. The keys are read
 * inside a Web Lock (two tabs starting together migrate once), everything is written in one transaction, and only
 * once it has committed is each key renamed to mjref.backup.<name> (kept as a backup, never read again). An item
 * already in IndexedDB is kept; a differing legacy copy of it is set aside. A newer release's log is left in place.
 */
import { asideEntry, putAside } from './aside.js';
import { announce } from './changes.js';
import { committed, done, ITEMS, QUARANTINE } from './db.js';
import { envelope, inspect } from '../logic/records/kinds.js';
import { defaultSettings } from '../logic/records/settings.js';
import { BACKUP_PREFIX, LEGACY_PREFIX, isLegacyKey, planLegacy } from '../legacy/local-storage.js';

function legacyEntries() {
  try {
    const entries = {};
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key && isLegacyKey(key)) entries[key] = localStorage.getItem(key);
    }
    return entries;
  } catch {
    return {};  // localStorage blocked: nothing to migrate
  }
}

function withLock(name, work) {
  if (navigator.locks?.request) return navigator.locks.request(name, work);
  return work();
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Write a migration plan in one transaction; resolves once committed. */
async function writePlan(db, plan) {
  const transaction = db.transaction([ITEMS, QUARANTINE], 'readwrite');
  const ending = committed(transaction);
  const items = transaction.objectStore(ITEMS);
  const aside = transaction.objectStore(QUARANTINE);
  const changed = [];
  const rev = Date.now();
  for (const entry of plan.aside) putAside(aside, asideEntry({ source: 'localStorage', ...entry }));
  for (const item of plan.items) {
    const found = inspect(item.kind, item.id, await done(items.get([item.kind, item.id])));
    if (found.status === 'missing') {
      items.put(envelope(item.kind, item.data, rev), [item.kind, item.id]);
      changed.push({ kind: item.kind, id: item.id });
    } else if (found.status !== 'ok' || !same(found.data, item.data)) {
      putAside(aside, asideEntry({ source: 'localStorage', key: `${LEGACY_PREFIX}${item.kind}`, kind: item.kind, id: item.id, reason: 'superseded', original: item.data }));
    }
  }
  if (Object.keys(plan.settings).length) {
    const found = inspect('settings', 'main', await done(items.get(['settings', 'main'])));
    if (found.status === 'missing') {
      items.put(envelope('settings', { ...defaultSettings(), ...plan.settings }, rev), ['settings', 'main']);
      changed.push({ kind: 'settings', id: 'main' });
    }
  }
  await ending;
  announce({ changed, quarantine: plan.aside.length > 0 });
}

let kept = [];
let waiting = null;  // the plan that could not be written (storage full): its data is shown read-only meanwhile

/** The previous release's keys left in place ([{key, reason: 'newer'}]): written by a newer release, unreadable
 * here. */
export function legacyKept() {
  return kept;
}

/**
 * The previous release's items that could not be moved in yet because storage is full ([{kind, id, data}]): shown
 * as they are, read-only, until a later start finds room (the keys stay in localStorage until then).
 */
export function legacyWaiting(kind) {
  return waiting ? waiting.items.filter((item) => item.kind === kind) : [];
}

/** Migrate whatever the previous release left in localStorage (usually nothing: a cheap look at the keys). */
export async function migrateLegacy(db) {
  if (!Object.keys(legacyEntries()).length) return;
  await withLock('mahjong-referee-legacy', async () => {
    const entries = legacyEntries();  // again, inside the lock: another tab may have migrated them meanwhile
    const plan = planLegacy(entries);
    kept = plan.kept;
    if (!plan.migrated.length) return;
    try {
      await writePlan(db, plan);
      waiting = null;
    } catch (error) {
      if (error?.name === 'QuotaExceededError') waiting = plan;
      throw error;
    }
    for (const key of plan.migrated) {
      try {
        localStorage.setItem(BACKUP_PREFIX + key.slice(LEGACY_PREFIX.length), entries[key]);
        localStorage.removeItem(key);
      } catch {
        // No room for the backup: keep the key; migrating it again later changes nothing (same data is skipped).
      }
    }
  });
}
