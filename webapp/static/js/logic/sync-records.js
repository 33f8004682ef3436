/**
 * The phone's stored records (incidents, roster players) as the server's record bodies, and back (docs/api.md
 * "Record bodies"). Pure: no DOM, no storage. An event on the server is the phone's event of the same id, so an
 * incident or a player belongs to it by its eventId, on every phone.
 */
import { BODY_FORMAT, bodyAsRead, incidentProblems, seatOfBody, TEXT_FIELDS } from './records/incident.js';
import { playerProblems } from './records/player.js';
import { sentState } from './sync-versions.js';

const INCIDENT_KEYS = ['at', 'rulesetId', 'rulingId', 'player', 'points', 'seat', 'action', ...TEXT_FIELDS];
const PLAYER_KEYS = ['name', 'number', 'club', 'note', 'suspensions'];

const pick = (record, keys) => Object.fromEntries(keys.filter((key) => record[key] !== undefined)
  .map((key) => [key, record[key]]));

/** The event an event on the server is on the phone: the same id, with the server's link. */
export function localEvent(server) {
  return {
    id: server.eventId, name: server.name, rulesetId: server.rulesetId,
    dates: { start: server.startsOn, end: server.endsOn }, sessions: server.sessions,
    ...(server.leagueId ? { leagueId: server.leagueId } : {}), server: { eventId: server.eventId },
  };
}

/**
 * A stored incident as the server keeps it: every field but its id and event. Its roster player goes along only
 * when the server has that player (`serverPlayers`); otherwise the incident names the player by name alone (a
 * referee's phone adds names to its roster, but only the head referee's roster reaches the server).
 */
export function incidentBody(incident, serverPlayers = null) {
  const body = { v: BODY_FORMAT, ...pick(incident, INCIDENT_KEYS), seat: incident.seat ?? null };
  if (incident.playerId !== undefined && (serverPlayers === null || serverPlayers.has(incident.playerId))) {
    body.playerId = incident.playerId;
  }
  return body;
}

export function playerBody(player) {
  return pick(player, PLAYER_KEYS);
}

/**
 * The phone's records of the event, as sync-versions.js takes them: its incidents and its roster players (a
 * referee's walk-ins too, so the server makes one person of the same name added on several phones), players first
 * so a new player reaches the server before the incidents naming it. `head: false` (an older server's rule) leaves
 * the players out. `serverPlayers`: ids of the players the server has (as far as the phone knows).
 */
export function localRecords({ incidents, players = [] }, server, { head = true, serverPlayers = new Set() } = {}) {
  const mine = head ? players.filter((player) => player.eventId === server.eventId) : [];
  const sent = new Set([...serverPlayers, ...mine.map((player) => player.id)]);
  return [
    ...mine.map((player) => ({ kind: 'player', id: player.id, deleted: Boolean(player.deleted), body: playerBody(player) })),
    ...incidents.filter((incident) => incident.eventId === server.eventId)
      .map((incident) => ({ kind: 'incident', id: incident.id, deleted: false, body: incidentBody(incident, sent) })),
  ];
}

/** The ids of the roster players the server has, as far as the sync state `state` knows. */
export const serverPlayers = (state) => new Set(Object.entries(state.known)
  .filter(([, entry]) => entry.kind === 'player').map(([id]) => id));

/**
 * Whether the server has one stored record (kind 'incident' or 'player') as this phone holds it, for a confirmation
 * to say so (sync-versions.js sentState): 'sent', 'waiting' or 'refused'; 'local' when the record is not shared (it
 * belongs to another event). state: the sync state ({server, known, outbox, refused}); record: the stored record, or
 * null when this phone no longer holds it (then `id` names it).
 */
export function recordSentState(state, kind, record, id = record?.id) {
  if (record && record.eventId !== state.server.eventId) return 'local';
  if (!record && !state.known[id]) return 'local';
  const [local = null] = record ? localRecords(kind === 'player' ? { incidents: [], players: [record] } : { incidents: [record] },
    state.server, { serverPlayers: serverPlayers(state) }) : [];
  return sentState(state, local, id);
}

export { bodyAsRead };

/** A page of the changes feed as this phone reads it: each incident's body in this phone's reading (bodyAsRead). */
export function changesAsRead(changes) {
  return changes.map((change) => (change.kind === 'incident' && change.body
    ? { ...change, body: bodyAsRead(change.body) } : change));
}

/** A downloaded incident as the phone stores it, or null when it does not fit the phone's own checks. */
export function incidentFromBody(id, body, eventId) {
  const text = (key) => (typeof body[key] === 'string' ? body[key] : '');
  const incident = {
    id, at: body.at, eventId, tournament: text('tournament'), session: text('session'), table: text('table'),
    player: text('player'), ...(body.playerId !== undefined ? { playerId: body.playerId } : {}),
    ...(typeof body.action === 'string' ? { action: body.action } : {}),  // the applied ruling it records
    seat: seatOfBody(body.seat), rulesetId: body.rulesetId, rulingId: body.rulingId, points: body.points ?? null,
    note: text('note'),
  };
  return incidentProblems(incident).length ? null : incident;
}

/**
 * A downloaded roster player as the phone stores it (in the phone's event), or null when it does not fit.
 * `aliasOf`: the player the server found this one to be (the same name added on another phone).
 */
export function playerFromBody(id, body, eventId, deleted = false, aliasOf = null) {
  const player = { id, eventId, ...pick(body ?? {}, PLAYER_KEYS), ...(deleted ? { deleted: true } : {}),
    ...(aliasOf ? { sameAs: aliasOf } : {}) };
  return playerProblems(player).length ? null : player;
}
