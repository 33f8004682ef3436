/**
 * A player's record under one ruleset, worked out in this one place for every screen (table, log, ruling, roster):
 * the offence counts and what the next offence costs, the strikes that count, the status and why. Pure: no DOM, no
 * storage; escalation follows the ruleset data (`progressive`, `discipline` and each ruling's effects).
 *
 *   playerRecord({ ruleset, incidents, applied = [], who, session = '', at = new Date() }) -> {
 *     incidents: how many of the player's offences count (logged, plus applied at a table and not logged),
 *     counts: [{ id: 'session' | 'carried', count, next }]   the progressive scale's two counts, each with the points
 *             its next offence costs (`session`: this session's count; `carried`: the kinds that carry over between
 *             sessions, e.g. MCR's obstruction and time-wasting); [] when the ruleset has no progressive scale,
 *     strikes: { all, today, inWindow, days } | null          strikes up to the moment's day, on that day, and in the
 *             discipline window of `days` days ending that day (null when the ruleset keeps no strikes),
 *     status: { state: 'ok' | 'suspended' | 'banned', since, until, reason }   since/until are ISO days (until: the
 *             suspension's last day; null for a ban, which has no end); reason: the rule broken, as the ruleset's
 *             discipline data names it ('strikes_in_a_day', 'strikes_in_window'), 'earlier' for a suspension given
 *             outside the log, or 'ban_after_suspensions' for a ban; null when ok,
 *     suspensions: [{ start, end, reason }], nextStrike: 'suspension' | 'ban' | null (what one more strike today does),
 *     calculator: { session, carried, strikes }              the `counts` input a ruling takes at the table,
 *   }
 *
 * incidents: the log's incidents (every player's; `who` picks this player's, see isAbout; a roster player's `who`
 * carries the suspensions given outside the log, who.suspensions [{start}], which count towards a ban). applied: this
 * player's rulings applied at a table, [{ action, rulingId, at, session? }] (session: the one being played when
 * absent); one that the log also holds counts once: the incident that records it names its action (the one action
 * writes both under the action's id; an incident recorded later keeps the action's id in `action`). Never by time:
 * two offences of one ruling close together are two. at: the moment (Date or ISO text); days are the device's local
 * days, never UTC days. Only offences on or before its day count.
 */
import { progressiveAmount } from './calculator.js';
import { disciplineStatus } from './discipline.js';
import { effectsOf } from './engine.js';
import { byTime } from './log-file.js';
import { sameName } from './names.js';
import { eventIdOf } from './records/event.js';

const DAY = 86400000;

/** The calendar day of a moment on this device (YYYY-MM-DD), the day a referee would write on paper. */
export function localDay(moment = new Date()) {
  if (typeof moment === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(moment)) return moment;
  const at = new Date(moment);
  const two = (n) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/** Days between two ISO days, as whole numbers (time zones play no part: both are already local days). */
function dayNumber(iso) {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
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

/** The applied rulings the log does not hold yet: those whose action no incident records. */
function notLogged(applied, logged) {
  const recorded = new Set(logged.flatMap((item) => [item.id, item.action]).filter(Boolean));
  return applied.filter((step) => !step.action || !recorded.has(step.action));
}

/** The days the person's suspensions given outside the log started on, up to `today` (the record's day). */
function earlierSuspensions(who, today) {
  const given = typeof who === 'object' && Array.isArray(who?.suspensions) ? who.suspensions : [];
  return given.map((suspension) => suspension.start).filter((day) => day <= today);
}

/** The player's record; see the module header. */
export function playerRecord({ ruleset, incidents, applied = [], who, session = '', at = new Date() }) {
  const today = localDay(at);
  const mine = incidents.filter((item) => item.rulesetId === ruleset.id && isAbout(item, who));
  const offences = [...mine, ...notLogged(applied, mine).map((step) => ({ session, ...step }))]
    .filter((item) => ruleset.rulings[item.rulingId] && localDay(item.at) <= today)
    .sort(byTime);
  let inSession = 0;
  let carried = 0;
  const strikeDays = [];
  for (const item of offences) {
    for (const effect of effectsOf(ruleset, ruleset.rulings[item.rulingId])) {
      if (effect.type === 'strike') strikeDays.push(localDay(item.at));
      if (effect.type !== 'progressive') continue;
      if (effect.carries_over) carried += 1;
      else if ((item.session || '') === (session || '')) inSession += 1;
    }
  }
  const record = {
    incidents: offences.length,
    counts: ruleset.progressive ? [
      { id: 'session', count: inSession, next: progressiveAmount(ruleset.progressive, inSession) },
      { id: 'carried', count: carried, next: progressiveAmount(ruleset.progressive, carried) },
    ] : [],
    strikes: null,
    status: { state: 'ok', since: null, until: null, reason: null },
    suspensions: [],
    nextStrike: null,
    calculator: { session: inSession, carried, strikes: 0 },
  };
  const rules = ruleset.discipline;
  if (!rules) return record;
  const now = dayNumber(today);
  const firstDayOut = now - rules.suspension.window_days;
  const strikes = {
    all: strikeDays.length,
    today: strikeDays.filter((day) => day === today).length,
    inWindow: strikeDays.filter((day) => dayNumber(day) > firstDayOut).length,
    days: rules.suspension.window_days,
  };
  const earlier = earlierSuspensions(who, today);
  const found = disciplineStatus(strikeDays, rules, today, earlier);
  const withOneMore = disciplineStatus([...strikeDays, today], rules, today, earlier);
  const current = found.suspensions.find((s) => s.start <= today && today <= s.end);
  let status = record.status;
  if (found.status === 'banned') status = { state: 'banned', since: found.banned, until: null, reason: 'ban_after_suspensions' };
  else if (found.status === 'suspended') status = { state: 'suspended', since: current.start, until: current.end, reason: current.reason };
  let nextStrike = null;
  if (withOneMore.banned !== null && found.banned === null) nextStrike = 'ban';
  else if (withOneMore.suspensions.length > found.suspensions.length) nextStrike = 'suspension';
  return { ...record, strikes, status, suspensions: found.suspensions, nextStrike,
    calculator: { ...record.calculator, strikes: strikes.inWindow } };
}

/**
 * The penalty points the next incident of this ruling costs the player, from the ruling's effects and the record:
 * the progressive step of its count, plus any fixed penalty points. null when the ruling has no points of its own
 * (the referee decides, or none apply); 0 for a warning. Optional points are the referee's to enter.
 */
export function nextPoints(ruleset, rulingId, record) {
  const ruling = ruleset.rulings[rulingId];
  if (!ruling) return null;
  const nextOf = (id) => record?.counts?.find((count) => count.id === id)?.next;
  let points = null;
  for (const effect of effectsOf(ruleset, ruling)) {
    if (effect.type === 'progressive' && record?.counts?.length) {
      points = (points ?? 0) + nextOf(effect.carries_over ? 'carried' : 'session');
    } else if (effect.type === 'penalty_points' && typeof effect.amount === 'number' && !effect.per && effect.applies_to !== 'all'
      && !effect.optional) {
      points = (points ?? 0) + effect.amount;
    }
  }
  return points;
}

/**
 * The rulings applied at a table, by the person they were applied to: from a replayed history (table-history.js
 * replayHistory), each ruling step that did not fail, under the person seated at its offender's seat when it was
 * applied (the step's own `person` when it names one), so a seat swap or a substitute later moves nothing. A step
 * made before the table's latest new session belongs to an earlier session: it is marked so, and counts in no
 * session being played. Returns Map person id → [{ action, rulingId, at, session? }].
 */
export function appliedByPerson(replayed, seatOf) {
  const sessions = replayed.steps.filter(({ step }) => step.kind === 'new-session').length;
  const byPerson = new Map();
  let session = 0;
  for (const { id, step, before, outcome } of replayed.steps) {
    if (step.kind === 'new-session') session += 1;
    // A second chombo that a hand carries no more of (sameHand 'once') gave nothing: it is no offence to count.
    if (step.kind !== 'ruling' || outcome.errors || outcome.sameHand === 'once') continue;
    const person = step.person ?? before?.seats[seatOf(step.inputs?.offender)]?.playerId;
    if (!person) continue;  // an unnamed seat is nobody: nothing is counted for it
    const entry = { action: step.action ?? `step:${id}`, rulingId: step.rulingId, at: step.at };
    if (step.session !== undefined) entry.session = step.session;
    else if (session < sessions) entry.session = `\u0000earlier session ${session}`;
    if (!byPerson.has(person)) byPerson.set(person, []);
    byPerson.get(person).push(entry);
  }
  return byPerson;
}
