/**
 * The referee's incident log and its workflows: record, edit, delete, import (merge or replace), all through the
 * repository, one record per incident. Adding an incident never conflicts; editing or deleting one is refused when
 * it changed (or was deleted) since the referee's form was filled; an import is one transaction.
 */
import { makeIncident } from '../log.js';
import { planMerge } from '../log-file.js';
import { persistAfterSave } from '../storage/device.js';
import { DELETE, list, write, writeMany } from '../storage/repository.js';
import { outcome, revOf, revText } from './outcome.js';
import { contextOp } from './settings.js';

/** {status, entries: [{incident, rev}], newer: [ids only a newer version can read]}. */
export async function readLog() {
  const found = await list('incident');
  return {
    status: found.status,
    entries: found.items.map((item) => ({ incident: item.data, rev: revText(item.rev) })),
    newer: found.newer,
  };
}

/** Record a new incident and remember its tournament, session and table for the next one, in one transaction. */
export async function recordIncident(values, { rulesetId, rulingId }) {
  const made = makeIncident({ ...values, rulesetId, rulingId });
  if (made.errors) return { errors: made.errors };
  const { incident } = made;
  const { tournament, session, table } = incident;
  const result = await writeMany([
    { kind: 'incident', id: incident.id, change: () => incident, expect: null },
    contextOp({ tournament, session, table }),
  ]);
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => ({ incident, rev: revText(done.results[0].rev) }));
}

/**
 * Save an edited incident. rev is the revision its form was made from ('' once it was deleted elsewhere: saving
 * again then keeps it). Refused with {conflict: 'changed'|'deleted', rev} when it changed or was deleted meanwhile.
 */
export async function editIncident(original, values, rev) {
  const made = makeIncident({ ...values, rulesetId: original.rulesetId, rulingId: original.rulingId, id: original.id, at: original.at });
  if (made.errors) return { errors: made.errors };
  const result = await write('incident', original.id, () => made.incident, { expect: revOf(rev) });
  return outcome(result, (done) => ({ incident: made.incident, rev: revText(done.rev) }));
}

/** Delete an incident, unless it changed since the referee saw it (rev). */
export async function deleteIncident(id, rev) {
  const result = await write('incident', id, (current) => (current ? DELETE : undefined), { expect: revOf(rev) });
  if (result.refused === 'conflict' && !result.current) return { ok: true };  // deleted elsewhere already
  const shown = outcome(result);
  return shown.conflict ? { error: 'conflict' } : shown;
}

/** What merging a file's incidents would do (see planMerge), with the revision of each record it would change. */
export async function planImport(incidents) {
  const log = await readLog();
  const plan = planMerge(log.entries.map((entry) => entry.incident), incidents, log.newer);
  const revs = new Map(log.entries.map((entry) => [entry.incident.id, entry.rev]));
  return { ...plan, revs: Object.fromEntries(plan.conflicts.map((c) => [c.id, revs.get(c.id)])), empty: !log.entries.length && !log.newer.length };
}

/**
 * Merge a planned import in one transaction: new incidents added, conflicting ones replaced where the referee
 * took the file's. {done: counts}, or {changed: true} when the log changed since the plan (plan again).
 */
export async function mergeImport(plan, take) {
  const taken = plan.conflicts.filter((conflict) => take.includes(conflict.id));
  const result = await writeMany([
    ...plan.added.map((incident) => ({ kind: 'incident', id: incident.id, change: () => incident, expect: null })),
    ...taken.map((conflict) => ({ kind: 'incident', id: conflict.id, change: () => conflict.theirs, expect: revOf(plan.revs[conflict.id]) })),
  ]);
  if (result.refused === 'conflict') return { changed: true };
  if (result.ok) persistAfterSave();
  return result.ok
    ? { done: { added: plan.added.length, same: plan.same, replaced: taken.length, kept: plan.conflicts.length - taken.length } }
    : { error: result.refused ?? result.error };
}

/** Replace the whole log with a file's incidents, in one transaction (refused while a newer version's are stored). */
export async function replaceLog(incidents) {
  const before = (await readLog()).entries.length;
  const result = await writeMany([
    { kind: 'incident', clear: true },
    ...incidents.map((incident) => ({ kind: 'incident', id: incident.id, change: () => incident })),
  ]);
  if (result.ok) persistAfterSave();
  if (result.refused === 'newer') return { error: 'newer_data' };
  return result.ok ? { done: { added: incidents.length, same: 0, replaced: before, kept: 0 } } : { error: result.refused ?? result.error };
}
