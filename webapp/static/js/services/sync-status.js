/**
 * What the event screen shows of the sync: the event, what waits to be sent, the last sync and its problem, the
 * refused changes, and (head referee) the conflicts to settle; and the settling itself.
 */
import { recordSentState } from '../logic/sync-records.js';
import { conflicts, waiting } from '../logic/sync-versions.js';
import { read } from '../storage/repository.js';
import { duplicatesToAsk } from './sync-duplicates.js';
import { discardLocked, holding, settleLocked } from './sync-run.js';
import { clockSkew } from './server-clock.js';
import { readLink } from './sync-link.js';
import { sentStates } from './sync-state.js';
import { syncActivity, syncAvailable, syncNow, withSyncLock } from './sync.js';

/**
 * What the sync screen shows: the event, what waits to be sent, the last sync, problems, and (head) conflicts and
 * possible duplicates.
 */
export async function syncStatus(config) {
  if (!syncAvailable(config)) return { off: true };
  const { status, link } = await readLink();
  if (!link) return { status, link: null };
  const held = await holding(link);
  const activity = syncActivity();
  return {
    status,
    link: { server: link.server, role: link.credential.role, displayName: link.credential.displayName },
    waiting: link.credential.role === 'viewer' ? 0 : held.error ? link.outbox.length : waiting(link, held.records, held.options),
    lastSyncAt: link.lastSyncAt,
    refused: link.refused,
    conflicts: link.credential.role === 'head' ? conflicts(link) : [],
    duplicates: await duplicatesToAsk(link),
    problem: activity.problem,
    syncing: activity.syncing,
    retryAt: activity.retryAt,
    clock: clockSkew(),
  };
}

/** Settle a conflict with one of its heads (or a deletion, keep = null), then sync. */
export async function settleConflict(config, recordId, keep) {
  const settled = await withSyncLock(() => settleLocked(recordId, keep));
  if (!settled.ok) return settled;
  return syncNow(config);
}

/** Discard a change the server refused, for the server's version, then sync. */
export async function discardChange(config, recordId) {
  const done = await withSyncLock(() => discardLocked(recordId));
  if (!done.ok) return done;
  return syncNow(config);
}

/**
 * Whether the server has a record (kind 'incident' or 'player') as this phone holds it, for a confirmation to say:
 * 'sent', 'waiting' (not sent yet), 'refused' (see the event screen), or 'local' (not shared: no event on a server,
 * another event, or a viewer's phone, which sends nothing). Live sync (sync-live.js onLiveChange) says when to ask
 * again.
 */
export async function recordSent(config, kind, id) {
  if (!syncAvailable(config)) return 'local';
  const [state, found] = await Promise.all([sentStates(), read(kind, id)]);
  if (!state) return 'local';
  return recordSentState(state, kind, found.status === 'ok' ? found.data : null, id);
}
