/**
 * What the server has of one shared record, as far as this phone knows: one entry of the sync state's `known`
 * (sync-versions.js), stored as an item of its own in the object store `sync-records` under [record kind, record id],
 * so a page of changes writes only the records it changed. Its item id is `<record kind>/<record id>`. Pure.
 *
 * Version 1: {id, kind, eventId, heads, seen, readOnly?, unusable?, shown?, aliasOf?} (see kinds/sync.js `known`).
 */
import { checkId, problems } from './check.js';
import { knownProblems } from './sync.js';

export const SYNC_RECORD = 'syncRecord';

/** The item id of the sync state of record `id` of kind `kind` ('incident' or 'player'). */
export const syncRecordId = (kind, id) => `${kind}/${id}`;

/** The sync-versions.js entry an item holds (its record id is the item's key, not part of the entry). */
export function entryOf(data) {
  const { id, ...entry } = data;
  return entry;
}

function syncRecordProblems(data) {
  const report = problems();
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return knownProblems(data);
  checkId(data.id, 'id', report);
  return [...report.found, ...knownProblems(entryOf(data))];
}

export default {
  name: SYNC_RECORD,
  version: 1,
  store: 'sync-records',  // db.js SYNC_RECORDS: its own object store, keyed [record kind, record id]
  validate: syncRecordProblems,
  keyOf: (data) => syncRecordId(data.kind, data.id),
  migrations: {},
};
