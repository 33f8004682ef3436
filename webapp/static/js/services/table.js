/**
 * The table of a ruleset and its workflows: apply a ruling, edit the scores, end a hanchan, start a session, undo
 * a step, reset. Adding a step is re-applied on the fresh table, so two tabs never lose each other's steps; saving
 * typed scores is refused when the table changed since the form was filled.
 */
import { newTable, replay } from '../calculator.js';
import { persistAfterSave } from '../storage/device.js';
import { read, write } from '../storage/repository.js';
import { outcome, revOf, revText } from './outcome.js';

/** The current table of a history; a null start (a damaged start set aside) is a fresh table. */
export function currentTable(ruleset, history) {
  return replay({ ...history, start: history.start ?? newTable(ruleset) }, ruleset);
}

/** {status, history, rev}: status 'ok', or why the stored table cannot be used here ('newer', 'unavailable'...). */
export async function readBoard(ruleset) {
  const found = await read('table', ruleset.id);
  if (found.status === 'ok') return { status: 'ok', history: found.data, rev: revText(found.rev) };
  if (found.status === 'missing') return { status: 'ok', history: { start: newTable(ruleset), steps: [] }, rev: '' };
  return { status: found.status };
}

const fresh = (ruleset) => ({ start: newTable(ruleset), steps: [] });

async function change(ruleset, make, options = {}) {
  const result = await write('table', ruleset.id, (current) => make(current ? current.data : fresh(ruleset)), options);
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => ({ history: done.data ?? fresh(ruleset), rev: revText(done.rev) }));
}

/** Add a step on top of the stored table, whatever another tab added meanwhile. */
export function addStep(ruleset, step) {
  return change(ruleset, (history) => ({ ...history, steps: [...history.steps, { ...step, at: new Date().toISOString() }] }));
}

/** Save scores typed by the referee; refused ({conflict}) when the table changed since the form's revision. */
export function saveEdit(ruleset, table, rev) {
  const step = { kind: 'edit', table, at: new Date().toISOString() };
  return change(ruleset, (history) => ({ ...history, steps: [...history.steps, step] }), { expect: revOf(rev) });
}

/** Undo one step, found by its content (another tab may have added or undone steps meanwhile). */
export async function undoStep(ruleset, index, step) {
  const wanted = JSON.stringify(step);
  let missing = false;
  const result = await change(ruleset, (history) => {
    const at = JSON.stringify(history.steps[index]) === wanted ? index : history.steps.findIndex((s) => JSON.stringify(s) === wanted);
    if (at === -1) {
      missing = true;
      return undefined;
    }
    return { ...history, steps: history.steps.filter((_, position) => position !== at) };
  });
  return missing ? { ok: true, gone: true } : result;
}

/** Clear the table and its history, back to a fresh start. */
export function resetBoard(ruleset) {
  return change(ruleset, (history) => (history.steps.length || history.start === null ? fresh(ruleset) : undefined));
}
