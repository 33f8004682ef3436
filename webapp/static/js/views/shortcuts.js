/** The start screen's shortcuts to rulings: the ruleset's common incidents, the referee's favourites and recent
 * ones. */
import { el, listen } from './dom.js';
import { rulingUrl } from '../logic/urls.js';

/** One list of ruling links; items: [{rulesetId, rulingId, title, rulesetName?}] (rulesetName when it is another's). */
function list(config, id, title, items) {
  if (!items.length) return null;
  return el('section', { class: 'shortcuts', id, 'aria-labelledby': `${id}-title` },
    el('h2', { id: `${id}-title` }, title),
    el('ul', { class: 'shortcut-list' }, items.map((item) => el('li', {},
      el('a', {
        class: 'shortcut', href: rulingUrl(config.lang, item.rulesetId, item.rulingId), 'data-nav': true,
        'data-ruleset': item.rulesetId, 'data-ruling': item.rulingId,
      }, item.rulesetName ? el('span', { class: 'choice-meta' }, `${item.rulesetName} · `) : null, item.title)))));
}

/** shortcuts: {common, favourites, recent}, each a list as above; nothing when all are empty. */
export function renderShortcuts(config, shortcuts) {
  const s = config.strings.shortcuts;
  return [
    list(config, 'common-rulings', s.common, shortcuts.common),
    list(config, 'favourite-rulings', s.favourites, shortcuts.favourites),
    list(config, 'recent-rulings', s.recent, shortcuts.recent),
  ].filter(Boolean);
}

/** The ruling card's favourite switch: pressed when the ruling is among the favourites; on.toggle() → {ok} |
 * {error}. */
export function favouriteButton(config, pressed, on) {
  const s = config.strings.shortcuts;
  const button = el('button', {
    type: 'button', class: 'button secondary favourite', id: 'favourite', 'aria-pressed': String(pressed),
  }, s.favourite);
  const status = el('p', { class: 'field-error', id: 'favourite-error', role: 'status' });
  listen(button, 'click', async () => {
    const result = await on.toggle();
    if (result.error) {
      status.dataset.error = result.error;
      status.textContent = config.strings.data[`write_${result.error}`] ?? config.strings.data.write_failed ?? '';  // 'quota': out of space
      return;
    }
    button.setAttribute('aria-pressed', String(!(button.getAttribute('aria-pressed') === 'true')));
  });
  return el('div', { class: 'favourite-block' }, button, status);
}
