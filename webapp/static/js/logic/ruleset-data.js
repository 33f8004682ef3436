/** Rulesets arrive as one language-neutral structure plus the string tables of one language; this joins them. */

/** Put each text back in place: under a text key, a number is a position in the ruleset's string table. */
function fill(value, table, textKeys, isText) {
  if (isText && typeof value === 'number') return table[value];
  if (Array.isArray(value)) return value.map((item) => fill(item, table, textKeys, isText));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value)
      .map(([key, child]) => [key, fill(child, table, textKeys, textKeys.has(key))]));
  }
  return value;
}

/** Every ruleset, whole, in one language: {id: ruleset}. */
export function assembleRulesets(structure, strings, lang) {
  const textKeys = new Set(structure.text_keys);
  return Object.fromEntries(Object.entries(structure.rulesets)
    .map(([id, ruleset]) => [id, { ...fill(ruleset, strings[id], textKeys, false), lang }]));
}
