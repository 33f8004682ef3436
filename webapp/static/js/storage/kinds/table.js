/**
 * The table of one ruleset: its start and the steps applied to it, so any step can be undone by replaying the rest.
 * One document per ruleset. Pure: no DOM, no storage.
 *
 * Version 1: {start: table or null, steps: [step]}; a null start means a fresh table of the ruleset (what is left
 * when a damaged start was set aside). A step is {kind: 'ruling', rulingId, inputs, at}, {kind: 'edit', table, at},
 * {kind: 'end-hanchan', at} or {kind: 'new-session', at}; inputs are the apply form's texts.
 */
import {
  checkBoolean, checkDate, checkNumber, checkSlug, checkText, isObject, join, problems, unknownKeys,
} from '../check.js';

const SEAT_NUMBERS = ['table', 'tournament'];
const SEAT_FLAGS = ['riichi', 'deposit', 'deadHand', 'substituted', 'disqualified'];
const SEAT_COUNTS = ['liveTiles', 'deadTiles', 'strikes', 'offences', 'carriedOffences'];
const SEAT_KEYS = ['wind', 'name', ...SEAT_NUMBERS, ...SEAT_FLAGS, ...SEAT_COUNTS, 'sessionLost'];
const LIMIT = 1e9;

function seatProblems(seat, path, report) {
  if (!isObject(seat)) {
    report.add(path, seat === null ? 'null' : 'not_object');
    return;
  }
  checkText(seat.wind, join(path, 'wind'), report, { max: 20 });
  checkText(seat.name, join(path, 'name'), report, { max: 100 });
  for (const key of SEAT_NUMBERS) checkNumber(seat[key], join(path, key), report, { min: -LIMIT, max: LIMIT });
  for (const key of SEAT_FLAGS) checkBoolean(seat[key], join(path, key), report);
  for (const key of SEAT_COUNTS) checkNumber(seat[key], join(path, key), report, { min: 0, max: 1e6, integer: true });
  checkNumber(seat.sessionLost, join(path, 'sessionLost'), report, { min: -LIMIT, max: LIMIT, optional: true });
  unknownKeys(seat, SEAT_KEYS, path, report);
}

/** A whole table: the calculator's state of four seats, dealer, counters and sticks. */
export function checkTable(table, path, report) {
  if (!isObject(table)) {
    report.add(path, table === null ? 'null' : table === undefined ? 'missing' : 'not_object');
    return;
  }
  if (table.rulesetId !== undefined) checkSlug(table.rulesetId, join(path, 'rulesetId'), report);
  checkNumber(table.dealer, join(path, 'dealer'), report, { min: 0, max: 3, integer: true });
  checkNumber(table.honba, join(path, 'honba'), report, { min: 0, max: 999, integer: true });
  checkNumber(table.pot, join(path, 'pot'), report, { min: 0, max: 999, integer: true });
  if (!Array.isArray(table.seats) || table.seats.length !== 4) report.add(join(path, 'seats'), 'not_four_seats');
  else table.seats.forEach((seat, index) => seatProblems(seat, join(join(path, 'seats'), index), report));
  unknownKeys(table, ['rulesetId', 'dealer', 'honba', 'pot', 'seats'], path, report);
}

const STEP_KEYS = { ruling: ['kind', 'rulingId', 'inputs', 'at'], edit: ['kind', 'table', 'at'], 'end-hanchan': ['kind', 'at'], 'new-session': ['kind', 'at'] };

export function stepProblems(step, path = '') {
  const report = problems();
  if (!isObject(step)) {
    report.add(path, step === null ? 'null' : 'not_object');
    return report.found;
  }
  if (!Object.hasOwn(STEP_KEYS, step.kind)) {
    report.add(join(path, 'kind'), step.kind === undefined ? 'missing' : 'unknown_step');
    return report.found;
  }
  checkDate(step.at, join(path, 'at'), report);
  if (step.kind === 'ruling') {
    checkSlug(step.rulingId, join(path, 'rulingId'), report);
    if (!isObject(step.inputs)) report.add(join(path, 'inputs'), step.inputs === undefined ? 'missing' : 'not_object');
    else {
      for (const [key, value] of Object.entries(step.inputs)) {
        if (key.length > 40) report.add(join(join(path, 'inputs'), key), 'too_long');
        checkText(value, join(join(path, 'inputs'), key), report, { max: 100 });
      }
    }
  }
  if (step.kind === 'edit') checkTable(step.table, join(path, 'table'), report);
  unknownKeys(step, STEP_KEYS[step.kind], path, report);
  return report.found;
}

export function tableProblems(history) {
  const report = problems();
  if (!isObject(history)) {
    report.add('', history === null ? 'null' : 'not_object');
    return report.found;
  }
  if (history.start !== null) checkTable(history.start, 'start', report);
  if (!Array.isArray(history.steps)) report.add('steps', history.steps === undefined ? 'missing' : 'not_list');
  else history.steps.forEach((step, index) => report.found.push(...stepProblems(step, join('steps', index))));
  unknownKeys(history, ['start', 'steps'], '', report);
  return report.found;
}

/** Keep every good step (untouched) of a damaged table; a damaged start becomes a fresh one (null). */
function salvage(history) {
  if (!isObject(history)) return null;
  const start = history.start === null || tableProblems({ start: history.start, steps: [] }).length ? null : history.start;
  const steps = Array.isArray(history.steps) ? history.steps.filter((step) => !stepProblems(step).length) : [];
  return { start, steps };
}

export default {
  name: 'table',
  version: 1,
  validate: tableProblems,
  salvage,
  migrations: {},
};
