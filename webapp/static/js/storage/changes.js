/**
 * Change events: after a write commits, every other tab of the app hears which items changed (BroadcastChannel),
 * and this tab hears about its storage being closed or blocked by a newer version. Controllers listen and show
 * their screen again.
 */
const CHANNEL = 'mahjong-referee-data';
const listeners = new Set();
let channel = null;

function ensureChannel() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    for (const listener of listeners) listener(event.data);
  };
}

/** Tell the other tabs what changed: {changed: [{kind, id}]} or {quarantine: true}. */
export function announce(message) {
  ensureChannel();
  channel?.postMessage(message);
}

/** Tell this tab's listeners (the storage was closed or blocked). */
export function emitLocal(message) {
  for (const listener of listeners) listener(message);
}

/** Listen to changes made by other tabs and to this tab's storage events; returns a function that stops listening. */
export function onChange(listener) {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
