/** The referee's incident log and its workflows: record, edit, delete, import (replace or merge), export. */
import { makeIncident } from '../log.js';
import { planMerge } from '../log-file.js';
import { load, save } from '../store.js';

const LOG = { format: 'mahjong-referee/incident-log', version: 1 };

function stored() {
  const found = load('log');
  return found && Array.isArray(found.incidents) ? found.incidents : [];
}

function write(incidents) {
  return save('log', { ...LOG, incidents });
}

/** {status, entries: [{incident, rev}], newer: ids of records only a newer version can read}. */
export async function readLog() {
  return { status: 'ok', entries: stored().map((incident) => ({ incident, rev: '' })), newer: [] };
}

/** Record a new incident (and remember its tournament, session and table for the next one). */
export async function recordIncident(values, { rulesetId, rulingId }) {
  const made = makeIncident({ ...values, rulesetId, rulingId });
  if (made.errors) return { errors: made.errors };
  if (!write([...stored(), made.incident])) return { error: 'quota' };
  const { tournament, session, table } = made.incident;
  save('log-context', { tournament, session, table });
  return { ok: true, incident: made.incident, rev: '' };
}

/** Save an edited incident; refused when it changed or was deleted since the form was opened (baseRev). */
export async function editIncident(original, values) {
  const made = makeIncident({ ...values, rulesetId: original.rulesetId, rulingId: original.rulingId, id: original.id, at: original.at });
  if (made.errors) return { errors: made.errors };
  const incidents = stored().map((item) => (item.id === original.id ? made.incident : item));
  return write(incidents) ? { ok: true, incident: made.incident, rev: '' } : { error: 'quota' };
}

export async function deleteIncident(id) {
  return write(stored().filter((item) => item.id !== id)) ? { ok: true } : { error: 'quota' };
}

/** What merging a file's incidents would do (see planMerge). */
export async function planImport(incidents) {
  return planMerge(stored(), incidents);
}

/** Merge a planned import: new incidents added, conflicting ones replaced where the referee took the file's. */
export async function mergeImport(plan, take) {
  const taken = new Map(plan.conflicts.filter((c) => take.includes(c.id)).map((c) => [c.id, c.theirs]));
  const incidents = [...stored().map((item) => taken.get(item.id) ?? item), ...plan.added];
  if (!write(incidents)) return { error: 'quota' };
  return { done: { added: plan.added.length, same: plan.same, replaced: taken.size, kept: plan.conflicts.length - taken.size } };
}

/** Replace the whole log with a file's incidents. */
export async function replaceLog(incidents) {
  const before = stored().length;
  if (!write(incidents)) return { error: 'quota' };
  return { done: { added: incidents.length, same: 0, replaced: before, kept: 0 } };
}
