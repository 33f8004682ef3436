/**
 * An event the referee works at: its name, ruleset, days and sessions, and (once shared) where it lives on the
 * server. Players and incidents point at it by id. Pure: no DOM, no storage.
 *
 * Version 1: {id, name, rulesetId: id or null (null: the ruleset is chosen per ruling), dates?: {start, end}
 * (YYYY-MM-DD), sessions?: [label] (distinct, at most 50, offered instead of a text field), leagueId?: id (players
 * are shared by the events of one league), server?: {eventId, api?} (the sync helper's link to the server)}.
 * The built-in local event (LOCAL_EVENT_ID) exists without being stored, so the app works with no set-up; an
 * incident or player with no eventId belongs to it.
 * Version 2: partMinute?: 'started' | 'completed', how part of a minute of lateness counts at this event (lateness.js);
 * left out, each ruleset's default. Kept on the phone only: the server's event has no such field.
 */
import { eventSchema } from './record-schemas.js';
import { schemaProblems } from './schema-check.js';
import {
  checkDay, checkId, checkSlug, checkText, isObject, join, problems, unknownKeys,
} from './check.js';
import { PART_MINUTE_RULES } from '../lateness.js';

export const LOCAL_EVENT_ID = 'local';
// The name and session labels follow the server's event schema (webapp/schemas/event.schema.json).
const NAME_RULE = { ...eventSchema.properties.name, minLength: 0 };  // the built-in local event's name is empty
const SESSIONS_RULE = eventSchema.properties.sessions;
export const MAX_NAME = NAME_RULE.maxLength;
export const MAX_SESSION = SESSIONS_RULE.items.maxLength;
export const MAX_SESSIONS = SESSIONS_RULE.maxItems;
const FIELDS = ['id', 'name', 'rulesetId', 'dates', 'sessions', 'leagueId', 'server', 'partMinute'];

/** The event every device has before any set-up (its name is shown translated while it is empty). */
export function localEvent() {
  return { id: LOCAL_EVENT_ID, name: '', rulesetId: null };
}

/** The event an incident or a player belongs to. */
export const eventIdOf = (record) => record?.eventId ?? LOCAL_EVENT_ID;

function datesProblems(dates, path, report) {
  if (!isObject(dates)) {
    report.add(path, dates === null ? 'null' : 'not_object');
    return;
  }
  checkDay(dates.start, join(path, 'start'), report);
  checkDay(dates.end, join(path, 'end'), report);
  if (typeof dates.start === 'string' && typeof dates.end === 'string' && dates.end < dates.start) report.add(join(path, 'end'), 'before_start');
  unknownKeys(dates, ['start', 'end'], path, report);
}

function sessionsProblems(sessions, path, report) {
  if (!Array.isArray(sessions)) {
    report.add(path, 'not_list');
    return;
  }
  schemaProblems(SESSIONS_RULE, sessions, path, report);
  sessions.forEach((label, index) => {
    if (typeof label === 'string' && label && !label.trim()) report.add(join(path, index), 'required');
  });
}

export function eventProblems(event, path = '') {
  const report = problems();
  if (!isObject(event)) {
    report.add(path, event === null ? 'null' : 'not_object');
    return report.found;
  }
  checkId(event.id, join(path, 'id'), report);
  if (typeof event.name !== 'string') checkText(event.name, join(path, 'name'), report);
  else schemaProblems(NAME_RULE, event.name, join(path, 'name'), report);
  if (event.rulesetId !== null) checkSlug(event.rulesetId, join(path, 'rulesetId'), report);
  if (event.dates !== undefined) datesProblems(event.dates, join(path, 'dates'), report);
  if (event.sessions !== undefined) sessionsProblems(event.sessions, join(path, 'sessions'), report);
  if (event.leagueId !== undefined) checkId(event.leagueId, join(path, 'leagueId'), report);
  if (event.partMinute !== undefined && !PART_MINUTE_RULES.includes(event.partMinute)) report.add(join(path, 'partMinute'), 'unknown_value');
  if (event.server !== undefined) {
    if (!isObject(event.server)) report.add(join(path, 'server'), 'not_object');
    else {
      checkId(event.server.eventId, join(path, 'server/eventId'), report);
      checkText(event.server.api, join(path, 'server/api'), report, { max: 500, optional: true });
      unknownKeys(event.server, ['eventId', 'api'], join(path, 'server'), report);
    }
  }
  unknownKeys(event, FIELDS, path, report);
  return report.found;
}

export default {
  name: 'event',
  version: 2,
  keyOf: (event) => event?.id,
  validate: (event) => eventProblems(event),
  migrations: {
    1: (event) => event,  // version 2 adds the optional partMinute
  },
};
