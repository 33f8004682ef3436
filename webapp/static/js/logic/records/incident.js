/**
 * An incident of the referee's log: one stored record each (so one bad record is set aside alone), and the same shape
 * in the log's JSON export. Pure: no DOM, no storage.
 *
 * Version 1: {id, at, tournament, session, table, player, seat, rulesetId, rulingId, points, note}; id is opaque
 * text, at an ISO 8601 date with zone, points null or a number, the other texts at most 500 characters.
 * Version 2 adds eventId? (the event's id; absent: the built-in local event) and playerId? (the roster player's id;
 * absent: an incident typed before the roster, matched by its player name). `player` stays: the name as it read when
 * recorded. Version 1 data is version 2 data as it is, so the migration changes nothing; the version tells an older
 * app that it cannot read these fields.
 * Version 3 stores the seat as a code, 0 East, 1 South, 2 West, 3 North, or null (no seat), where versions 1 and 2
 * kept the wind's name in the language of the screen that recorded it ("East", "Ouest", "ovest"). The migration reads
 * a name in English, French or Italian, in any case and with or without accents; text that names no wind cannot be
 * carried: the incident keeps no seat, and the migration reports it, so storage sets the original aside.
 * Version 3 also adds action? (the referee's action that applied the ruling at a table, when the incident records it:
 * the person's record then counts that offence once).
 */
import { incidentSchema } from './record-schemas.js';
import { schemaProblems } from './schema-check.js';
import { checkId, isObject, join, problems } from './check.js';

export const TEXT_FIELDS = ['tournament', 'session', 'table', 'note'];
export const MAX_TEXT = incidentSchema.properties.note.maxLength;
export const MAX_PLAYER = incidentSchema.properties.player.maxLength;
export const MAX_POINTS = incidentSchema.properties.points.maximum;

/** A seat as stored: 0 East, 1 South, 2 West, 3 North (the order of the ui strings' `winds`), or null for none. */
export const isSeatCode = (value) => value === null || (Number.isInteger(value) && value >= 0 && value <= 3);

// The wind names a seat was kept as before version 3, in the three languages of the app.
const SEAT_WORDS = new Map([
  ['east', 0], ['est', 0],
  ['south', 1], ['sud', 1],
  ['west', 2], ['ouest', 2], ['ovest', 2],
  ['north', 3], ['nord', 3],
]);

/**
 * The code of a seat kept as text (a wind's name in English, French or Italian, any case, accents and spaces around
 * it): 0 to 3, null for an empty text (no seat), or undefined for text that names no wind.
 */
export function seatFromText(text) {
  const key = String(text).normalize('NFD').replace(/\p{M}+/gu, '').trim().toLowerCase();
  if (!key) return null;
  return SEAT_WORDS.get(key);
}

/** The format of the incident bodies this phone sends to the server: 2, the seat as a code (docs/api.md "Record
 * bodies"; an older phone sends no format and the seat as text). */
export const BODY_FORMAT = 2;

/** A body's seat as this phone reads it: a code as it is; an older phone's text as its wind's code, or none. */
export const seatOfBody = (seat) => (typeof seat === 'string' ? seatFromText(seat) ?? null : seat ?? null);

/**
 * An incident body from the server as this phone reads it: format 2, the seat as a code (text that names no wind
 * reads as no seat, the server keeping its version as sent). What the phone knows the server has is kept in this
 * reading, so a version and the phone's own record of it compare equal.
 */
export function bodyAsRead(body) {
  if (!isObject(body)) return body;
  return { ...body, v: BODY_FORMAT, seat: seatOfBody(body.seat) };
}

/**
 * Every problem of one incident, with paths under `path`: its fields by the shared schema (webapp/schemas, as the
 * server checks them), then what only the phone keeps (its event) and needs (a player's name to show, a seat as a
 * code: the server also takes an older phone's text).
 */
export function incidentProblems(incident, path = '') {
  const report = problems();
  if (!isObject(incident)) {
    report.add(path, incident === null ? 'null' : 'not_object');
    return report.found;
  }
  const { eventId, ...body } = incident;
  schemaProblems(incidentSchema, body, path, report);
  if (body.id === undefined) report.add(join(path, 'id'), 'required');
  const named = typeof body.player === 'string' && body.player.trim();
  if (!named && !report.found.some((problem) => problem.path === join(path, 'player'))) report.add(join(path, 'player'), 'required');
  if (body.seat !== undefined && !isSeatCode(body.seat)
    && !report.found.some((problem) => problem.path === join(path, 'seat'))) report.add(join(path, 'seat'), 'invalid');
  if (eventId !== undefined) checkId(eventId, join(path, 'eventId'), report);
  return report.found;
}

/**
 * An incident of version 1 or 2 with its seat as a code (version 3). `lose(path, code)` hears what cannot be carried
 * (a seat text that names no wind: `unknown_seat`). Anything else is left for the check to judge.
 */
export function withSeatCode(incident, lose = () => {}) {
  if (!isObject(incident) || typeof incident.seat !== 'string') return incident;
  const seat = seatFromText(incident.seat);
  if (seat === undefined) lose('seat', 'unknown_seat');
  return { ...incident, seat: seat ?? null };
}

export default {
  name: 'incident',
  version: 3,
  /** The id a record is stored under must be the incident's own. */
  keyOf: (incident) => incident?.id,
  validate: (incident) => incidentProblems(incident),
  migrations: {
    1: (incident) => incident,
    2: withSeatCode,
  },
};
