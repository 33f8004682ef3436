/**
 * What a ruleset does not cover: search one ruleset, and when the words name a kind of incident (an incident tag)
 * the ruleset has no ruling of, or when it has no match at all, point to the other rulesets' rulings instead of
 * leaving the referee with a silent or misleading list. Pure: no DOM, so it runs in Node.
 *
 * The words name a tag when every piece of the query is about it (the piece matches a word of the tag's label, or
 * is a synonym group whose "tags" list it), and either the query spells every word of the label or one of its
 * synonym groups names the tag. So "late" names "Late arrival" (through the group of "late", "retard", "ritardo"),
 * "leaving the table" names "Leaving the table", but "table" alone or "late claim" do not name them.
 */
import { bestHits, hitOf, MIN_PREFIX, MIN_TYPO, queryUnits, readQuery, scoreDocs, tokenize, withinOneEdit } from './search.js';

const tagCache = new WeakMap();

/** The incident tags the index's rulesets use, each with the words of its label and the rulesets that have it. */
function incidentTags(index) {
  if (!tagCache.has(index)) {
    const { stopwords, notIncidents } = index.synonyms;
    const rulesets = new Map();
    for (const doc of index.docs) {
      if (!rulesets.has(doc.tag)) rulesets.set(doc.tag, new Set());
      rulesets.get(doc.tag).add(doc.rulesetId);
    }
    tagCache.set(index, [...rulesets.keys()].filter((tag) => !notIncidents.has(tag)).map((tag) => ({
      tag, rulesets: rulesets.get(tag), words: tokenize(index.tagLabels[tag] || '').filter((word) => !stopwords.has(word)),
    })));
  }
  return tagCache.get(index);
}

/** Whether a typed word stands for a word of a label: the same, its start, or one typo away (as search matches). */
function typedWordMatches(typed, word) {
  return typed === word || (typed.length >= MIN_PREFIX && word.startsWith(typed))
    || (typed.length >= MIN_TYPO && withinOneEdit(typed, word));
}

/** The positions of the label's words a piece of the query matches. */
function coveredWords(piece, words) {
  const covered = new Set();
  const terms = piece.group ? piece.group.terms : [];
  for (const term of terms) {
    const positions = term.map(({ stem, star }) => words.findIndex((word) => word === stem
      || (star && word.startsWith(stem))));
    if (positions.every((position) => position >= 0)) positions.forEach((position) => covered.add(position));
  }
  if (piece.words.length === 1) {
    words.forEach((word, position) => { if (typedWordMatches(piece.words[0], word)) covered.add(position); });
  }
  return covered;
}

/** The incident tags the query's pieces name (see the module's comment), as [{tag, rulesets}]. */
function tagsNamed(index, pieces) {
  const named = [];
  if (!pieces.length) return named;
  for (const entry of incidentTags(index)) {
    const covered = new Set();
    let linked = false;
    let every = true;
    for (const piece of pieces) {
      const isLinked = Boolean(piece.group?.tags.includes(entry.tag));
      const matched = coveredWords(piece, entry.words);
      if (!isLinked && !matched.size) {
        every = false;
        break;
      }
      linked ||= isLinked;
      matched.forEach((position) => covered.add(position));
    }
    if (every && (linked || covered.size === entry.words.length)) named.push(entry);
  }
  return named;
}

/** The incident tags a query names, in the index's order: what the words are about, whichever ruleset has them. */
export function namedTags(index, query) {
  return tagsNamed(index, readQuery(index, query)).map((entry) => entry.tag);
}

/**
 * Search one ruleset and say what it does not cover. Returns
 *   hits: the ruleset's matches, exactly as search(index, query, {rulesetIds: [rulesetId]});
 *   uncovered: [{tag, hits}] for each incident tag the words name that the ruleset has no ruling of, with the
 *     other rulesets' rulings of that tag (best match first);
 *   elsewhere: when hits is empty, the other rulesets' matches not already listed under uncovered.
 * Each hit is {rulesetId, rulingId, tag, score}.
 */
export function searchRuleset(index, query, { rulesetId, limit = 100 } = {}) {
  const result = { hits: [], uncovered: [], elsewhere: [] };
  const pieces = readQuery(index, query);
  if (!pieces.length) return result;
  const units = queryUnits(index, pieces);
  result.hits = bestHits(index, scoreDocs(index, units, new Set([rulesetId])), limit);
  const missing = tagsNamed(index, pieces).filter((entry) => !entry.rulesets.has(rulesetId));
  if (!missing.length && result.hits.length) return result;

  const others = scoreDocs(index, units, new Set(index.rulesetIds.filter((id) => id !== rulesetId)));
  const listed = new Set();
  for (const { tag } of missing) {
    const docs = [...index.byTag.get(tag).keys()].filter((doc) => index.docs[doc].rulesetId !== rulesetId);
    const rank = (doc) => others.get(doc) || { count: 0, score: 0 };
    docs.sort((a, b) => rank(b).count - rank(a).count || rank(b).score - rank(a).score || a - b);
    docs.forEach((doc) => listed.add(doc));
    result.uncovered.push({ tag, hits: docs.slice(0, limit).map((doc) => hitOf(index, doc, others.get(doc))) });
  }
  if (!result.hits.length) {
    // Ranked among all the other rulesets' matches first, so those listed above do not let weaker ones in.
    const key = (hit) => `${hit.rulesetId}\n${hit.rulingId}`;
    const shown = new Set([...listed].map((doc) => key(index.docs[doc])));
    result.elsewhere = bestHits(index, others, limit + listed.size).filter((hit) => !shown.has(key(hit)))
      .slice(0, limit);
  }
  return result;
}
