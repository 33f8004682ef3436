/**
 * One referee action from a ruling: the ruling applied to the table and recorded in the log together, in one
 * transaction, keyed by the action's id (made when the form opened). Writing the same action again (a double tap, a
 * second submit, a retry after a storage error) changes nothing, so it never adds a second step or incident.
 */
import { persistAfterSave } from '../storage/device.js';
import { writeMany } from '../storage/repository.js';
import { incidentOnceOps } from './log.js';
import { outcome } from './outcome.js';
import { boardFrom, stepOnceOp } from './table.js';

/**
 * Apply and record: step {kind: 'ruling', rulingId, inputs} goes to the table, values (the incident form's) to the
 * log, both with the action id. {ok, board: {history, rev} | null, incident, repeated} | {errors} | {error};
 * `repeated` is true when this action had been written already (nothing changed now).
 */
export async function applyAndRecord(ruleset, { actionId, rulingId, step, values }) {
  const made = await incidentOnceOps(values, { rulesetId: ruleset.id, rulingId, id: actionId });
  if (made.errors) return { errors: made.errors };
  const result = await writeMany([stepOnceOp(ruleset, { ...step, action: actionId }), ...made.ops]);
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => {
    const board = boardFrom(ruleset, done.results);
    const recorded = done.results.some((item) => item.kind === 'incident');
    return {
      board, incident: made.incident, newPlayer: recorded ? made.newPlayer : null, repeated: !board && !recorded };
  });
}
