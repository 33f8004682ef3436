/**
 * The previous release kept everything in localStorage; this reads its keys into stored items. Pure: no DOM, no
 * storage (the caller passes the keys' raw text), so Node tests it.
 *
 * mjref.log: {format: 'mahjong-referee/incident-log', version: 1, incidents: [incident]} → one incident item each
 * mjref.table.<rulesetId>: {start, steps} → the table item of that ruleset
 * mjref.ruleset: the chosen ruleset's id, as JSON text → settings.ruleset
 * mjref.log-context: {tournament, session, table} → settings.context
 * Whatever is damaged is set aside whole and untouched; the good records inside it are still migrated.
 */
import { isObject, join, problems } from '../logic/records/check.js';
import { incidentProblems, withSeatCode } from '../logic/records/incident.js';
import { defaultSettings, settingsProblems } from '../logic/records/settings.js';
import tableKind, { fromVersion1, tableProblems } from '../logic/records/table.js';

export const LEGACY_PREFIX = 'mjref.';
export const BACKUP_PREFIX = 'mjref.backup.';
const LOG_FORMAT = 'mahjong-referee/incident-log';

/** Whether a localStorage key is data of the previous release (not one of its backups). */
export function isLegacyKey(key) {
  return key === 'mjref.log' || key === 'mjref.ruleset' || key === 'mjref.log-context' || key.startsWith('mjref.table.');
}

function parse(raw) {
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return { error: true };
  }
}

function logItems(key, raw, plan) {
  const parsed = parse(raw);
  const aside = (found) => plan.aside.push({ key, kind: 'incident', id: null, reason: parsed.error ? 'unreadable' : 'damaged', problems: found, original: raw });
  if (parsed.error) return aside([{ path: '', code: 'not_json' }]);
  const log = parsed.value;
  const report = problems();
  if (!isObject(log)) return aside([{ path: '', code: log === null ? 'null' : 'not_object' }]);
  if (log.format !== LOG_FORMAT) report.add('format', log.format === undefined ? 'missing' : 'wrong_format');
  if (Number.isInteger(log.version) && log.version > 1) {
    plan.kept.push({ key, reason: 'newer' });  // a newer release's: leave it where it is, untouched
    return null;
  }
  if (log.version !== 1) report.add('version', log.version === undefined ? 'missing' : 'bad_version');
  let records = [];
  if (Array.isArray(log.incidents)) records = log.incidents.map((incident, index) => [index, incident]);
  else if (isObject(log.incidents)) {  // a list saved as an object: its values may still be good incidents
    report.add('incidents', 'not_list');
    records = Object.entries(log.incidents);
  } else report.add('incidents', log.incidents === undefined ? 'missing' : 'not_list');
  const seen = new Set();
  for (const [position, stored] of records) {
    // Its seat, a wind's name, as a code (records/incident.js version 3); a text that names none is reported, so the
    // log is set aside whole as kept, and the incident moves in without a seat.
    const lost = [];
    const incident = withSeatCode(stored, (path, code) => lost.push({ path: join(join('incidents', position), path), code }));
    const found = incidentProblems(incident, join('incidents', position));
    if (!found.length && seen.has(incident.id)) found.push({ path: join(join('incidents', position), 'id'), code: 'duplicate' });
    if (found.length) report.found.push(...found);
    else {
      report.found.push(...lost);
      seen.add(incident.id);
      plan.items.push({ kind: 'incident', id: incident.id, data: incident });
    }
  }
  if (report.found.length) aside(report.found);
  return null;
}

function tableItem(key, raw, plan) {
  const id = key.slice('mjref.table.'.length);
  const parsed = parse(raw);
  const aside = (found, reason = 'damaged') => plan.aside.push({ key, kind: 'table', id, reason, problems: found, original: raw });
  if (parsed.error) return aside([{ path: '', code: 'not_json' }], 'unreadable');
  if (!/^[a-z0-9_-]{1,100}$/.test(id)) return aside([{ path: '', code: 'bad_slug' }]);
  const history = fromVersion1(parsed.value);  // the previous release stored version 1
  const found = tableProblems(history);
  if (!found.length) {
    plan.items.push({ kind: 'table', id, data: history });
    return null;
  }
  aside(found);
  const usable = tableKind.salvage(history);  // the good steps, untouched
  if (usable && (usable.start || usable.steps.length)) plan.items.push({ kind: 'table', id, data: usable });
  return null;
}

function settingsPatch(key, raw, plan) {
  const parsed = parse(raw);
  const field = key === 'mjref.ruleset' ? 'ruleset' : 'context';
  const aside = (found, reason = 'damaged') => plan.aside.push({ key, kind: 'settings', id: 'main', reason, problems: found, original: raw });
  if (parsed.error) return aside([{ path: '', code: 'not_json' }], 'unreadable');
  if (field === 'ruleset') {
    const found = parsed.value === null ? [{ path: 'ruleset', code: 'null' }] : settingsProblems({ ...defaultSettings(), ruleset: parsed.value });
    if (found.length) return aside(found);
    plan.settings.ruleset = parsed.value;
    return null;
  }
  const context = parsed.value;
  const fresh = defaultSettings().context;
  const found = settingsProblems({ ...defaultSettings(), context });
  if (found.length) aside(found);
  if (!isObject(context)) return null;
  const kept = { ...fresh };
  for (const name of Object.keys(fresh)) {
    if (!settingsProblems({ ...defaultSettings(), context: { ...fresh, [name]: context[name] } }).length) {
      kept[name] = context[name];
    }
  }
  plan.settings.context = kept;
  return null;
}

/**
 * What to migrate from the previous release's keys ({key: raw text}): {items: [{kind, id, data}], settings: a patch
 * of the settings, aside: [entry], kept: [{key, reason}] (left in place), migrated: [keys to back up]}.
 */
export function planLegacy(entries) {
  const plan = { items: [], settings: {}, aside: [], kept: [], migrated: [] };
  for (const [key, raw] of Object.entries(entries)) {
    if (!isLegacyKey(key) || typeof raw !== 'string') continue;
    if (key === 'mjref.log') logItems(key, raw, plan);
    else if (key.startsWith('mjref.table.')) tableItem(key, raw, plan);
    else settingsPatch(key, raw, plan);
    if (!plan.kept.some((entry) => entry.key === key)) plan.migrated.push(key);
  }
  return plan;
}
