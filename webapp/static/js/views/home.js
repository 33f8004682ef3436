/** The home screen: the chosen ruleset and the way into "What happened?", or the choice of ruleset. */
import { el } from './dom.js';
import { clockUrl, eventUrl, logUrl, tableUrl, wizardUrl } from '../logic/urls.js';
import { heading } from './common.js';
import { findLinks } from './find-links.js';

function rulesetLink(lang, summary, chosen) {
  return el('li', {},
    el('a', {
      class: `choice${chosen ? ' chosen' : ''}`, href: wizardUrl(lang, summary.id), id: `ruleset-${summary.id}`,
      'data-nav': true, 'aria-current': chosen ? 'true' : null,
    }, el('span', { class: 'choice-title' }, summary.name), el('span', { class: 'choice-meta' }, summary.edition)));
}

/** shortcuts: the shortcuts to rulings as views/shortcuts.js draws them (the home screen loads that view only once
 * the ruleset data is in, so a first visit never needs it); null before. */
export function renderHome({ config, chosenId, notices = null, shortcuts = null }) {
  const { strings, lang, rulesets } = config;
  const chosen = rulesets.find((summary) => summary.id === chosenId);
  const list = el('ul', { class: 'choices', id: 'ruleset-list' }, rulesets.map((s) => rulesetLink(lang, s, s.id === chosenId)));
  if (!chosen) {
    return [heading(strings.choose_ruleset, 'home-heading'), notices, list].filter(Boolean);
  }
  return [
    heading(strings.what_happened, 'home-heading'),
    notices,
    el('p', { class: 'current-ruleset' }, `${strings.current_ruleset} `, el('strong', { id: 'current-ruleset' }, chosen.name)),
    el('a', { class: 'button primary big', href: wizardUrl(lang, chosen.id), id: 'start', 'data-nav': true }, strings.start),
    shortcuts,
    el('details', { class: 'change-ruleset' }, el('summary', { id: 'change-ruleset' }, strings.change_ruleset), list),
    findLinks(config, chosen.id),
    el('nav', { class: 'find-links', 'aria-label': strings.referee_tools },
      el('a', { class: 'button secondary', href: tableUrl(lang, chosen.id), id: 'home-table-link', 'data-nav': true }, strings.calc.table_title),
      el('a', { class: 'button secondary', href: clockUrl(lang, chosen.id), id: 'home-clock-link', 'data-nav': true }, strings.clock.title),
      el('a', { class: 'button secondary', href: logUrl(lang), id: 'home-log-link', 'data-nav': true }, strings.log.title),
      config.sync ? el('a', { class: 'button secondary', href: eventUrl(lang), id: 'home-event-link', 'data-nav': true }, strings.event.title) : null),
  ].filter(Boolean);
}
