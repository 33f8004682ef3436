/**
 * The device's settings, one document: the chosen ruleset, the last language, and the referee's current tournament,
 * session and table (filled into the next incident). Pure: no DOM, no storage.
 *
 * Version 1: {ruleset: id or null, lang: code or null, context: {tournament, session, table}}.
 * Version 2 adds currentEvent: the id of the event the referee works at, or null for the built-in local event.
 */
import { checkId, checkSlug, checkText, isObject, join, problems, unknownKeys } from './check.js';

const CONTEXT = ['tournament', 'session', 'table'];

export function defaultSettings() {
  return { ruleset: null, lang: null, context: { tournament: '', session: '', table: '' }, currentEvent: null };
}

function contextProblems(context, path, report) {
  if (!isObject(context)) {
    report.add(path, context === undefined ? 'missing' : 'not_object');
    return;
  }
  for (const key of CONTEXT) checkText(context[key], join(path, key), report, { max: 500 });
  unknownKeys(context, CONTEXT, path, report);
}

export function settingsProblems(settings) {
  const report = problems();
  if (!isObject(settings)) {
    report.add('', settings === null ? 'null' : 'not_object');
    return report.found;
  }
  if (settings.ruleset !== null) checkSlug(settings.ruleset, 'ruleset', report);
  if (settings.lang !== null && (typeof settings.lang !== 'string' || !/^[a-z]{2}$/.test(settings.lang))) {
    report.add('lang', settings.lang === undefined ? 'missing' : 'bad_language');
  }
  contextProblems(settings.context, 'context', report);
  if (settings.currentEvent !== null) checkId(settings.currentEvent, 'currentEvent', report);
  unknownKeys(settings, ['ruleset', 'lang', 'context', 'currentEvent'], '', report);
  return report.found;
}

/** Keep every good field of damaged settings; a bad or missing field falls back to its default. */
function salvage(settings) {
  if (!isObject(settings)) return null;
  const result = defaultSettings();
  const fits = (probe) => !settingsProblems(probe).length;
  for (const key of ['ruleset', 'lang', 'currentEvent']) {
    if (key in settings && fits({ ...defaultSettings(), [key]: settings[key] })) result[key] = settings[key];
  }
  if (isObject(settings.context)) {
    for (const key of CONTEXT) {
      const context = { ...result.context, [key]: settings.context[key] };
      if (fits({ ...defaultSettings(), context })) result.context = context;
    }
  }
  return result;
}

export default {
  name: 'settings',
  version: 2,
  validate: settingsProblems,
  salvage,
  migrations: {
    /** Version 1 settings had no current event: the built-in local one. */
    1: (settings) => (isObject(settings) && !Object.hasOwn(settings, 'currentEvent') ? { ...settings, currentEvent: null } : settings),
  },
};
