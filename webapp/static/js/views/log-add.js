/**
 * "Add an incident" on the log screen, for a session written up afterwards or a paper slip: the ruleset, the ruling
 * found by search (the app's search index), then the record form with its date and time.
 */
import { el, format, listen } from './dom.js';
import { recordForm } from './record.js';
import { sentLine } from './sent.js';

/** The rulings found for what is typed, as buttons to pick one. */
function resultList(config, rulesets, hits, on) {
  const log = config.strings.log;
  if (!hits) return [];
  if (!hits.length) return [el('li', { id: 'log-add-none' }, log.add_none)];
  return hits.map((hit) => {
    const ruling = rulesets[hit.rulesetId].rulings[hit.rulingId];
    return el('li', {}, el('button', {
      type: 'button', class: 'choice', 'data-ruling': hit.rulingId, 'data-ruleset': hit.rulesetId,
      onclick: () => on.pickRuling(hit.rulesetId, hit.rulingId),
    }, el('span', { class: 'choice-title' }, ruling.title), el('span', { class: 'choice-meta' }, ruling.section || '')));
  });
}

/** "Saved in the log" under the closed block, for the incident just added, with whether it reached the server. */
function doneNote(config, done) {
  if (!done) return null;
  return el('div', { class: 'saved-line no-print', id: 'log-add-saved', role: 'status', 'data-incident': done.id },
    el('p', {}, config.strings.log.recorded), sentLine(config, done.sent, 'log-add-sent', { live: false }));
}

/**
 * adding: {open, rulesetId, query, rulingId, form, done} (form: the record form's {values, players, sessions,
 * knownSessions, event}; done: the incident just added, {id, sent}, or null); on: toggleAdd(open), chooseRuleset(id),
 * findRulings(rulesetId, query) → hits, pickRuling, unpickRuling, recordOf(values), saveAdded(values). Returns the
 * block, and what the last addition came to.
 */
export function renderLogAdd({ config, rulesets, adding, on }) {
  const log = config.strings.log;
  const block = el('details', { class: 'ruling-block log-add no-print', id: 'log-add', open: adding.open || null });
  listen(block, 'toggle', () => {
    if (block.open !== adding.open) on.toggleAdd(block.open);
  });
  const summary = el('summary', { id: 'log-add-open' }, log.add_title);
  if (!adding.open) {
    block.append(summary);
    return [block, doneNote(config, adding.done)];
  }
  const ruleset = rulesets[adding.rulesetId];
  if (adding.rulingId && ruleset?.rulings[adding.rulingId]) {
    const ruling = ruleset.rulings[adding.rulingId];
    const form = recordForm({ config, prefix: 'log-add', ...adding.form, on: { recordOf: on.recordOf, save: on.saveAdded } });
    block.append(summary,
      el('p', { id: 'log-add-chosen', 'data-ruleset': adding.rulesetId, 'data-ruling': adding.rulingId },
        format(log.add_chosen, { ruleset: ruleset.short_name || ruleset.name, title: ruling.title }), ' ',
        el('button', { type: 'button', class: 'button secondary small', id: 'log-add-change', onclick: on.unpickRuling }, log.add_change)),
      form);
    return block;
  }
  const choose = el('select', { id: 'log-add-ruleset', name: 'ruleset' },
    Object.values(rulesets).map((item) => el('option', { value: item.id, selected: item.id === adding.rulesetId }, item.short_name || item.name)));
  listen(choose, 'change', () => on.chooseRuleset(choose.value));
  const input = el('input', { id: 'log-add-search', type: 'search', autocomplete: 'off', value: adding.query || '', enterkeyhint: 'search' });
  const list = el('ol', { class: 'choices', id: 'log-add-results' });
  const show = () => list.replaceChildren(...resultList(
    config, rulesets, input.value.trim() ? on.findRulings(choose.value, input.value) : null, on));
  listen(input, 'input', show);
  show();
  block.append(summary,
    el('div', { class: 'field' }, el('label', { for: 'log-add-ruleset' }, log.ruleset), choose),
    el('div', { class: 'field' }, el('label', { for: 'log-add-search' }, log.add_search), input),
    list);
  return block;
}
