/**
 * The app's navigation bar (drawn by the page, base.html, so it is there before the app starts): where each tab
 * leads for the ruleset in use, and which tab the current screen belongs to (aria-current).
 */
import { eventUrl, homeUrl, logUrl, searchUrl, tableUrl } from '../logic/urls.js';

/** The tab each screen belongs to; a screen not listed (a page of its own) marks none. */
const TAB_OF = {
  home: 'home', wizard: 'home', ruling: 'home', search: 'search', browse: 'search', glossary: 'search', table: 'table', log: 'log',
  event: 'event', roster: 'event', clock: 'event',  // the one event screen, whichever section its address asks for
};

/** Point the tabs at the ruleset in use (none chosen yet: Search and Table lead to the choice) and mark the current. */
export function syncAppNav(lang, view, rulesetId) {
  const targets = {
    home: homeUrl(lang),
    search: rulesetId ? searchUrl(lang, rulesetId) : homeUrl(lang),
    table: rulesetId ? tableUrl(lang, rulesetId) : homeUrl(lang),
    log: logUrl(lang),
    event: eventUrl(lang),
  };
  const current = TAB_OF[view];
  for (const link of document.querySelectorAll('#app-nav [data-nav-to]')) {
    const tab = link.dataset.navTo;
    if (!Object.hasOwn(targets, tab)) continue;
    link.setAttribute('href', targets[tab]);
    if (tab === current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}
