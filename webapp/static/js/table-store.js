/** The table of each ruleset, kept on the device as its start plus its steps, so any step can be undone. */
import { newTable, replay } from './calculator.js';
import { load, save } from './store.js';

const key = (rulesetId) => `table.${rulesetId}`;

export function loadHistory(ruleset) {
  const stored = load(key(ruleset.id));
  if (stored && stored.start && Array.isArray(stored.steps)) return stored;
  return { start: newTable(ruleset), steps: [] };
}

/** Save a history; return false (and keep nothing half-written) when the device refuses. */
export function saveHistory(ruleset, history) {
  return save(key(ruleset.id), history);
}

export function currentTable(ruleset, history) {
  return replay(history, ruleset);
}

export function addStep(ruleset, history, step) {
  const next = { ...history, steps: [...history.steps, { ...step, at: new Date().toISOString() }] };
  return saveHistory(ruleset, next) ? next : null;
}

export function removeStep(ruleset, history, index) {
  const next = { ...history, steps: history.steps.filter((_, position) => position !== index) };
  return saveHistory(ruleset, next) ? next : null;
}
