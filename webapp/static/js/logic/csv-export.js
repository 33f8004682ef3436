/**
 * The incident log as a CSV file a spreadsheet opens as the referee expects: UTF-8 with a byte-order mark (so
 * "Léa Müller" stays readable), the separator of the reader's language, translated column headers, local times,
 * seats (stored as codes) as their winds in the reader's language, and no cell a spreadsheet could run as a
 * formula. Pure and deterministic: the
 * caller passes the language, the time zone and the translated words; no DOM, no storage, tested in Node.
 */

/** The columns, in order; `headers` maps each to its title in the reader's language (ui strings: csv.headers). */
export const CSV_COLUMNS = ['at', 'tournament', 'session', 'table', 'player', 'seat', 'ruleset', 'ruling', 'penalty', 'title',
  'section', 'points', 'note'];

const BOM = '\uFEFF';
const FORMULA_SIGNS = '=+-@';
const LEADING_BLANKS = /^[\s\u200B-\u200D\u2060\uFEFF]+/u;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/** The decimal mark of a locale ("." in English, "," in French and Italian), as Intl prints it. */
function decimalMark(locale) {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value || '.';
}

/**
 * The list separator spreadsheets expect in a locale: ";" where the decimal mark is a comma (French, Italian), as
 * a comma there would split every decimal number; "," elsewhere (English).
 */
export function csvSeparator(locale) {
  return decimalMark(locale) === ',' ? ';' : ',';
}

/**
 * A seat in the reader's language: the wind of its code (records/incident.js: 0 East to 3 North) among `winds`, the
 * four names in that order; no seat, or no names given, is an empty cell. A referee reads "Est" in a French export,
 * as its headers are French; a bare code would need a legend.
 */
export function seatName(seat, winds) {
  return Number.isInteger(seat) && winds?.[seat] !== undefined ? winds[seat] : '';
}

/**
 * Whether a spreadsheet could run this text as a formula: after any leading blanks (space, no-break space, tab,
 * line breaks, zero-width spaces), it starts with = + - @ or a form of them that folds to them (full-width ＝ ＋ －
 * ＠, small ﹦ ﹢ ﹣ ﹫); or it starts with a tab or a carriage return, which some spreadsheets strip. Plain numbers
 * such as -5, -1.5 or -1,5 are not formulas.
 */
export function couldRunAsFormula(text) {
  if (PLAIN_NUMBER.test(text.trim())) return false;
  if (/^[\t\r]/.test(text)) return true;
  const start = text.normalize('NFKC').replace(LEADING_BLANKS, '');
  return start !== '' && FORMULA_SIGNS.includes(start[0]);
}

/**
 * One CSV cell: a possible formula gets a leading apostrophe so it stays text (the OWASP advice); the cell is
 * quoted when it holds a separator (either , or ;), a tab, a quote or a line break.
 */
export function csvCell(value, separator = ',') {
  let text = value === null || value === undefined ? '' : String(value);
  if (couldRunAsFormula(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Date and time in the reader's time zone and language, as a spreadsheet reads them ("15/01/2026 11:00" in French). */
function timeFormatter(locale, timeZone) {
  const day = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? String(iso ?? '') : `${day.format(date)} ${time.format(date)}`;
  };
}

/**
 * The CSV text of the log's incidents, oldest first, starting with a byte-order mark, lines ended by CRLF.
 *
 *   incidentsCsv(incidents, {
 *     headers,    // {at, tournament, session, table, player, seat, ruleset, ruling, penalty, title, section, points,
 *                 //  note}: column titles in the reader's language, config.strings.csv.headers
 *                 //  (webapp/export_strings.py)
 *     locale,     // the reader's language, e.g. config.lang ('en', 'fr', 'it') or a finer tag ('en-GB'): dates,
 *                 //  the decimal mark of points, and the default separator
 *     timeZone,   // IANA zone of the times, e.g. 'Europe/Paris'; the device's is
 *                 //  Intl.DateTimeFormat().resolvedOptions().timeZone (undefined also means the device's)
 *     separator,  // ',' or ';' (the referee's choice); default csvSeparator(locale): ',' in English, ';' in
 *                 //  French, Italian
 *     winds,      // the four winds' names in the reader's language, East to North (config.strings.winds):
 *                 //  each seat's code is written as its wind's name; omitted: the seat column is empty
 *     describe,   // (incident) => ({ruleset, penalty, title, section}) in the reader's language; anything missing
 *                 //  falls back to the incident's own field (rulesetId for ruleset)
 *   })
 */
export function incidentsCsv(incidents, {
  headers = {}, locale = 'en', timeZone, separator = csvSeparator(locale), winds = null, describe = () => ({}),
} = {}) {
  const when = timeFormatter(locale, timeZone);
  const decimal = decimalMark(locale);
  const row = (cells) => cells.map((cell) => csvCell(cell, separator)).join(separator);
  const rows = [row(CSV_COLUMNS.map((column) => headers[column] ?? column))];
  for (const item of [...incidents].sort((a, b) => String(a.at).localeCompare(String(b.at)))) {
    const described = describe(item) || {};
    const field = (column, fallback = column) => described[column] ?? item[fallback];
    const values = {
      at: when(item.at),
      seat: seatName(item.seat, winds),
      ruleset: field('ruleset', 'rulesetId'),
      ruling: item.rulingId,
      points: typeof item.points === 'number' ? String(item.points).replace('.', decimal) : item.points,
    };
    rows.push(row(CSV_COLUMNS.map((column) => (column in values ? values[column] : field(column)))));
  }
  return `${BOM}${rows.join('\r\n')}\r\n`;
}

/** The log screen's current call (log, describe), until it passes its language, time zone and headers itself. */
export function toCsv(log, describe = () => ({})) {
  return incidentsCsv(log.incidents, { describe });
}
