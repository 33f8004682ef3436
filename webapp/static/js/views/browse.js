/** The whole ruleset as a reference laid out like its source, each entry a link to its ruling. */
import { browseGroups } from '../logic/browse.js';
import { el } from './dom.js';
import { rulingUrl } from '../logic/urls.js';
import { heading } from './common.js';
import { findLinks } from './find-links.js';

function entry(config, ruleset, rulingId) {
  const ruling = ruleset.rulings[rulingId];
  return el('li', {}, el('a', {
    class: 'choice browse-link', href: rulingUrl(config.lang, ruleset.id, rulingId), 'data-nav': true, 'data-ruling': rulingId,
  }, el('span', { class: 'choice-title' }, ruling.title),
  el('span', { class: 'choice-meta' }, `${ruleset.penalties[ruling.penalty]?.label ?? ''} · ${ruling.section}`)));
}

export function renderBrowse({ config, ruleset }) {
  const s = config.strings.find;
  const groups = browseGroups(ruleset).map((group) => el('section', {
    class: 'browse-group', 'data-group': group.key, 'aria-labelledby': `${group.key}-title`,
  }, el('h2', { id: `${group.key}-title` }, group.label ?? s.browse_other),
  el('ul', { class: 'choices' }, group.rulings.map((id) => entry(config, ruleset, id)))));
  return [
    el('p', { class: 'ruleset-name' }, ruleset.name),
    heading(s.browse_title, 'browse-heading'),
    el('p', { class: 'help' }, ruleset.source.document),
    el('div', { class: 'browse', id: 'browse', 'data-groups': String(groups.length) }, groups),
    findLinks(config, ruleset.id),
  ];
}
