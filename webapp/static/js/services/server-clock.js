/**
 * The server's clock as the phone last saw it: every API answer carries the server's time (X-Server-Time in
 * milliseconds, else the standard Date header), so a phone whose own clock is off by more than five minutes can say
 * so, stamp new incidents with the corrected time, and count by it: correctedNow() is the one clock every screen
 * passes to player-record.js (days, strike windows), so a phone with a wrong clock shows the head referee's status.
 * Kept in this page's memory and in the sync state (taken back at start by sync-live.js).
 */
import { SYNC_ID } from '../logic/records/sync.js';
import { read } from '../storage/repository.js';

export const SKEW_LIMIT = 5 * 60 * 1000;  // milliseconds
const DATE_PRECISION = 1000;  // the Date header has whole seconds

let offset = null;  // milliseconds: the server's time minus the phone's, or null before any answer

/** Note an answer's server time; `now` is the phone's time when it arrived. */
export function noteServerTime(serverTime, dateHeader, now = Date.now()) {
  const exact = serverTime !== null && serverTime !== undefined && /^\d{1,16}$/.test(serverTime) ? Number(serverTime) : null;
  const dated = exact ?? (dateHeader ? Date.parse(dateHeader) : NaN);
  if (!Number.isFinite(dated)) return;
  const seen = dated - now;
  // A Date header rounds down to the second: only a difference beyond that precision counts.
  offset = exact === null && Math.abs(seen) < DATE_PRECISION ? 0 : seen;
}

/** Take a stored offset (from the sync state) when this page has seen no answer yet. */
export function rememberOffset(stored) {
  if (offset === null && Number.isFinite(stored)) offset = stored;
}

/** {offset (ms, null when unknown), off: whether the phone's clock is more than five minutes off}. */
export function clockSkew() {
  return { offset, off: offset !== null && Math.abs(offset) > SKEW_LIMIT };
}

/** Now, by the server's clock: the time to stamp a new record with and to count records at (days, windows); the
 * phone's, corrected when its clock is more than five minutes off. */
export function correctedNow(now = Date.now()) {
  const { off } = clockSkew();
  return new Date(off ? now + offset : now);
}

/** correctedNow(), with the offset the last sync kept when this page has seen no answer of its own. */
export async function serverNow() {
  if (offset === null) {
    const found = await read('sync', SYNC_ID);
    if (found.status === 'ok') rememberOffset(found.data.clockOffsetMs);
  }
  return correctedNow();
}
