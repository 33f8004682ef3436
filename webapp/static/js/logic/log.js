/**
 * The referee's incident log: new incidents from the form, and the sessions met. Pure: no DOM, no storage.
 * A player's counts, strikes and status are player-record.js's (one record for every screen). The file formats
 * (JSON export, CSV, imports) are in log-file.js; the stored shape in logic/records/incident.js.
 */
import { parseNumber } from './numbers.js';
import { eventIdOf } from './records/event.js';
import { isSeatCode, MAX_PLAYER, MAX_POINTS, MAX_TEXT, seatFromText, TEXT_FIELDS } from './records/incident.js';
import { charCount, textProblem } from './text-rule.js';

/** An id made on this device, unique across referees' devices (so merged logs never mix two incidents). */
function newId(now) {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The seat a form gives, as stored (records/incident.js): a code 0 to 3 (a number, or the record form's "0" to "3"),
 * null for none ('' or absent); a wind's name, in English, French or Italian, is read as its code. Undefined when it
 * is none of these.
 */
export function seatOf(value) {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return isSeatCode(value) ? value : undefined;
  const text = String(value).trim();
  return /^[0-3]$/.test(text) ? Number(text) : seatFromText(text) ?? undefined;
}

/**
 * A new incident from the referee's form values; returns {incident} or {errors} keyed by field. values.eventId and
 * values.playerId (the roster player, resolved by the caller) are kept when given. values.at is when it happened: a
 * stored ISO time, or the form's local date and time; absent, now. Refused: no valid time, or more than an hour ahead.
 * Penalty points are read as the table reads its numbers (numbers.js, in values.lang: "25 000" and "25,000" in
 * English, "25 000" in French).
 */
export function makeIncident(values, now = new Date()) {
  const errors = {};
  const text = (key) => String(values[key] ?? '').trim().normalize('NFC');  // as typed, in the form both sides keep
  const player = text('player');
  if (!player) errors.player = 'empty_player';
  const read = typeof values.points === 'number' ? { value: values.points }
    : parseNumber(values.points, {
      lang: values.lang, decimals: 2, min: -MAX_POINTS, max: MAX_POINTS, required: false });
  if (read.error) errors.points = read.error;
  else if (read.value !== null && Math.abs(read.value) > MAX_POINTS) errors.points = 'too_large';
  const points = read.error ? null : read.value;
  let at = now.toISOString();
  const rawAt = String(values.at ?? '').trim();
  if (rawAt) {
    // A stored time keeps its zone; the form's date and time (YYYY-MM-DDTHH:MM) is the device's local time.
    const parsed = new Date(rawAt);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(rawAt) || Number.isNaN(parsed.getTime())) errors.at = 'bad_time';
    else if (parsed.getTime() > now.getTime() + 60 * 60000) errors.at = 'future_time';
    else at = /(Z|[+-]\d{2}:\d{2})$/.test(rawAt) ? rawAt : parsed.toISOString();
  }
  const seat = seatOf(values.seat);
  if (seat === undefined) errors.seat = 'choose_one';  // the form offers only the four winds and none
  for (const key of ['player', ...TEXT_FIELDS]) {
    if (charCount(text(key)) > (key === 'player' ? MAX_PLAYER : MAX_TEXT)) errors[key] = 'too_long';
    else if (textProblem(text(key), { lines: key !== 'player' })) errors[key] = 'unreadable';
  }
  if (Object.keys(errors).length) return { errors };
  const incident = {
    id: values.id || newId(now),
    at,
    ...(values.eventId ? { eventId: values.eventId } : {}),
    tournament: text('tournament'),
    session: text('session'),
    table: text('table'),
    player,
    ...(values.playerId ? { playerId: values.playerId } : {}),
    ...(values.action ? { action: values.action } : {}),
    seat,
    rulesetId: values.rulesetId,
    rulingId: values.rulingId,
    points,
    note: text('note'),
  };
  return { incident };
}

/**
 * The session after `current`: the next of the event's sessions when it lists them, else the label with its last number
 * counted up ("R2" → "R3", "2" → "3"), the second session when none was named yet ('' → "2": the first went unnamed),
 * or the label with " 2" added. A new session restarts every progressive count that is kept per session.
 */
export function nextSession(current, sessions = null) {
  const label = String(current ?? '').trim();
  const listed = sessions?.indexOf(label) ?? -1;
  if (listed >= 0 && listed + 1 < sessions.length) return sessions[listed + 1];
  if (!label) return sessions?.length > 1 ? sessions[1] : '2';
  const number = /(\d+)(\D*)$/.exec(label);
  if (number) return `${label.slice(0, number.index)}${Number(number[1]) + 1}${number[2]}`;
  return `${label} 2`;
}

/** The sessions incidents of an event were recorded in, in the order first met (for suggestions and filters). */
export function knownSessions(incidents, eventId = null) {
  const seen = new Set();
  const times = new Map(incidents.map((item) => [item, Date.parse(item.at)]));  // parsed once, not at each comparison
  for (const item of [...incidents].sort((a, b) => times.get(a) - times.get(b))) {
    if ((eventId === null || eventIdOf(item) === eventId) && item.session) seen.add(item.session);
  }
  return [...seen];
}
