/**
 * What the server has of one shared record, as far as this phone knows: one entry of the sync state's `known`
 * (sync-versions.js), stored as an item of its own in the object store `sync-records` under [record kind, record id],
 * so a page of changes writes only the records it changed. Its item id is `<record kind>/<record id>`. Pure.
 *
 * Version 1: {id, kind, eventId, heads, seen, readOnly?, unusable?, shown?, aliasOf?} (see kinds/sync.js `known`).
 * Version 2: an incident's heads hold their bodies as the phone reads them (records/incident.js bodyAsRead: format
 * 2, the seat as a code), so they compare equal to the phone's own records, whose seats are codes since the
 * incident's version 3; version 1 kept them as the server sent them (an older phone's seat as text).
 */
import { checkId, isObject, problems } from './check.js';
import { bodyAsRead } from './incident.js';
import { knownProblems } from './sync.js';

export const SYNC_RECORD = 'syncRecord';

/** The item id of the sync state of record `id` of kind `kind` ('incident' or 'player'). */
export const syncRecordId = (kind, id) => `${kind}/${id}`;

/** The sync-versions.js entry an item holds (its record id is the item's key, not part of the entry). */
export function entryOf(data) {
  const { id, ...entry } = data;
  return entry;
}

/** A `known` entry (or a syncRecord item) with its incident heads' bodies as the phone reads them. */
export function knownAsRead(entry) {
  if (!isObject(entry) || entry.kind !== 'incident' || !Array.isArray(entry.heads)) return entry;
  return { ...entry, heads: entry.heads.map((head) => (isObject(head) && isObject(head.body)
    ? { ...head, body: bodyAsRead(head.body) } : head)) };
}

function syncRecordProblems(data) {
  const report = problems();
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return knownProblems(data);
  checkId(data.id, 'id', report);
  return [...report.found, ...knownProblems(entryOf(data))];
}

export default {
  name: SYNC_RECORD,
  version: 2,
  store: 'sync-records',  // db.js SYNC_RECORDS: its own object store, keyed [record kind, record id]
  validate: syncRecordProblems,
  keyOf: (data) => syncRecordId(data.kind, data.id),
  migrations: { 1: knownAsRead },
};
