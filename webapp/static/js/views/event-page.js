/**
 * The event screen: one page for the event, its days and sessions, its roster, its sharing and invitations, and the
 * lateness clock, each a section with its own heading, and buttons at the top that bring a section into view. Render
 * only: the parts come rendered by views/roster.js, views/event.js and views/clock.js.
 */
import { el } from './dom.js';
import { homeUrl } from '../logic/urls.js';
import { heading } from './common.js';

/** The sections in the order shown: their id, their heading's id and the string that names them. */
export const SECTIONS = [
  { name: 'overview', heading: 'overview-heading', label: (strings) => strings.event.ov_heading },  // the head's
  { name: 'local', heading: 'current-event-title', label: (strings) => strings.roster.current },
  { name: 'roster', heading: 'roster-heading', label: (strings) => strings.roster.players },
  { name: 'shared', heading: 'event-shared-heading', label: (strings) => strings.event.share_heading },
  { name: 'invitations', heading: 'invite-heading', label: (strings) => strings.event.invite_heading },
  { name: 'clock', heading: 'clock-heading', label: (strings) => strings.clock.title },
];

/** A section's heading, which takes focus when the section is asked for (or brought into view: `reveal`). */
function sectionHeading(id, text, reveal = false) {
  return el('h2', { id, tabindex: '-1', 'data-reveal': reveal || null }, text);
}

/** The clock's part when no ruleset is in use: the clock hands its minutes to a ruleset's lateness ruling. */
function noRuleset(config) {
  const s = config.strings.event;
  return [el('p', { id: 'clock-no-ruleset' }, s.clock_no_ruleset),
    el('p', {}, el('a', { class: 'button secondary', id: 'clock-choose-ruleset', href: homeUrl(config.lang), 'data-nav': true }, s.choose_ruleset))];
}

/**
 * parts: {overview (the head referee's view, views/overview.js; null on another phone), local, roster (nodes of
 * views/roster.js), shared, invitations (of views/event.js), clock (views/clock.js's nodes, or null when no ruleset
 * is in use)}; notices: nodes said above every section; reveal: the name of a section to bring into view and focus
 * once (the invitations of an event just shared), or null.
 */
export function renderEventPage({ config, parts, notices, reveal = null }) {
  const { strings } = config;
  const content = { ...parts, clock: parts.clock ?? noRuleset(config) };
  const shown = SECTIONS.filter(({ name }) => content[name]);  // no invitations where the app has no server
  const sections = shown.map(({ name, heading: id, label }) => el('section', {
    class: 'event-part', id: `event-${name}`, 'data-section': name, 'aria-labelledby': id,
    'data-reveal-box': name === reveal || null,
  }, sectionHeading(id, label(strings), name === reveal), content[name]));
  const jump = el('nav', { class: 'event-jump', id: 'event-jump', 'aria-label': strings.event.sections },
    shown.map(({ name, heading: id, label }) => el('button', {
      type: 'button', class: 'button secondary small', id: `event-jump-${name}`, 'data-section': name,
      onclick: () => {
        const target = document.getElementById(id);
        target?.scrollIntoView({ block: 'start' });
        target?.focus({ preventScroll: true });
      },
    }, label(strings))));
  return [heading(strings.event.title, 'event-heading'), notices, jump, sections];
}
