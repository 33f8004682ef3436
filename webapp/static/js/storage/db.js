/**
 * The IndexedDB database that holds the referee's data: its object stores, their upgrades, and what a tab does
 * when a newer version of the app upgrades the database (it closes its connection and stops writing).
 *
 * Stores (version 1): `items`, every stored item under the key [kind, id] (its value is the envelope of kinds.js,
 * or whatever damaged value is there); `quarantine`, damaged originals set aside untouched (auto-increment keys).
 * Version 2 adds indexes on `items` (INDEXES), so a big log's screen reads only the page it shows: incidents by time,
 * player id, typed name, table, session and event, and players by the id they are an alias of. An index holds the
 * items of one kind only (its key starts with `format`) and skips an item lacking the field (damaged, or optional).
 * Version 3 adds `sync-records`, the sync state of each shared record under [record kind, record id] (kind
 * syncRecord); the single sync document's `known` moves there when the database opens (upgrade.js moveKnown).
 * To add a store or an index: bump DB_VERSION and add UPGRADES[old version] = (db, transaction) => {...}.
 * The stores are checked at every open: a database whose structure is not this one (a store missing or renamed, a
 * version this app does not know) is reported as such, never as a connection, private browsing or another tab.
 * When the browser itself closes the connection (its `close` event: the site's data cleared under the open tab, or
 * its storage failing), the database is opened again at once; found made anew (it did not exist any more), it was
 * deleted, and the listeners of onReopened hear {cleared: true}; later reads and writes use the new connection.
 */
import { emitLocal } from './changes.js';

export const DB_NAME = 'mahjong-referee';
export const DB_VERSION = 3;
export const ITEMS = 'items';
export const QUARANTINE = 'quarantine';
export const SYNC_RECORDS = 'sync-records';

/** Index name → the field of the item's data it orders by (after the item's kind, `format`). */
export const INDEXES = Object.freeze({
  'incident-time': 'at', 'incident-player': 'playerId', 'incident-name': 'player', 'incident-table': 'table',
  'incident-session': 'session', 'incident-event': 'eventId', 'player-alias': 'sameAs',
});

const UPGRADES = [
  (db) => {  // 0 → 1
    db.createObjectStore(ITEMS);
    db.createObjectStore(QUARANTINE, { autoIncrement: true });
  },
  (db, transaction) => {  // 1 → 2: the indexes (none when the main store is missing: that is reported at open)
    if (!db.objectStoreNames.contains(ITEMS)) return;
    const items = transaction.objectStore(ITEMS);
    for (const [name, field] of Object.entries(INDEXES)) items.createIndex(name, ['format', `data.${field}`]);
  },
  (db) => {  // 2 → 3: each shared record's sync state in a store of its own
    db.createObjectStore(SYNC_RECORDS);
  },
];

/**
 * Why the database cannot be used: 'unavailable' (no IndexedDB here), 'closed' (a newer version took over while this
 * tab had it open), 'too-new' (it is at a version this app does not know: saved by a newer one), 'no-items' (its
 * main store is missing: nothing can be read), 'broken' (a write refused while its set-aside store is missing).
 */
export class StorageClosed extends Error {
  constructor(reason) {
    super(`storage ${reason}`);
    this.reason = reason;
  }
}

let opening = null;
let closed = null;
let structure = null;  // 'no-aside': the set-aside store is missing, so reads work and every write is refused
let opened = false;  // this page has had the database open: a database made anew after that was deleted meanwhile
let fresh = false;  // the open connection made the database (it did not exist): nothing older is stored in it
let earlier = false;  // the open connection found the database at an older version: an earlier app's data
const reopenListeners = new Set();

/** What is wrong with an opened database's stores, or null: 'no-items' (main store missing), 'no-aside'. */
export function structureProblem(db) {
  if (!db.objectStoreNames.contains(ITEMS)) return 'no-items';
  if (!db.objectStoreNames.contains(QUARANTINE)) return 'no-aside';
  return null;
}

/** Refuse a write when the database's structure cannot take it (its set-aside store is missing). */
export function checkWritable() {
  if (structure) throw new StorageClosed('broken');
}

/** The open database (opened once per page); rejects with StorageClosed when it cannot be used. */
export function openDatabase() {
  if (closed) return Promise.reject(new StorageClosed(closed));
  opening ??= new Promise((resolve, reject) => {
    let request;
    try {
      request = globalThis.indexedDB.open(DB_NAME, DB_VERSION);
    } catch (error) {
      reject(new StorageClosed('unavailable'));
      return;
    }
    let made = false;  // the database did not exist: this open made it
    let older = false;  // it was at an older version: an earlier app's
    request.onupgradeneeded = (event) => {
      made = event.oldVersion === 0;
      older = event.oldVersion > 0;
      for (let version = event.oldVersion; version < DB_VERSION; version += 1) {
        UPGRADES[version](request.result, request.transaction);
      }
    };
    request.onblocked = () => emitLocal({ storage: 'blocked' });  // an older tab still holds the database open
    request.onsuccess = () => {
      const db = request.result;
      const problem = structureProblem(db);
      if (problem === 'no-items') {  // not the app's database as it must be: say so, never write into it
        db.close();
        closed = problem;
        reject(new StorageClosed(problem));
        return;
      }
      structure = problem;
      db.onversionchange = () => {  // a newer version of the app wants to upgrade the database: let it
        db.close();
        closed = 'closed';
        emitLocal({ storage: 'closed' });
      };
      db.onclose = () => connectionLost(db);  // closed by the browser, not by this page: see connectionLost
      const cleared = opened && made;
      opened = true;
      fresh = made;
      earlier = older;
      resolve(db);
      if (reopening) {
        reopening = false;
        for (const listener of reopenListeners) listener({ cleared });
      }
    };
    // A VersionError here (this tab never had it open) is a database of a version this app does not know.
    request.onerror = () => reject(new StorageClosed(request.error?.name === 'VersionError' ? 'too-new' : 'unavailable'));
  });
  return opening.catch((error) => {
    opening = null;
    throw error instanceof StorageClosed ? error : new StorageClosed('unavailable');
  });
}

let reopening = false;  // a lost connection is being replaced: the next open tells the listeners what it found
let generation = 0;  // how many connections this page has lost: a promise of the database from before is stale

/** Which connection is the page's now (a number that changes each time a lost one is replaced). */
export const connectionGeneration = () => generation;

/**
 * The browser closed this page's connection (`db` is it; a connection error met before that event says the same):
 * forget it and open the database again at once, so what follows reads and writes the database as it is now, and
 * the onReopened listeners hear whether it was deleted meanwhile. A connection this page closed (an update, a
 * reset) is not lost.
 */
export function connectionLost(db = null) {
  if (closed || reopening || !opening) return;
  const current = opening;
  reopening = true;
  current.then((open) => {
    if (db && open !== db) {  // already replaced
      reopening = false;
      return;
    }
    if (!db) open.close();  // an error said it: closed here too, so no second connection stays open
    if (opening === current) {
      opening = null;
      generation += 1;
    }
    reopen(0);
  }, () => {
    reopening = false;
  });
}

/** Open the database again after a lost connection: an open asked for while the browser deletes it is aborted, so it
 * is asked again a few times, a little later each time (0.1 s to 1.6 s). */
function reopen(attempt) {
  openDatabase().catch((error) => {
    if (attempt < 5 && error.reason === 'unavailable' && !closed) setTimeout(() => reopen(attempt + 1), 100 * 2 ** attempt);
    else reopening = false;  // cannot be opened now: the next read or write says why
  });
}

/** Hear each reopening after a lost connection: {cleared: true} when the database had been deleted meanwhile. */
export function onReopened(listener) {
  reopenListeners.add(listener);
  return () => reopenListeners.delete(listener);
}

/** Whether the database was made by this page's open (a new device, or its data deleted): it holds nothing yet. */
export const madeByThisOpen = () => fresh;

/** Whether this page's open found the database at an older version (an earlier app's): its data may be older too. */
export const foundOlder = () => earlier;

/** Why storage cannot be used (or written) in this tab, or null. */
export function storageState() {
  return closed ?? structure;
}

/** Delete the app's database (the referee chose to reset a broken one); resolves once it is gone. */
export async function deleteDatabase() {
  const db = await opening?.catch(() => null);
  db?.close();
  closed = 'closed';
  await new Promise((resolve, reject) => {
    const request = globalThis.indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/** A request's result as a promise. */
export function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A transaction's end as a promise: resolved once committed, rejected with its error if it aborted. */
export function committed(transaction) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new DOMException('aborted', 'AbortError'));
  });
}

/** The key range of an index (INDEXES) over one kind's items: all of them, or those whose field is `value`. */
export function indexRange(kind, ...value) {
  return value.length ? IDBKeyRange.only([kind, value[0]]) : IDBKeyRange.bound([kind], [kind, []]);
}

/** The key range of every item of one kind: [kind, any text id]. */
export function kindRange(kind) {
  return IDBKeyRange.bound([kind], [kind, []]);
}
