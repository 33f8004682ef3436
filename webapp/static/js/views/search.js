/**
 * The search screen: a labelled field, the "every ruleset" switch, and results as links to their rulings; below
 * them, what the ruleset does not cover, with the other rulesets' rulings, each labelled with its ruleset.
 */
import { el, format, listen } from './dom.js';
import { rulingUrl } from '../logic/urls.js';
import { heading } from './common.js';
import { findLinks } from './find-links.js';

function resultItem(config, rulesets, hit, showRuleset) {
  const ruleset = rulesets.get(hit.rulesetId);
  const ruling = ruleset.rulings[hit.rulingId];
  const meta = [ruleset.penalties[ruling.penalty]?.label, ruling.section];
  if (showRuleset) meta.unshift(ruleset.short_name || ruleset.name);
  return el('li', {}, el('a', {
    class: 'choice search-result', href: rulingUrl(config.lang, hit.rulesetId, hit.rulingId), 'data-nav': true,
    'data-ruleset': hit.rulesetId, 'data-ruling': hit.rulingId,
  }, el('span', { class: 'choice-title' }, ruling.title), el('span', { class: 'choice-meta' }, meta.filter(Boolean).join(' · '))));
}

/** The status line: how many rulings match, or that this ruleset has none, and which kinds it does not cover. */
function statusText(config, strings, rulesetName, text, found) {
  if (!text.trim()) return '';
  const { hits, uncovered, elsewhere } = found;
  const parts = [hits.length ? format(strings.search_count, { count: hits.length })
    : uncovered.length || elsewhere.length ? format(strings.search_none_here, { ruleset: rulesetName })
      : strings.search_none];
  if (uncovered.length) {
    const tags = new Intl.ListFormat(config.lang, { type: 'conjunction' }).format(uncovered.map(({ tag }) => config.strings.tags[tag] || tag));
    parts.push(format(strings.search_not_covered_status, { tags }));
  }
  return parts.join(' ');
}

/**
 * find(query, all) returns {hits, uncovered: [{tag, hits}], elsewhere} (coverage.js's searchRuleset; with "every
 * ruleset", only hits); onChange(query, all) keeps the URL in step. Results update on every keystroke; Enter opens
 * the first result shown.
 */
export function renderSearch({ config, ruleset, rulesets, query, all, find, onChange, onOpen }) {
  const s = config.strings.find;
  const rulesetName = ruleset.short_name || ruleset.name;
  const byId = new Map(rulesets.map((r) => [r.id, r]));
  const input = el('input', {
    id: 'search-input', name: 'q', type: 'search', value: query, autocomplete: 'off', autocapitalize: 'off',
    spellcheck: 'false', enterkeyhint: 'search', 'aria-describedby': 'search-help', 'aria-controls': 'search-results',
  });
  const allBox = el('input', { type: 'checkbox', id: 'search-all', name: 'all', checked: all });
  const status = el('p', { id: 'search-status', class: 'search-status', role: 'status' });
  const list = el('ol', { id: 'search-results', class: 'choices search-results', 'data-count': '0' });
  const beyond = el('div', { id: 'search-beyond', class: 'search-beyond' });
  let first = null;
  // Each result's element is built once and reused while typing, so a keystroke mostly moves existing nodes.
  const items = new Map();
  const itemFor = (hit, showRuleset) => {
    const key = `${showRuleset ? 1 : 0}:${hit.rulesetId}:${hit.rulingId}`;
    if (!items.has(key)) items.set(key, resultItem(config, byId, hit, showRuleset));
    return items.get(key);
  };
  const otherList = (hits) => el('ol', { class: 'choices search-results', 'data-count': String(hits.length) },
    hits.map((hit) => itemFor(hit, true)));

  function update() {
    const text = input.value;
    const found = text.trim() ? find(text, allBox.checked) : { hits: [], uncovered: [], elsewhere: [] };
    list.replaceChildren(...found.hits.map((hit) => itemFor(hit, allBox.checked)));
    list.dataset.count = String(found.hits.length);
    const notices = found.uncovered.map(({ tag, hits }) => el('section', { class: 'search-not-covered', 'data-tag': tag },
      el('h2', {}, format(s.search_not_covered, { ruleset: rulesetName, tag: config.strings.tags[tag] || tag })),
      el('p', {}, s.search_covered_elsewhere), otherList(hits)));
    if (found.elsewhere.length) {
      notices.push(el('section', { class: 'search-elsewhere', id: 'search-elsewhere' },
        el('h2', {}, s.search_elsewhere), otherList(found.elsewhere)));
    }
    beyond.replaceChildren(...notices);
    first = [found.hits, ...found.uncovered.map((entry) => entry.hits), found.elsewhere]
      .find((hits) => hits.length)?.[0];
    status.textContent = statusText(config, s, rulesetName, text, found);
    onChange(text, allBox.checked);
  }

  const form = el('form', { class: 'search-form', id: 'search-form', role: 'search', novalidate: true, 'data-transient': true },
    el('div', { class: 'field' }, el('label', { for: 'search-input' }, s.search_label), input,
      el('p', { class: 'help', id: 'search-help' }, s.search_help)),
    el('label', { class: 'check' }, allBox, s.search_all));
  listen(input, 'input', update);
  listen(allBox, 'change', update);
  listen(form, 'submit', (event) => {
    event.preventDefault();
    if (first) onOpen(rulingUrl(config.lang, first.rulesetId, first.rulingId));
  });
  update();
  return [el('p', { class: 'ruleset-name' }, ruleset.name), heading(s.search_title, 'search-heading'), form, status, list,
    beyond, findLinks(config, ruleset.id)];
}
