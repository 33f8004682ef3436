/** The glossary: table words and what they mean, each a way into the search when a ruleset is chosen. */
import { el, format } from './dom.js';
import { searchUrl } from '../logic/urls.js';
import { heading } from './common.js';
import { findLinks } from './find-links.js';

export function renderGlossary({ config, chosenId }) {
  const s = config.strings.find;
  const entries = s.glossary.flatMap((item) => [
    el('dt', { id: `term-${item.id}`, 'data-term': item.id }, item.term),
    el('dd', {}, el('p', {}, item.definition),
      chosenId ? el('a', { href: searchUrl(config.lang, chosenId, item.q), 'data-nav': true, class: 'glossary-search' },
        format(s.glossary_search, { term: item.term })) : null),
  ]);
  return [heading(s.glossary_title, 'glossary-heading'), el('dl', { class: 'glossary', id: 'glossary' }, entries),
    findLinks(config, chosenId)];
}
