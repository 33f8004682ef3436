/**
 * The lateness clock's logic: which question of a ruleset takes the minutes a player is late (found by data: a number
 * question whose answers lead to rulings tagged `late-arrival`), and how many minutes a player is late.
 * Pure: no DOM, no storage, so it runs the same in the browser and in Node.
 */
import { exits, isQuestion, isRuling } from './engine.js';

export const LATE_TAG = 'late-arrival';

/**
 * The ruleset's lateness question: {answers (the way to it from the start), questionId, min, max}, or null when no
 * number question leads to a lateness ruling (the ruleset does not cover lateness by the minute).
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
      return { answers, questionId: id, min: node.number.min, max: node.number.max };
    }
    for (const way of ways) queue.push({ id: way.next, answers: [...answers, way.value] });
  }
  return null;
}

/** Whether the ruleset has any ruling of lateness, even one not reached by a number of minutes. */
export function hasLatenessRuling(ruleset) {
  return Object.values(ruleset.rulings).some((ruling) => ruling.tag === LATE_TAG);
}

/** Whole minutes from the round's start to `until` (ISO dates or milliseconds); never below zero. */
export function minutesLate(startedAt, until) {
  const elapsed = new Date(until).getTime() - new Date(startedAt).getTime();
  return Number.isFinite(elapsed) ? Math.max(0, Math.floor(elapsed / 60000)) : 0;
}

/** The wizard's answers that hand `minutes` to the lateness question, or null when the question cannot take them. */
export function latenessAnswers(question, minutes) {
  if (!question || !Number.isInteger(minutes) || minutes < question.min || minutes > question.max) return null;
  return [...question.answers, String(minutes)];
}
