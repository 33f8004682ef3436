/**
 * The phone's stored records as the server's record bodies, and back (docs/api.md "Record bodies"). Pure: no DOM,
 * no storage. Which incidents an event shares: those recorded under its name as the tournament.
 */
import { incidentProblems, TEXT_FIELDS } from './storage/kinds/incident.js';

const BODY_KEYS = ['at', 'rulesetId', 'rulingId', 'player', 'points', ...TEXT_FIELDS];

/** Whether a stored incident belongs to the event this phone syncs (recorded under the event's name). */
export function sharedIncident(incident, server) {
  return incident.rulesetId === server.rulesetId && incident.tournament.trim() === server.name.trim();
}

/** A stored incident as the server keeps it: every field but the id (the record's id). */
export function incidentBody(incident) {
  return Object.fromEntries(BODY_KEYS.filter((key) => incident[key] !== undefined).map((key) => [key, incident[key]]));
}

/** The phone's local records of the event, as sync-versions.js takes them. */
export function localRecords(incidents, server) {
  return incidents.filter((incident) => sharedIncident(incident, server))
    .map((incident) => ({ kind: 'incident', id: incident.id, deleted: false, body: incidentBody(incident) }));
}

/** A downloaded incident as the phone stores it, or null when it does not fit the phone's own checks. */
export function incidentFromBody(id, body) {
  const text = (key) => (typeof body[key] === 'string' ? body[key] : '');
  const incident = {
    id, at: body.at, tournament: text('tournament'), session: text('session'), table: text('table'),
    player: text('player'), seat: text('seat'), rulesetId: body.rulesetId, rulingId: body.rulingId,
    points: body.points ?? null, note: text('note'),
  };
  return incidentProblems(incident).length ? null : incident;
}
