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

/** How long ago a moment was, in the reader's language ("12 seconds ago", "il y a 3 minutes"); `justNow` under 10 s. */
export function agoText(lang, justNow, iso, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 10) return justNow;
  const words = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  if (seconds < 60) return words.format(-seconds, 'second');
  if (seconds < 3600) return words.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86400) return words.format(-Math.floor(seconds / 3600), 'hour');
  return words.format(-Math.floor(seconds / 86400), 'day');
}
