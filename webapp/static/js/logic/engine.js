/**
 * The wizard engine: walks a ruleset's incident tree from answers to the next question or the ruling.
 * Pure: no DOM, no storage, no network, so it runs the same in the browser and in Node.
 */

/** Say whether an id names a question of the ruleset. */
export function isQuestion(ruleset, id) {
  return Object.prototype.hasOwnProperty.call(ruleset.incidents, id);
}

/** Say whether an id names a ruling of the ruleset. */
export function isRuling(ruleset, id) {
  return Object.prototype.hasOwnProperty.call(ruleset.rulings, id);
}

/** Parse a number answer; return null unless it is a whole number within the question's bounds. */
export function parseNumber(node, text) {
  const trimmed = String(text ?? '').trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (value < node.number.min || value > node.number.max) return null;
  return value;
}

/** Return the id a question leads to for one answer (an option id, or a number), or null if the answer does not fit. */
export function answer(node, value) {
  if (node.options) {
    const option = node.options.find((candidate) => candidate.id === value);
    return option ? option.next : null;
  }
  const number = parseNumber(node, value);
  if (number === null) return null;
  const branch = node.branches.find((candidate) => candidate.upto === undefined || number <= candidate.upto);
  return branch.next;
}

const pluralRules = new Map();

/**
 * The form of a counted string for this count: forms is {one, other} (ui_strings.py plural, a number question's unit),
 * picked by CLDR's rules. It lives here because the first screen's engine needs it for a number answer and format.js
 * is not among the first screen's modules; format.js hands it on to the views.
 */
export function pluralForm(lang, forms, count) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return forms[pluralRules.get(lang).select(count)] ?? forms.other;
}

/** The label of an answer, for the trail of answers already given. */
export function answerLabel(node, value, lang) {
  if (node.options) return node.options.find((option) => option.id === value)?.label ?? String(value);
  return node.number.unit ? `${value} ${pluralForm(lang, node.number.unit, Number(value))}` : String(value);
}

/**
 * Walk from the start through a list of answers (one URL segment each).
 * Returns the trail of answered questions and where the walk stands: a question, a ruling, or an invalid answer.
 */
export function walk(ruleset, answers) {
  const trail = [];
  let at = ruleset.start;
  for (let index = 0; index < answers.length; index += 1) {
    if (!isQuestion(ruleset, at)) return { trail, at: { kind: 'invalid', id: at, index } };
    const node = ruleset.incidents[at];
    const next = answer(node, answers[index]);
    if (next === null) return { trail, at: { kind: 'invalid', id: at, index } };
    trail.push({ id: at, value: String(answers[index]), label: answerLabel(node, answers[index], ruleset.lang) });
    at = next;
  }
  return { trail, at: { kind: isRuling(ruleset, at) ? 'ruling' : 'question', id: at } };
}

/** A number that reaches each branch of a number question: its lower bound. */
function branchSamples(node) {
  let low = node.number.min;
  return node.branches.map((branch) => {
    const sample = low;
    if (branch.upto !== undefined) low = branch.upto + 1;
    return { value: String(sample), next: branch.next };
  });
}

/** Every way out of a question as {value, next}. */
export function exits(node) {
  return node.options ? node.options.map((option) => ({ value: option.id, next: option.next })) : branchSamples(node);
}

/** The first path of answers that reaches each ruling, keyed by ruling id. */
export function rulingPaths(ruleset) {
  const paths = Object.create(null);  // no inherited keys: a URL's "constructor" is no ruling
  const visit = (id, answers) => {
    if (isRuling(ruleset, id)) {
      if (!paths[id]) paths[id] = answers;
      return;
    }
    for (const exit of exits(ruleset.incidents[id])) visit(exit.next, [...answers, exit.value]);
  };
  visit(ruleset.start, []);
  return paths;
}

/** All consequences of a ruling: those of its penalty kind, then its own. */
export function effectsOf(ruleset, ruling) {
  const kind = ruleset.penalties[ruling.penalty] || {};
  return [...(kind.effects || []), ...(ruling.effects || [])];
}

/**
 * Whether a ruling penalizes the player it names: not when its penalty kind says it penalizes nobody (`no_penalty`:
 * no penalty, a re-deal), so applying it records no incident against anyone.
 */
export function penalizes(ruleset, ruling) {
  return !ruleset.penalties[ruling.penalty]?.no_penalty;
}

/** The ids of the readings a ruling rests on, as its screen shows them: its penalty kind's, then its own. */
export function readingsOf(ruleset, ruling) {
  const kind = ruleset.penalties[ruling.penalty] || {};
  return [...new Set([...(kind.readings || []), ...(ruling.readings || [])])];
}

/** The rulings of every given ruleset that share this ruling's incident tag, the given one left out. */
export function sameIncident(rulesets, rulesetId, rulingId) {
  const source = rulesets.find((ruleset) => ruleset.id === rulesetId);
  const tag = source?.rulings[rulingId]?.tag;
  if (!tag) return [];
  return rulesets
    .filter((ruleset) => ruleset.id !== rulesetId)
    .map((ruleset) => ({
      ruleset: ruleset.id,
      rulings: Object.keys(ruleset.rulings).filter((id) => ruleset.rulings[id].tag === tag),
    }));
}
