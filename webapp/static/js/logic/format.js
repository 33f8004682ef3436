/** Numbers in the reader's language: 30,000 / 30 000 / 30.000. */
const formatters = new Map();

export function formatNumber(lang, value) {
  if (!formatters.has(lang)) formatters.set(lang, new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: 'always' }));
  return formatters.get(lang).format(value);
}

export function formatSigned(lang, value) {
  return value > 0 ? `+${formatNumber(lang, value)}` : formatNumber(lang, value);
}

/** The form of a counted string for a count (engine.js holds it: the first screen needs it there). */
export { pluralForm } from './engine.js';
