/**
 * One sync run: stage the phone's changes as versions, send the outbox, read the changes feed to its end and write
 * what changed, the sync state saved with the records it describes in one transaction (sync-state.js: only what
 * changed). Also the write of a settled conflict. Pure decisions are sync-versions.js's; this module reads and
 * writes storage and calls the API.
 */
import { DELETE, list, listAside } from '../storage/repository.js';
import {
  changesAsRead, incidentBody, incidentFromBody, localRecords, playerBody, playerFromBody, serverPlayers,
} from '../logic/sync-records.js';
import {
  afterUpload, applyChanges, canonical, discardRefused, markUnusable, nextBatch, notShown, settle, stage,
} from '../logic/sync-versions.js';
import { clockSkew } from './server-clock.js';
import { eventCall } from './sync-client.js';
import { readLink } from './sync-link.js';
import { saveState } from './sync-state.js';

const PAGE = 500;

/** The server's clock offset, kept with the sync state so incidents recorded in another page are corrected too. */
const clockState = () => (clockSkew().offset === null ? {} : { clockOffsetMs: Math.round(clockSkew().offset) });

/** Which changes feed the phone reads: a league's event reads the league's (its other events' incidents count). */
export const feedScope = (link) => (link.server.leagueId ? 'league' : 'event');

export { serverPlayers };  // the ids of the roster players the server has, as far as this phone knows

/** The event's records this phone holds, as sync-versions.js takes them, and those it holds but cannot read now. */
export async function holding(link) {
  const [incidents, players, aside] = await Promise.all([list('incident'), list('player'), listAside()]);
  if (incidents.status !== 'ok' || players.status !== 'ok') return { error: incidents.status !== 'ok' ? incidents.status : players.status };
  const setAside = aside.entries.filter((entry) => ['incident', 'player'].includes(entry.kind) && entry.id !== null).map((entry) => entry.id);
  return {
    records: localRecords(
      { incidents: incidents.items.map((item) => item.data), players: players.items.map((item) => item.data) },
      link.server, { serverPlayers: serverPlayers(link) }),
    options: { unreadable: [...incidents.newer, ...players.newer, ...setAside] },
  };
}


/**
 * What the phone shows of a record now, as sync-versions.js compares it: the body localRecords makes of it (`named`:
 * the players the server has when a referee's phone names only those, null for the head referee's).
 */
export function shownNow(kind, current, named) {
  if (!current) return { deleted: true, body: null };
  if (kind === 'player') return { deleted: Boolean(current.data.deleted), body: playerBody(current.data) };
  return { deleted: false, body: incidentBody(current.data, named) };
}

/**
 * The write of one downloaded record, unless the referee changed it here meanwhile (then it is kept and sent at the
 * next sync). An incident lives in its event (another event of the league: read-only here); a roster player in the
 * phone's event. A removed player stays as a tombstone, so the records naming them still read.
 */
function recordOp(found, server, named = null, skipped = [], overwritten = []) {
  const player = found.kind === 'player';
  const value = found.deleted ? null
    : player ? playerFromBody(found.id, found.body, server.eventId, false, found.aliasOf)
      : incidentFromBody(found.id, found.body, found.eventId ?? server.eventId);
  if (!found.deleted && !value) return { unusable: found.id };
  return {
    kind: found.kind, id: found.id, optional: true,
    change: (current) => {
      if (found.before) {
        const now = shownNow(found.kind, current, named);
        const unchanged = now.deleted === found.before.deleted
          && (now.deleted || canonical(now.body) === canonical(found.before.body));
        if (!unchanged) {
          skipped.push(found);  // changed here meanwhile: the record still shows the version it showed
          return undefined;
        }
        if (current && found.before.id) overwritten.push({ id: found.id, version: found.before.id, rev: current.rev });
      }
      if (!found.deleted) return value;
      if (!current) return undefined;
      return player ? { ...current.data, deleted: true, ...(found.aliasOf ? { sameAs: found.aliasOf } : {}) } : DELETE;
    },
  };
}

/**
 * Sync the linked event once: {ok, sent, refused, received, feed, waiting} or {problem: 'no_event'|'damaged'|'offline'|
 * 'busy'|'full'|'server'|'auth'|'closed' (the event takes nothing more; it was read all the same)|'storage'|'refused',
 * error?, retryAfter?}. `feed`: the feed's last page as the server tagged it ({cursor, scope, tag}, or null), which
 * an unchanged poll sends back; `waiting`: the versions left in the outbox. Each call tells the server how many
 * versions wait here (X-Sync-Pending), for the head referee's list of devices.
 */
export async function run(config) {
  const { status, link } = await readLink();
  if (status === 'missing') return { problem: 'no_event' };
  if (!link) return { problem: status === 'ok' ? 'damaged' : status };
  const { server } = link;
  let state = link;
  let saved = link;  // the state as stored: a save writes what differs from it
  // Only this page writes the sync state while it holds the sync lock; `skipped` is filled by the records' writes
  // with the downloads the referee's change made meanwhile overrides, `overwritten` with those written over what the
  // phone showed (see noteReplaced).
  const save = async (ops = [], skipped = [], overwritten = []) => {
    const now = await saveState(saved, state, ops, skipped, overwritten);
    if (now) saved = state = now;
    return Boolean(now);
  };
  const writer = link.credential.role !== 'viewer';  // a viewer only reads
  const held = writer ? await holding(link) : { records: [] };
  if (held.error) return { problem: 'storage' };
  if (writer) {
    const staged = stage(state, held.records, undefined, held.options);
    state = staged.state;
    if (staged.staged && !(await save())) return { problem: 'storage' };
  }
  let sent = 0;
  let refused = 0;
  let closed = false;
  for (let batch = writer ? nextBatch(state) : []; batch.length && !closed; batch = nextBatch(state)) {
    const answer = await eventCall(config, link, 'POST', '/versions', { versions: batch },
      { pending: state.outbox.length - batch.length });
    if (answer.problem) return answer;
    if (answer.status === 409) {
      closed = true;  // a closed event takes nothing more: read it still
      break;
    }
    if (answer.status !== 200) return { problem: 'refused', error: answer.json?.error ?? 'invalid' };
    const done = afterUpload(state, batch, answer.json.results, {
      eventId: server.eventId, author: link.credential.displayName });
    state = done.state;
    sent += batch.length - done.refused.length;
    refused += done.refused.length;
    if (!(await save())) return { problem: 'storage' };
  }
  const scope = feedScope(link);
  let received = 0;
  let feed = null;  // the feed's last page: {cursor, scope, tag}, for the next poll (sync-live.js)
  /** Apply a page of versions (the feed's, or the snapshot's heads) and save it; `cursor` moves the feed's cursor. */
  const apply = async (changes, cursor, last) => {
    const named = new Set([...serverPlayers(state), ...held.records.filter((r) => r.kind === 'player').map((r) => r.id)]);  // as stage() saw them
    // incident bodies as this phone reads them (seat codes)
    const applied = applyChanges(state, changesAsRead(changes), cursor, { eventId: server.eventId });
    state = applied.state;
    const skipped = [];
    const overwritten = [];
    const ops = applied.writes.map((found) => recordOp(found, server, named, skipped, overwritten));
    const unusable = ops.filter((op) => op.unusable).map((op) => op.unusable);
    if (unusable.length) {
      state = markUnusable(state, unusable);
      state = notShown(state, applied.writes.filter((found) => unusable.includes(found.id)));
    }
    if (last) state = { ...state, lastSyncAt: new Date().toISOString(), ...clockState() };
    received += changes.length;
    return save(ops.filter((op) => !op.unusable), skipped, overwritten);
  };
  // A phone that has read nothing yet (it just joined) reads each record's current heads, not every version ever
  // sent, then the feed from where the snapshot began; its cursor moves only once the snapshot is read whole.
  for (let after = state.cursor === '0' ? '' : null; after !== null;) {
    const query = `?${after ? `after=${encodeURIComponent(after)}&` : ''}limit=${PAGE}&scope=${scope}`;
    const answer = await eventCall(config, link, 'GET', `/snapshot${query}`);
    if (answer.problem) return answer;
    if (answer.status !== 200) return { problem: 'refused', error: answer.json?.error ?? 'invalid' };
    after = answer.json.next;
    if (!(await apply(answer.json.heads, after === null ? answer.json.since : undefined, false))) return { problem: 'storage' };
  }
  for (let more = true; more;) {
    const query = `?since=${encodeURIComponent(state.cursor)}&limit=${PAGE}&scope=${scope}`;
    const answer = await eventCall(config, link, 'GET', `/changes${query}`, undefined, { pending: state.outbox.length });
    if (answer.problem) return answer;
    if (answer.status !== 200) return { problem: 'refused', error: answer.json?.error ?? 'invalid' };
    more = answer.json.more;
    if (!more) feed = answer.tag ? { cursor: answer.json.next, scope, tag: answer.tag } : null;
    if (!(await apply(answer.json.changes, answer.json.next, !more))) return { problem: 'storage' };
  }
  const waitingNow = state.outbox.length;
  return closed ? { problem: 'closed', sent, refused, received, feed, waiting: waitingNow }
    : { ok: true, sent, refused, received, feed, waiting: waitingNow };
}

/** Write a settled conflict: the version that settles it goes to the outbox, the chosen value to the record. */
export async function settleLocked(recordId, keep) {
  const { link } = await readLink();
  if (!link) return { error: 'no_event' };
  const done = settle(link, recordId, keep);
  if (done.error) return done;
  const op = recordOp({ ...done.write, before: null }, link.server);
  return (await saveState(link, done.state, op.unusable ? [] : [op])) ? { ok: true } : { error: 'storage' };
}

/** Discard a refused change: the record takes the server's version again (see sync-versions.js discardRefused). */
export async function discardLocked(recordId) {
  const { link } = await readLink();
  if (!link) return { error: 'no_event' };
  const done = discardRefused(link, recordId);
  if (done.error) return done;
  const op = recordOp({ ...done.write, before: null }, link.server);
  return (await saveState(link, done.state, op.unusable ? [] : [op])) ? { ok: true } : { error: 'storage' };
}
