/**
 * Sync with the event's server (docs/api.md), split by job: sync-client.js (HTTP and the access token), sync-link.js
 * (create, join, invite, leave), sync-run.js (one run: stage, send, read the feed), sync-status.js (what the event
 * screen shows, settling conflicts, discarding refused changes), and this module, when to sync: now on a tap, when
 * the app opens and when the connection comes back, and again later when the server said it is busy or full (after
 * its Retry-After, longer each time) or when the device says it is online but no answer came (a few seconds, then
 * longer each time). One sync at a time across this device's tabs (a Web Lock); the last problem is kept to show
 * until a sync succeeds. A connection problem (`offline`, `server`), a busy or full server (`busy`,
 * `wait`, `full`) and a data problem (`storage`, `refused`, `damaged`) are told apart in every result.
 */
import { SYNC_ID } from '../logic/records/sync.js';
import { emitLocal, onOwnChange } from '../storage/changes.js';
import { leaveEvent as leave, readLink } from './sync-link.js';
import { run } from './sync-run.js';

const LOCK = 'mahjong-referee-sync';
const MAX_BACKOFF = 3600;  // seconds
const RECONNECT_FIRST = 3;  // seconds before the first try again after a connection problem while online
const RECONNECT_MAX = 300;  // seconds between tries at most after connection problems
const CONNECTION_PROBLEMS = ['offline', 'server'];
let lastProblem = null;  // the last sync's problem, shown until a sync succeeds
let running = null;
let queued = null;  // a run asked for while another is under way: it starts when that one ends
let retry = null;  // {timer, at, attempt}: the next try after a busy or full answer, or a connection problem
const ended = new Set();  // listeners told each run's result (sync-live.js)

/** Whether this copy of the app has a server to sync with (a static export has none). */
export const syncAvailable = (config) => Boolean(config.sync?.api);

/** Run `task` holding this device's sync lock (one sync or settlement at a time across its tabs). */
export const withSyncLock = (task) => (navigator.locks ? navigator.locks.request(LOCK, task) : task());

/** Hear each sync run's result as it ends (see sync-run.js run); returns a function that stops listening. */
export function onSyncEnd(listener) {
  ended.add(listener);
  return () => ended.delete(listener);
}

/** {problem, syncing, retryAt}: what the status line says besides the stored state. */
export const syncActivity = () => ({ problem: lastProblem, syncing: Boolean(running), retryAt: retry?.at ?? null });

/** Try again by itself later: `wait(attempt)` gives the seconds, longer at each further try that fails. */
function retryLater(config, wait) {
  const attempt = (retry?.attempt ?? 0) + 1;
  clearTimeout(retry?.timer);
  const seconds = wait(attempt);
  retry = {
    attempt, at: new Date(Date.now() + seconds * 1000).toISOString(),
    timer: setTimeout(() => syncNow(config), seconds * 1000),
  };
}

/** Drop the try planned, and start the waits afresh next time. */
function stopRetrying() {
  clearTimeout(retry?.timer);
  retry = null;
}

/** When to try again after a run's problem, or stop trying: a busy or full server after its Retry-After, doubled at
 * each further refusal; a connection problem while the device says it is online (the `online` event can come before
 * the route works again, or the server is restarting) after a few seconds, doubled up to five minutes. Offline, the
 * `online` event starts the next sync. */
function scheduleAfter(config, result) {
  if (['busy', 'full', 'wait'].includes(result.problem)) {
    retryLater(config, (attempt) => Math.min(MAX_BACKOFF, (result.retryAfter ?? 30) * 2 ** (attempt - 1)));
  } else if (CONNECTION_PROBLEMS.includes(result.problem) && navigator.onLine) {
    retryLater(config, (attempt) => Math.min(RECONNECT_MAX, RECONNECT_FIRST * 2 ** (attempt - 1)));
  } else stopRetrying();
}

/**
 * Sync now: stage the phone's changes, send the outbox, read the feed (see sync-run.js for the result). A busy or
 * full server, or no answer while the device says it is online, is tried again later by itself; the outbox stays as
 * it is meanwhile.
 */
export function syncNow(config) {
  if (!syncAvailable(config)) return Promise.resolve({ problem: 'off' });
  if (running) {
    // The run under way may have read the feed already (back online, or a record saved, while it ran): one more run
    // follows it, however many are asked for meanwhile.
    queued ??= running.then(() => {
      queued = null;
      return syncNow(config);
    });
    return queued;
  }
  // What the run wrote: this tab's screens re-read those kinds (the other tabs heard of them already).
  const written = { changed: [], quarantine: false };
  const stopHearing = onOwnChange((message) => {
    written.changed.push(...(message.changed ?? []));
    written.quarantine ||= Boolean(message.quarantine);
  });
  running = withSyncLock(() => run(config))
    .catch((error) => {
      console.error('sync', error);
      return { problem: 'storage' };
    })
    .then((result) => {
      running = null;
      lastProblem = result.problem && result.problem !== 'no_event' ? result : null;
      scheduleAfter(config, result);
      stopHearing();
      emitLocal({ changed: [{ kind: 'sync', id: SYNC_ID }, ...written.changed], quarantine: written.quarantine });
      for (const listener of ended) listener(result);
      return result;
    });
  return running;
}

/**
 * Sync when the app opens and whenever the connection comes back. A connection that comes back starts the waits
 * afresh (a few seconds, should the route not work yet); going offline drops the try planned (nothing would get
 * through, and coming back syncs). Then live sync (sync-live.js): saves go up at once, others' changes come down
 * while the app is in view.
 */
export function startAutoSync(config) {
  if (!syncAvailable(config)) return Promise.resolve();
  const whenLinked = async () => {
    const { link } = await readLink().catch(() => ({ link: null }));
    if (link) await syncNow(config);
  };
  window.addEventListener('online', () => {
    stopRetrying();
    whenLinked();
  });
  window.addEventListener('offline', () => stopRetrying());
  whenLinked();
  return import('./sync-live.js').then((live) => live.startLive(config));
}

/** Forget the event on this phone (its records stay in the log), and the last sync's problem with it. */
export function leaveEvent() {
  lastProblem = null;
  return leave();
}
