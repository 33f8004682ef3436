/**
 * The referee's data, item by item: reads that validate, set aside what is damaged and keep what is good; writes
 * that are atomic and compare-and-set; change events to the other tabs after each commit. Services use this; no
 * view or screen does.
 *
 * read(kind, id)   → {status: 'ok'|'missing'|'newer'|'unavailable'|'closed', data, rev}
 * list(kind)       → {status, items: [{id, data, rev}], newer: [id], damaged: how many were set aside now};
 *                    list(kind, {chunk: n}) reads n items at a time,
 *                    letting the page run between reads (a big log read after its first page is shown); `between`
 *                    is awaited before each next part (default: one task), so a read the referee waits for goes first
 * listBy(kind, index, {value, values, limit, direction}) → the same, through an index (db.js INDEXES): the items
 *                    whose field is `value` (or any of `values`, in one transaction; else all the index holds),
 *                    `limit` of them in the index's order, newest first with direction 'prev'; only these are read
 *                    and checked
 * readMany(kind, ids) → {status, items: [{id, data, rev}]} of the ones found, in one transaction
 * countBy(kind, index, value?) → how many items the index holds (with that value)
 * valuesBy(kind, index) → the distinct texts of the index's field (a log's tables), its keys read, not its items
 * writeMany(ops)   → {ok, results} | {refused: 'conflict'|'newer'|'invalid'|'unavailable'|'closed', current}
 *                    | {error: 'quota'|'failed'}; one transaction for all ops, so nothing is ever half-written.
 *   op: {kind, id, change(current) → data | DELETE | undefined, expect?: rev or null, optional?: true}
 *       change gets the item as stored now ({data, rev} or null) and is applied to fresh data, so a change that
 *       can be re-applied (add a step, add an incident) never loses another tab's; `expect` refuses the write when
 *       the item changed since the referee's form was filled (null: it must not exist); `optional` skips an item
 *       this version cannot write (newer) instead of refusing everything.
 *   op: {kind, clear: true} removes every item of a kind (refused if a newer version wrote one).
 * Damaged items met by a read or a write are set aside in the same transaction that repairs them.
 */
import { asideEntry, asidePuts, putAside } from './aside.js';
import { announce, emitLocal, onChange } from './changes.js';
import {
  checkWritable, committed, connectionLost, done, indexRange, ITEMS, kindRange, onReopened, QUARANTINE, StorageClosed,
} from './db.js';
import { dataProblems, envelope, inspect, itemIdOf, itemKey, ITEMS_STORE, storeOf } from '../logic/records/kinds.js';
import { database } from './ready.js';

export const DELETE = Symbol('delete');

/** Why storage failed, as a result the services pass on. */
function failure(error) {
  if (error instanceof StorageClosed) return { refused: error.reason };
  if (error?.name === 'QuotaExceededError') return { error: 'quota' };
  if (error?.name === 'InvalidStateError') {  // the connection is closing: for an upgrade, or by the browser
    connectionLost();  // (the browser's: replaced, so the next read or write works; db.js)
    return { refused: 'closed' };
  }
  console.error('storage', error);
  return { error: 'failed' };
}

/** A revision for an item written over `previous` (an item made anew starts from the clock, so it never repeats). */
function nextRev(previous) {
  return Number.isInteger(previous) && previous > 0 ? previous + 1 : Date.now();
}

function aside(store, kind, id, found, stored) {
  putAside(store, asideEntry({ source: 'indexeddb', key: `${kind}/${id}`, kind, id, reason: 'damaged', problems: found.problems, original: stored }));
}

// The items this page has read or written, by kind ('kind' → Set of ids): what it knew was there, said when the
// browser deletes the app's data under the open tab.
const known = new Map();
const knew = (kind, id) => {
  if (!known.has(kind)) known.set(kind, new Set());
  known.get(kind).add(id);
};

/**
 * The browser closed the connection and it was opened again (db.js): when the database had been deleted meanwhile
 * (the site's data cleared), every listener hears {cleared: true, lost: [{kind, ids}]}, the items this page knew
 * were stored, now gone; otherwise {storage: 'reopened'}. Neither names items, so every screen reads again.
 */
onReopened(({ cleared }) => {
  if (!cleared) {
    emitLocal({ storage: 'reopened' });
    return;
  }
  const lost = [...known].filter(([, ids]) => ids.size).map(([kind, ids]) => ({ kind, ids: [...ids] }));
  known.clear();
  notSetAside.clear();
  emitLocal({ cleared: true, lost });
});

/** Damaged items that could not be set aside (storage full): 'kind/id' → kind. Left untouched, and reported. */
const notSetAside = new Map();

/** [{kind, id}] of the damaged items met that could not be set aside yet. */
export function damagedNotSetAside() {
  return [...notSetAside.keys()].map((key) => ({ kind: notSetAside.get(key), id: key.slice(key.indexOf('/') + 1) }));
}

/** The keys of every item of a kind in its store: [kind, any text id] in `items`, the whole of a store of its own. */
const rangeOf = (kind) => (storeOf(kind) === ITEMS_STORE ? kindRange(kind) : undefined);

/** Set aside a value stored under a junk key (not [kind, text id]) and remove it: no screen can use it. */
function asideJunk(items, quarantine, kind, key, stored) {
  putAside(quarantine, asideEntry({ source: 'indexeddb', key: `${kind}/${JSON.stringify(key)}`, kind, id: null, reason: 'damaged',
    problems: [{ path: '', code: 'bad_key' }], original: stored }));
  items.delete(key);
}

/**
 * Set aside the damaged items among `keys` (ids, or junk keys of the kind's range) and keep their usable part, in
 * one transaction. Returns id → what is there now. A junk key beside them never stops the others being set aside.
 * Should the repair fail (storage full), the usable part is still returned, unsaved.
 */
async function repair(db, kind, keys) {
  const now = new Map();
  try {
    checkWritable();
    const transaction = db.transaction([storeOf(kind), QUARANTINE], 'readwrite');
    const ending = committed(transaction);
    const items = transaction.objectStore(storeOf(kind));
    const quarantine = transaction.objectStore(QUARANTINE);
    const changed = [];
    for (const key of keys) {
      if (typeof key !== 'string') {
        asideJunk(items, quarantine, kind, key, await done(items.get(key)));
        changed.push({ kind, id: null });
        continue;
      }
      const id = key;
      const stored = await done(items.get(itemKey(kind, id)));
      const found = inspect(kind, id, stored);
      if (found.status !== 'damaged') {
        now.set(id, found);
        continue;
      }
      aside(quarantine, kind, id, found, stored);
      changed.push({ kind, id });
      if (found.usable === null) {
        items.delete(itemKey(kind, id));
        now.set(id, { status: 'missing' });
      } else {
        const rev = nextRev(found.rev);
        items.put(envelope(kind, found.usable, rev), itemKey(kind, id));
        now.set(id, { status: 'ok', data: found.usable, rev });
      }
    }
    await ending;
    for (const key of keys) notSetAside.delete(`${kind}/${typeof key === 'string' ? key : JSON.stringify(key)}`);
    if (changed.length) announce({ changed, quarantine: true });
  } catch (error) {
    console.error('damaged data could not be set aside', error);
    for (const key of keys) {
      notSetAside.set(`${kind}/${typeof key === 'string' ? key : JSON.stringify(key)}`, kind);
      if (typeof key === 'string' && !now.has(key)) now.set(key, { status: 'missing' });
    }
  }
  return now;
}

export async function read(kind, id) {
  try {
    const db = await database();
    const stored = await done(db.transaction(storeOf(kind), 'readonly').objectStore(storeOf(kind)).get(itemKey(kind, id)));
    const found = inspect(kind, id, stored);
    const now = found.status === 'damaged' ? (await repair(db, kind, [id])).get(id) : found;
    if (now.status === 'ok' || now.status === 'newer') knew(kind, id);
    return now;
  } catch (error) {
    const failed = failure(error);
    return { status: failed.refused ?? 'unavailable' };
  }
}

/** Sort read items into usable ones, newer ones and damaged ones (their ids, or junk keys) to set aside. */
function sortOut(kind, keys, values, found = { items: [], newer: [], damaged: [] }) {
  keys.forEach((key, index) => {
    const id = itemIdOf(kind, key);
    if (id === null) {
      found.damaged.push(key);  // a junk key: set aside with the damaged items
      return;
    }
    const item = inspect(kind, id, values[index]);
    if (item.status === 'ok' || item.status === 'newer') knew(kind, id);
    if (item.status === 'ok') found.items.push({ id, data: item.data, rev: item.rev });
    else if (item.status === 'newer') found.newer.push(id);
    else found.damaged.push(id);
  });
  return found;
}

/** The list's result once the damaged items are set aside (and their usable part kept). */
async function settled(db, kind, found) {
  if (found.damaged.length) {
    for (const [id, item] of await repair(db, kind, found.damaged)) {
      if (item.status !== 'ok') continue;
      knew(kind, id);
      found.items.push({ id, data: item.data, rev: item.rev });
    }
  }
  return { status: 'ok', items: found.items, newer: found.newer, damaged: found.damaged.length };
}

const pause = () => new Promise((resolve) => setTimeout(resolve));

export async function list(kind, { chunk = 0, between = pause } = {}) {
  try {
    const db = await database();
    if (chunk) {
      const found = { items: [], newer: [], damaged: [] };
      let range = rangeOf(kind);
      for (;;) {
        const store = db.transaction(storeOf(kind), 'readonly').objectStore(storeOf(kind));
        const [keys, values] = await Promise.all([
          done(store.getAllKeys(range, chunk)), done(store.getAll(range, chunk))]);
        sortOut(kind, keys, values, found);
        if (keys.length < chunk) break;
        const last = keys[keys.length - 1];
        range = storeOf(kind) === ITEMS_STORE
          ? IDBKeyRange.bound(last, [kind, []], true) : IDBKeyRange.lowerBound(last, true);
        await between();  // the page draws and answers taps between two reads
      }
      return await settled(db, kind, found);
    }
    const store = db.transaction(storeOf(kind), 'readonly').objectStore(storeOf(kind));
    const [keys, values] = await Promise.all([
      done(store.getAllKeys(rangeOf(kind))), done(store.getAll(rangeOf(kind)))]);
    return await settled(db, kind, sortOut(kind, keys, values));
  } catch (error) {
    const failed = failure(error);
    return { status: failed.refused ?? 'unavailable', items: [], newer: [] };
  }
}

/** The values and keys a cursor meets, `limit` of them at most (a cursor reads only what it is asked for). */
function walk(source, range, direction, limit) {
  return new Promise((resolve, reject) => {
    const keys = [];
    const values = [];
    const request = source.openCursor(range, direction);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) {
        resolve([keys, values]);
        return;
      }
      keys.push(cursor.primaryKey);
      values.push(cursor.value);
      if (keys.length >= limit) resolve([keys, values]);
      else cursor.continue();
    };
    request.onerror = () => reject(request.error);
  });
}

export async function listBy(kind, index, { value, values: many, limit = Infinity, direction = 'next' } = {}) {
  try {
    const db = await database();
    const source = db.transaction(ITEMS, 'readonly').objectStore(ITEMS).index(index);
    if (many) {
      const found = { items: [], newer: [], damaged: [] };
      const read = await Promise.all(many.map((one) => Promise.all([
        done(source.getAllKeys(indexRange(kind, one))), done(source.getAll(indexRange(kind, one)))])));
      for (const [keys, values] of read) sortOut(kind, keys, values, found);
      return await settled(db, kind, found);
    }
    const range = value === undefined ? indexRange(kind) : indexRange(kind, value);
    const [keys, values] = limit === Infinity && direction === 'next'
      ? await Promise.all([done(source.getAllKeys(range)), done(source.getAll(range))])
      : await walk(source, range, direction, limit);
    return await settled(db, kind, sortOut(kind, keys, values));
  } catch (error) {
    const failed = failure(error);
    return { status: failed.refused ?? 'unavailable', items: [], newer: [] };
  }
}

export async function readMany(kind, ids) {
  try {
    const db = await database();
    const store = db.transaction(ITEMS, 'readonly').objectStore(ITEMS);
    const values = await Promise.all(ids.map((id) => done(store.get([kind, id]))));
    const stored = ids.filter((id, index) => values[index] !== undefined);  // a missing one is just not found
    const found = sortOut(kind, stored.map((id) => [kind, id]), values.filter((value) => value !== undefined));
    const damaged = found.damaged.length ? await repair(db, kind, found.damaged) : new Map();
    for (const [id, item] of damaged) {
      if (item.status !== 'ok') continue;
      knew(kind, id);
      found.items.push({ id, data: item.data, rev: item.rev });
    }
    return { status: 'ok', items: found.items };
  } catch (error) {
    return { status: failure(error).refused ?? 'unavailable', items: [] };
  }
}

export async function valuesBy(kind, index) {
  try {
    const db = await database();
    const source = db.transaction(ITEMS, 'readonly').objectStore(ITEMS).index(index);
    return await new Promise((resolve, reject) => {
      const values = [];
      const request = source.openKeyCursor(indexRange(kind), 'nextunique');
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) {
          resolve(values.filter((value) => typeof value === 'string'));
          return;
        }
        values.push(cursor.key[1]);
        cursor.continue();
      };
      request.onerror = () => reject(request.error);
    });
  } catch (error) {
    failure(error);
    return [];
  }
}

export async function countBy(kind, index, ...value) {
  try {
    const db = await database();
    const source = db.transaction(ITEMS, 'readonly').objectStore(ITEMS).index(index);
    return { status: 'ok', count: await done(source.count(indexRange(kind, ...value))) };
  } catch (error) {
    return { status: failure(error).refused ?? 'unavailable', count: 0 };
  }
}

/** Remove every item of a kind within a transaction (what a replacing import does first). */
async function clearKind(items, quarantine, kind, changed) {
  const [keys, values] = await Promise.all([
    done(items.getAllKeys(rangeOf(kind))), done(items.getAll(rangeOf(kind)))]);
  for (const [index, key] of keys.entries()) {
    const id = itemIdOf(kind, key);
    if (id === null) {
      asideJunk(items, quarantine, kind, key, values[index]);
      changed.push({ kind, id: null });
      continue;
    }
    const found = inspect(kind, id, values[index]);
    if (found.status === 'newer') return { refused: 'newer' };
    if (found.status === 'damaged') aside(quarantine, kind, id, found, values[index]);
    items.delete(key);
    changed.push({ kind, id });
  }
  return null;
}

/** One op inside the transaction; returns a refusal, or null when done (or skipped). `read` is the item as stored
 * when its batch was read (see batches), else it is read here. */
async function apply(op, stores, quarantine, changed, results, read = null) {
  const items = stores(op.kind);
  if (op.clear) return clearKind(items, quarantine, op.kind, changed);
  const key = itemKey(op.kind, op.id);
  const stored = read ? read.value : await done(items.get(key));
  const found = inspect(op.kind, op.id, stored);
  if (found.status === 'newer') return op.optional ? null : { refused: 'newer' };
  let current = found.status === 'ok' ? { data: found.data, rev: found.rev } : null;
  const damaged = found.status === 'damaged';
  if (damaged) {
    aside(quarantine, op.kind, op.id, found, stored);
    current = found.usable === null ? null : { data: found.usable, rev: found.rev };
  }
  if (op.expect !== undefined && (current?.rev ?? null) !== op.expect) return { refused: 'conflict', current };
  let next = op.change(current);
  if (next === undefined) {
    if (!damaged) return null;
    next = current ? current.data : DELETE;  // the repair is written with the set-aside original, never without
  }
  changed.push({ kind: op.kind, id: op.id });
  if (next === DELETE) {
    items.delete(key);
    results.push({ kind: op.kind, id: op.id, deleted: true });
    return null;
  }
  const problems = dataProblems(op.kind, op.id, next);
  if (problems.length) {  // never store what the next read would call damaged
    console.error('refused to store invalid data', op.kind, op.id, problems);
    return { refused: 'invalid', problems };
  }
  const rev = nextRev(current?.rev ?? found.rev);
  items.put(envelope(op.kind, next, rev), key);
  results.push({ kind: op.kind, id: op.id, data: next, rev });
  return null;
}

const PART = 250;
const MANY = 200;  // more items of one kind changed by one write are announced as the kind: {kind, id: null}

/** What a write changed, as its change message names it: each item, or a whole kind when it changed many (an import
 * of 30,000 records is one entry per kind, not 30,000 for every tab to go through). */
function named(changed) {
  const counts = new Map();
  for (const { kind } of changed) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const whole = [...counts].filter(([, count]) => count > MANY).map(([kind]) => kind);
  return [...whole.map((kind) => ({ kind, id: null })), ...changed.filter((item) => !whole.includes(item.kind))];
}

/** The ops in runs whose items can be read before any of them is written: a clear runs alone, and an item written
 * twice starts a new run (its second write must read the first). In order; one transaction all the same. */
function runs(ops) {
  const found = [];
  let run = [];
  let keys = new Set();
  for (const op of ops) {
    const key = op.clear ? null : JSON.stringify([op.kind, op.id]);
    if (op.clear || keys.has(key)) {
      if (run.length) found.push(run);
      run = [];
      keys = new Set();
    }
    if (op.clear) {
      found.push([op]);
      continue;
    }
    run.push(op);
    keys.add(key);
  }
  if (run.length) found.push(run);
  return found;
}

/**
 * For each kind a run writes PART items or more: the ids of its items stored now, read in one request (a key list),
 * so the run asks only for the items that are there. Map kind → Set of ids; kinds written less are not in it.
 */
async function storedIds(stores, run) {
  const counts = new Map();
  for (const op of run) counts.set(op.kind, (counts.get(op.kind) ?? 0) + 1);
  const big = [...counts].filter(([, count]) => count >= PART).map(([kind]) => kind);
  const keys = await Promise.all(big.map((kind) => done(stores(kind).getAllKeys(rangeOf(kind)))));
  return new Map(big.map((kind, index) => [kind, new Set(keys[index].map((key) => itemIdOf(kind, key)))]));
}

/** A run cut in parts of PART ops: one part is checked and written per task, so the page answers between two. */
function parts(run) {
  const cut = [];
  for (let start = 0; start < run.length; start += PART) cut.push(run.slice(start, start + PART));
  return cut;
}

export async function writeMany(ops) {
  let transaction;
  let ahead = null;  // the next part's reads, asked for before this part is written
  try {
    const db = await database();
    checkWritable();
    const names = [...new Set([ITEMS_STORE, ...ops.map((op) => storeOf(op.kind))])];
    transaction = db.transaction([...names, QUARANTINE], 'readwrite');
    const ending = committed(transaction);
    const stores = (kind) => transaction.objectStore(storeOf(kind));
    const quarantine = transaction.objectStore(QUARANTINE);
    const changed = [];
    const results = [];
    const puts = asidePuts();
    // Every item of a part is asked for at once (an import of 80,000 records waited on each in turn for minutes), and
    // the next part's before this one is written: the database reads them while this page checks and writes. An item
    // a big run's key list says is not there is not asked for; each part still waits on one request, so the page
    // answers between two parts.
    let stored = new Map();  // kind → the ids of its items stored when the run began (big runs only)
    const readPart = (part) => {
      const reads = part.map((op) => (stored.get(op.kind)?.has(op.id) === false
        ? null : done(stores(op.kind).get(itemKey(op.kind, op.id))).then((value) => ({ value }))));
      const [first] = part;
      const turn = reads.some(Boolean) ? null : done(stores(first.kind).count(itemKey(first.kind, first.id)));
      return Promise.all([...reads.map((read) => read ?? { value: undefined }), turn]);
    };
    const abort = async (refused) => {
      ahead?.catch(() => {});
      transaction.abort();
      await ending.catch(() => {});
      return refused;
    };
    for (const run of runs(ops)) {
      if (run[0].clear) {
        const refused = await apply(run[0], stores, quarantine, changed, results);
        if (refused) return await abort(refused);
        continue;
      }
      stored = await storedIds(stores, run);
      const cut = parts(run);
      ahead = readPart(cut[0]);
      for (const [number, part] of cut.entries()) {
        const reads = await ahead;
        ahead = number + 1 < cut.length ? readPart(cut[number + 1]) : null;
        for (const [index, op] of part.entries()) {
          const refused = await apply(op, stores, quarantine, changed, results, reads[index]);
          if (refused) return await abort(refused);
        }
      }
    }
    await ending;
    for (const op of ops) if (op.clear) known.delete(op.kind);
    for (const { kind, id, deleted } of results) {
      if (deleted) known.get(kind)?.delete(id);
      else knew(kind, id);
    }
    if (changed.length) announce({ changed: named(changed), ...(asidePuts() === puts ? {} : { quarantine: true }) });
    return { ok: true, results };
  } catch (error) {
    ahead?.catch(() => {});
    try {
      transaction?.abort();
    } catch {
      // already finished
    }
    return failure(error);
  }
}

export function write(kind, id, change, options = {}) {
  return writeMany([{ kind, id, change, ...options }])
    .then((result) => (result.ok ? { ...result, ...result.results[0] } : result));
}

// The set-aside entries as last read, kept until this page puts one aside or clears them, or another tab says it did
// (every screen's notices ask for them at each render): {version, found}.
let asideKnown = null;
let asideNews = 0;  // another tab's word that the set-aside entries changed (or the storage was closed), counted
onChange((message) => {
  if (message.quarantine || !message.changed) asideNews += 1;
});
const asideVersion = () => `${asidePuts()}/${asideNews}`;

/** Everything set aside: [{key, at, source, kind, id, reason, problems, original}], oldest first. */
export async function listAside() {
  const version = asideVersion();
  if (asideKnown?.version === version) return asideKnown.found;
  try {
    const db = await database();
    const store = db.transaction(QUARANTINE, 'readonly').objectStore(QUARANTINE);
    const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
    const found = { status: 'ok', entries: keys.map((key, index) => ({ key, ...values[index] })) };
    asideKnown = { version, found };
    return found;
  } catch (error) {
    return { status: failure(error).refused ?? 'unavailable', entries: [] };
  }
}

/** Delete the set-aside entries (after the referee exported them, or chose not to). */
export async function clearAside() {
  try {
    const db = await database();
    checkWritable();
    const transaction = db.transaction(QUARANTINE, 'readwrite');
    const ending = committed(transaction);
    transaction.objectStore(QUARANTINE).clear();
    await ending;
    asideNews += 1;  // the entries this page knew are gone
    announce({ quarantine: true });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}
