/**
 * Numbers as people type them, per language: read a score typed in a field (25 000, 25.000, 25,000, −1,5 …) and
 * print a value back in the form the reader accepts, so a field can show a stored value and re-read it unchanged.
 * Pure: no DOM. An entry that could be read two ways is refused, never guessed.
 */

/** The largest magnitude a score may have: beyond it a typing slip is more likely than a real score. */
export const MAX_NUMBER = 10000000;

/** Every error code parseNumber can return, for the screens' messages (`err_<code>`). */
export const NUMBER_ERRORS = ['empty', 'not_number', 'bad_grouping', 'ambiguous', 'decimals_not_allowed',
  'too_many_decimals', 'negative', 'too_small', 'too_large'];

/** Each language's marks: the decimal mark, the marks that group thousands, and the mark it prints between groups. */
const STYLES = {
  en: { decimal: '.', groups: [',', ' '], print: ',' },
  fr: { decimal: ',', groups: [' '], print: '\u202f', foreignDecimal: '.' },
  it: { decimal: ',', groups: ['.', ' '], print: '.' },
};
const SPACES = /[ \u00a0\u202f\u2009]/g;  // ordinary, no-break, narrow no-break and thin spaces all group digits

function styleOf(lang) {
  return STYLES[String(lang || 'en').slice(0, 2)] ?? STYLES.en;
}

/** Whether digit runs separated by group marks form well-made groups of three (1–3 digits first). */
function wellGrouped(runs) {
  return runs.length > 1 && /^\d{1,3}$/.test(runs[0]) && runs.slice(1).every((run) => /^\d{3}$/.test(run));
}

/** Split the digits of an unsigned entry into its whole part and decimals, or say why it cannot be read. */
function readDigits(body, style) {
  const parts = body.split(/([., ])/);
  const runs = parts.filter((_, index) => index % 2 === 0);
  const marks = parts.filter((_, index) => index % 2 === 1);
  if (runs.some((run) => !/^\d+$/.test(run))) return { error: 'not_number' };
  const last = marks[marks.length - 1];
  const decimalMarks = [style.decimal, style.foreignDecimal].filter(Boolean);
  const once = (mark) => marks.filter((item) => item === mark).length === 1;
  let whole = runs;
  let wholeMarks = marks;
  let fraction = '';
  if (last !== undefined && decimalMarks.includes(last) && once(last)) {
    fraction = runs[runs.length - 1];
    whole = runs.slice(0, -1);
    wholeMarks = marks.slice(0, -1);
    // "25.000" or "1,500" alone: a decimal part of three digits could just as well be a group of thousands.
    if (fraction.length === 3 && !wholeMarks.length && /^[1-9]\d{0,2}$/.test(whole[0])) return { error: 'ambiguous' };
  }
  if (wholeMarks.length) {
    const kinds = new Set(wholeMarks);
    const ours = kinds.size === 1 && style.groups.includes(wholeMarks[0]);
    if (!wellGrouped(whole)) {
      // "1,5" in English or "1.5" in Italian: a badly grouped number that one mark would make a decimal.
      const foreignDecimal = !fraction && marks.length === 1 && ['.', ','].includes(last);
      return { error: foreignDecimal ? 'ambiguous' : 'bad_grouping' };
    }
    if (!ours) return { error: kinds.size === 1 ? 'ambiguous' : 'bad_grouping' };
  }
  return { whole: whole.join(''), fraction };
}

/**
 * Read one number typed in `lang`. Returns {value} (null when the field may stay empty) or {error} with a code of
 * NUMBER_ERRORS, and then no value. `decimals` is how many decimal places the score keeps (0: whole numbers).
 */
export function parseNumber(text, { lang = 'en', decimals = 0, min = -MAX_NUMBER, max = MAX_NUMBER, required = true } = {}) {
  let body = String(text ?? '').trim();
  if (body === '') return required ? { error: 'empty' } : { value: null };
  let sign = 1;
  if (/^[-\u2212+]/.test(body)) {
    if (body[0] !== '+') sign = -1;
    body = body.slice(1);
  }
  body = body.replace(SPACES, ' ');
  if (!/^\d/.test(body) || !/\d$/.test(body) || /[^\d., ]/.test(body)) return { error: 'not_number' };
  const digits = readDigits(body, styleOf(lang));
  if (digits.error) return { error: digits.error };
  const kept = digits.fraction.replace(/0+$/, '');
  if (kept.length > decimals) return { error: decimals === 0 ? 'decimals_not_allowed' : 'too_many_decimals' };
  if (digits.whole.replace(/^0+/, '').length > 15) return { error: 'too_large' };
  const value = sign * Number(kept ? `${digits.whole}.${kept}` : digits.whole) || 0;  // no -0
  if (value > max) return { error: 'too_large' };
  if (value < min) return { error: value < 0 && min >= 0 ? 'negative' : 'too_small' };
  return { value };
}

/**
 * Print a value for a field in `lang`, grouped by thousands, with at most `decimals` decimal places and no trailing
 * zeros, so that parseNumber reads it back as the same value. Empty text for no value.
 */
export function formatNumberInput(value, { lang = 'en', decimals = 0 } = {}) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const style = styleOf(lang);
  const places = Math.min(Math.max(decimals, 0), 2);  // three decimals could read as a group of thousands
  const [whole, fraction = ''] = Math.abs(value).toFixed(places).split('.');
  const kept = fraction.replace(/0+$/, '');
  const negative = value < 0 && (Number(whole) > 0 || kept !== '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, style.print);
  return `${negative ? '-' : ''}${grouped}${kept ? style.decimal + kept : ''}`;
}

/** Round a computed score to the decimals it keeps, so that sums such as 1.7 + 5 stay 6.7. */
export function roundTo(value, decimals = 0) {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor || 0;
}
