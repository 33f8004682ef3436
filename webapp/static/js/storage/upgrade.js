/**
 * The one-time upgrade of the stored data to this version's formats, at the first start of the version that brings a
 * new one: every item stored at an older version of its kind is rewritten at the current one, so no read migrates it
 * again; and the sync state's `known`, which the link's document held before version 3 of the kind, moves out to one
 * item per record. Reads meanwhile migrate in memory as before (logic/records/kinds.js), so nothing waits for it.
 *
 * - Its revision is kept: only the shape changed, the data means the same, so a form opened on it is not "changed
 *   elsewhere" and no other tab needs to read it again.
 * - What a migration could not carry (an incident's seat text naming no wind) makes the item damaged: the original is
 *   set aside untouched, the usable part written in its place, and it is announced ({changed, quarantine}), as a read
 *   that meets damage does.
 * - A marker in localStorage (`mjref.upgraded`: the kinds' versions done) says it is done, so later starts read
 *   nothing more from the database (upgraded()); two tabs starting together upgrade once (a Web Lock). A step that
 *   fails (storage full) is tried again at the next start. Without the marker (localStorage cleared or blocked) the
 *   upgrade looks again and finds nothing older: a read of each kind, nothing written.
 */
import { asideEntry, putAside } from './aside.js';
import { announce } from './changes.js';
import { committed, done, ITEMS, kindRange, QUARANTINE } from './db.js';
import { envelope, inspect, itemIdOf, itemKey, KINDS, storeOf } from '../logic/records/kinds.js';
import { SYNC_ID } from '../logic/records/sync.js';
import { knownAsRead, SYNC_RECORD, syncRecordId } from '../logic/records/sync-record.js';

const PART = 300;
const MARKER = 'mjref.upgraded';  // localStorage: the kinds' versions the stored data was upgraded to

/** The kinds' versions now, as the marker keeps them. */
const versions = () => JSON.stringify(Object.fromEntries(Object.values(KINDS)
  .map((kind) => [kind.name, kind.version])));

/** Whether the stored data was upgraded to this version's formats already (the marker says so). */
export function upgraded() {
  try {
    return localStorage.getItem(MARKER) === versions();
  } catch {
    return false;
  }
}

/** Say the stored data is in this version's formats (a database made now holds nothing older), or, `false`, that it
 * may not be (a database an earlier app left). */
export function markUpgraded(done = true) {
  try {
    if (done) localStorage.setItem(MARKER, versions());
    else localStorage.removeItem(MARKER);
  } catch {
    // no marker: the next start looks again, and finds nothing older
  }
}

/** Whether a stored value is an item of the kind stored at an older version of it. */
const older = (kind, value) => value?.format === kind.name && Number.isInteger(value.v) && value.v >= 1
  && value.v < kind.version;

/** Whether a stored link's document still holds the sync state of each record (the kind's versions 1 and 2). */
export const holdsKnown = (value) => value?.format === 'sync' && value.data !== null && typeof value.data === 'object'
  && value.data.known !== undefined;

function withLock(name, work) {
  if (globalThis.navigator?.locks?.request) return navigator.locks.request(name, work);
  return work();
}

/** Rewrite one item found older (if it still is), in `transaction`; returns what the change message names, or null. */
async function rewrite(transaction, kind, key) {
  const items = transaction.objectStore(storeOf(kind.name));
  const stored = await done(items.get(key));
  if (!older(kind, stored)) return null;  // written meanwhile, at the current version
  const id = itemIdOf(kind.name, key);
  const found = inspect(kind.name, id, stored);
  if (found.status === 'ok') {
    items.put(envelope(kind.name, found.data, found.rev), key);
    return null;
  }
  if (found.status !== 'damaged') return null;
  putAside(transaction.objectStore(QUARANTINE), asideEntry({ source: 'indexeddb', key: `${kind.name}/${id}`,
    kind: kind.name, id, reason: 'damaged', problems: found.problems, original: stored }));
  if (found.usable === null) items.delete(key);
  else items.put(envelope(kind.name, found.usable, found.rev + 1), key);
  return { kind: kind.name, id };
}

/** Every item of one kind stored at an older version, rewritten, PART at a time (one transaction each). */
async function upgradeKind(db, kind) {
  const store = storeOf(kind.name);
  let range = store === ITEMS ? kindRange(kind.name) : undefined;
  for (;;) {
    const reading = db.transaction(store, 'readonly').objectStore(store);
    const [keys, values] = await Promise.all([
      done(reading.getAllKeys(range, PART)), done(reading.getAll(range, PART))]);
    const stale = keys.filter((key, index) => itemIdOf(kind.name, key) !== null && older(kind, values[index])
      && !(kind.name === 'sync' && holdsKnown(values[index])));  // moved by moveKnown, with its records
    if (stale.length) {
      const transaction = db.transaction([store, QUARANTINE], 'readwrite');
      const ending = committed(transaction);
      const changed = [];
      for (const key of stale) {
        const named = await rewrite(transaction, kind, key);
        if (named) changed.push(named);
      }
      await ending;
      if (changed.length) announce({ changed, quarantine: true });
    }
    if (keys.length < PART) return;
    const last = keys[keys.length - 1];
    range = store === ITEMS ? IDBKeyRange.bound(last, [kind.name, []], true) : IDBKeyRange.lowerBound(last, true);
  }
}

/**
 * Move the sync state of each record out of the link's document (versions 1 and 2 held it as `known`), in one
 * transaction: each entry becomes a syncRecord item (its bodies as the phone reads them now), unless one is there
 * already (written since: it is newer), and the document is written without it (its revision kept). A damaged
 * document is set aside whole, untouched, as any damaged item is, and its good part moves (its salvage drops the bad
 * records and reads the feed again from the start). Done before anything reads the sync state (storage/ready.js);
 * cheap when there is nothing to move (one read). Two tabs may run it together: their transactions run one after
 * the other, and the second finds nothing left.
 */
export async function moveKnown(db) {
  const key = itemKey('sync', SYNC_ID);
  if (!holdsKnown(await done(db.transaction(ITEMS, 'readonly').objectStore(ITEMS).get(key)))) return;
  const transaction = db.transaction([ITEMS, storeOf(SYNC_RECORD), QUARANTINE], 'readwrite');
  const ending = committed(transaction);
  const items = transaction.objectStore(ITEMS);
  const stored = await done(items.get(key));
  if (!holdsKnown(stored)) {  // moved by another tab meanwhile
    await ending;
    return;
  }
  const found = inspect('sync', SYNC_ID, stored);
  const damaged = found.status === 'damaged';
  if (damaged) {
    putAside(transaction.objectStore(QUARANTINE), asideEntry({ source: 'indexeddb', key: `sync/${SYNC_ID}`,
      kind: 'sync', id: SYNC_ID, reason: 'damaged', problems: found.problems, original: stored }));
  }
  const data = found.status === 'ok' ? found.data : found.usable;
  if (!data) {  // nothing usable (a newer app's is not `holdsKnown`'s: never touched here)
    if (damaged) items.delete(key);
    await ending;
    if (damaged) announce({ changed: [{ kind: 'sync', id: SYNC_ID }], quarantine: true });
    return;
  }
  const records = transaction.objectStore(storeOf(SYNC_RECORD));
  const { known = {}, ...document } = data;
  const entries = Object.entries(known)
    .map(([id, entry]) => [itemKey(SYNC_RECORD, syncRecordId(entry.kind, id)), { id, ...knownAsRead(entry) }]);
  const there = await Promise.all(entries.map(([recordKey]) => done(records.getKey(recordKey))));
  entries.forEach(([recordKey, record], index) => {
    if (there[index] === undefined) records.put(envelope(SYNC_RECORD, record, Date.now()), recordKey);
  });
  items.put(envelope('sync', document, damaged ? found.rev + 1 : found.rev), key);
  await ending;
  if (damaged) announce({ changed: [{ kind: 'sync', id: SYNC_ID }], quarantine: true });
}

/** Upgrade what is stored, once: resolves when done, or when it could not be (it is tried again at the next start). */
export async function upgradeStored(db) {
  if (upgraded()) return;
  try {
    await withLock('mahjong-referee-upgrade', async () => {
      if (upgraded()) return;  // another tab did it meanwhile
      for (const kind of Object.values(KINDS)) await upgradeKind(db, kind);
      markUpgraded();
    });
  } catch (error) {
    console.error('stored data not upgraded yet', error);
  }
}
