/**
 * The lateness clock's logic: which question of a ruleset takes the minutes a player is late (found by data: a number
 * question whose answers lead to rulings tagged `late-arrival`), how long a player is late to the second, and how that
 * time counts in whole minutes: a question of time (`number.time` in the ruleset) says how part of a minute counts
 * unless the event sets otherwise (`started`: 10:01 is 11 minutes; `completed`: 10:59 is 10).
 * Pure: no DOM, no storage, so it runs the same in the browser and in Node.
 */
import { exits, isQuestion, isRuling } from './engine.js';

export const LATE_TAG = 'late-arrival';

/** The ways part of a minute can count: an event's setting (records/event.js) and a ruleset's default name them. */
export const PART_MINUTE_RULES = Object.freeze(['started', 'completed']);

/**
 * The ruleset's lateness question: {answers (the way to it from the start), questionId, min, max, time (the
 * question's number.time, or null)}, or null when no number question leads to a lateness ruling (the ruleset does
 * not cover lateness by the minute).
 */
export function latenessQuestion(ruleset) {
  const seen = new Set();
  const queue = [{ id: ruleset.start, answers: [] }];  // breadth first: the shortest way to it
  while (queue.length) {
    const { id, answers } = queue.shift();
    if (seen.has(id) || !isQuestion(ruleset, id)) continue;
    seen.add(id);
    const node = ruleset.incidents[id];
    const ways = exits(node);
    if (node.number && ways.some((way) => isRuling(ruleset, way.next) && ruleset.rulings[way.next].tag === LATE_TAG)) {
      return { answers, questionId: id, min: node.number.min, max: node.number.max, time: node.number.time ?? null };
    }
    for (const way of ways) queue.push({ id: way.next, answers: [...answers, way.value] });
  }
  return null;
}

/** Whether the ruleset has any ruling of lateness, even one not reached by a number of minutes. */
export function hasLatenessRuling(ruleset) {
  return Object.values(ruleset.rulings).some((ruling) => ruling.tag === LATE_TAG);
}

/**
 * The question of time a ruling is reached from ({questionId, time}), or null: the ruling's screen says how part of a
 * minute counted for it.
 */
export function timeQuestionOf(ruleset, rulingId) {
  for (const [questionId, node] of Object.entries(ruleset.incidents)) {
    if (node.number?.time && node.branches.some((branch) => branch.next === rulingId)) {
      return { questionId, time: node.number.time };
    }
  }
  return null;
}

/**
 * How part of a minute counts for a question of time: {rule: 'started' | 'completed', from: 'event' | 'ruleset'}
 * (the event's setting when it has one, else the ruleset's default), or null when the question counts no time.
 */
export function partMinuteRule(time, eventSetting = null) {
  if (!time) return null;
  if (PART_MINUTE_RULES.includes(eventSetting)) return { rule: eventSetting, from: 'event' };
  return { rule: time.part_minute, from: 'ruleset' };
}

/** Whole seconds from the round's start to `until` (ISO dates or milliseconds); never below zero. */
export function secondsLate(startedAt, until) {
  const elapsed = new Date(until).getTime() - new Date(startedAt).getTime();
  return Number.isFinite(elapsed) ? Math.max(0, Math.floor(elapsed / 1000)) : 0;
}

/** The whole minutes `seconds` of lateness count for: a started minute whole ('started'), or full minutes only. */
export function countedMinutes(seconds, rule) {
  return rule === 'started' ? Math.ceil(seconds / 60) : Math.floor(seconds / 60);
}

/** A time as minutes and seconds, "10:01" (minutes past 59 stay minutes: "75:30"). */
export function timeText(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The times in seconds ({from, to}) whose counted minutes the question takes under the rule. */
export function latenessRange(question, rule) {
  return rule === 'started'
    ? { from: (question.min - 1) * 60 + 1, to: question.max * 60 }
    : { from: question.min * 60, to: question.max * 60 + 59 };
}

const WHOLE = /^\d{1,6}$/;

/**
 * A lateness typed as minutes and seconds (seconds may be left empty): {seconds} or {error, field}: 'empty' (nothing
 * typed), 'number' (minutes or seconds are not whole numbers), 'seconds' (seconds past 59).
 */
export function readLateness(minutesText, secondsText = '') {
  const minutes = String(minutesText ?? '').trim();
  const seconds = String(secondsText ?? '').trim();
  if (!minutes && !seconds) return { error: 'empty', field: 'minutes' };
  if (minutes && !WHOLE.test(minutes)) return { error: 'number', field: 'minutes' };
  if (seconds && !WHOLE.test(seconds)) return { error: 'number', field: 'seconds' };
  if (Number(seconds || 0) > 59) return { error: 'seconds', field: 'seconds' };
  return { seconds: Number(minutes || 0) * 60 + Number(seconds || 0) };
}

/**
 * What a time of lateness gives under a question of time: {seconds, minutes (counted), answers (for the wizard, or
 * null when the question does not take that many minutes)}.
 */
export function latenessOf(question, seconds, rule) {
  const minutes = countedMinutes(seconds, rule);
  return { seconds, minutes, answers: latenessAnswers(question, minutes) };
}

/** The wizard's answers that hand `minutes` to the lateness question, or null when the question cannot take them. */
export function latenessAnswers(question, minutes) {
  if (!question || !Number.isInteger(minutes) || minutes < question.min || minutes > question.max) return null;
  return [...question.answers, String(minutes)];
}
