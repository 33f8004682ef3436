/**
 * The referee's incident log: new incidents from the form, and escalation counted from the log.
 * Pure: no DOM, no storage. Escalation reads each ruling's effects, so it follows the ruleset data.
 * The file formats (JSON export, CSV, imports) are in log-file.js; the stored shape in storage/kinds/incident.js.
 */
import { progressiveAmount } from './calculator.js';
import { disciplineStatus } from './discipline.js';
import { effectsOf } from './engine.js';
import { byTime } from './log-file.js';
import { sameName } from './names.js';
import { parseNumber } from './numbers.js';
import { eventIdOf } from './storage/kinds/event.js';
import { MAX_POINTS, MAX_TEXT, TEXT_FIELDS } from './storage/kinds/incident.js';

/** An id made on this device, unique across referees' devices (so merged logs never mix two incidents). */
function newId(now) {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A new incident from the referee's form values; returns {incident} or {errors} keyed by field. values.eventId and
 * values.playerId (the roster player, resolved by the caller) are kept when given. Penalty points are read as the
 * table reads its numbers (numbers.js, in values.lang: "25 000" and "25,000" in English, "25 000" in French).
 */
export function makeIncident(values, now = new Date()) {
  const errors = {};
  const player = String(values.player ?? '').trim();
  if (!player) errors.player = 'empty_player';
  const read = typeof values.points === 'number' ? { value: values.points }
    : parseNumber(values.points, { lang: values.lang, decimals: 2, min: -MAX_POINTS, max: MAX_POINTS, required: false });
  if (read.error) errors.points = read.error;
  else if (read.value !== null && Math.abs(read.value) > MAX_POINTS) errors.points = 'too_large';
  const points = read.error ? null : read.value;
  for (const key of ['player', ...TEXT_FIELDS]) {
    if (String(values[key] ?? '').length > MAX_TEXT) errors[key] = 'too_long';
  }
  if (Object.keys(errors).length) return { errors };
  const text = (key) => String(values[key] ?? '').trim();
  const incident = {
    id: values.id || newId(now),
    at: values.at || now.toISOString(),
    ...(values.eventId ? { eventId: values.eventId } : {}),
    tournament: text('tournament'),
    session: text('session'),
    table: text('table'),
    player,
    ...(values.playerId ? { playerId: values.playerId } : {}),
    seat: text('seat'),
    rulesetId: values.rulesetId,
    rulingId: values.rulingId,
    points,
    note: text('note'),
  };
  return { incident };
}

/**
 * Whether an incident is about this person. who: {playerId?, name, eventId?} or a typed name. A roster player
 * (playerId) owns the incidents recorded with their id, in any event (a league's events share players), and the
 * incidents typed before the roster (no playerId) under the same name in the same event; a typed name owns only
 * typed incidents of that name. Names match whatever their case, accents, punctuation and spaces.
 */
export function isAbout(item, who) {
  const person = typeof who === 'string' ? { name: who } : who;
  if (item.playerId) return Boolean(person.playerId) && item.playerId === person.playerId;
  if (person.eventId !== undefined && eventIdOf(item) !== person.eventId) return false;
  return sameName(item.player, person.name);
}

/** The incidents of one person under one ruleset, oldest first. */
function playerIncidents(log, rulesetId, who) {
  return log.incidents
    .filter((item) => item.rulesetId === rulesetId && isAbout(item, who))
    .sort(byTime);
}

/** The calendar day of a stored time where the referee is, as `today` is given: a rule counts Strikes per day. */
function localDay(iso) {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}

/**
 * What the next offence would cost this player, counted from the log: the progressive scale (per session, with
 * carried-over kinds), and the strikes, suspensions and ban. player: a typed name or {playerId, name, eventId}
 * (see isAbout). `counts` ({session, carried, strikes}) is what the calculator takes as a ruling's `counts`
 * input, so the table and the log count from this one record.
 */
export function escalation(log, ruleset, player, session, today) {
  const mine = playerIncidents(log, ruleset.id, player);
  const result = { incidents: mine.length, counts: { session: 0, carried: 0, strikes: 0 } };
  if (ruleset.progressive) {
    let inSession = 0;
    let carried = 0;
    for (const item of mine) {
      const ruling = ruleset.rulings[item.rulingId];
      if (!ruling) continue;
      for (const effect of effectsOf(ruleset, ruling)) {
        if (effect.type !== 'progressive') continue;
        if (effect.carries_over) carried += 1;
        else if ((item.session || '') === (session || '')) inSession += 1;
      }
    }
    Object.assign(result.counts, { session: inSession, carried });
    result.progressive = {
      session: session || '',
      counted: inSession,
      carried,
      next: progressiveAmount(ruleset.progressive, inSession),
      nextCarried: progressiveAmount(ruleset.progressive, carried),
    };
  }
  if (ruleset.discipline) {
    const strikeDates = [];
    for (const item of mine) {
      const ruling = ruleset.rulings[item.rulingId];
      if (!ruling) continue;
      for (const effect of effectsOf(ruleset, ruling)) if (effect.type === 'strike') strikeDates.push(localDay(item.at));
    }
    result.counts.strikes = strikeDates.length;
    const now = disciplineStatus(strikeDates, ruleset.discipline, today);
    const withOneMore = disciplineStatus([...strikeDates, today], ruleset.discipline, today);
    result.discipline = { ...now, nextStrikeSuspends: withOneMore.suspensions.length > now.suspensions.length,
      nextStrikeBans: withOneMore.banned !== null && now.banned === null };
  }
  return result;
}

/** The sessions incidents of an event were recorded in, in the order first met (for suggestions and filters). */
export function knownSessions(incidents, eventId = null) {
  const seen = new Set();
  for (const item of [...incidents].sort(byTime)) {
    if ((eventId === null || eventIdOf(item) === eventId) && item.session) seen.add(item.session);
  }
  return [...seen];
}

/**
 * The penalty points the next incident of this ruling costs this player, from the ruling's effects and what the log
 * counted (escalation's `found`): the progressive step (the carried-over scale for obstruction and time-wasting), plus
 * any fixed penalty points. null when the ruling has no points of its own (the referee decides, or none apply);
 * 0 for a warning. Points the referee may or may not give (an optional effect) are the referee's to enter.
 */
export function nextPoints(ruleset, rulingId, found) {
  const ruling = ruleset.rulings[rulingId];
  if (!ruling) return null;
  let points = null;
  for (const effect of effectsOf(ruleset, ruling)) {
    if (effect.type === 'progressive' && found?.progressive) {
      points = (points ?? 0) + (effect.carries_over ? found.progressive.nextCarried : found.progressive.next);
    } else if (effect.type === 'penalty_points' && typeof effect.amount === 'number' && !effect.per && effect.applies_to !== 'all'
      && !effect.optional) {
      points = (points ?? 0) + effect.amount;
    }
  }
  return points;
}
