/**
 * Change events: after a write commits, every other tab of the app hears which items changed (BroadcastChannel),
 * and this tab hears about its storage being closed or blocked by a newer version. The controller hands each message
 * to the current screen, which re-reads only what it names; caches of stored data also hear this tab's own writes.
 */
const CHANNEL = 'mahjong-referee-data';
const listeners = new Set();
const ownListeners = new Set();
let channel = null;

function ensureChannel() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    for (const listener of listeners) listener(event.data);
  };
}

/** Tell the other tabs what changed: {changed: [{kind, id}]} or {quarantine: true} (and this tab's caches, see
 * onOwnChange). */
export function announce(message) {
  ensureChannel();
  channel?.postMessage(message);
  for (const listener of ownListeners) listener(message);
}

/** Listen to this tab's own writes (what a cache of stored data must forget; screens update from their own saves). */
export function onOwnChange(listener) {
  ownListeners.add(listener);
  return () => ownListeners.delete(listener);
}

/** Whether a change message may concern the item {kind, id} (no id: any item of the kind): a message naming no
 * items (storage closed or blocked, entries set aside) concerns everything. */
export function concerns(message, { kind, id }) {
  if (!message.changed) return true;
  return message.changed.some((item) => item.kind === kind && (id === undefined || item.id === id || item.id === null));
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
