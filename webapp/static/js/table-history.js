/**
 * A table's history: its start plus steps, each recording only what it changed (an edit is a list of
 * "this field → that value", never a whole table), so undoing an older step never wipes later state or rewrites the
 * start. Listing, undo and redo, what undoing or redoing a step would change, the migration of the history stored
 * before this format, and the validators the storage layer calls on read. Pure: no DOM, no storage.
 */
import { applyStep } from './calculator.js';
import { SEATS, newTable, valueAt } from './table-state.js';

export const HISTORY_FORMAT = 'mahjong-referee/table-history';
export const HISTORY_VERSION = 1;
export const STEP_KINDS = ['ruling', 'win', 'draw', 'edit', 'end-hanchan', 'new-session'];

/** A new history for a ruleset's table, with the event's settings (see table-state.js eventSettingsNeeded). */
export function emptyHistory(ruleset, event = {}) {
  return {
    format: HISTORY_FORMAT, v: HISTORY_VERSION, rulesetId: ruleset.id,
    start: newTable(ruleset, event), steps: [], undone: [], nextId: 1,
  };
}

/** A step id the history has not used yet. */
function takeId(history) {
  return [`s${history.nextId}`, { ...history, nextId: history.nextId + 1 }];
}

/** Add a step ({kind, …} without id) at the end; returns the new history. Undone steps stay available for redo. */
export function addStep(history, step, at = new Date().toISOString()) {
  const [id, next] = takeId(history);
  return { ...next, steps: [...history.steps, { ...step, id, at }] };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Every leaf that differs between two tables, as [{path, from, to}] (a seat's name, a score, the dealer, …). */
export function tableDiff(before, after, path = []) {
  const isNode = (value) => value !== null && typeof value === 'object';
  if (isNode(before) && isNode(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => tableDiff(before[key], after[key], [...path, Array.isArray(before) ? Number(key) : key]));
  }
  return same(before, after) ? [] : [{ path, from: before === undefined ? null : before, to: after === undefined ? null : after }];
}

/**
 * The edit step for what the referee changed: `edits` is [{path, to}] (e.g. {path: ['seats', 2, 'name'], to: 'Léa'})
 * read against the current table. Returns {kind: 'edit', changes: [{path, from, to}]}, or null when nothing changes.
 */
export function editStep(table, edits) {
  const changes = edits
    .map(({ path, to }) => ({ path, from: valueAt(table, path) ?? null, to }))
    .filter((change) => !same(change.from, change.to));
  return changes.length ? { kind: 'edit', changes } : null;
}

/** The part of an outcome that says what a step did, to compare two replays (the table itself aside). */
function summary(outcome) {
  const { after, ...rest } = outcome;
  return rest;
}

/**
 * Replay a history: the table after each step and each step's outcome. Returns {table, steps: [{id, step, before,
 * outcome}]}, oldest first; a step whose outcome has errors changed nothing.
 */
export function replayHistory(history, ruleset, steps = history.steps) {
  let table = history.start;
  const replayed = steps.map((step) => {
    const before = table;
    const outcome = applyStep(table, ruleset, step);
    if (outcome.after) table = outcome.after;
    return { id: step.id, step, before, outcome };
  });
  return { table, steps: replayed };
}

/** The current table of a history. */
export function currentTable(history, ruleset) {
  return replayHistory(history, ruleset).table;
}

/** The steps as a referee reads them, newest first: [{id, kind, at, step, outcome, failed, last}]; then the undone. */
export function listSteps(history, ruleset) {
  const { steps } = replayHistory(history, ruleset);
  const listed = steps.map(({ id, step, outcome }, index) => ({
    id, kind: step.kind, at: step.at, step, outcome: summary(outcome), failed: Boolean(outcome.errors),
    last: index === steps.length - 1,
  })).reverse();
  const undone = [...history.undone].reverse().map(({ step }) => ({ id: step.id, kind: step.kind, at: step.at, step }));
  return { steps: listed, undone };
}

/** Replay a different list of steps and say how it differs from the history as it stands. */
function compare(history, ruleset, steps, skip) {
  const now = replayHistory(history, ruleset);
  const then = replayHistory(history, ruleset, steps);
  const outcomes = new Map(then.steps.map((item) => [item.id, item.outcome]));
  const later = [];
  for (const { id, step, outcome } of now.steps) {
    if (id === skip || !outcomes.has(id)) continue;
    const other = outcomes.get(id);
    if (!same(summary(outcome), summary(other))) {
      later.push({ id, kind: step.kind, before: summary(outcome), after: summary(other), fails: Boolean(other.errors) });
    }
  }
  return { later, values: tableDiff(now.table, then.table), table: then.table };
}

/**
 * What undoing one step would do, for the screen to show before it asks to confirm: the step removed, the later
 * steps whose result changes (`later`: [{id, kind, before, after, fails}]), and every value of the current table
 * that changes (`values`: [{path, from, to}]). `last` is true when it is the newest step (nothing later to recompute).
 */
export function undoImpact(history, ruleset, stepId) {
  const index = history.steps.findIndex((step) => step.id === stepId);
  if (index < 0) return { error: 'unknown_step' };
  const steps = history.steps.filter((step) => step.id !== stepId);
  const { later, values } = compare(history, ruleset, steps, stepId);
  return { step: history.steps[index], last: index === history.steps.length - 1, later, values };
}

/** Undo one step (the newest, or any by id): it moves to `undone` (with the id of the step before it, for the
 * screen to say where it stood), so it can be redone. */
export function undoStep(history, stepId = history.steps[history.steps.length - 1]?.id) {
  const index = history.steps.findIndex((step) => step.id === stepId);
  if (index < 0) return history;
  const entry = { step: history.steps[index], after: index ? history.steps[index - 1].id : null };
  return { ...history, steps: history.steps.filter((_, position) => position !== index), undone: [...history.undone, entry] };
}

/** Where an undone step goes back: its own place, as steps always stand in the order they were added (by id). */
function redoneSteps(history, entry) {
  const order = (step) => Number(String(step.id).slice(1));
  const steps = [...history.steps];
  const position = steps.filter((step) => order(step) < order(entry.step)).length;
  steps.splice(position, 0, entry.step);
  return steps;
}

/** What redoing an undone step (the latest undone by default) would change, as undoImpact says it. */
export function redoImpact(history, ruleset, stepId = history.undone[history.undone.length - 1]?.step.id) {
  const entry = history.undone.find((item) => item.step.id === stepId);
  if (!entry) return { error: 'unknown_step' };
  const steps = redoneSteps(history, entry);
  const { later, values } = compare(history, ruleset, steps, stepId);
  return { step: entry.step, last: steps[steps.length - 1].id === stepId, later, values };
}

/** Redo an undone step (the latest undone by default): it goes back where it stood. */
export function redoStep(history, stepId = history.undone[history.undone.length - 1]?.step.id) {
  const entry = history.undone.find((item) => item.step.id === stepId);
  if (!entry) return history;
  return { ...history, steps: redoneSteps(history, entry), undone: history.undone.filter((item) => item !== entry) };
}

// --- Migration of the history stored before format 1 ------------------------------------------------------------

const SEAT_DEFAULTS = {
  name: '', riichi: false, deposit: false, deadHand: false, liveTiles: 0, deadTiles: 0,
  strikes: 0, offences: 0, carriedOffences: 0, substituted: false, disqualified: false,
};

function migrateTable(table, ruleset) {
  const start = newTable(ruleset);
  const seats = SEATS.map((wind, index) => {
    const old = table?.seats?.[index] || {};
    const seat = { ...start.seats[index], ...SEAT_DEFAULTS, wind };
    for (const key of Object.keys(seat)) if (key !== 'wind' && old[key] !== undefined) seat[key] = old[key];
    if (old.sessionLost !== undefined) seat.sessionLost = old.sessionLost;
    return seat;
  });
  const whole = (value) => (Number.isInteger(value) && value >= 0 ? value : 0);
  return {
    ...start, rulesetId: ruleset.id, dealer: SEATS[table?.dealer] ? table.dealer : 0,
    honba: whole(table?.honba), pot: whole(table?.pot), event: { ...(table?.event || {}) }, seats,
  };
}

/**
 * Migrate a history stored before format 1 ({start, steps} with whole-table edits) to this format. Every step
 * keeps its place and date and gets an id; a whole-table edit becomes the changes against the table replayed just
 * before it. Where today's calculator computes a step differently from the app that stored it (bugs since fixed,
 * such as a substitute's result credited to the absent player), an edit marked `origin: 'migration'` right after
 * it keeps the values the referee saw, so nothing changes under them; undoing that edit applies the correction.
 * Returns the new history, or the history unchanged when it is already in this format.
 */
export function migrateHistory(stored, ruleset, now = new Date().toISOString()) {
  if (stored?.format === HISTORY_FORMAT) return stored;
  let history = { ...emptyHistory(ruleset), start: migrateTable(stored?.start, ruleset) };
  let legacy = history.start;
  let current = history.start;
  const needsStick = ruleset.scoring?.riichi?.stick === 'event' && history.start.event.stick === undefined;
  for (const old of Array.isArray(stored?.steps) ? stored.steps : []) {
    if (!old || !STEP_KINDS.includes(old.kind)) continue;
    const at = typeof old.at === 'string' && !Number.isNaN(Date.parse(old.at)) ? old.at : now;
    let step;
    if (old.kind === 'edit') {
      if (!old.table) continue;
      step = editStep(current, tableDiff(current, migrateTable(old.table, ruleset)).map(({ path, to }) => ({ path, to })));
      if (!step) continue;
    } else if (old.kind === 'ruling') {
      step = { kind: 'ruling', rulingId: String(old.rulingId), inputs: { ...(old.inputs || {}) } };
    } else {
      step = { kind: old.kind };
    }
    const legacyOutcome = old.kind === 'edit' ? applyStep(legacy, ruleset, step) : applyStep(legacy, ruleset, old, { legacy: true });
    if (needsStick && legacyOutcome.next?.depositsReturned?.length) {
      history = { ...history, start: { ...history.start, event: { ...history.start.event, stick: 1000 } } };
    }
    history = addStep(history, step, at);
    current = currentTable(history, ruleset);
    legacy = legacyOutcome.after ?? legacy;
    const kept = editStep(current, tableDiff(current, legacy).map(({ path, to }) => ({ path, to })));
    if (kept) {
      history = addStep(history, { ...kept, origin: 'migration' }, at);
      current = legacy;
    }
  }
  return history;
}

// --- Validation, for the storage layer to call on read -------------------------------------------------------------

const SEAT_BOOLEANS = ['riichi', 'deposit', 'deadHand', 'substituted', 'disqualified'];
const SEAT_COUNTS = ['liveTiles', 'deadTiles', 'strikes', 'offences', 'carriedOffences'];
const SCORE_KEYS = ['table', 'tournament'];
const LIMIT = 100000000;
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isCount = (value, max = 100000) => Number.isInteger(value) && value >= 0 && value <= max;
const isScore = (value) => value === null || (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= LIMIT);
const isSeat = (value) => Number.isInteger(value) && value >= 0 && value < 4;

/** The type check of one editable field of a table, by its path; null when the path is not an editable field. */
function fieldCheck(path) {
  if (path.length === 1 && path[0] === 'dealer') return isSeat;
  if (path.length === 1 && ['honba', 'pot'].includes(path[0])) return (value) => isCount(value, 999);
  if (path.length === 2 && path[0] === 'event') return (value) => value === null || typeof value === 'number' || typeof value === 'string' || isObject(value);
  if (path.length === 3 && path[0] === 'seats' && isSeat(path[1])) {
    const key = path[2];
    if (key === 'name') return (value) => typeof value === 'string' && value.length <= 200;
    if (SCORE_KEYS.includes(key)) return isScore;
    if (SEAT_BOOLEANS.includes(key)) return (value) => typeof value === 'boolean';
    if (SEAT_COUNTS.includes(key)) return (value) => isCount(value);
    if (key === 'sessionLost') return (value) => value === null || isScore(value);
  }
  return null;
}

/** Problems of one table (a history's start), as [{path, problem}]. */
export function tableProblems(table, path = 'start') {
  if (!isObject(table)) return [{ path, problem: 'not_object' }];
  const problems = [];
  const add = (where, problem) => problems.push({ path: `${path}.${where}`, problem });
  if (typeof table.rulesetId !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(table.rulesetId)) add('rulesetId', 'invalid');
  if (!isSeat(table.dealer)) add('dealer', 'invalid');
  for (const key of ['honba', 'pot']) if (!isCount(table[key], 999)) add(key, 'invalid');
  if (table.event !== undefined && !isObject(table.event)) add('event', 'not_object');
  for (const key of Object.keys(table)) {
    if (!['rulesetId', 'dealer', 'honba', 'pot', 'event', 'seats'].includes(key)) add(key, 'unknown');
  }
  if (!Array.isArray(table.seats) || table.seats.length !== 4) {
    add('seats', 'four_seats');
    return problems;
  }
  table.seats.forEach((seat, index) => {
    const where = `seats[${index}]`;
    if (!isObject(seat)) {
      add(where, 'not_object');
      return;
    }
    if (seat.wind !== SEATS[index]) add(`${where}.wind`, 'invalid');
    for (const [key, value] of Object.entries(seat)) {
      if (key === 'wind') continue;
      const check = fieldCheck(['seats', index, key]);
      if (!check) add(`${where}.${key}`, 'unknown');
      else if (!check(value)) add(`${where}.${key}`, 'invalid');
    }
    if (typeof seat.name !== 'string') add(`${where}.name`, 'invalid');
  });
  return problems;
}

const INPUT_CHECKS = {
  seat: (value) => value === null || isSeat(value) || (typeof value === 'string' && /^[0-3]?$/.test(value)),
  number: (value) => value === null || (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= LIMIT)
    || (typeof value === 'string' && value.length <= 40),
  text: (value) => typeof value === 'string' && value.length <= 40,
};
const RULING_INPUTS = {
  offender: 'seat', winner: 'seat', discarder: 'seat', minutes: 'number', points: 'number', tiles: 'number',
  hand_value: 'number', win_type: 'text', riichi_call: 'text',
};
const WIN_INPUTS = {
  winner: 'seat', discarder: 'seat', liable: 'seat', how: 'text', liability: 'text',
  value: 'number', value_dealer: 'number', value_others: 'number', value_each: 'number',
};

function inputProblems(inputs, known, path, problems) {
  if (!isObject(inputs)) {
    problems.push({ path, problem: 'not_object' });
    return;
  }
  for (const [key, value] of Object.entries(inputs)) {
    if (key === 'counts' && known === RULING_INPUTS) {
      const ok = isObject(value) && Object.entries(value).every(([name, count]) => ['session', 'carried', 'strikes'].includes(name) && isCount(count));
      if (!ok) problems.push({ path: `${path}.counts`, problem: 'invalid' });
    } else if (!known[key]) problems.push({ path: `${path}.${key}`, problem: 'unknown' });
    else if (!INPUT_CHECKS[known[key]](value)) problems.push({ path: `${path}.${key}`, problem: 'invalid' });
  }
}

/** Problems of one step of any kind, as [{path, problem}]. */
export function stepProblems(step, path = 'step') {
  if (!isObject(step)) return [{ path, problem: 'not_object' }];
  const problems = [];
  const add = (where, problem) => problems.push({ path: `${path}.${where}`, problem });
  if (typeof step.id !== 'string' || !/^s[1-9]\d*$/.test(step.id)) add('id', 'invalid');
  if (typeof step.at !== 'string' || Number.isNaN(Date.parse(step.at))) add('at', 'invalid');
  if (!STEP_KINDS.includes(step.kind)) {
    add('kind', 'unknown');
    return problems;
  }
  if (step.origin !== undefined && step.origin !== 'migration') add('origin', 'invalid');
  const keys = { ruling: ['rulingId', 'inputs'], win: ['inputs'], draw: ['inputs'], edit: ['changes'] }[step.kind] || [];
  for (const key of Object.keys(step)) {
    if (!['id', 'at', 'kind', 'origin', ...keys].includes(key)) add(key, 'unknown');
  }
  if (step.kind === 'ruling') {
    if (typeof step.rulingId !== 'string' || !/^[a-z][a-z0-9_]*$/.test(step.rulingId)) add('rulingId', 'invalid');
    inputProblems(step.inputs, RULING_INPUTS, `${path}.inputs`, problems);
  } else if (step.kind === 'win') {
    inputProblems(step.inputs, WIN_INPUTS, `${path}.inputs`, problems);
  } else if (step.kind === 'draw') {
    const seats = (value) => Array.isArray(value) && value.length <= 4 && value.every(isSeat) && new Set(value).size === value.length;
    if (!isObject(step.inputs)) add('inputs', 'not_object');
    else {
      if (!seats(step.inputs.tenpai)) add('inputs.tenpai', 'invalid');
      if (step.inputs.noten !== undefined && !seats(step.inputs.noten)) add('inputs.noten', 'invalid');
      for (const key of Object.keys(step.inputs)) if (!['tenpai', 'noten'].includes(key)) add(`inputs.${key}`, 'unknown');
    }
  } else if (step.kind === 'edit') {
    if (!Array.isArray(step.changes) || !step.changes.length) add('changes', 'invalid');
    else {
      step.changes.forEach((change, index) => {
        const where = `changes[${index}]`;
        const check = isObject(change) && Array.isArray(change.path) ? fieldCheck(change.path) : null;
        if (!check) add(`${where}.path`, 'not_editable');
        else if (!check(change.to)) add(`${where}.to`, 'invalid');
        if (isObject(change) && Object.keys(change).some((key) => !['path', 'from', 'to'].includes(key))) add(where, 'unknown');
      });
    }
  }
  return problems;
}

/** Problems of a whole history (format, start, steps, undone steps, ids), as [{path, problem}]; empty when valid. */
export function historyProblems(history) {
  if (!isObject(history)) return [{ path: '', problem: 'not_object' }];
  const problems = [];
  if (history.format !== HISTORY_FORMAT) problems.push({ path: 'format', problem: 'foreign' });
  if (!Number.isInteger(history.v) || history.v < 1) problems.push({ path: 'v', problem: 'invalid' });
  else if (history.v > HISTORY_VERSION) problems.push({ path: 'v', problem: 'newer' });
  if (typeof history.rulesetId !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(history.rulesetId)) problems.push({ path: 'rulesetId', problem: 'invalid' });
  problems.push(...tableProblems(history.start, 'start'));
  if (isObject(history.start) && history.start.rulesetId !== history.rulesetId) problems.push({ path: 'start.rulesetId', problem: 'mismatch' });
  const ids = new Set();
  const seen = (id, where) => {
    if (ids.has(id)) problems.push({ path: where, problem: 'duplicate' });
    ids.add(id);
  };
  if (!Array.isArray(history.steps)) problems.push({ path: 'steps', problem: 'not_list' });
  else {
    history.steps.forEach((step, index) => {
      problems.push(...stepProblems(step, `steps[${index}]`));
      seen(step?.id, `steps[${index}].id`);
    });
  }
  if (!Array.isArray(history.undone)) problems.push({ path: 'undone', problem: 'not_list' });
  else {
    history.undone.forEach((entry, index) => {
      if (!isObject(entry)) {
        problems.push({ path: `undone[${index}]`, problem: 'not_object' });
        return;
      }
      problems.push(...stepProblems(entry.step, `undone[${index}].step`));
      seen(entry.step?.id, `undone[${index}].step.id`);
      if (entry.after !== null && (typeof entry.after !== 'string' || !/^s[1-9]\d*$/.test(entry.after))) {
        problems.push({ path: `undone[${index}].after`, problem: 'invalid' });
      }
    });
  }
  const highest = Math.max(0, ...[...ids].map((id) => Number(String(id).slice(1))).filter(Number.isFinite));
  if (!Number.isInteger(history.nextId) || history.nextId <= highest) problems.push({ path: 'nextId', problem: 'invalid' });
  for (const key of Object.keys(history)) {
    if (!['format', 'v', 'rulesetId', 'start', 'steps', 'undone', 'nextId'].includes(key)) problems.push({ path: key, problem: 'unknown' });
  }
  return problems;
}
