/** The table of a ruleset and its workflows: apply a ruling, edit the scores, end a hanchan, undo, reset. */
import { newTable, replay } from '../calculator.js';
import { load, save } from '../store.js';

const key = (rulesetId) => `table.${rulesetId}`;

function stored(ruleset) {
  const found = load(key(ruleset.id));
  if (found && found.start && Array.isArray(found.steps)) return found;
  return { start: newTable(ruleset), steps: [] };
}

/** The current table of a history; a null start (set aside as damaged) is a fresh table. */
export function currentTable(ruleset, history) {
  return replay({ ...history, start: history.start ?? newTable(ruleset) }, ruleset);
}

/** {status, history, rev}: status 'ok', or why the stored table cannot be used here. */
export async function readBoard(ruleset) {
  return { status: 'ok', history: stored(ruleset), rev: '' };
}

function write(ruleset, change) {
  const history = change(stored(ruleset));
  return save(key(ruleset.id), history) ? { ok: true, history, rev: '' } : { error: 'quota' };
}

/** Add a step on top of the stored table, whatever another tab added meanwhile. */
export async function addStep(ruleset, step) {
  return write(ruleset, (history) => ({ ...history, steps: [...history.steps, { ...step, at: new Date().toISOString() }] }));
}

/** Save scores typed by the referee; refused when the table changed since the form was filled (rev). */
export async function saveEdit(ruleset, table) {
  return addStep(ruleset, { kind: 'edit', table });
}

/** Undo one step, found by its content, so a step another tab added meanwhile is not the one undone. */
export async function undoStep(ruleset, index, step) {
  return write(ruleset, (history) => ({ ...history, steps: history.steps.filter((_, position) => position !== index) }));
}

/** Clear the table and its history, back to its start. */
export async function resetBoard(ruleset) {
  return write(ruleset, (history) => ({ start: history.start, steps: [] }));
}
