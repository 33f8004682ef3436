/** The search screen: a labelled field, the "every ruleset" switch, and results as links to their rulings. */
import { el, format } from '../dom.js';
import { rulingUrl } from '../router.js';
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

/**
 * find(query, all) returns the hits; onChange(query, all) keeps the URL in step. Results update on every keystroke;
 * Enter opens the first result.
 */
export function renderSearch({ config, ruleset, rulesets, query, all, find, onChange, onOpen }) {
  const s = config.strings.find;
  const byId = new Map(rulesets.map((r) => [r.id, r]));
  const input = el('input', {
    id: 'search-input', name: 'q', type: 'search', value: query, autocomplete: 'off', autocapitalize: 'off',
    spellcheck: 'false', enterkeyhint: 'search', 'aria-describedby': 'search-help', 'aria-controls': 'search-results',
  });
  const allBox = el('input', { type: 'checkbox', id: 'search-all', name: 'all', checked: all });
  const status = el('p', { id: 'search-status', class: 'search-status', role: 'status' });
  const list = el('ol', { id: 'search-results', class: 'choices search-results', 'data-count': '0' });
  let hits = [];
  // Each result's element is built once and reused while typing, so a keystroke mostly moves existing nodes.
  const items = new Map();
  const itemFor = (hit, showRuleset) => {
    const key = `${showRuleset ? 1 : 0}:${hit.rulesetId}:${hit.rulingId}`;
    if (!items.has(key)) items.set(key, resultItem(config, byId, hit, showRuleset));
    return items.get(key);
  };

  function update() {
    const text = input.value;
    hits = text.trim() ? find(text, allBox.checked) : [];
    list.replaceChildren(...hits.map((hit) => itemFor(hit, allBox.checked)));
    list.dataset.count = String(hits.length);
    status.textContent = !text.trim() ? '' : hits.length ? format(s.search_count, { count: hits.length }) : s.search_none;
    onChange(text, allBox.checked);
  }

  const form = el('form', { class: 'search-form', id: 'search-form', role: 'search', novalidate: true },
    el('div', { class: 'field' }, el('label', { for: 'search-input' }, s.search_label), input,
      el('p', { class: 'help', id: 'search-help' }, s.search_help)),
    el('label', { class: 'check' }, allBox, s.search_all));
  input.addEventListener('input', update);
  allBox.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (hits.length) onOpen(rulingUrl(config.lang, hits[0].rulesetId, hits[0].rulingId));
  });
  update();
  return [el('p', { class: 'ruleset-name' }, ruleset.name), heading(s.search_title, 'search-heading'), form, status, list,
    findLinks(config, ruleset.id)];
}
