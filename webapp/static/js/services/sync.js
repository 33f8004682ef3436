/**
 * Sync with the event's server (docs/api.md): create or join an event, invite, send the outbox and read the changes
 * feed (on opening the app, when the connection comes back, and on a tap), settle conflicts. The credential stays on
 * the device (stored kind `sync`); the access token only in this page's memory. A connection problem (`offline`,
 * `server`) and a data problem (`storage`, `refused`, `damaged`) are told apart in every result.
 */
import { SYNC_ID } from '../storage/kinds/sync.js';
import { emitLocal } from '../storage/changes.js';
import { DELETE, list, listAside, read, write, writeMany } from '../storage/repository.js';
import {
  incidentBody, incidentFromBody, localEvent, localRecords, playerBody, playerFromBody,
} from '../sync-records.js';
import {
  afterUpload, applyChanges, canonical, conflicts, emptyState, markUnusable, nextBatch, notShown, settle, stage, waiting,
} from '../sync-versions.js';
import { currentEventOp } from './settings.js';

const PAGE = 500;
let token = null;  // {credentialId, value}: this page's access token, never stored
let lastProblem = null;  // the last sync's problem, shown until a sync succeeds
let running = null;

/** Whether this copy of the app has a server to sync with (a static export has none). */
export const syncAvailable = (config) => Boolean(config.sync?.api);

/** One API call: {status, json}, or {problem: 'offline'|'server'} when no usable answer came back. */
async function call(config, method, path, { body, auth } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) headers.Authorization = `Bearer ${auth}`;
  let response;
  try {
    response = await fetch(`${config.sync.api}${path}`, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', credentials: 'omit',
    });
  } catch (error) {
    return { problem: 'offline' };
  }
  if (response.status >= 500) return { problem: 'server' };
  try {
    return { status: response.status, json: await response.json() };
  } catch (error) {
    return { problem: 'server' };  // a proxy's page, not the API's JSON
  }
}

/** {status, link}: the stored link to an event (status 'missing' when this phone has none). */
export async function readLink() {
  const found = await read('sync', SYNC_ID);
  return { status: found.status, link: found.status === 'ok' ? found.data : null };
}

function linkFrom(event, credential) {
  return {
    ...emptyState(),
    server: {
      eventId: event.id, name: event.name, rulesetId: event.ruleset_id, startsOn: event.starts_on,
      endsOn: event.ends_on, sessions: event.sessions, leagueId: event.league?.id ?? null,
    },
    credential: { id: credential.id, secret: credential.secret, role: credential.role, displayName: credential.display_name },
  };
}

/**
 * Keep the credential, and make the server's event the phone's current event (same id on every phone, with the
 * server's link), in one transaction: new incidents and roster players go to it.
 */
async function keepLink(event, credential) {
  const link = linkFrom(event, credential);
  const result = await writeMany([
    { kind: 'sync', id: SYNC_ID, change: () => link, expect: null },
    { kind: 'event', id: event.id, change: (current) => ({ ...(current?.data ?? {}), ...localEvent(link.server) }) },
    currentEventOp(event.id),
  ]);
  if (result.refused === 'conflict') return { error: 'already_linked' };
  return result.ok ? { ok: true } : { error: 'storage' };
}

/** The answer of a refused request, as the screens show it: at a field, or one code. */
function refusal(answer) {
  if (answer.problem) return { problem: answer.problem };
  const { error = 'invalid', field = null } = answer.json ?? {};
  return field ? { errors: { [field]: error } } : { error };
}

/** Create an event on the server; this phone becomes its head referee. */
export async function createEvent(config, fields) {
  const answer = await call(config, 'POST', '/events', { body: fields });
  if (answer.status !== 201) return refusal(answer);
  token = null;
  return keepLink(answer.json.event, answer.json.credential);
}

/** Join an event with an invitation (the link's fragment, `<id>.<secret>`) under the referee's name. */
export async function joinEvent(config, invite, displayName) {
  const answer = await call(config, 'POST', '/invites/accept', { body: { invite, display_name: displayName } });
  if (answer.status !== 201) return refusal(answer);
  token = null;
  return keepLink(answer.json.event, answer.json.credential);
}

/** What an invitation offers (the event and the role), before joining: {ok, event, role} | {error} | {problem}. */
export async function previewInvite(config, invite) {
  const answer = await call(config, 'POST', '/invites/preview', { body: { invite } });
  if (answer.status !== 200) return refusal(answer);
  return { ok: true, event: answer.json.event, role: answer.json.role };
}

/** Forget the event on this phone (its records stay in the log). */
export async function leaveEvent() {
  token = null;
  lastProblem = null;
  const result = await write('sync', SYNC_ID, () => DELETE);
  return result.ok ? { ok: true } : { error: 'storage' };
}

async function signIn(config, link) {
  if (token?.credentialId === link.credential.id) return { ok: true };
  const answer = await call(config, 'POST', '/auth/token', { body: { credential_id: link.credential.id, secret: link.credential.secret } });
  if (answer.problem) return answer;
  if (answer.status === 429) return { problem: 'wait', error: 'rate_limited' };  // too many attempts: not revoked
  if (answer.status !== 200) return { problem: 'auth', error: answer.json?.error ?? 'unauthorized' };
  token = { credentialId: link.credential.id, value: answer.json.access_token };
  return { ok: true };
}

/** An authorized call to the event; signs in first, and again once when the token expired. */
async function eventCall(config, link, method, path, body) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const signed = await signIn(config, link);
    if (!signed.ok) return signed;
    const answer = await call(config, method, `/events/${encodeURIComponent(link.server.eventId)}${path}`, { body, auth: token.value });
    if (answer.status === 401 && answer.json?.error === 'token_expired') {
      token = null;
      continue;
    }
    if (answer.status === 429) return { problem: 'wait', error: 'rate_limited' };
    if (answer.status === 401 || answer.status === 403) return { problem: 'auth', error: answer.json?.error ?? 'unauthorized' };
    return answer;
  }
  return { problem: 'auth', error: 'token_expired' };
}

/** New invitation: {link, qr (a data: URL of its QR code), role} to show now (the server keeps no way to show it again). */
export async function invite(config, role) {
  const { link } = await readLink();
  if (!link) return { error: 'no_event' };
  const answer = await eventCall(config, link, 'POST', '/invites', { role, max_uses: 50, expires_in_days: 7, lang: config.lang });
  if (answer.status !== 201) return refusal(answer);
  return { ok: true, link: answer.json.link, qr: answer.json.qr.data_url, role };
}

/** The ids of the roster players the server has, as far as this phone knows. */
const serverPlayers = (state) => new Set(Object.entries(state.known).filter(([, entry]) => entry.kind === 'player').map(([id]) => id));

/** The event's records this phone holds, as sync-versions.js takes them, and those it holds but cannot read now. */
async function holding(link) {
  const [incidents, players, aside] = await Promise.all([list('incident'), list('player'), listAside()]);
  if (incidents.status !== 'ok' || players.status !== 'ok') return { error: incidents.status !== 'ok' ? incidents.status : players.status };
  const setAside = aside.entries.filter((entry) => ['incident', 'player'].includes(entry.kind) && entry.id !== null).map((entry) => entry.id);
  return {
    records: localRecords({ incidents: incidents.items.map((item) => item.data), players: players.items.map((item) => item.data) },
      link.server, { serverPlayers: serverPlayers(link) }),
    options: { unreadable: [...incidents.newer, ...players.newer, ...setAside] },
  };
}

/**
 * Save the sync state (only this page writes it while it holds the sync lock) with the records' writes, in one
 * transaction; `skipped` is filled by those writes with the ones the referee's change made meanwhile overrides.
 */
async function save(state, ops = [], skipped = []) {
  const result = await writeMany([...ops, { kind: 'sync', id: SYNC_ID, change: (current) => (current ? notShown(state, skipped) : undefined) }]);
  return result.ok;
}

/**
 * What the phone shows of a record now, as sync-versions.js compares it: the body localRecords makes of it (`named`:
 * the players the server has when a referee's phone names only those, null for the head referee's).
 */
function shownNow(kind, current, named) {
  if (!current) return { deleted: true, body: null };
  if (kind === 'player') return { deleted: Boolean(current.data.deleted), body: playerBody(current.data) };
  return { deleted: false, body: incidentBody(current.data, named) };
}

/**
 * The write of one downloaded record, unless the referee changed it here meanwhile (then it is kept and sent at the
 * next sync). An incident lives in its event (another event of the league: read-only here); a roster player in the
 * phone's event. A removed player stays as a tombstone, so the records naming them still read.
 */
function recordOp(found, server, named = null, skipped = []) {
  const player = found.kind === 'player';
  const value = found.deleted ? null : player ? playerFromBody(found.id, found.body, server.eventId, false, found.aliasOf)
    : incidentFromBody(found.id, found.body, found.eventId ?? server.eventId);
  if (!found.deleted && !value) return { unusable: found.id };
  return {
    kind: found.kind, id: found.id, optional: true,
    change: (current) => {
      if (found.before) {
        const now = shownNow(found.kind, current, named);
        const unchanged = now.deleted === found.before.deleted && (now.deleted || canonical(now.body) === canonical(found.before.body));
        if (!unchanged) {
          skipped.push(found);  // changed here meanwhile: the record still shows the version it showed
          return undefined;
        }
      }
      if (!found.deleted) return value;
      if (!current) return undefined;
      return player ? { ...current.data, deleted: true, ...(found.aliasOf ? { sameAs: found.aliasOf } : {}) } : DELETE;
    },
  };
}

async function run(config) {
  const { status, link } = await readLink();
  if (status === 'missing') return { problem: 'no_event' };
  if (!link) return { problem: status === 'ok' ? 'damaged' : status };
  const { server } = link;
  let state = link;
  const writer = link.credential.role !== 'viewer';  // a viewer only reads
  const held = writer ? await holding(link) : { records: [] };
  if (held.error) return { problem: 'storage' };
  if (writer) {
    const staged = stage(state, held.records, undefined, held.options);
    state = staged.state;
    if (staged.staged && !(await save(state))) return { problem: 'storage' };
  }
  let sent = 0;
  let refused = 0;
  let closed = false;
  for (let batch = writer ? nextBatch(state) : []; batch.length && !closed; batch = nextBatch(state)) {
    const answer = await eventCall(config, link, 'POST', '/versions', { versions: batch });
    if (answer.problem) return answer;
    if (answer.status === 409) {
      closed = true;  // a closed event takes nothing more: read it still
      break;
    }
    if (answer.status !== 200) return { problem: 'refused', error: answer.json?.error ?? 'invalid' };
    const done = afterUpload(state, batch, answer.json.results, { eventId: server.eventId, author: link.credential.displayName });
    state = done.state;
    sent += batch.length - done.refused.length;
    refused += done.refused.length;
    if (!(await save(state))) return { problem: 'storage' };
  }
  const scope = server.leagueId ? 'league' : 'event';
  let received = 0;
  for (let more = true; more;) {
    const query = `?since=${encodeURIComponent(state.cursor)}&limit=${PAGE}&scope=${scope}`;
    const answer = await eventCall(config, link, 'GET', `/changes${query}`);
    if (answer.problem) return answer;
    if (answer.status !== 200) return { problem: 'refused', error: answer.json?.error ?? 'invalid' };
    const named = new Set([...serverPlayers(state), ...held.records.filter((r) => r.kind === 'player').map((r) => r.id)]);  // as stage() saw them
    const applied = applyChanges(state, answer.json.changes, answer.json.next, { eventId: server.eventId });
    state = applied.state;
    const skipped = [];
    const ops = applied.writes.map((found) => recordOp(found, server, named, skipped));
    const unusable = ops.filter((op) => op.unusable).map((op) => op.unusable);
    if (unusable.length) {
      state = markUnusable(state, unusable);
      state = notShown(state, applied.writes.filter((found) => unusable.includes(found.id)));
    }
    more = answer.json.more;
    if (!more) state = { ...state, lastSyncAt: new Date().toISOString() };
    if (!(await save(state, ops.filter((op) => !op.unusable), skipped))) return { problem: 'storage' };
    state = notShown(state, skipped);
    received += answer.json.changes.length;
  }
  return closed ? { problem: 'closed', sent, refused, received } : { ok: true, sent, refused, received };
}

/**
 * Sync now: stage the phone's changes, send the outbox, read the feed. One sync at a time across this device's tabs
 * (a Web Lock). {ok, sent, refused, received} or {problem: 'off'|'no_event'|'offline'|'server'|'auth'|'wait' (429: try
 * again later)|'closed'
 * (the event takes nothing more; it was read all the same)|'storage'|'damaged'|'refused'|..., error?}.
 */
export function syncNow(config) {
  if (!syncAvailable(config)) return Promise.resolve({ problem: 'off' });
  running ??= (navigator.locks ? navigator.locks.request('mahjong-referee-sync', () => run(config)) : run(config))
    .catch((error) => {
      console.error('sync', error);
      return { problem: 'storage' };
    })
    .then((result) => {
      running = null;
      lastProblem = result.problem && result.problem !== 'no_event' ? result : null;
      emitLocal({ changed: [{ kind: 'sync', id: SYNC_ID }] });
      return result;
    });
  return running;
}

/** What the sync screen shows: the event, what waits to be sent, the last sync, problems, and (head) conflicts. */
export async function syncStatus(config) {
  if (!syncAvailable(config)) return { off: true };
  const { status, link } = await readLink();
  if (!link) return { status, link: null };
  const held = await holding(link);
  return {
    status,
    link: { server: link.server, role: link.credential.role, displayName: link.credential.displayName },
    waiting: link.credential.role === 'viewer' ? 0 : held.error ? link.outbox.length : waiting(link, held.records, held.options),
    lastSyncAt: link.lastSyncAt,
    refused: link.refused,
    conflicts: link.credential.role === 'head' ? conflicts(link) : [],
    problem: lastProblem,
    syncing: Boolean(running),
  };
}

/** Settle a conflict with one of its heads (or a deletion, keep = null), then sync. */
export async function settleConflict(config, recordId, keep) {
  const settled = await (navigator.locks ? navigator.locks.request('mahjong-referee-sync', () => settleLocked(recordId, keep)) : settleLocked(recordId, keep));
  if (!settled.ok) return settled;
  return syncNow(config);
}

async function settleLocked(recordId, keep) {
  const { link } = await readLink();
  if (!link) return { error: 'no_event' };
  const done = settle(link, recordId, keep);
  if (done.error) return done;
  const op = recordOp({ ...done.write, before: null }, link.server);
  return (await save(done.state, op.unusable ? [] : [op])) ? { ok: true } : { error: 'storage' };
}

/** Sync when the app opens and whenever the connection comes back. */
export function startAutoSync(config) {
  if (!syncAvailable(config)) return;
  const whenLinked = async () => {
    const { link } = await readLink().catch(() => ({ link: null }));
    if (link) await syncNow(config);
  };
  window.addEventListener('online', () => whenLinked());
  whenLinked();
}
