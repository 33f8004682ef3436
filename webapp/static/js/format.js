/** Numbers in the reader's language: 30,000 / 30 000 / 30.000. */
const formatters = new Map();

export function formatNumber(lang, value) {
  if (!formatters.has(lang)) formatters.set(lang, new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: 'always' }));
  return formatters.get(lang).format(value);
}

export function formatSigned(lang, value) {
  return value > 0 ? `+${formatNumber(lang, value)}` : formatNumber(lang, value);
}

const pluralRules = new Map();

/** The form of a counted string for this count: forms is {one, other} (ui_strings.py plural), picked by CLDR's rules. */
export function pluralForm(lang, forms, count) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return forms[pluralRules.get(lang).select(count)] ?? forms.other;
}
