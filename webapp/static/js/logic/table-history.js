/**
 * A table's history: its start plus steps, each recording only what it changed (an edit is a list of
 * "this field → that value", never a whole table), so undoing an older step never wipes later state or rewrites the
 * start. Listing, undo and redo, and what undoing or redoing a step would change. The stored shape and its
 * validation are the storage kind `table` (logic/records/table.js); a history stored with whole-table edits, or by an
 * earlier app, is upgraded once by table-upgrade.js. Pure: no DOM, no storage.
 */
import { applyStep } from './calculator.js';
import { SEAT_MARKS, newTable, valueAt } from './table-state.js';

/** A new history for a ruleset's table, with the event's settings (see table-state.js eventSettingsNeeded). */
export function emptyHistory(ruleset, event = {}) {
  return { start: newTable(ruleset, event), steps: [], undone: [], nextId: 1 };
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

/**
 * Every leaf that differs between two tables, as [{path, from, to}] (a seat's name, a score, the dealer, …). The marks
 * the calculator keeps for itself (SEAT_MARKS) are no value the referee sets or reads, and are left out.
 */
export function tableDiff(before, after, path = []) {
  const isNode = (value) => value !== null && typeof value === 'object';
  if (isNode(before) && isNode(after) && Array.isArray(before) === Array.isArray(after)) {
    const seat = path.length === 2 && path[0] === 'seats';
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((key) => !(seat && SEAT_MARKS.includes(key)));
    return keys.flatMap((key) => tableDiff(
      before[key], after[key], [...path, Array.isArray(before) ? Number(key) : key]));
  }
  return same(before, after)
    ? []
    : [{ path, from: before === undefined ? null : before, to: after === undefined ? null : after }];
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
      later.push({
        id, kind: step.kind, before: summary(outcome), after: summary(other), fails: Boolean(other.errors) });
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
  return {
    ...history, steps: history.steps.filter((_, position) => position !== index), undone: [...history.undone, entry] };
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
