/**
 * Every kind of data the app stores, and what a stored item is worth when read. Pure: no DOM, no storage.
 *
 * A stored item is an envelope {format: kind, v: version of data's shape, rev: revision, data}. Reading one gives
 * ok (data usable as is, migrated forward when older), missing, newer (written by a newer app: never touched here),
 * or damaged (problems with paths, and what is still usable: the kind's salvage keeps good records untouched).
 *
 * To add a kind: write kinds/<name>.js exporting {name, version, validate(data) → problems, migrations, salvage?,
 * keyOf?, store?} and list it below (`store`: an object store of its own, created by a db.js upgrade). To change a
 * kind's shape: bump its version, add migrations[old] = (data, lose) => newer data, and validate the new shape; older
 * data is migrated on read, and rewritten at the new version once, at the first start of the app that brings it
 * (storage/upgrade.js). A migration that cannot carry a part of the data says so with lose(path, code): the item then
 * reads as damaged, its migrated data usable, so storage sets the original aside and reports it.
 */
import { isObject, join, problems } from './check.js';
import clock from './clock.js';
import event from './event.js';
import incident from './incident.js';
import player from './player.js';
import settings from './settings.js';
import shortcuts from './shortcuts.js';
import sync from './sync.js';
import syncRecord from './sync-record.js';
import table from './table.js';

export const KINDS = Object.freeze({ settings, table, incident, event, player, shortcuts, clock, sync, syncRecord });

export function kindOf(name) {
  if (!Object.hasOwn(KINDS, name)) throw new Error(`unknown kind ${name}`);
  return KINDS[name];
}

/**
 * Where a kind's items are kept. Most kinds share the object store `items`, keyed [kind, id]; a kind with a `store`
 * of its own (syncRecord) is keyed there by its id split at the first '/': 'incident/abc' → ['incident', 'abc'].
 */
export const ITEMS_STORE = 'items';
export const storeOf = (name) => kindOf(name).store ?? ITEMS_STORE;

/** The IndexedDB key of item `id` of a kind. */
export function itemKey(name, id) {
  if (!kindOf(name).store) return [name, id];
  const cut = id.indexOf('/');
  return [id.slice(0, cut), id.slice(cut + 1)];
}

/** The item id a key of the kind's range stands for, or null for a junk key (not an item's key). */
export function itemIdOf(name, key) {
  if (!Array.isArray(key) || key.length !== 2 || typeof key[1] !== 'string') return null;
  if (!kindOf(name).store) return key[1];
  return typeof key[0] === 'string' && key[0] && !key[0].includes('/') ? `${key[0]}/${key[1]}` : null;
}

/** The envelope to store data of a kind at its current version. */
export function envelope(name, data, rev) {
  return { format: name, v: kindOf(name).version, rev, data };
}

/**
 * Bring data of version `from` to the kind's current version; throws when a migration fails. `lose(path, code)`
 * hears what a migration could not carry.
 */
export function migrate(name, data, from, lose = () => {}) {
  const kind = kindOf(name);
  let current = data;
  for (let version = from; version < kind.version; version += 1) current = kind.migrations[version](current, lose);
  return current;
}

/** Problems of data at the kind's current version, stored under `id`. */
export function dataProblems(name, id, data) {
  const kind = kindOf(name);
  const found = kind.validate(data);
  if (!found.length && kind.keyOf && kind.keyOf(data) !== id) found.push({ path: 'id', code: 'key_mismatch' });
  return found;
}

/**
 * What a stored value is worth: {status: 'missing'|'ok'|'newer'|'damaged', data, rev, v, problems, usable}.
 * `usable` (damaged only) is the part to keep using, or null when nothing is.
 */
export function inspect(name, id, stored) {
  const kind = kindOf(name);
  if (stored === undefined) return { status: 'missing' };
  const report = problems();
  if (!isObject(stored)) {
    report.add('', stored === null ? 'null' : 'not_object');
    return { status: 'damaged', problems: report.found, usable: null, rev: 0 };
  }
  if (stored.format !== name) {
    report.add('format', stored.format === undefined ? 'missing' : 'wrong_format');
    return { status: 'damaged', problems: report.found, usable: null, rev: 0 };
  }
  const versioned = Number.isInteger(stored.v) && stored.v >= 1;
  if (versioned && stored.v > kind.version) return { status: 'newer', v: stored.v, rev: stored.rev };
  if (!versioned) report.add('v', stored.v === undefined ? 'missing' : 'bad_version');
  const rev = Number.isInteger(stored.rev) && stored.rev >= 0 ? stored.rev : 0;
  if (rev !== stored.rev) report.add('rev', stored.rev === undefined ? 'missing' : 'bad_rev');
  let data = stored.data;
  if (versioned && stored.v < kind.version) {
    try {
      data = migrate(name, data, stored.v, (path, code) => report.add(join('data', path), code));
    } catch (error) {
      report.add('data', 'migration_failed');
      return { status: 'damaged', problems: report.found, usable: null, rev };
    }
  }
  const found = data === undefined ? [{ path: 'data', code: 'missing' }]
    : dataProblems(name, id, data).map((problem) => ({ path: join('data', problem.path), code: problem.code }));
  if (!report.found.length && !found.length) return { status: 'ok', data, rev, v: stored.v };
  let usable = found.length ? (kind.salvage?.(data) ?? null) : data;
  if (usable !== null && dataProblems(name, id, usable).length) usable = null;
  return { status: 'damaged', problems: [...report.found, ...found], usable, rev };
}
