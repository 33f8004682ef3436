/**
 * How fresh this phone's view of the shared event is, said on every screen (its first line): live and
 * when it last heard from the server, what still waits to be sent, or why it does not hear (offline, refused, no
 * longer accepted). A phone in no shared event says its records stay on this phone. Read from live sync's state
 * (services/sync-live.js); the line is redrawn when that state changes, and its "… ago" every few seconds.
 */
import { agoText, pluralForm } from '../logic/format.js';
import { format } from '../views/dom.js';
import { liveState, onLiveChange } from '../services/sync-live.js';

const TICK_MS = 5000;  // how often "updated 12 s ago" moves on

/** The line's state and words for a live state: [state, text]. */
export function freshnessOf(lang, strings, live, online = true, now = Date.now()) {
  if (!live.linked) return ['local', strings.local];
  const waiting = live.waiting || (live.unsent ? 1 : 0);
  const heard = live.heardAt
    ? format(strings.heard, { ago: agoText(lang, strings.just_now, live.heardAt, now) }) : strings.never;
  if (live.problem === 'auth') return ['refused', strings.revoked];
  const [state, first] = !online || live.problem === 'offline' ? ['offline', strings.offline]
    : live.problem ? ['problem', strings.problem] : ['live', strings.live];
  const parts = [first, heard];
  if (waiting) parts.push(format(pluralForm(lang, strings.waiting, waiting), { count: waiting }));
  return [waiting && state === 'live' ? 'waiting' : state, parts.join(' · ')];
}

/** Keep the freshness line (the first of every screen) (node) current on every screen. */
export function showFreshness(config, node) {
  const strings = config.strings.freshness;
  const draw = () => {
    const [state, text] = freshnessOf(config.lang, strings, liveState(), navigator.onLine);
    node.dataset.state = state;
    if (node.textContent !== text) node.textContent = text;
    node.hidden = false;
  };
  onLiveChange(draw);
  window.addEventListener('online', draw);
  window.addEventListener('offline', draw);
  setInterval(draw, TICK_MS);
  draw();
}
