/**
 * Search over the rulings of loaded rulesets: an inverted index of their words, tolerant of accents, case, small
 * typos and unfinished words, with synonym groups from data (synonyms.json). Pure: no DOM, so it runs in Node.
 */
import { readingsOf, rulingPaths, walk } from './engine.js';

// How much a word counts by where it stands in a ruling.
const WEIGHTS = { title: 3, tag: 2.5, penalty: 2, section: 2, path: 1.5, body: 1 };
const EXACT = 1;
const PREFIX = 0.8;
const TYPO = 0.7;
const SYNONYM = 0.85;
const RELATED = 0.7;
// A ruling a typed term names (synonyms.json, a group's "names" per ruleset) comes before every other match.
const NAMED = 10;
export const MIN_PREFIX = 3;
export const MIN_TYPO = 5;

/** Lower case with accents and punctuation removed, so "Pénalité" and "penalite" are the same words. */
export function normalize(text) {
  return String(text ?? '').normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a text, normalized. */
export function tokenize(text) {
  return normalize(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** True when a and b differ by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a, b) {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** For each ruling, the labels of the wizard's options that lead straight to it (a ruling reached by several ways). */
function incomingLabels(ruleset) {
  const labels = new Map();
  for (const incident of Object.values(ruleset.incidents || {})) {
    for (const option of incident.options || []) {
      if (!labels.has(option.next)) labels.set(option.next, []);
      labels.get(option.next).push(option.label);
    }
  }
  return labels;
}

/** The texts of one ruling, each with the weight of its field. */
function rulingFields(ruleset, rulingId, path, tagLabels, incoming = []) {
  const ruling = ruleset.rulings[rulingId];
  const fields = [
    [WEIGHTS.title, ruling.title],
    [WEIGHTS.tag, tagLabels[ruling.tag] || ''],
    [WEIGHTS.penalty, ruleset.penalties[ruling.penalty]?.label],
    [WEIGHTS.section, ruling.section],
    [WEIGHTS.body, ruling.scores],
    [WEIGHTS.body, ruling.next_steps],
    ...readingsOf(ruleset, ruling).flatMap((id) => ['open', 'reading'].map((key) => [WEIGHTS.body, ruleset.readings[id][key]])),
    ...(ruling.exceptions || []).map((text) => [WEIGHTS.body, text]),
    ...(ruling.judgement || []).map((text) => [WEIGHTS.body, text]),
    ...incoming.map((label) => [WEIGHTS.path, label]),
  ];
  if (path) {
    for (const step of walk(ruleset, path).trail) {
      fields.push([WEIGHTS.path, ruleset.incidents[step.id].question], [WEIGHTS.path, step.label]);
    }
  }
  return fields;
}

/** Split a synonym term into its words; a word ending in * matches any word that starts with it. */
function parseTerm(term) {
  return String(term).split(/\s+/).flatMap((word) => {
    const star = word.endsWith('*');
    return tokenize(star ? word.slice(0, -1) : word).map((stem, index, all) => ({
      stem, star: star && index === all.length - 1 }));
  }).filter((word) => word.stem);
}

/**
 * Prepare synonyms.json for matching. A term's stopwords are dropped, as they are from the query: otherwise a
 * phrase such as "scarto di scambio" could never be recognised when typed.
 */
export function prepareSynonyms(synonyms = {}) {
  const stopwords = new Set((synonyms.stopwords || []).map(normalize));
  const withoutStopwords = (term) => {
    const kept = term.filter((word) => word.star || !stopwords.has(word.stem));
    return kept.length ? kept : term;
  };
  const groups = (synonyms.groups || []).map((group) => ({
    id: group.id, see: group.see || [], tags: group.tags || [], names: group.names || {},
    terms: group.terms.map(parseTerm).filter((t) => t.length).map(withoutStopwords),
  }));
  return {
    stopwords, groups, byId: new Map(groups.map((group) => [group.id, group])),
    notIncidents: new Set(synonyms.not_incidents || []),
  };
}

/**
 * Index every ruling of the given rulesets (already in the reader's language).
 * tagLabels maps incident tags to their labels; synonyms is the content of synonyms.json.
 */
export function buildIndex(rulesets, { tagLabels = {}, synonyms = {} } = {}) {
  const docs = [];
  const docOf = new Map();
  const postings = new Map();
  const byTag = new Map();
  for (const ruleset of rulesets) {
    const paths = rulingPaths(ruleset);
    const incoming = incomingLabels(ruleset);
    for (const [rulingId, ruling] of Object.entries(ruleset.rulings)) {
      const doc = docs.length;
      docs.push({ rulesetId: ruleset.id, rulingId, tag: ruling.tag });
      docOf.set(`${ruleset.id}:${rulingId}`, doc);
      if (!byTag.has(ruling.tag)) byTag.set(ruling.tag, new Map());
      byTag.get(ruling.tag).set(doc, WEIGHTS.tag);
      for (const [weight, text] of rulingFields(
        ruleset, rulingId, paths[rulingId], tagLabels, incoming.get(rulingId))) {
        for (const token of tokenize(text)) {
          let byDoc = postings.get(token);
          if (!byDoc) postings.set(token, (byDoc = new Map()));
          if ((byDoc.get(doc) || 0) < weight) byDoc.set(doc, weight);
        }
      }
    }
  }
  return {
    docs, docOf, postings, vocabulary: [...postings.keys()], byTag, tagLabels, synonyms: prepareSynonyms(synonyms),
    rulesetIds: rulesets.map((ruleset) => ruleset.id),
  };
}

/** Keep the best score per document. */
function mergeInto(target, byDoc, factor) {
  for (const [doc, weight] of byDoc) {
    const score = weight * factor;
    if ((target.get(doc) || 0) < score) target.set(doc, score);
  }
}

/** Documents containing one query word: exactly, as the start of a longer word, or with one typo. */
function matchWord(index, word) {
  const found = new Map();
  const exact = index.postings.get(word);
  if (exact) mergeInto(found, exact, EXACT);
  const prefix = word.length >= MIN_PREFIX;
  const typo = word.length >= MIN_TYPO;
  if (!prefix && !typo) return found;
  for (const token of index.vocabulary) {
    if (token === word) continue;
    if (prefix && token.length > word.length && token.startsWith(word)) {
      mergeInto(found, index.postings.get(token), PREFIX);
    }
    else if (typo && withinOneEdit(token, word)) mergeInto(found, index.postings.get(token), TYPO);
  }
  return found;
}

/** Documents containing one word of a synonym term: exactly, or any word starting with a starred stem. */
function matchTermWord(index, { stem, star }) {
  if (!star) return index.postings.get(stem) || new Map();
  const found = new Map();
  for (const token of index.vocabulary) {
    if (token.startsWith(stem)) mergeInto(found, index.postings.get(token), EXACT);
  }
  return found;
}

/** Documents containing every word of a synonym term, scored by its weakest word. */
function matchTerm(index, term) {
  let result = null;
  for (const word of term) {
    const byDoc = matchTermWord(index, word);
    if (!result) {
      result = new Map(byDoc);
      continue;
    }
    const next = new Map();
    for (const [doc, score] of result) if (byDoc.has(doc)) next.set(doc, Math.min(score, byDoc.get(doc)));
    result = next;
    if (!result.size) break;
  }
  return result || new Map();
}

/** Whether a typed word stands for a word of a synonym term (allowing an unfinished last word and one typo). */
function typedMatches(typed, { stem, star }, isLast) {
  if (typed === stem || (star && typed.startsWith(stem))) return true;
  if (isLast && typed.length >= MIN_PREFIX && stem.startsWith(typed)) return true;
  return typed.length >= MIN_TYPO && withinOneEdit(typed, stem);
}

/** The longest synonym term the query's words spell from position start, as {group, term, length, exact}. */
function synonymAt(index, words, start) {
  let best = null;
  for (const group of index.synonyms.groups) {
    for (const term of group.terms) {
      if (start + term.length > words.length || (best && term.length < best.length)) continue;
      const typed = words.slice(start, start + term.length);
      if (!term.every((word, offset) => typedMatches(typed[offset], word, start + offset === words.length - 1))) {
        continue;
      }
      // Among terms of the same length, prefer the one typed with the fewest changes.
      const exact = term.filter((word, offset) => word.stem === typed[offset]).length;
      if (!best || term.length > best.length || exact > best.exact) best = { group, term, length: term.length, exact };
    }
  }
  return best;
}

/** The rulings a group names, in each ruleset, first of all, in the order the group lists them. */
function mergeNamed(index, found, group) {
  for (const [rulesetId, rulingIds] of Object.entries(group.names)) {
    rulingIds.forEach((rulingId, rank) => {
      const doc = index.docOf.get(`${rulesetId}:${rulingId}`);
      if (doc !== undefined) found.set(doc, Math.max(found.get(doc) || 0, NAMED - rank / 10));
    });
  }
}

/**
 * Documents for a synonym group: the rulings it names first; the typed term in full; the other terms and the
 * rulings of the incident tags the group names a little lower; the groups it sees lower still.
 */
function matchGroup(index, group, typedTerm) {
  const found = new Map();
  mergeNamed(index, found, group);
  for (const term of group.terms) mergeInto(found, matchTerm(index, term), term === typedTerm ? EXACT : SYNONYM);
  for (const tag of group.tags) mergeInto(found, index.byTag.get(tag) || new Map(), SYNONYM);
  for (const id of group.see) {
    for (const term of index.synonyms.byId.get(id)?.terms || []) mergeInto(found, matchTerm(index, term), RELATED);
  }
  return found;
}

/**
 * Read a query into pieces: each typed word alone, or the words that together spell a synonym term, as
 * [{words, group, term}] (group and term null for a plain word). Stopwords are dropped unless nothing else is left.
 */
export function readQuery(index, query) {
  const all = tokenize(query);
  const words = all.filter((word) => !index.synonyms.stopwords.has(word));
  const used = words.length ? words : all;
  const pieces = [];
  for (let position = 0; position < used.length;) {
    const synonym = synonymAt(index, used, position);
    const length = synonym ? synonym.length : 1;
    pieces.push({
      words: used.slice(position, position + length), group: synonym?.group || null, term: synonym?.term || null });
    position += length;
  }
  return pieces;
}

/** One unit per piece of the query: a map of the documents it matches to their scores. */
export function queryUnits(index, pieces) {
  return pieces.map((piece) => {
    if (!piece.group) return matchWord(index, piece.words[0]);
    const found = matchGroup(index, piece.group, piece.term);
    // The typed word may also appear as such (or as the start of a longer word).
    if (piece.words.length === 1) mergeInto(found, matchWord(index, piece.words[0]), EXACT);
    return found;
  });
}

/** For each document of the allowed rulesets (every one when null): how many units it matches, and its summed score. */
export function scoreDocs(index, units, allowed = null) {
  const totals = new Map();
  for (const unit of units) {
    for (const [doc, score] of unit) {
      if (allowed && !allowed.has(index.docs[doc].rulesetId)) continue;
      const total = totals.get(doc) || { count: 0, score: 0 };
      total.count += 1;
      total.score += score;
      totals.set(doc, total);
    }
  }
  return totals;
}

/** A document as a search hit: {rulesetId, rulingId, tag, score}. */
export function hitOf(index, doc, total) {
  return { ...index.docs[doc], score: Math.round((total?.score || 0) * 100) / 100 };
}

/** The documents matching the most units, best score first, as hits. */
export function bestHits(index, totals, limit = 100) {
  let best = 0;
  for (const total of totals.values()) best = Math.max(best, total.count);
  return [...totals.entries()]
    .filter(([, total]) => total.count === best)
    .sort((a, b) => b[1].score - a[1].score || a[0] - b[0])
    .slice(0, limit)
    .map(([doc, total]) => hitOf(index, doc, total));
}

/**
 * Search the index; return [{rulesetId, rulingId, tag, score}], best first.
 * Rulings matching every word come first; if none does, those matching the most words.
 * Options: rulesetIds limits the rulesets searched; limit caps the number of results.
 */
export function search(index, query, { rulesetIds = null, limit = 100 } = {}) {
  const units = queryUnits(index, readQuery(index, query));
  if (!units.length) return [];
  return bestHits(index, scoreDocs(index, units, rulesetIds ? new Set(rulesetIds) : null), limit);
}
