/**
 * Whether a record just saved has reached the server, said under its confirmation (the one action's result, the log's
 * "saved", the roster's added and renamed players): "Sent to the server", or "On this phone, not sent yet", or refused.
 * A phone in no shared event says nothing here (the line under the header says its records stay on this phone).
 */
import { el } from './dom.js';

/**
 * The line for a record's state (the model's sentOf: 'sent' | 'waiting' | 'refused' | null), with its id; a live
 * region of its own (said again when it changes) unless it is inside one (live: false).
 */
export function sentLine(config, state, id, { live = true } = {}) {
  if (!state) return null;
  const s = config.strings.freshness;
  const text = { sent: s.sent, waiting: s.not_sent, refused: s.not_accepted }[state];
  return el('p', { class: 'sent-line', id, role: live ? 'status' : null, 'data-sent': state }, text);
}
