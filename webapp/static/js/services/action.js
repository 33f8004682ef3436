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

/** The result of an action's write: {ok, board: {history, rev} | null, incident | null, newPlayer, repeated}. */
function actionResult(ruleset, result, made = null) {
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => {
    const board = boardFrom(ruleset, done.results);
    const recorded = done.results.some((item) => item.kind === 'incident');
    return {
      board, incident: made?.incident ?? null, newPlayer: recorded ? made.newPlayer : null,
      repeated: !board && !recorded };
  });
}

/**
 * Apply and record: step {kind: 'ruling', rulingId, inputs} goes to the table, values (the incident form's) to the
 * log, both with the action id. {ok, board: {history, rev} | null, incident, repeated} | {errors} | {error};
 * `repeated` is true when this action had been written already (nothing changed now).
 */
export async function applyAndRecord(ruleset, { actionId, rulingId, step, values }) {
  const made = await incidentOnceOps(values, { rulesetId: ruleset.id, rulingId, id: actionId });
  if (made.errors) return { errors: made.errors };
  const person = made.incident.playerId;
  const applied = { ...step, action: actionId, ...(person && !step.person ? { person } : {}) };
  return actionResult(ruleset, await writeMany([stepOnceOp(ruleset, applied), ...made.ops]), made);
}

/** Apply only: the ruling's step, once for the action ({ok, board, repeated} | {error}). */
export async function applyOnly(ruleset, { actionId, step }) {
  return actionResult(ruleset, await writeMany([stepOnceOp(ruleset, { ...step, action: actionId })]));
}

/**
 * Record only: the incident, once for the action. `records`: the action of a ruling applied at the table earlier
 * that this incident records (the incident keeps it, so the person's record counts that offence once).
 */
export async function recordOnly(ruleset, { actionId, rulingId, values, records = null }) {
  const made = await incidentOnceOps({ ...values, action: records ?? undefined },
    { rulesetId: ruleset.id, rulingId, id: actionId });
  if (made.errors) return { errors: made.errors };
  return actionResult(ruleset, await writeMany(made.ops), made);
}
