/**
 * One event screen, reached from the navigation (and from the roster's old address): the event shared with other
 * referees (its status, invitations and conflicts, or the form to share one), then the current event on this phone
 * with its days, sessions and roster, and the lateness clock. It joins the two controllers that own these
 * (screens/event.js and screens/roster.js) and adds nothing of its own but the order and the clock's link.
 */
import { el } from '../dom.js';
import { clockUrl } from '../router.js';
import { readSettings } from '../services/settings.js';
import { createEventScreen } from './event.js';
import { createRosterScreen } from './roster.js';

/** The roster's own page heading, as a section heading under the event's. */
function asSection(node) {
  if (!(node instanceof Element) || node.tagName !== 'H1') return node;
  return el('h2', { id: node.id, tabindex: '-1' }, node.textContent);
}

export function createEventPage(ctx, { rulesets }) {
  const { config } = ctx;
  const shared = createEventScreen(ctx, { rulesets: Object.fromEntries(rulesets.map((r) => [r.id, r])) });
  const local = createRosterScreen(ctx, { rulesets });
  return {
    live: true,
    async render() {
      const [top, roster, { settings }] = await Promise.all([shared.render(), local.render(), readSettings()]);
      const rulesetId = settings.ruleset;
      const clock = rulesetId ? el('p', { class: 'more-links', id: 'event-clock' },
        el('a', { href: clockUrl(config.lang, rulesetId), 'data-nav': true, id: 'event-clock-link', class: 'button secondary' },
          config.strings.clock.title)) : null;
      return {
        children: [...top.children, ...roster.children.map(asSection), clock].filter(Boolean),
        title: top.title,
      };
    },
  };
}
