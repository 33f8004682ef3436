/**
 * The roster's rules, apart from storage and screens: a player or an event from what the referee typed (with a
 * clear error per field), the duplicate-name guard, and which players make up an event's roster. Pure: no DOM, no
 * storage; services/roster.js and services/events.js store what these return.
 */
import { PART_MINUTE_RULES } from './lateness.js';
import { normalizeName } from './names.js';
import { isDay } from './records/check.js';
import { charCount, textProblem } from './text-rule.js';
import { eventIdOf, LOCAL_EVENT_ID, MAX_SESSION, MAX_SESSIONS, MAX_NAME as MAX_EVENT_NAME } from './records/event.js';
import { MAX_CLUB, MAX_NAME, MAX_NUMBER, MAX_SUSPENSIONS, MAX_WHERE } from './records/player.js';

const text = (value) => String(value ?? '').trim().normalize('NFC');  // the form both sides keep (text-rule.js)

/** Ids of records made on this device: unique across every referee's device. */
export function newId() {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The players of an event's roster, removed ones included: its own, or its league's when it has one. */
export function rosterOf(players, event, events = []) {
  if (!event?.leagueId) return players.filter((player) => eventIdOf(player) === event?.id);
  const league = new Set(events.filter((other) => other.leagueId === event.leagueId).map((other) => other.id));
  league.add(event.id);
  return players.filter((player) => league.has(eventIdOf(player)));
}

/** The roster as it is shown: present players (no tombstones), by name. */
export function present(players) {
  return players.filter((player) => !player.deleted)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Present players whose name is the same as `name` once normalized (case, accents, punctuation, spaces). */
export function sameNamed(players, name, exceptId = null) {
  const wanted = normalizeName(name);
  if (!wanted) return [];
  return present(players).filter((player) => player.id !== exceptId && normalizeName(player.name) === wanted);
}

/**
 * A player from the roster form: {player} or {errors: {field: code}, duplicate?: player}. values: {name, number,
 * club, confirmed} ('confirmed': the referee said this is a different person from a player of the same name).
 * base: the stored player being renamed (its id, event and tombstone kept), or {eventId} for a new one.
 */
export function playerFromForm(values, base, roster) {
  const errors = {};
  const name = text(values.name).replace(/\s+/g, ' ');
  const number = text(values.number);
  const club = text(values.club);
  if (!name) errors.name = 'empty_name';
  else if (charCount(name) > MAX_NAME) errors.name = 'too_long';
  if (charCount(number) > MAX_NUMBER) errors.number = 'too_long';
  if (charCount(club) > MAX_CLUB) errors.club = 'too_long';
  for (const [key, value] of Object.entries({ name, number, club })) if (!errors[key] && textProblem(value)) errors[key] = 'unreadable';
  const [duplicate] = errors.name ? [] : sameNamed(roster, name, base.id ?? null);
  if (duplicate && !values.confirmed) errors.name = 'duplicate';
  if (Object.keys(errors).length) return duplicate && errors.name === 'duplicate' ? { errors, duplicate } : { errors };
  const player = { id: base.id ?? newId(), eventId: base.eventId ?? LOCAL_EVENT_ID, name };
  if (number) player.number = number;
  if (club) player.club = club;
  if (base.deleted) player.deleted = base.deleted;
  if (base.suspensions?.length) player.suspensions = base.suspensions;  // a rename keeps the earlier suspensions
  return { player };
}

/**
 * A suspension given outside the log, entered on a roster player's record (another event, last month): {suspensions}
 * (the player's list with it, oldest first) or {errors: {start | where: code}}. values: {start (YYYY-MM-DD), where};
 * today: the device's day, which the suspension cannot start after.
 */
export function earlierSuspensionFromForm(values, player, today) {
  const start = text(values.start);
  const where = text(values.where).replace(/\s+/g, ' ');
  const given = player.suspensions ?? [];
  const errors = {};
  if (!isDay(start)) errors.start = 'bad_day';
  else if (start > today) errors.start = 'after_today';
  else if (given.some((suspension) => suspension.start === start)) errors.start = 'duplicate_suspension';
  else if (given.length >= MAX_SUSPENSIONS) errors.start = 'too_many_suspensions';
  if (charCount(where) > MAX_WHERE) errors.where = 'too_long';
  else if (textProblem(where)) errors.where = 'unreadable';
  if (Object.keys(errors).length) return { errors };
  const suspension = where ? { start, where } : { start };
  return { suspensions: [...given, suspension].sort((a, b) => a.start.localeCompare(b.start)) };
}

/**
 * Players from a pasted list, one name a line (blank lines skipped; "Name, number, club" split at commas), each
 * through the same checks as the add form: {players: [player], skipped: [{name, code}]}. A name already on the
 * roster, or twice in the list, is skipped ('duplicate'), never added silently: the form adds it on its own once the
 * referee confirms it is a different person.
 */
export function playersFromList(raw, base, roster) {
  const players = [];
  const skipped = [];
  for (const line of String(raw ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const [name, number = '', club = ''] = line.split(',').map((part) => part.trim());
    const made = playerFromForm({ name, number, club }, base, [...roster, ...players]);
    if (made.errors) skipped.push({ name: name || line.trim(), code: Object.values(made.errors)[0] });
    else players.push(made.player);
  }
  return { players, skipped };
}

/** Session labels from the event form: one a line, blank lines skipped. */
export function sessionLines(raw) {
  return String(raw ?? '').split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
}

/**
 * An event from the event form: {event} or {errors}. values: {name, rulesetId ('' for any), start, end (YYYY-MM-DD
 * or ''), sessions (one label a line), partMinute ('' for each ruleset's default, or a lateness.js PART_MINUTE_RULES
 * rule)}. base: the stored event being edited (its id, league and server kept), or {}.
 */
export function eventFromForm(values, base = {}, rulesetIds = null) {
  const errors = {};
  const id = base.id ?? newId();
  const name = text(values.name);
  const rulesetId = text(values.rulesetId) || null;
  const start = text(values.start);
  const end = text(values.end) || start;
  const sessions = sessionLines(values.sessions);
  if (!name && id !== LOCAL_EVENT_ID) errors.name = 'empty_name';
  else if (charCount(name) > MAX_EVENT_NAME) errors.name = 'too_long';
  else if (textProblem(name)) errors.name = 'unreadable';
  if (rulesetId && rulesetIds && !rulesetIds.includes(rulesetId)) errors.rulesetId = 'unknown_ruleset';
  if (start && !isDay(start)) errors.start = 'bad_day';
  if (text(values.end) && !isDay(end)) errors.end = 'bad_day';
  else if (!start && text(values.end)) errors.start = 'bad_day';
  else if (start && isDay(end) && end < start) errors.end = 'before_start';
  if (sessions.length > MAX_SESSIONS) errors.sessions = 'too_many';
  else if (sessions.some((label) => charCount(label) > MAX_SESSION)) errors.sessions = 'too_long';
  else if (sessions.some((label) => textProblem(label))) errors.sessions = 'unreadable';
  else if (new Set(sessions).size !== sessions.length) errors.sessions = 'duplicate_session';
  const partMinute = text(values.partMinute);
  if (partMinute && !PART_MINUTE_RULES.includes(partMinute)) errors.partMinute = 'choose_one';
  if (Object.keys(errors).length) return { errors };
  const event = { id, name, rulesetId };
  if (start) event.dates = { start, end };
  if (sessions.length) event.sessions = sessions;
  if (base.leagueId !== undefined) event.leagueId = base.leagueId;
  if (base.server !== undefined) event.server = base.server;
  if (partMinute) event.partMinute = partMinute;
  return { event };
}

/**
 * The roster player an incident form names: {player, added: false} for a roster player (picked by id, or the one
 * present player of that name once normalized), {player, added: true} for a name not on the roster yet (a new player
 * to store with the incident: entered once, picked after), or {error: 'ambiguous_player'} when several present players
 * share the name (the referee picks one). keep: the player an edited incident already names, kept while its name is.
 */
export function pickPlayer(roster, { playerId = '', name = '' }, eventId, keep = null) {
  const typed = text(name).replace(/\s+/g, ' ');
  if (keep && normalizeName(keep.name) === normalizeName(typed)) return { player: keep, added: false };
  const picked = playerId && present(roster).find((player) => player.id === playerId);
  if (picked && normalizeName(picked.name) === normalizeName(typed)) return { player: picked, added: false };
  const matches = sameNamed(roster, typed);
  if (matches.length > 1) return { error: 'ambiguous_player', matches };
  if (matches.length === 1) return { player: matches[0], added: false };
  if (!typed || charCount(typed) > MAX_NAME) return { error: typed ? 'too_long' : 'empty_player' };
  if (textProblem(typed)) return { error: 'unreadable' };
  return { player: { id: newId(), eventId, name: typed }, added: true };
}

/**
 * A roster player as player-record.js counts them: {playerId, name, eventId, suspensions?} (the suspensions given
 * outside the log, which count towards a ban).
 */
export function personOfPlayer(player, eventId) {
  const person = { playerId: player.id, name: player.name, eventId };
  return player.suspensions?.length ? { ...person, suspensions: player.suspensions } : person;
}

/**
 * Who a typed or picked name is, for counting escalation (player-record.js isAbout): the roster player of that name in
 * the event, or the name alone when no present player (or more than one) has it.
 */
export function personFor(roster, name, eventId, playerId = '') {
  const picked = playerId && present(roster).find((player) => player.id === playerId);
  const matches = picked && normalizeName(picked.name) === normalizeName(name) ? [picked] : sameNamed(roster, name);
  return matches.length === 1 ? personOfPlayer(matches[0], eventId) : { name, eventId };
}
