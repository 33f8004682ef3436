/**
 * The table of a ruleset, kept as its history (table-history.js; stored kind `table`), and its workflows: add a step
 * (a ruling, a win, a draw, the end of a hanchan, a new session), keep an edit as it is made, undo and redo any step,
 * reset. Every change is made on the table as stored at that moment, so two tabs never lose each other's steps. A
 * history stored by an earlier app (or with whole-table edits) is upgraded once, at its first read, and stored so
 * (table-upgrade.js): no later read replays it.
 */
import { newTable } from '../logic/table-state.js';
import * as history from '../logic/table-history.js';
import { needsUpgrade, upgradeHistory } from '../logic/table-upgrade.js';
import { valueAt } from '../logic/table-state.js';
import { persistAfterSave } from '../storage/device.js';
import { read, write, writeMany } from '../storage/repository.js';
import { outcome, revOf, revText } from './outcome.js';
import { contextOp } from './settings.js';

/**
 * The history to use for stored data (or a fresh one): a null start (a damaged one set aside) is a fresh table; a
 * history still needing its upgrade (stored while readHistory could not write it) is upgraded here, and written with
 * the change that reads it.
 */
function historyOf(ruleset, data) {
  if (!data) return history.emptyHistory(ruleset);
  const found = upgradeHistory(data, ruleset);
  return found.start ? found : { ...found, start: newTable(ruleset) };
}

/**
 * Store the one-time upgrade of a history an earlier app stored (found: the item as read): {status, history, rev}.
 * Changed meanwhile (another tab): read again. Not written (storage full): the upgrade is used all the same, and
 * tried again at the next read.
 */
async function storeUpgrade(ruleset, found, attempts = 2) {
  const result = await write('table', ruleset.id,
    (current) => (current && needsUpgrade(current.data) ? upgradeHistory(current.data, ruleset) : undefined),
    { expect: found.rev });
  if (result.ok && result.data) return { status: 'ok', history: historyOf(ruleset, result.data), rev: revText(result.rev) };
  if (result.refused === 'conflict' && attempts > 1) {
    const again = await read('table', ruleset.id);
    if (again.status === 'ok' && needsUpgrade(again.data)) return storeUpgrade(ruleset, again, attempts - 1);
    if (again.status === 'ok') return { status: 'ok', history: historyOf(ruleset, again.data), rev: revText(again.rev) };
  }
  return { status: 'ok', history: historyOf(ruleset, found.data), rev: revText(found.rev) };
}

/** {status, history, rev}: status 'ok', or why the stored table cannot be used here ('newer', 'unavailable'...). */
export async function readHistory(ruleset) {
  const found = await read('table', ruleset.id);
  if (found.status === 'ok' && needsUpgrade(found.data)) return storeUpgrade(ruleset, found);
  if (found.status === 'ok') return { status: 'ok', history: historyOf(ruleset, found.data), rev: revText(found.rev) };
  if (found.status === 'missing') return { status: 'ok', history: history.emptyHistory(ruleset), rev: '' };
  return { status: found.status };
}

/**
 * Change the stored history with make(history) → new history, or undefined to leave it as it is: {ok, history, rev}
 * (the board as stored after the write, whether it changed or not) | {conflict} | {error}.
 */
async function change(ruleset, make, options = {}) {
  let found = null;  // the board as the write found it: still the board when the write changes nothing
  const result = await write('table', ruleset.id, (current) => {
    found = { history: historyOf(ruleset, current?.data), rev: revText(current?.rev) };
    return make(found.history);
  }, options);
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => (done.data
    ? { history: historyOf(ruleset, done.data), rev: revText(done.rev) }
    : found ?? {}));
}

/** Add a step ({kind, …}) on top of the stored table, whatever another tab added meanwhile. */
export function addStep(ruleset, step) {
  return change(ruleset, (stored) => history.addStep(stored, step, new Date().toISOString()));
}

/**
 * The write that adds a step of one referee's action once (step.action: its id): when a step of that action is
 * stored already (or undone since), it leaves the table as it is, so a double tap, a second submit or a retry is a
 * no-op. For writeMany, with other writes of the same action.
 */
export function stepOnceOp(ruleset, step) {
  const at = new Date().toISOString();
  return {
    kind: 'table', id: ruleset.id,
    change: (current) => {
      const stored = historyOf(ruleset, current?.data);
      const done = [...stored.steps, ...stored.undone.map((entry) => entry.step)]
        .some((item) => item.action === step.action);
      return done ? undefined : history.addStep(stored, step, at);
    },
  };
}

/** The table's history from a write's results ({history, rev}), or null when the write left the table alone. */
export function boardFrom(ruleset, results) {
  const done = results.find((item) => item.kind === 'table');
  return done ? { history: historyOf(ruleset, done.data), rev: revText(done.rev) } : null;
}

/** Add a step of one action once (see stepOnceOp): {ok, history, rev} | {error}. */
export async function addStepOnce(ruleset, step) {
  const result = await writeMany([stepOnceOp(ruleset, step)]);
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => boardFrom(ruleset, done.results) ?? {});
}

/**
 * Keep an edit as it is made: edits are [{path, to}] (a seat's name or score, the dealer, counters). Only what
 * differs from the stored table becomes a step; nothing is written when nothing changes. With `rev` (a form filled
 * from that revision), the edit is refused ({conflict}) when the table changed since.
 */
export function saveEdit(ruleset, edits, rev) {
  const options = rev === undefined ? {} : { expect: revOf(rev) };
  return change(ruleset, (stored) => {
    const step = history.editStep(history.currentTable(stored, ruleset), edits);
    return step ? history.addStep(stored, step, new Date().toISOString()) : undefined;
  }, options);
}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Keep edits field by field: each edit {path, to, from?} compare-and-sets its own field, `from` being the value the
 * referee saw. Edits to other fields made meanwhile (another tab's, another seat's) stay; an edit whose field changed
 * since is refused ({conflict: 'changed', paths, history, rev}), never written over it. Only what differs from the
 * stored table becomes a step. `edits` may be a function of the stored table, for an edit whose value is worked out
 * from its neighbours (both counters are one setting): the screen may not show the last save yet. `checks`
 * ([{path, from}]) are fields compared without being written, such as the counter typed into.
 */
export async function saveFields(ruleset, edits, checks = []) {
  let stale = [];
  const result = await change(ruleset, (stored) => {
    const table = history.currentTable(stored, ruleset);
    const made = typeof edits === 'function' ? edits(table) : edits;
    stale = [...checks, ...made].filter((edit) => Object.hasOwn(edit, 'from') && !same(valueAt(table, edit.path), edit.from))
      .map((edit) => edit.path);
    if (stale.length) return undefined;
    const step = history.editStep(table, made.map(({ path, to }) => ({ path, to })));
    return step ? history.addStep(stored, step, new Date().toISOString()) : undefined;
  });
  return stale.length && result.ok ? { conflict: 'changed', paths: stale, history: result.history, rev: result.rev } : result;
}

/**
 * Start a new session at the table and for the event in one transaction: the table's new-session step, and the
 * session being played becomes `session` (settings), so every person's per-session count starts again.
 */
export async function startSession(ruleset, session) {
  const at = new Date().toISOString();
  let found = null;
  const result = await writeMany([
    { kind: 'table', id: ruleset.id, change: (current) => {
      found = historyOf(ruleset, current?.data);
      return history.addStep(found, { kind: 'new-session' }, at);
    } },
    contextOp((context) => ({ ...context, session })),
  ]);
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => boardFrom(ruleset, done.results) ?? { history: found });
}

/** Undo one step by its id (another tab may have added or undone steps meanwhile: then nothing changes). */
export function undoStep(ruleset, stepId) {
  return change(ruleset, (stored) => (stored.steps.some((step) => step.id === stepId)
    ? history.undoStep(stored, stepId)
    : undefined));
}

/** Redo an undone step by its id: it goes back to its place. */
export function redoStep(ruleset, stepId) {
  return change(ruleset, (stored) => (stored.undone.some((entry) => entry.step.id === stepId)
    ? history.redoStep(stored, stepId)
    : undefined));
}

/** Clear the table and its history, back to a fresh start (the event's settings stay). */
export function resetBoard(ruleset) {
  return change(ruleset, (stored) => (stored.steps.length || stored.undone.length
    ? history.emptyHistory(ruleset, stored.start.event)
    : undefined));
}
