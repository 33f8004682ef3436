/**
 * The state of the stored data, as screens report it: notices (what was set aside, what a newer version wrote,
 * storage closed, full or nearly full) and the log's data section (persistence, space, set-aside entries).
 */
import { onChange } from '../storage/changes.js';
import { storageState } from '../storage/db.js';
import { askPersistence, estimate, persisted } from '../storage/device.js';
import { legacyKept, legacyWaiting } from '../storage/legacy-migration.js';
import { KINDS } from '../logic/records/kinds.js';
import { clearAside, damagedNotSetAside, list, listAside } from '../storage/repository.js';

/** Read statuses that are about the whole database, not one item: said once, as the storage's notice. */
const STORAGE_PROBLEMS = ['closed', 'unavailable', 'too-new', 'no-items', 'no-aside'];

let blocked = false;
let cleared = null;  // the last word that the browser deleted the app's data under this page: {at, lost}
onChange((message) => {
  if (message.storage === 'blocked') blocked = true;
  if (message.cleared) cleared = { at: new Date().toISOString(), lost: message.lost };
});

/**
 * What the browser deleted under this page (the site's data cleared while it was open), as last heard: {at, lost:
 * [{kind, ids}] (the items this page had read or written, gone)}, or null. Storage is open again (a new, empty
 * database) and saves work; what a screen holds in memory, typed input included, is the screen's to keep.
 */
export function lastCleared() {
  return cleared;
}

/**
 * The notices of a screen. scope: the data it uses, [{kind, id?}] (no id: any item of the kind); statuses: what its
 * reads said, [{kind, status, count}] ('newer', or a storage problem: 'unavailable', 'closed', 'too-new', 'no-items');
 * extra: notices of its own (a refused write).
 */
export async function noticesFor(scope, statuses = [], { extra = [], space = true } = {}) {
  const [aside, room] = await Promise.all([listAside(), space ? estimate() : null]);
  const notices = [];
  const closed = storageState() ?? statuses.find((s) => STORAGE_PROBLEMS.includes(s.status))?.status;
  if (closed) notices.push({ kind: 'storage', problem: closed });
  else if (blocked) notices.push({ kind: 'storage', problem: 'blocked' });
  // The browser deleted the app's data under this page: said on every screen from then on, with what was gone.
  if (cleared) {
    const lost = (cleared.lost ?? []).filter((entry) => entry.ids?.length);
    notices.push({ kind: 'storage', problem: 'cleared', count: lost.reduce((sum, entry) => sum + entry.ids.length, 0), lost });
  }
  for (const { kind, id } of scope) {
    const mine = aside.entries.filter((entry) => entry.kind === kind
      && (id === undefined || entry.id === id || entry.id === null));
    // An older copy that differed from the data in use was replaced, not damaged: said in its own words.
    const replaced = mine.filter((entry) => entry.reason === 'superseded').length;
    if (mine.length - replaced) notices.push({ kind, problem: 'damaged', count: mine.length - replaced });
    if (replaced) notices.push({ kind, problem: 'replaced', count: replaced });
  }
  // Met while storage is full: damaged items that could not be set aside, the previous release's data not moved in.
  for (const { kind, id } of scope) {
    const count = damagedNotSetAside().filter((entry) => entry.kind === kind && (id === undefined || entry.id === id))
      .length;
    if (count) notices.push({ kind, problem: 'damaged-full', count });
    const waiting = legacyWaiting(kind).filter((item) => id === undefined || item.id === id).length;
    if (waiting) notices.push({ kind, problem: 'legacy-quota', count: waiting });
  }
  for (const { kind, status, count = 1 } of statuses) if (status === 'newer' && count) notices.push({ kind, problem: 'newer', count });
  if (scope.some((s) => s.kind === 'incident') && legacyKept().length && !notices.some((n) => n.kind === 'incident' && n.problem === 'newer')) {
    notices.push({ kind: 'incident', problem: 'newer', count: legacyKept().length });
  }
  if (room?.nearlyFull) notices.push({ kind: 'storage', problem: 'nearly-full' });
  notices.push(...extra);
  return notices;
}

/**
 * What the log's data section shows: {persisted, estimate, quarantine entries (without their originals), newer:
 * [{kind, status: 'newer', count}]}. Every stored item is read first, so whatever is damaged anywhere is set aside
 * and listed here, even data no screen has opened yet.
 */
export async function readHealth({ scan = true, chunk = 0, between, read = {} } = {}) {
  // scan: false skips reading every kind (a big log's first page is shown without it; the whole read follows); read:
  // kind → the list just read by the caller (the log's incidents), not read again.
  const scanned = scan
    ? await Promise.all(Object.keys(KINDS).map(async (kind) => ({
      kind, found: read[kind] ?? await list(kind, { chunk, between }) })))
    : [];
  const [kept, room, aside] = await Promise.all([persisted(), estimate(), listAside()]);
  return {
    persisted: kept,
    estimate: room,
    quarantine: aside.entries.map(({ original, ...entry }) => entry),
    newer: scanned.map(({ kind, found }) => ({ kind, status: 'newer', count: found.newer.length })),
  };
}

/** Every set-aside entry, originals included, as a JSON file's text. */
export async function exportAside() {
  const aside = await listAside();
  return JSON.stringify({ format: 'mahjong-referee/set-aside', version: 1, exported: new Date().toISOString(), entries: aside.entries }, null, 2);
}

export async function clearSetAside() {
  return clearAside();
}

export async function askToKeepData() {
  return askPersistence();
}
