/**
 * The referee's shortcuts to rulings: favourites they mark and the rulings they saw last, kept on the device (stored
 * kind `shortcuts`). Each change is applied to the stored document as it is now, so another tab's are kept.
 */
import { defaultShortcuts, MAX_FAVOURITES, MAX_RECENT, sameRuling } from '../logic/records/shortcuts.js';
import { read, write } from '../storage/repository.js';
import { outcome } from './outcome.js';

export const SHORTCUTS_ID = 'main';

/** {status, shortcuts}: status 'ok', or why the stored shortcuts cannot be used ('newer', 'unavailable', 'closed'). */
export async function readShortcuts() {
  const found = await read('shortcuts', SHORTCUTS_ID);
  if (found.status === 'ok') return { status: 'ok', shortcuts: found.data };
  return { status: found.status === 'missing' ? 'ok' : found.status, shortcuts: defaultShortcuts() };
}

function change(make) {
  return write('shortcuts', SHORTCUTS_ID, (current) => make(current?.data ?? defaultShortcuts()))
    .then((result) => outcome(result, (done) => ({ shortcuts: done.data })));
}

/** Add the ruling to the favourites, or take it out; {ok, shortcuts} or {error}. */
export function toggleFavourite(rulesetId, rulingId) {
  const entry = { rulesetId, rulingId };
  return change((data) => {
    const kept = data.favourites.filter((other) => !sameRuling(other, entry));
    const favourites = kept.length < data.favourites.length ? kept : [...kept, entry].slice(-MAX_FAVOURITES);
    return { ...data, favourites };
  });
}

/** Put the ruling first among the recent ones (once each, the oldest dropped). Never written twice in a row. */
export function addRecent(rulesetId, rulingId, at = new Date().toISOString()) {
  const entry = { rulesetId, rulingId, at };
  return change((data) => {
    if (data.recent[0] && sameRuling(data.recent[0], entry)) return undefined;
    return {
      ...data, recent: [entry, ...data.recent.filter((other) => !sameRuling(other, entry))].slice(0, MAX_RECENT) };
  });
}
