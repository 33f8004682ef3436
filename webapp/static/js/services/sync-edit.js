/**
 * An edit of a shared incident saved from a form made before a download was written over it (another referee's
 * version came while the form was open): kept as the referee's own version, child of the version the form showed, so
 * the server keeps both as a conflict the head referee settles, never one over the other. Loaded only when such a
 * save is refused as stale (services/log.js); the pure decision is sync-versions.js editedFrom.
 */
import { SYNC_RECORD, syncRecordId } from '../logic/records/sync-record.js';
import { writeMany } from '../storage/repository.js';
import { editedFrom, showEditOf } from '../logic/sync-versions.js';
import { serverPlayers, shownNow } from './sync-run.js';
import { readLink } from './sync-link.js';
import { withSyncLock } from './sync.js';

/**
 * Save `incident` (with `ops` written beside it) over `current`, the record as the stale refusal found it, when only
 * a download changed it since revision `formRev`: the writeMany result, or null (the refusal stands).
 */
export function saveOverDownload(incident, formRev, current, ops = []) {
  return withSyncLock(async () => {
    const { link } = await readLink();
    if (!link || !current) return null;
    const named = link.credential.role === 'head' ? null : serverPlayers(link);
    const parent = editedFrom(link, incident.id, formRev, shownNow('incident', current, named).body);
    if (!parent) return null;
    const entry = showEditOf(link, incident.id, parent).known[incident.id];
    return writeMany([...ops,
      { kind: 'incident', id: incident.id, change: () => incident, expect: current.rev },
      { kind: SYNC_RECORD, id: syncRecordId(entry.kind, incident.id),
        change: (stored) => (stored ? { id: incident.id, ...entry } : undefined) }]);
  });
}
