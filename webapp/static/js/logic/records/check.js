/**
 * Small helpers for validators of stored data and imported files: each check adds problems as {path, code}, where
 * path is a JSON-pointer-like "steps/3/at". Pure: no DOM, no storage.
 */

export const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The path of a child: join('steps', 3) → 'steps/3'. */
export function join(path, key) {
  if (key === '') return path;
  return path ? `${path}/${key}` : String(key);
}

/** A collector of problems for one value being checked. */
export function problems() {
  const found = [];
  return {
    found,
    add(path, code) {
      found.push({ path, code });
    },
  };
}

/** Keys other than the allowed ones (objects are closed: an unknown key is a typo or a newer format). */
export function unknownKeys(value, allowed, path, report) {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) report.add(join(path, key), 'unknown_key');
}

/** Text of bounded length; required means present and not only spaces. */
export function checkText(value, path, report, { max = 500, required = false, optional = false } = {}) {
  if (value === undefined && optional) return;
  if (typeof value !== 'string') report.add(path, value === undefined ? 'missing' : 'not_text');
  else if (value.length > max) report.add(path, 'too_long');
  else if (required && !value.trim()) report.add(path, 'empty');
}

/** A finite number within [min, max]; whole when integer is set. */
export function checkNumber(value, path, report,
  { min = -Infinity, max = Infinity, integer = false, optional = false } = {}) {
  if (value === undefined && optional) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) report.add(path, value === undefined ? 'missing' : 'not_number');
  else if (integer && !Number.isInteger(value)) report.add(path, 'not_integer');
  else if (value < min || value > max) report.add(path, 'out_of_range');
}

export function checkBoolean(value, path, report, { optional = false } = {}) {
  if (value === undefined && optional) return;
  if (typeof value !== 'boolean') report.add(path, value === undefined ? 'missing' : 'not_boolean');
}

/** Ids made by the app or another referee's app: opaque, non-empty text of bounded length. */
export const MAX_ID = 200;
export function checkId(value, path, report) {
  if (typeof value !== 'string') report.add(path, value === undefined ? 'missing' : 'not_text');
  else if (!value.length) report.add(path, 'empty');
  else if (value.length > MAX_ID) report.add(path, 'too_long');
}

/** A ruleset's or a ruling's id, as ruleset files spell them. */
export function checkSlug(value, path, report) {
  if (typeof value !== 'string') report.add(path, value === undefined ? 'missing' : 'not_text');
  else if (!/^[a-z0-9_-]{1,100}$/.test(value)) report.add(path, 'bad_slug');
}

/**
 * Dates are ISO 8601 with a time zone, from 1970 through 2099: 2026-11-23T10:00:00Z, 2026-11-23T10:00:00.123+01:00.
 * Refused: 11/23/2026, 1, Nov 23, +275760-09-13T00:00:00Z, a date without zone, 2026-02-30T…, year 1969 or 2100.
 */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2099;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

export function isIsoDate(value) {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second = '0', , zoneHour = '0', zoneMinute = '0'] = match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < FIRST_YEAR || y > LAST_YEAR || m < 1 || m > 12 || d < 1) return false;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return false;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return false;
  return Number(zoneHour) <= 23 && Number(zoneMinute) <= 59;
}

/** A calendar day as YYYY-MM-DD, from 1970 through 2099 (an event's first and last days). */
export function isDay(value) {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isIsoDate(`${value}T00:00:00Z`);
}

export function checkDay(value, path, report) {
  if (!isDay(value)) report.add(path, value === undefined ? 'missing' : 'bad_day');
}

export function checkDate(value, path, report, { optional = false } = {}) {
  if (value === undefined && optional) return;
  if (!isIsoDate(value)) report.add(path, value === undefined ? 'missing' : 'bad_date');
}
