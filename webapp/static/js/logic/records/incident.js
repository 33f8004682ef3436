/**
 * An incident of the referee's log: one stored record each (so one bad record is set aside alone), and the same shape
 * in the log's JSON export. Pure: no DOM, no storage.
 *
 * Version 1: {id, at, tournament, session, table, player, seat, rulesetId, rulingId, points, note}; id is opaque
 * text, at an ISO 8601 date with zone, points null or a number, the other texts at most 500 characters.
 * Version 2 adds eventId? (the event's id; absent: the built-in local event) and playerId? (the roster player's id;
 * absent: an incident typed before the roster, matched by its player name). `player` stays: the name as it read when
 * recorded. Version 1 data is version 2 data as it is, so the migration changes nothing; the version tells an older
 * app that it cannot read these fields. Version 3 adds action? (the referee's action that applied the ruling at a
 * table, when the incident records it: the person's record then counts that offence once).
 */
import { incidentSchema } from './record-schemas.js';
import { schemaProblems } from './schema-check.js';
import { checkId, isObject, join, problems } from './check.js';

export const TEXT_FIELDS = ['tournament', 'session', 'table', 'seat', 'note'];
export const MAX_TEXT = incidentSchema.properties.note.maxLength;
export const MAX_PLAYER = incidentSchema.properties.player.maxLength;
export const MAX_POINTS = incidentSchema.properties.points.maximum;

/**
 * Every problem of one incident, with paths under `path`: its fields by the shared schema (webapp/schemas, as the
 * server checks them), then what only the phone keeps (its event) and needs (a player's name to show).
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
  if (eventId !== undefined) checkId(eventId, join(path, 'eventId'), report);
  return report.found;
}

export default {
  name: 'incident',
  version: 3,
  /** The id a record is stored under must be the incident's own. */
  keyOf: (incident) => incident?.id,
  validate: (incident) => incidentProblems(incident),
  migrations: { 1: (incident) => incident, 2: (incident) => incident },
};
