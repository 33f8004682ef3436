/** The device's settings: the chosen ruleset and the referee's current tournament, session and table. */
import { load, save } from '../store.js';

const EMPTY_CONTEXT = { tournament: '', session: '', table: '' };

export async function readSettings() {
  return { status: 'ok', settings: { ruleset: load('ruleset'), lang: null, context: load('log-context', EMPTY_CONTEXT) } };
}

/** Remember the ruleset the referee is using (written only when it changes). */
export async function chooseRuleset(id) {
  if (load('ruleset') === id) return { ok: true };
  return save('ruleset', id) ? { ok: true } : { error: 'quota' };
}
