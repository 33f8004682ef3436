/**
 * The log as a file: the JSON export, and strict, helpful imports that either replace the log or merge into it
 * (the CSV for spreadsheets is csv-export.js). Pure: no DOM, no storage.
 *
 * Every export the app has made still imports: version 1 is {format: 'mahjong-referee/incident-log', version: 1,
 * incidents: [incident]}, the incident shape of logic/records/incident.js (version 1). Version 2 adds the incidents'
 * eventId and playerId, and the roster players and events they point at: {format, version: 2, incidents, players:
 * [player], events: [event]} (logic/records/player.js, event.js). Version 3 has each seat as a code (the incident's
 * version 3); the seats of an older file, a wind's name in English, French or Italian, are read into codes.
 */
import { normalizeName } from './names.js';
import { isObject } from './records/check.js';
import { eventIdOf, eventProblems, LOCAL_EVENT_ID } from './records/event.js';
import { incidentProblems, TEXT_FIELDS, withSeatCode } from './records/incident.js';
import { playerProblems } from './records/player.js';

export const LOG_FORMAT = 'mahjong-referee/incident-log';
export const LOG_VERSION = 3;
const CODED_SEATS = 3;  // the first version whose seats are codes

/** The export file's text: the incidents, and the players and events they point at. */
export function toJson(incidents, { players = [], events = [] } = {}) {
  return JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, incidents, players, events }, null, 2);
}

/** The error code an import reports for the first problem found in an incident (or a player or event). */
function codeFor(problem) {
  const field = problem.path.split('/').pop();
  if (problem.path.startsWith('players/')) return 'bad_player';
  if (problem.path.startsWith('events/')) return 'bad_event';
  if (['null', 'not_object'].includes(problem.code)) return 'bad_record';
  if (field === 'id') return 'bad_id';
  if (field === 'at') return 'bad_date';
  if (field === 'points') return 'bad_number';
  return 'bad_field';
}

/** How many records an import checks or reconciles before it lets the page answer (a tap, a paint). */
export const IMPORT_CHUNK = 1000;

/** Nothing to wait for between two parts (Node tests, small files). */
const noPause = async () => {};

/**
 * Read an exported file: {incidents, players, events} or {error, path} where error is one of not_json, foreign,
 * no_version, bad_version, newer, not_a_list, bad_record, bad_id, bad_date, bad_number, bad_field, bad_player,
 * bad_event, duplicate_id, duplicate_player, duplicate_event. An older file's seats are read into codes; a seat text
 * that names no wind refuses the file at that field (bad_field, problem unknown_seat), as typing it would be refused.
 * `between` is awaited every IMPORT_CHUNK records, so a file of 20,000 players leaves the page answering while it is
 * checked.
 */
export async function parseExport(text, { between = noPause } = {}) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'not_json' };
  }
  if (!isObject(data) || data.format !== LOG_FORMAT) return { error: 'foreign' };
  if (!Object.hasOwn(data, 'version')) return { error: 'no_version', path: 'version' };
  if (!Number.isInteger(data.version) || data.version < 1) return { error: 'bad_version', path: 'version' };
  if (data.version > LOG_VERSION) return { error: 'newer', path: 'version' };
  if (!Array.isArray(data.incidents)) return { error: 'not_a_list', path: 'incidents' };
  const ids = new Set();
  const incidents = [];
  for (const [index, raw] of data.incidents.entries()) {
    if (index && index % IMPORT_CHUNK === 0) await between();
    let lost = null;
    const incident = data.version < CODED_SEATS ? withSeatCode(raw, (path, code) => { lost ??= { path, code }; }) : raw;
    if (lost) return { error: 'bad_field', path: `incidents/${index}/${lost.path}`, problem: lost.code };
    const [problem] = incidentProblems(incident, `incidents/${index}`);
    if (problem) return { error: codeFor(problem), path: problem.path, problem: problem.code };
    if (ids.has(incident.id)) return { error: 'duplicate_id', path: `incidents/${index}/id` };
    ids.add(incident.id);
    incidents.push(incident);
  }
  const lists = { players: playerProblems, events: eventProblems };
  const found = { incidents, players: [], events: [] };
  for (const [key, check] of Object.entries(lists)) {
    if (data.version < 2 || data[key] === undefined) continue;
    const seen = new Set();
    const own = key === 'players' ? 'player' : 'event';  // a player's or an event's error, in its own words
    if (!Array.isArray(data[key])) return { error: `bad_${own}`, path: key };
    for (const [index, record] of data[key].entries()) {
      if (index && index % IMPORT_CHUNK === 0) await between();
      const [problem] = check(record, `${key}/${index}`);
      if (problem) return { error: codeFor(problem), path: problem.path, problem: problem.code };
      if (seen.has(record.id)) return { error: `duplicate_${own}`, path: `${key}/${index}/id` };
      seen.add(record.id);
    }
    found[key] = data[key];
  }
  return found;
}

/** Who a player is for an import's duplicate guard: their event and their name once normalized (names.js). */
const personKey = (player) => `${eventIdOf(player)}\u0000${normalizeName(player.name)}`;

/**
 * A parsed file checked against the device's records as typing is (reconcile before planning): {incidents, players,
 * events} ready to import, or {error: 'unknown_event', path}.
 * - Events: an incident's event must be one the file carries (it is then added) or one this device has; otherwise
 *   the file is refused, as a typed incident can only go to a known event.
 * - Players: the duplicate-name guard. A file player named as a present player of the same event (on this device,
 *   or earlier in the file) but with another id is that player: the file's incidents are pointed at the existing
 *   one and the file's copy is not added, so the roster never holds two "Léa Müller".
 * Players are looked up by their event and normalized name (one map), never compared two by two: 20,000 players
 * once took minutes. `between` is awaited every IMPORT_CHUNK records, so the page answers meanwhile.
 * device: {players, events} as stored on this device.
 */
export async function reconcileImport(parsed, device, { between = noPause } = {}) {
  const events = new Set([
    LOCAL_EVENT_ID, ...device.events.map((event) => event.id), ...parsed.events.map((event) => event.id)]);
  for (const [index, incident] of parsed.incidents.entries()) {
    if (incident.eventId !== undefined && incident.eventId !== null && !events.has(incident.eventId)) {
      return { error: 'unknown_event', path: `incidents/${index}/eventId` };
    }
  }
  const byId = new Set(device.players.map((player) => player.id));
  const named = new Map();  // personKey → the first present player of that event and name: the one it stays
  const nameOf = new Map();  // a present player's id → its name (the first player holding that id)
  const know = (player) => {
    const key = personKey(player);
    if (!named.has(key)) named.set(key, player);
    if (!nameOf.has(player.id)) nameOf.set(player.id, player.name);
  };
  for (const [index, player] of device.players.entries()) {
    if (index && index % IMPORT_CHUNK === 0) await between();
    if (!player.deleted) know(player);
  }
  const sameAs = new Map();  // a file player's id → the id of the player it is
  const players = [];
  for (const [index, player] of parsed.players.entries()) {
    if (index && index % IMPORT_CHUNK === 0) await between();
    const twin = byId.has(player.id) || player.deleted ? null : named.get(personKey(player));
    if (twin) {
      sameAs.set(player.id, twin.id);
      continue;
    }
    players.push(player);
    if (!player.deleted) know(player);
  }
  const incidents = [];
  for (const [index, incident] of parsed.incidents.entries()) {
    if (index && index % IMPORT_CHUNK === 0) await between();
    const id = sameAs.get(incident.playerId);
    incidents.push(id === undefined ? incident : { ...incident, playerId: id, player: nameOf.get(id) });
  }
  return { incidents, players, events: parsed.events };
}

/** The same incident content, whether an empty text or a null points is written out or left out. */
export function sameIncident(a, b) {
  const canonical = (item) => JSON.stringify([
    item.id, item.at, item.eventId ?? null, item.player, item.playerId ?? null,
    item.rulesetId, item.rulingId, item.points ?? null, item.seat ?? null, ...TEXT_FIELDS.map((key) => item[key] ?? '')]);
  return canonical(a) === canonical(b);
}

/**
 * What merging a file into the log would do: {added: [incident], same: count, conflicts: [{id, mine, theirs}],
 * newer: count}. Records match by id; `unreadable` lists the ids stored by a newer version, left alone.
 */
export function planMerge(mine, theirs, unreadable = []) {
  const byId = new Map(mine.map((incident) => [incident.id, incident]));
  const skip = new Set(unreadable);
  const plan = { added: [], same: 0, conflicts: [], newer: 0 };
  for (const incident of theirs) {
    const current = byId.get(incident.id);
    if (skip.has(incident.id)) plan.newer += 1;
    else if (!current) plan.added.push(incident);
    else if (sameIncident(current, incident)) plan.same += 1;
    else plan.conflicts.push({ id: incident.id, mine: current, theirs: incident });
  }
  return plan;
}

/** Oldest first, by the instant each incident happened (dates may carry different time zones). */
export function byTime(a, b) {
  return Date.parse(a.at) - Date.parse(b.at);
}
