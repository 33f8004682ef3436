/**
 * Live sync (issue 36): an event's phones stay current within seconds, without a tap.
 * - Up: a record saved in this tab (storage's own change notices for incidents and roster players) starts a sync run
 *   within SAVE_QUIET ms of the last save (at most SAVE_LONGEST ms after the first), so a burst of saves goes up as
 *   one batch. Offline, the save waits: coming back online syncs (sync.js).
 * - Down: while the phone is in an event, the app in view and the device online, a poll every POLL_MS (a little
 *   jitter, so a venue's phones spread out) asks the changes feed whether anything is new, sending back the ETag of
 *   the last page read: an unchanged feed answers 304 and costs the server no database query (docs/api.md "Polling
 *   cheaply"); anything new starts a sync run, whose writes tell the screens (storage's change notices). Coming
 *   into view polls at once; hidden or offline, nothing is asked. A sync run already planned (busy, wait, full, a
 *   connection problem: sync.js's back-off) holds the polls back until it has run; a revoked device stops.
 * The budgets behind POLL_MS (docs/sync.md "Live"): a strike saved on one phone shows on another's open log within
 * 10 s, and 200 idle open phones cost the server at most a tenth of one core.
 *
 * The service the screens use: liveState() (how fresh this phone's view is, whether changes wait to go up, whether
 * live sync runs) and onLiveChange(listener).
 */
import { SYNC_ID } from '../logic/records/sync.js';
import { concerns, onChange, onOwnChange } from '../storage/changes.js';
import { read } from '../storage/repository.js';
import { rememberOffset } from './server-clock.js';
import { eventCall } from './sync-client.js';
import { feedScope } from './sync-run.js';
import { onSyncEnd, syncActivity, syncNow } from './sync.js';

export const SAVE_QUIET = 1000;  // ms after the last save before it goes up
export const SAVE_LONGEST = 2000;  // ms after the first save of a burst, at most
export const POLL_MS = 5000;  // between polls while in view and online
const JITTER = 0.2;  // each wait is POLL_MS give or take a fifth
const SYNCED_KINDS = new Set(['incident', 'player']);  // what a save of which goes up
const STOPPING = new Set(['auth']);  // the device was revoked (or its credential is gone): nothing more to ask
// Problems a run soon again would only meet again (not a connection's nor a busy server's, which sync.js retries
// with its back-off): polls go on at SLOW_POLL_MS, and what waits here goes up with the next save or tap.
const STUCK = new Set(['refused', 'storage', 'damaged', 'newer', 'closed']);
export const SLOW_POLL_MS = 60000;

let config = null;
let saveTimer = null;
let firstSaveAt = null;  // when the first save of the burst waiting to go up was heard
let pollTimer = null;
let asking = false;  // a poll under way
let feed = null;  // {cursor, scope, tag}: the feed's last page as the last run read it
const listeners = new Set();
let state = {
  running: false,  // live sync started and not stopped (a revoked device stops)
  linked: false,  // this phone is in a shared event (its sync state holds the event's link)
  polling: false,  // asking the server now and then: in view, online, running
  heardAt: null,  // ISO: when this phone last heard from the server (a run's end, or an unchanged poll)
  waiting: 0,  // versions waiting here to go up, as the last run or poll found them
  unsent: false,  // a save heard and not sent yet
  problem: null,  // the last problem's code ('offline', 'busy', 'auth'…), null once the server answered again
  pollEvery: POLL_MS,
};

/**
 * How fresh this phone's view of the event is: {running, linked, polling, heardAt, waiting, unsent, problem,
 * pollEvery}. A screen says "updated 3 s ago" from heardAt, "n waiting to be sent" from waiting/unsent, "live" from
 * polling.
 */
export const liveState = () => state;

/** Hear every change of liveState() (a poll that heard the server moves heardAt); returns a function that stops. */
export function onLiveChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function update(changes) {
  const next = { ...state, ...changes };
  if (Object.keys(next).every((key) => next[key] === state[key])) return;
  state = next;
  for (const listener of listeners) listener(state);
}

const inView = () => document.visibilityState !== 'hidden';

/** The next poll, POLL_MS from now give or take the jitter, while in an event, in view, online and running. A phone in
 * no event asks nothing and reads nothing: joining or creating one (a write of its sync state) starts the polls. */
function planPoll() {
  clearTimeout(pollTimer);
  pollTimer = null;
  const polling = state.running && state.linked && inView() && navigator.onLine;
  update({ polling });
  if (!polling) return;
  const wait = (STUCK.has(state.problem) ? SLOW_POLL_MS : POLL_MS) * (1 - JITTER + 2 * JITTER * Math.random());
  pollTimer = setTimeout(poll, wait);
}

/** Poll now (coming into view), unless a poll is under way. */
function pollNow() {
  clearTimeout(pollTimer);
  pollTimer = null;
  if (!asking) poll();
}

/** Ask whether the feed changed since the last run read it; run a sync when it did (or when anything waits here). */
async function poll() {
  pollTimer = null;
  if (!state.running) return;
  asking = true;
  try {
    await ask();
  } finally {
    asking = false;
  }
}

async function ask() {
  if (syncActivity().syncing || syncActivity().retryAt) {
    planPoll();  // a run under way tells us its end; a planned retry (back-off) runs by itself
    return;
  }
  const found = await read('sync', SYNC_ID);
  if (state.linked !== (found.status === 'ok')) update({ linked: found.status === 'ok' });
  if (found.status !== 'ok') {
    planPoll();  // no event on this phone (yet), or its state unreadable: a run says why when asked
    return;
  }
  const link = found.data;
  const waiting = link.credential.role === 'viewer' ? 0 : link.outbox.length;
  const scope = feedScope(link);
  const stuck = STUCK.has(state.problem);
  if (state.unsent || (waiting && !stuck) || feed?.cursor !== link.cursor || feed.scope !== scope) {
    await syncNow(config);  // its end plans the next poll
    return;
  }
  const query = `?since=${encodeURIComponent(link.cursor)}&limit=1&scope=${scope}`;
  const answer = await eventCall(config, link, 'GET', `/changes${query}`, undefined,
    { ifNoneMatch: feed.tag, pending: waiting });
  // Nothing new: 304, or an empty last page (the server checked this device in the database, as it does once a
  // minute, and tagged the page anew).
  const nothingNew = answer.status === 304
    || (answer.status === 200 && !answer.json.changes.length && !answer.json.more && answer.tag);
  if (nothingNew) {
    if (answer.status === 200) feed = { cursor: link.cursor, scope, tag: answer.tag };
    update({ heardAt: new Date().toISOString(), waiting, problem: stuck ? state.problem : null });
    planPoll();
    return;
  }
  await syncNow(config);  // something new (or a problem, which the run meets too and plans around)
}

/** A save heard: send it once the saves have been quiet for SAVE_QUIET ms (at most SAVE_LONGEST after the first). */
function saved() {
  if (!state.linked) return;  // in no event: nothing goes anywhere
  const now = Date.now();
  firstSaveAt ??= now;
  update({ unsent: true });
  clearTimeout(saveTimer);
  saveTimer = setTimeout(sendSaves, Math.max(0, Math.min(SAVE_QUIET, firstSaveAt + SAVE_LONGEST - now)));
}

function sendSaves() {
  saveTimer = null;
  firstSaveAt = null;
  if (!navigator.onLine || !state.running) return;  // coming back online syncs (sync.js)
  syncNow(config);
}

/** Whether a change notice of this tab is a save to send: a synced kind, not the sync's own writes (which always
 * write the event's sync document with them). */
function isSave(message) {
  const changed = message.changed ?? [];
  return changed.some((item) => SYNCED_KINDS.has(item.kind)) && !changed.some((item) => item.kind === 'sync');
}

/** A run ended (started here, by a tap or by sync.js): note what it heard, then plan the next poll. */
function runEnded(result) {
  feed = result.feed ?? (result.problem ? feed : null);
  const heard = result.ok || result.problem === 'closed';  // a closed event was read all the same
  update({
    ...(heard ? { heardAt: new Date().toISOString(), unsent: Boolean(saveTimer) } : {}),
    ...(Number.isInteger(result.waiting) ? { waiting: result.waiting } : {}),
    problem: result.problem && result.problem !== 'no_event' ? result.problem : null,
    linked: result.problem !== 'no_event',
  });
  if (STOPPING.has(result.problem)) stopLive();
  else planPoll();
}

/** A phone in no event hears that it joined one (here or in another tab: its sync state written) and starts polling. */
async function linkMayHaveChanged(message) {
  if (!state.running || state.linked || !concerns(message, { kind: 'sync', id: SYNC_ID })) return;
  const found = await read('sync', SYNC_ID);
  if (found.status !== 'ok' || state.linked) return;
  rememberOffset(found.data.clockOffsetMs);
  update({ linked: true });
  pollNow();
}

/** Stop live sync on this page (the device was revoked); a tap on "Sync now" still says why. */
export function stopLive() {
  clearTimeout(pollTimer);
  clearTimeout(saveTimer);
  pollTimer = saveTimer = firstSaveAt = null;
  update({ running: false, polling: false });
}

/**
 * Start live sync on this page (sync.js startAutoSync, once). The offset of this phone's clock from the server's,
 * kept by the last sync, is taken at once, so records are counted by the server's day before any answer comes.
 */
export async function startLive(appConfig) {
  if (state.running) return;
  config = appConfig;
  const found = await read('sync', SYNC_ID);
  if (found.status === 'ok') {
    rememberOffset(found.data.clockOffsetMs);
    update({ heardAt: found.data.lastSyncAt ?? null, waiting: found.data.outbox?.length ?? 0, linked: true });
  }
  update({ running: true });
  onOwnChange((message) => {
    if (state.running && isSave(message)) saved();
    linkMayHaveChanged(message);
  });
  onChange(linkMayHaveChanged);
  onSyncEnd(runEnded);
  document.addEventListener('visibilitychange', () => {
    if (inView() && state.running && navigator.onLine) pollNow();
    else planPoll();
  });
  window.addEventListener('online', () => planPoll());
  window.addEventListener('offline', () => planPoll());
  planPoll();
}
