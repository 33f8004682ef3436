/** Pieces shared by the wizard's screens: the heading that takes focus, the navigation bar, and how minutes late are
 * counted (the lateness question, its ruling and the clock say it alike). */
import { el } from './dom.js';

export function heading(text, id, level = 'h1') {
  return el(level, { id, tabindex: '-1', class: 'screen-heading' }, text);
}

export function navBar(strings, backHref, startHref) {
  return el('nav', { class: 'wizard-nav', 'aria-label': strings.your_answers },
    backHref ? el('a', { class: 'button secondary', href: backHref, id: 'back', 'data-nav': true }, `← ${strings.back}`) : null,
    el('a', { class: 'button secondary', href: startHref, id: 'start-over', 'data-nav': true }, strings.start_over));
}

/** How part of a minute counts ({rule, from} from lateness.js partMinuteRule), in words, with where that comes from. */
export function countingText(config, counting) {
  const s = config.strings.lateness;
  return `${s[`counted_${counting.rule}`]} ${counting.from === 'event' ? s.from_event : s.from_ruleset}`;
}
