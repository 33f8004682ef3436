/** The ways to find a ruling other than the wizard: search, the whole ruleset, the glossary. */
import { el } from './dom.js';
import { browseUrl, glossaryUrl, searchUrl } from '../logic/urls.js';

export function findLinks(config, rulesetId) {
  const { lang } = config;
  const s = config.strings.find;
  return el('nav', { class: 'find-links', id: 'find-links', 'aria-label': s.find_nav },
    rulesetId ? el('a', { class: 'button secondary', href: searchUrl(lang, rulesetId), id: 'search-link', 'data-nav': true }, s.search_link) : null,
    rulesetId ? el('a', { class: 'button secondary', href: browseUrl(lang, rulesetId), id: 'browse-link', 'data-nav': true }, s.browse_link) : null,
    el('a', { class: 'button secondary', href: glossaryUrl(lang), id: 'glossary-link', 'data-nav': true }, s.glossary_link));
}
