/**
 * The referee's shortcuts to rulings, kept on the device: favourites (in the order they were added) and the rulings
 * seen last (newest first). One document, id 'main'. Pure: no DOM, no storage.
 *
 * Version 1: {favourites: [{rulesetId, rulingId}], recent: [{rulesetId, rulingId, at}]}, at most MAX_FAVOURITES and
 * MAX_RECENT entries, each ruling at most once per list.
 */
import { checkDate, checkSlug, isObject, join, problems, unknownKeys } from './check.js';

export const MAX_FAVOURITES = 50;
export const MAX_RECENT = 8;
const LISTS = { favourites: { max: MAX_FAVOURITES, keys: ['rulesetId', 'rulingId'] }, recent: { max: MAX_RECENT, keys: ['rulesetId', 'rulingId', 'at'] } };

export function defaultShortcuts() {
  return { favourites: [], recent: [] };
}

export const sameRuling = (a, b) => a.rulesetId === b.rulesetId && a.rulingId === b.rulingId;

function entryProblems(entry, path, keys, report) {
  if (!isObject(entry)) {
    report.add(path, entry === null ? 'null' : 'not_object');
    return;
  }
  checkSlug(entry.rulesetId, join(path, 'rulesetId'), report);
  checkSlug(entry.rulingId, join(path, 'rulingId'), report);
  if (keys.includes('at')) checkDate(entry.at, join(path, 'at'), report);
  unknownKeys(entry, keys, path, report);
}

export function shortcutsProblems(data) {
  const report = problems();
  if (!isObject(data)) {
    report.add('', data === null ? 'null' : 'not_object');
    return report.found;
  }
  for (const [name, { max, keys }] of Object.entries(LISTS)) {
    const list = data[name];
    if (!Array.isArray(list)) {
      report.add(name, list === undefined ? 'missing' : 'not_a_list');
      continue;
    }
    if (list.length > max) report.add(name, 'too_long');
    list.forEach((entry, index) => {
      entryProblems(entry, join(name, index), keys, report);
      if (isObject(entry) && list.findIndex((other) => isObject(other) && sameRuling(other, entry)) < index) report.add(join(name, index), 'duplicate');
    });
  }
  unknownKeys(data, Object.keys(LISTS), '', report);
  return report.found;
}

/** Keep every good entry of damaged shortcuts, in order; a missing or broken list starts empty. */
function salvage(data) {
  if (!isObject(data)) return null;
  const result = defaultShortcuts();
  for (const [name, { max, keys }] of Object.entries(LISTS)) {
    if (!Array.isArray(data[name])) continue;
    for (const entry of data[name]) {
      const report = problems();
      entryProblems(entry, '', keys, report);
      if (!report.found.length && !result[name].some((kept) => sameRuling(kept, entry))
        && result[name].length < max) result[name].push(entry);
    }
  }
  return result;
}

export default {
  name: 'shortcuts',
  version: 1,
  validate: shortcutsProblems,
  salvage,
  migrations: {},
};
