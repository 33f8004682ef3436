/** The ruling card: the penalty in large type, then scores, next steps, source, exceptions and judgement. */
import { el, format } from './dom.js';
import { readingsOf } from '../logic/engine.js';
import { logUrl, rulingUrl, tableUrl, wizardUrl } from '../logic/urls.js';
import { countingText, heading, navBar } from './common.js';
import { trailList } from './question.js';
import { findLinks } from './find-links.js';
import { shareBlock } from './share.js';

function block(id, title, content) {
  if (!content || (Array.isArray(content) && !content.length)) return null;
  const body = Array.isArray(content) ? el('ul', {}, content.map((line) => el('li', {}, line))) : el('p', {}, content);
  return el('section', { class: 'ruling-block', id, 'aria-labelledby': `${id}-title` },
    el('h2', { id: `${id}-title` }, title), body);
}

/** Where the ruling comes from: its section and the source document, a link to the document where its public address
 * is known (the ruleset's source.url); otherwise the document is only named. */
function sourceBlock(strings, ruleset, ruling) {
  const { document: title, url, language } = ruleset.source;
  const documentName = url
    ? el('a', { href: url, id: 'source-link', hreflang: language, target: '_blank', rel: 'noopener noreferrer', class: 'source-link' }, title)
    : title;
  return el('section', { class: 'ruling-block', id: 'section', 'aria-labelledby': 'section-title' },
    el('h2', { id: 'section-title' }, strings.section), el('p', {}, `${ruling.section} — `, documentName));
}

/** The readings a ruling rests on (its penalty kind's, then its own): what the source leaves open, the app's reading,
 * and where that reading comes from. */
function readingsBlock(strings, ruleset, ruling) {
  const ids = readingsOf(ruleset, ruling);
  if (!ids.length) return null;
  const items = ids.map((id) => {
    const reading = ruleset.readings[id];
    return el('li', { class: 'reading', 'data-reading': id },
      el('p', { class: 'reading-open' }, el('strong', {}, strings.reading_open), ' ', reading.open),
      el('p', { class: 'reading-taken' }, el('strong', {}, strings.reading_taken), ' ', reading.reading),
      el('p', { class: 'reading-origin' }, el('strong', {}, strings.reading_origin), ' ', reading.origin));
  });
  return el('section', { class: 'ruling-block', id: 'ambiguity', 'aria-labelledby': 'ambiguity-title' },
    el('h2', { id: 'ambiguity-title' }, strings.ambiguity),
    el('ul', { class: 'readings', id: 'readings' }, items));
}

function comparison(config, others) {
  const { strings, lang } = config;
  const items = others.flatMap(({ ruleset, rulings }) => rulings.map((id) => el('li', {},
    el('a', { href: rulingUrl(lang, ruleset.id, id), 'data-nav': true, class: 'compare-link', 'data-ruleset': ruleset.id, 'data-ruling': id },
      el('span', { class: 'choice-meta' }, ruleset.short_name || ruleset.name), ' ',
      el('span', {}, `${ruleset.penalties[ruleset.rulings[id].penalty].label} — ${ruleset.rulings[id].title}`)))));
  if (!items.length) return null;
  return el('details', { class: 'ruling-block compare', id: 'compare' },
    el('summary', {}, strings.other_rulesets), el('ul', {}, items));
}

/** How part of a minute counted for a ruling reached by minutes late (counting: lateness.js partMinuteRule). */
function countingBlock(config, counting) {
  if (!counting) return null;
  return el('section', {
    class: 'ruling-block', id: 'part-minute', 'aria-labelledby': 'part-minute-title', 'data-rule': counting.rule, 'data-from': counting.from,
  }, el('h2', { id: 'part-minute-title' }, config.strings.lateness.title), el('p', {}, countingText(config, counting)));
}

/** What a ruling says, as the referee and the player both read it: from the scores to the source's readings. */
function rulingBody(config, ruleset, ruling, counting) {
  const { strings } = config;
  return [
    block('scores', strings.scores, ruling.scores),
    countingBlock(config, counting),
    block('next-steps', strings.next_steps, ruling.next_steps),
    sourceBlock(strings, ruleset, ruling),
    block('exceptions', strings.exceptions, ruling.exceptions),
    block('judgement', strings.judgement, ruling.judgement),
    readingsBlock(strings, ruleset, ruling),
  ];
}

/** Share the ruling (its link opens the player's view) and show it to a player on this phone, beside the penalty. */
function shareRow(config, ruleset, rulingId, shown) {
  const { strings } = config;
  const ruling = ruleset.rulings[rulingId];
  const penalty = ruleset.penalties[ruling.penalty];
  return el('div', { class: 'ruling-share' },
    shareBlock(config, shown.shared, ruling.title,
      [ruling.title, format(strings.find.share_penalty, { penalty: penalty.label }), ruling.scores], shown),
    el('a', { class: 'button secondary', id: 'show-player', href: shown.here, 'data-nav': true }, strings.shown.show));
}

/**
 * counting: how part of a minute counts, for a ruling a question of time leads to (else null); shown: {shared (the
 * address a shared link opens: the player's view), here (this phone's player's view, which leads back here), handed
 * and hand(state) (how sharing it went, see shareBlock)}.
 */
export function renderRuling({
  config, ruleset, rulingId, walked, answers, others, notices, act = null, favourite = null, counting = null, shown }) {
  const { strings, lang } = config;
  const ruling = ruleset.rulings[rulingId];
  const penalty = ruleset.penalties[ruling.penalty];
  const back = answers.length ? wizardUrl(lang, ruleset.id, answers.slice(0, -1)) : `/${lang}/`;
  return [
    el('p', { class: 'ruleset-name' }, ruleset.name),
    el('article', { class: 'ruling', id: 'ruling', 'data-ruling-id': rulingId, 'data-penalty': ruling.penalty },
      el('p', { class: 'penalty-label' }, strings.penalty),
      heading(penalty.label, 'penalty'),
      el('p', { class: 'ruling-title', id: 'ruling-title' }, ruling.title),
      shareRow(config, ruleset, rulingId, shown),
      act,  // the one action, right under the summary: on the first screen
      rulingBody(config, ruleset, ruling, counting),
      el('p', { class: 'tag', id: 'tag', 'data-tag': ruling.tag }, format(strings.label_value, { label: strings.tag, value: strings.tags[ruling.tag] || ruling.tag }))),
    favourite,
    notices,
    comparison(config, others),
    navBar(strings, back, wizardUrl(lang, ruleset.id)),
    el('p', { class: 'more-links' },
      el('a', { href: tableUrl(lang, ruleset.id), 'data-nav': true, id: 'table-link', class: 'button secondary' }, strings.calc.table_title),
      el('a', { href: logUrl(lang), 'data-nav': true, id: 'log-link', class: 'button secondary' }, strings.log.title)),
    findLinks(config, ruleset.id),
    walked ? trailList(config, ruleset, walked.trail) : null,
  ].filter(Boolean);
}

/**
 * A ruling shown to a player: in this page's language (the player's), without the referee's tools. languages:
 * [{code, name, href}] (this same view in each language); back: {href, lang, label} to the referee's screen in the
 * referee's language (on the referee's phone), or null for a shared link, whose reader finds the referee's tools one
 * link away (tools: that address).
 */
export function renderShownRuling({ config, ruleset, rulingId, counting, languages, back, tools }) {
  const { strings, lang } = config;
  const ruling = ruleset.rulings[rulingId];
  const penalty = ruleset.penalties[ruling.penalty];
  return [
    back ? el('p', { class: 'player-view-back' }, el('a', {
      class: 'button primary big', id: 'player-view-back', href: back.href, lang: back.lang, hreflang: back.lang,
    }, `← ${back.label}`)) : null,
    el('nav', { class: 'player-languages', id: 'player-languages', 'aria-label': strings.shown.languages },
      languages.map((item) => el('a', {
        class: 'button secondary', id: `player-lang-${item.code}`, href: item.href, lang: item.code, hreflang: item.code,
        'aria-current': item.code === lang ? 'true' : undefined,
      }, item.name))),
    el('p', { class: 'ruleset-name' }, ruleset.name),
    el('article', {
      class: 'ruling', id: 'ruling', 'data-ruling-id': rulingId, 'data-penalty': ruling.penalty, 'data-view': 'player',
    },
    el('p', { class: 'penalty-label' }, strings.penalty),
    heading(penalty.label, 'penalty'),
    el('p', { class: 'ruling-title', id: 'ruling-title' }, ruling.title),
    rulingBody(config, ruleset, ruling, counting)),
    back ? null : el('p', { class: 'more-links' },
      el('a', { class: 'button secondary', id: 'player-view-tools', href: tools, 'data-nav': true }, strings.referee_tools)),
  ].filter(Boolean);
}
