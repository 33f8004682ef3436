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
 */
import { checkDate, checkId, checkNumber, checkSlug, checkText, isObject, join, problems, unknownKeys } from '../check.js';

export const TEXT_FIELDS = ['tournament', 'session', 'table', 'seat', 'note'];
export const MAX_TEXT = 500;
export const MAX_POINTS = 1e7;
const FIELDS = ['id', 'at', 'eventId', 'player', 'playerId', 'rulesetId', 'rulingId', 'points', ...TEXT_FIELDS];

/** Every problem of one incident, with paths under `path`. */
export function incidentProblems(incident, path = '') {
  const report = problems();
  if (!isObject(incident)) {
    report.add(path, incident === null ? 'null' : 'not_object');
    return report.found;
  }
  checkId(incident.id, join(path, 'id'), report);
  checkDate(incident.at, join(path, 'at'), report);
  checkSlug(incident.rulesetId, join(path, 'rulesetId'), report);
  checkSlug(incident.rulingId, join(path, 'rulingId'), report);
  if (incident.eventId !== undefined) checkId(incident.eventId, join(path, 'eventId'), report);
  checkText(incident.player, join(path, 'player'), report, { max: MAX_TEXT, required: true });
  if (incident.playerId !== undefined) checkId(incident.playerId, join(path, 'playerId'), report);
  for (const key of TEXT_FIELDS) checkText(incident[key], join(path, key), report, { max: MAX_TEXT, optional: true });
  if (incident.points !== null) checkNumber(incident.points, join(path, 'points'), report, { min: -MAX_POINTS, max: MAX_POINTS, optional: true });
  unknownKeys(incident, FIELDS, path, report);
  return report.found;
}

export default {
  name: 'incident',
  version: 2,
  /** The id a record is stored under must be the incident's own. */
  keyOf: (incident) => incident?.id,
  validate: (incident) => incidentProblems(incident),
  migrations: { 1: (incident) => incident },
};
