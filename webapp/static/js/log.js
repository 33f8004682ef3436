/**
 * The referee's incident log: new incidents from the form, and escalation counted from the log.
 * Pure: no DOM, no storage. Escalation reads each ruling's effects, so it follows the ruleset data.
 * The file formats (JSON export, CSV, imports) are in log-file.js; the stored shape in storage/kinds/incident.js.
 */
import { progressiveAmount } from './calculator.js';
import { disciplineStatus } from './discipline.js';
import { effectsOf } from './engine.js';
import { byTime } from './log-file.js';
import { MAX_POINTS, MAX_TEXT, TEXT_FIELDS } from './storage/kinds/incident.js';

/** An id made on this device, unique across referees' devices (so merged logs never mix two incidents). */
function newId(now) {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A new incident from the referee's form values; returns {incident} or {errors} keyed by field. */
export function makeIncident(values, now = new Date()) {
  const errors = {};
  const player = String(values.player ?? '').trim();
  if (!player) errors.player = 'empty_player';
  let points = null;
  const rawPoints = String(values.points ?? '').trim();
  if (rawPoints !== '') {
    if (!/^-?\d+(\.\d+)?$/.test(rawPoints)) errors.points = 'not_number';
    else if (Math.abs(Number(rawPoints)) > MAX_POINTS) errors.points = 'too_large';
    else points = Number(rawPoints);
  }
  for (const key of ['player', ...TEXT_FIELDS]) {
    if (String(values[key] ?? '').length > MAX_TEXT) errors[key] = 'too_long';
  }
  if (Object.keys(errors).length) return { errors };
  const text = (key) => String(values[key] ?? '').trim();
  return {
    incident: {
      id: values.id || newId(now),
      at: values.at || now.toISOString(),
      tournament: text('tournament'),
      session: text('session'),
      table: text('table'),
      player,
      seat: text('seat'),
      rulesetId: values.rulesetId,
      rulingId: values.rulingId,
      points,
      note: text('note'),
    },
  };
}

const samePlayer = (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The incidents of one player under one ruleset, oldest first. */
function playerIncidents(log, rulesetId, player) {
  return log.incidents
    .filter((item) => item.rulesetId === rulesetId && samePlayer(item.player, player))
    .sort(byTime);
}

/** The calendar day of a stored time where the referee is, as `today` is given: a rule counts Strikes per day. */
function localDay(iso) {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}

/**
 * What the next offence would cost this player, counted from the log:
 * the progressive scale (per session, with carried-over kinds), and the strikes, suspensions and ban.
 */
export function escalation(log, ruleset, player, session, today) {
  const mine = playerIncidents(log, ruleset.id, player);
  const result = { incidents: mine.length };
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
    const now = disciplineStatus(strikeDates, ruleset.discipline, today);
    const withOneMore = disciplineStatus([...strikeDates, today], ruleset.discipline, today);
    result.discipline = { ...now, nextStrikeSuspends: withOneMore.suspensions.length > now.suspensions.length,
      nextStrikeBans: withOneMore.banned !== null && now.banned === null };
  }
  return result;
}

/** Every player named in the log, in alphabetical order, first spelling kept. */
export function players(log) {
  const seen = new Map();
  for (const item of log.incidents) {
    const key = item.player.trim().toLowerCase();
    if (!seen.has(key)) seen.set(key, item.player.trim());
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
