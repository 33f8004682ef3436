/**
 * The referee's incident log: records, escalation counted from them, and export/import.
 * Pure: no DOM, no storage. Escalation reads each ruling's effects, so it follows the ruleset data.
 */
import { progressiveAmount } from './calculator.js';
import { disciplineStatus } from './discipline.js';
import { effectsOf } from './engine.js';

export const LOG_FORMAT = 'mahjong-referee/incident-log';
export const LOG_VERSION = 1;
const TEXT_FIELDS = ['tournament', 'session', 'table', 'player', 'seat', 'note'];
const MAX_TEXT = 500;

export function emptyLog() {
  return { format: LOG_FORMAT, version: LOG_VERSION, incidents: [] };
}

/** Check one incident; return the list of problems (empty when valid). */
export function incidentProblems(incident) {
  const problems = [];
  if (!incident || typeof incident !== 'object' || Array.isArray(incident)) return ['not an object'];
  if (typeof incident.id !== 'string' || !incident.id) problems.push('id');
  if (typeof incident.at !== 'string' || Number.isNaN(Date.parse(incident.at))) problems.push('at');
  for (const key of ['rulesetId', 'rulingId']) {
    if (typeof incident[key] !== 'string' || !/^[a-z0-9_-]+$/.test(incident[key])) problems.push(key);
  }
  if (typeof incident.player !== 'string' || !incident.player.trim()) problems.push('player');
  for (const key of TEXT_FIELDS) {
    if (incident[key] !== undefined && (typeof incident[key] !== 'string' || incident[key].length > MAX_TEXT)) problems.push(key);
  }
  if (incident.points !== undefined && incident.points !== null
      && (!Number.isFinite(incident.points) || Math.abs(incident.points) > 1e7)) problems.push('points');
  return problems;
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
    else if (Math.abs(Number(rawPoints)) > 1e7) errors.points = 'too_large';
    else points = Number(rawPoints);
  }
  for (const key of TEXT_FIELDS) {
    if (String(values[key] ?? '').length > MAX_TEXT) errors[key] = 'too_long';
  }
  if (Object.keys(errors).length) return { errors };
  const text = (key) => String(values[key] ?? '').trim();
  return {
    incident: {
      id: values.id || `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
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

export function addIncident(log, incident) {
  return { ...log, incidents: [...log.incidents, incident] };
}

export function replaceIncident(log, incident) {
  return { ...log, incidents: log.incidents.map((item) => (item.id === incident.id ? incident : item)) };
}

export function removeIncident(log, id) {
  return { ...log, incidents: log.incidents.filter((item) => item.id !== id) };
}

const samePlayer = (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The incidents of one player under one ruleset, oldest first. */
function playerIncidents(log, rulesetId, player) {
  return log.incidents
    .filter((item) => item.rulesetId === rulesetId && samePlayer(item.player, player))
    .sort((a, b) => a.at.localeCompare(b.at));
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

export function toJson(log) {
  return JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, incidents: log.incidents }, null, 2);
}

/** Parse an exported file; return {log} or {error} naming why it is refused. */
export function fromJson(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'not_json' };
  }
  if (!data || typeof data !== 'object' || data.format !== LOG_FORMAT) return { error: 'foreign' };
  if (!Number.isInteger(data.version) || data.version > LOG_VERSION) return { error: 'newer' };
  if (!Array.isArray(data.incidents)) return { error: 'invalid' };
  const ids = new Set();
  for (const incident of data.incidents) {
    if (incidentProblems(incident).length || ids.has(incident.id)) return { error: 'invalid' };
    ids.add(incident.id);
  }
  return { log: { format: LOG_FORMAT, version: LOG_VERSION, incidents: data.incidents } };
}

// The CSV export lives in csv-export.js (spreadsheet-ready: byte-order mark, separator, headers, local times, seats).
export { toCsv } from './csv-export.js';
