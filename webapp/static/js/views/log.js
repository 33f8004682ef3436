/** The log screen: every incident, the per-player summary with escalation, import and export, and the data section. */
import { domId, el, format, listen } from './dom.js';
import { formatNumber, pluralForm } from '../logic/format.js';
import { rosterUrl, rulingUrl } from '../logic/urls.js';
import { heading } from './common.js';
import { showStale } from './form-state.js';
import { escalationLines, recordForm } from './record.js';
import { sentLine } from './sent.js';
import { statusData, statusText } from './status.js';
import { storageFailed } from './shared-parts.js';

/** What a ruleset says about an incident's ruling, in the reader's language (or its ids when unknown). */
/** "2 incidents shown out of 5": the plural follows the shown count, the noun sits beside it in French and Italian. */
function shownLine(lang, log, shown, total, complete) {
  return el('p', { id: 'log-shown', 'data-shown': shown, 'data-total': total, 'data-complete': String(complete !== false) },
    format(pluralForm(lang, log.shown, shown), { shown: formatNumber(lang, shown), total: formatNumber(lang, total) }));
}

export function describeIncident(rulesets, item) {
  const ruleset = rulesets[item.rulesetId];
  const ruling = ruleset?.rulings[item.rulingId];
  return {
    ruleset,
    penalty: ruling ? ruleset.penalties[ruling.penalty].label : '',
    title: ruling ? ruling.title : item.rulingId,
    section: ruling ? ruling.section : '',
  };
}

// One date formatter per language: making one costs more than formatting with it (a page draws 50 incidents).
const formatters = new Map();
const whenFormat = (lang) => {
  if (!formatters.has(lang)) formatters.set(lang, new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }));
  return formatters.get(lang);
};

function incidentCard(config, rulesets, entry, on, failed) {
  const { strings, lang } = config;
  const log = strings.log;
  const { incident: item, rev, editor } = entry;
  const name = entry.name ?? item.player;
  const { ruleset, penalty, title, section } = describeIncident(rulesets, item);
  const when = whenFormat(lang).format(new Date(item.at));
  const prefix = domId('edit', item.id);
  const form = editor && ruleset ? recordForm({
    config, prefix, values: editor.values, rev: editor.rev, players: editor.players, editing: true,
    sessions: editor.sessions, knownSessions: editor.knownSessions,
    on: { recordOf: (values) => on.recordOf(item.rulesetId, values, item.eventId ?? 'local'), save: (values, baseRev) => on.saveEdit(item.id, values, baseRev) },
  }) : null;
  if (form && editor.problem) showStale(form, editor.problem);
  // Keyed by the incident (and its editor by name), so a drawing after a change elsewhere keeps each card's editor
  // with its typed input, though incidents come and go above it or its actions go with a deletion.
  return el('li', { class: 'incident', 'data-key': item.id, 'data-incident': item.id, 'data-deleted': entry.deleted ? 'true' : null,
    'data-player-id': item.playerId ?? null },
    el('h3', { class: 'incident-title' }, el('bdi', {}, name), `${Number.isInteger(item.seat) ? ` (${strings.winds[item.seat]})` : ''} — ${penalty}`),
    el('p', {}, ruleset ? el('a', { href: rulingUrl(lang, item.rulesetId, item.rulingId), 'data-nav': true, class: 'incident-ruling' }, title) : title),
    el('dl', { class: 'incident-facts' },
      el('dt', {}, log.when), el('dd', {}, when),
      el('dt', {}, log.ruleset), el('dd', {}, ruleset?.short_name || item.rulesetId),
      el('dt', {}, log.section), el('dd', {}, section),
      item.tournament ? [el('dt', {}, log.tournament), el('dd', {}, item.tournament)] : null,
      item.session ? [el('dt', {}, log.session), el('dd', {}, item.session)] : null,
      item.table ? [el('dt', {}, log.table), el('dd', {}, item.table)] : null,
      item.points !== null && item.points !== undefined ? [el('dt', {}, log.points), el('dd', { 'data-points': item.points }, formatNumber(lang, item.points))] : null,
      item.note ? [el('dt', {}, log.note), el('dd', { class: 'note' }, item.note)] : null),
    entry.deleted ? null : el('div', { class: 'incident-actions no-print' },
      ruleset ? el('button', {
        type: 'button', class: 'button secondary small', id: prefix, 'aria-expanded': String(Boolean(editor)),
        onclick: () => (editor ? on.closeEditor(item.id) : on.openEditor(item.id)),
      }, log.edit) : null,
      el('button', {
        type: 'button', class: 'button secondary small', id: domId('delete', item.id),
        onclick: async () => {
          if (!window.confirm(log.confirm_delete)) return;
          failed(await on.remove(item.id, rev));
        },
      }, log.delete)),
    el('div', { class: 'editor', 'data-key': 'editor' }, form ?? savedNote(config, item.id, entry.saved)));
}

/** "Saved in the log", where the editor just saved was, with whether the incident reached the server. */
function savedNote(config, id, saved) {
  if (!saved) return null;
  return el('div', { class: 'saved-line', id: domId('saved', id), role: 'status' },
    el('p', {}, config.strings.log.recorded), sentLine(config, saved.sent, domId('saved-sent', id), { live: false }));
}

/** cards: [{key, player, playerId, rulesetId, count, points, found}]: the next offence first, then the counts. */
function playerCardList(config, rulesets, cards) {
  const { strings, lang } = config;
  const log = strings.log;
  return el('section', { class: 'player-cards-section', 'data-key': 'player-cards', 'aria-labelledby': 'player-cards-title' },
    el('h2', { id: 'player-cards-title' }, log.summary),
    el('ul', { class: 'player-cards', id: 'player-cards' }, cards.map((card) => {
      const ruleset = rulesets[card.rulesetId];
      return el('li', {
        class: 'player-card', 'data-player': card.player, 'data-player-key': card.key, 'data-player-id': card.playerId || null,
        'data-ruleset': card.rulesetId, 'data-count': card.count, 'data-points-total': card.points, ...statusData(card.found),
      },
      el('h3', { class: 'player-card-name' }, card.player, ' ', el('span', { class: 'choice-meta' }, `· ${ruleset?.short_name || card.rulesetId}`),
        card.found.status?.state !== 'ok' && card.found.status ? [' ', el('span', { class: 'status-badge', 'data-status': card.found.status.state },
          statusText(config, card.found.status))] : null),
      el('ul', { class: 'escalation' }, escalationLines(config, card.found)),
      el('p', { class: 'player-card-facts' },
        format(pluralForm(lang, log.incident_count, card.count), { count: formatNumber(lang, card.count) }), ' · ',
        format(log.points_total, { points: formatNumber(lang, card.points) })));
    })));
}

/** A button that draws the next page of a long list (the cards or the incidents). */
function moreButton(id, label, onclick) {
  return el('p', { class: 'log-actions no-print' }, el('button', { type: 'button', class: 'button secondary', id, onclick }, label));
}

// The <option>s of each list of choices, built once: the screen keeps a list until the data or the event changes, and
// a big log's player filter has thousands (building them was half of a filter change). Moved into each new <select>.
const builtOptions = new WeakMap();

function optionsOf(list, pair) {
  if (!builtOptions.has(list)) builtOptions.set(list, list.map(pair).map(([value, text]) => el('option', { value }, text)));
  return builtOptions.get(list);
}

// A list longer than this gets its <option>s when the referee reaches the <select> (a pointer, a key, focus): laying
// out 5,000 players' names took about half a second at each drawing of the screen on a 4x slowed CPU.
const LAZY_OPTIONS = 300;

/** The <option>s of a <select>: all of them, or for a long list the chosen one until the referee reaches it. */
function lazyOptions(control, list, pair, chosen) {
  const options = optionsOf(list, pair);
  if (options.length <= LAZY_OPTIONS) return options;
  const fill = () => {
    if (control.options.length > 2) return;
    const value = control.value;
    control.replaceChildren(control.options[0], ...options);
    control.value = value;
  };
  for (const type of ['pointerdown', 'focus', 'keydown', 'touchstart']) listen(control, type, fill);
  const current = options.find((option) => option.value === chosen);
  return current ? [current] : [];
}

/** The filters: event, session, table and player, each chosen from what the log and the events hold. */
function filterForm(config, view, on) {
  const { strings } = config;
  const log = strings.log;
  const { filters, choices } = view;
  const labelOf = (id) => {
    const event = view.events.find((entry) => entry.event.id === id)?.event;
    return event ? event.name || strings.roster.local : id;
  };
  const select = (name, label, list, pair) => {
    const control = el('select', { name, id: `filter-${name}`, 'data-filter': name, 'data-choices': list.length },
      el('option', { value: '' }, log.filter_all));
    control.append(...lazyOptions(control, list, pair, filters[name]));
    control.value = filters[name];
    if (control.selectedIndex < 0) control.selectedIndex = 0;  // a choice no longer offered: "All"
    listen(control, 'change', () => on.filter(name, control.value));
    return el('div', { class: 'field' }, el('label', { for: `filter-${name}` }, label), control);
  };
  const active = Object.values(filters).some(Boolean);
  return el('form', { class: 'log-filters no-print', id: 'log-filters', 'data-transient': true, role: 'search', 'aria-label': log.filters },
    el('div', { class: 'field-pair' },
      select('event', strings.roster.choose, choices.events, (id) => [id, labelOf(id)]),
      select('session', log.session, choices.sessions, (label) => [label, label]),
      select('table', log.table, choices.tables, (label) => [label, label]),
      select('player', log.player, choices.players, ({ key, name }) => [key, name])),
    active ? el('button', { type: 'button', class: 'button secondary small', id: 'filters-clear', onclick: on.clearFilters }, log.filters_clear) : null);
}

/** The import's outcome: an error with its code (and where in the file), a plan to confirm, or what was done. */
function importPanel(config, state, on) {
  const log = config.strings.log;
  const s = config.strings.data;
  if (!state) return null;
  if (state.error) {
    return el('div', { class: 'field-error', id: 'import-error', role: 'alert', 'data-error': state.error, 'data-path': state.path ?? null },
      el('p', {}, log[`import_${state.error}`] || s[`write_${state.error}`] || log.import_invalid),
      state.path ? el('p', { class: 'choice-meta' }, format(s.import_where, { path: state.path })) : null);
  }
  if (state.done) {
    const d = state.done;
    return el('p', {
      id: 'import-done', role: 'status', 'data-added': d.added, 'data-same': d.same, 'data-replaced': d.replaced, 'data-kept': d.kept,
    }, format(s.import_done, d));
  }
  const { plan } = state;
  const conflicts = plan.conflicts.map((conflict, index) => el('li', { 'data-conflict': conflict.id },
    el('p', {}, format(s.import_conflict, { player: conflict.mine.player, when: conflict.mine.at })),
    el('dl', { class: 'incident-facts' },
      el('dt', {}, s.mine), el('dd', { 'data-side': 'mine' }, summaryLine(conflict.mine, config.strings.winds)),
      el('dt', {}, s.theirs), el('dd', { 'data-side': 'theirs' }, summaryLine(conflict.theirs, config.strings.winds))),
    el('fieldset', { class: 'choice-pair' }, el('legend', { class: 'visually-hidden' }, s.choose_version),
      el('label', { class: 'check' }, el('input', { type: 'radio', name: `conflict-${index}`, value: 'mine', checked: true, 'data-choice': 'mine' }), s.keep_mine),
      el('label', { class: 'check' }, el('input', { type: 'radio', name: `conflict-${index}`, value: 'theirs', 'data-choice': 'theirs' }), s.take_theirs))));
  const form = el('form', { id: 'import-plan', class: 'import-plan', novalidate: true,
    'data-new': plan.added.length, 'data-same': plan.same, 'data-conflicts': plan.conflicts.length, 'data-newer': plan.newer ?? 0 },
  el('p', {}, format(s.import_plan, { added: plan.added.length, same: plan.same, conflicts: plan.conflicts.length })),
  conflicts.length ? el('ul', { class: 'conflicts', id: 'import-conflicts' }, conflicts) : null,
  el('div', { class: 'log-actions' },
    el('button', { type: 'submit', class: 'button primary', id: 'import-merge' }, s.merge),
    el('button', {
      type: 'button', class: 'button secondary', id: 'import-replace',
      onclick: () => window.confirm(log.confirm_import) && on.replace(),
    }, s.replace),
    el('button', { type: 'button', class: 'button secondary', id: 'import-cancel', onclick: on.cancelImport }, s.cancel)));
  listen(form, 'submit', (event) => {
    event.preventDefault();
    const take = plan.conflicts.filter((_, index) => form.elements.namedItem(`conflict-${index}`).value === 'theirs').map((c) => c.id);
    on.merge(take);
  });
  return form;
}

/** One incident on a line, each user text its own child (isolated where it could turn the line's direction). */
function summaryLine(item, winds) {
  return [item.player, winds[item.seat] ?? '', item.session, item.table, item.points ?? '', item.note].filter((part) => part !== '' && part !== undefined)
    .flatMap((part, index) => (index ? [' · ', String(part)] : [String(part)]));
}

/** The data section: persistence, space, and the data set aside as damaged, which can be exported and cleared. */
function dataSection(config, health, on) {
  const s = config.strings.data;
  const persisted = health.persisted === null ? 'unsupported' : health.persisted ? 'granted' : 'not-granted';
  const usage = health.estimate
    ? el('p', { id: 'storage-usage', 'data-usage': health.estimate.usage, 'data-quota': health.estimate.quota },
      format(s.usage, {
        used: formatNumber(config.lang, Math.ceil(health.estimate.usage / 1024)),
        total: formatNumber(config.lang, Math.floor(health.estimate.quota / 1024)),
      }))
    : null;
  const when = new Intl.DateTimeFormat(config.lang, { dateStyle: 'medium', timeStyle: 'short' });
  const aside = health.quarantine.map((entry) => el('li', {
    'data-quarantine': entry.key, 'data-kind': entry.kind, 'data-item': entry.id ?? '', 'data-problem': entry.reason,
  }, format(s.aside_line, { what: s[`what_${entry.kind}`] || entry.kind, id: entry.id ?? '', when: Number.isNaN(Date.parse(entry.at)) ? '' : when.format(new Date(entry.at)) }),
  entry.problems?.length ? el('span', { class: 'choice-meta' }, ` (${entry.problems.slice(0, 3).map((p) => p.path || '/').join(', ')})`) : null));
  return el('section', { class: 'data-section no-print', id: 'data', 'aria-labelledby': 'data-title' },
    el('h2', { id: 'data-title' }, s.title),
    el('p', { id: 'storage-persisted', 'data-state': persisted }, s[`persisted_${persisted.replace('-', '_')}`],
      persisted === 'not-granted' ? [' ', el('button', { type: 'button', class: 'button secondary small', id: 'storage-persist', onclick: on.persist }, s.ask_persist)] : null),
    usage,
    aside.length
      ? [el('p', { id: 'quarantine-count', 'data-count': aside.length }, format(s.aside_intro, { count: aside.length })),
        el('ul', { id: 'quarantine' }, aside),
        el('div', { class: 'log-actions' },
          el('button', { type: 'button', class: 'button secondary', id: 'quarantine-export', onclick: on.exportQuarantine }, s.export_aside),
          el('button', {
            type: 'button', class: 'button secondary', id: 'quarantine-clear',
            onclick: () => window.confirm(s.confirm_clear) && on.clearQuarantine(),
          }, s.clear_aside))]
      : el('p', { id: 'quarantine-empty' }, s.aside_none));
}

/**
 * view: {entries: [{incident, rev, name, editor, deleted, saved ({sent}: just saved from its editor)}] newest first
 * (a page of the filtered ones), shownCount (the filtered ones), moreIncidents, total (every incident), complete
 * (false while only a big log's first page is read), filters, choices (filterChoices), events: [{event, rev}],
 * cards (a page of the player cards, log-overview.js cardsOf), moreCards, importState, health, notices,
 * addBlock ("Add an incident", views/log-add.js)};
 * on: filter(name, value)/clearFilters, more('cards'|'incidents'), openEditor/closeEditor/saveEdit/remove/recordOf,
 * exportJson/exportCsv, importFile(text), merge(ids to take from the file)/replace/cancelImport,
 * exportQuarantine/clearQuarantine, persist.
 */
export function renderLog({ config, rulesets, view, on }) {
  const { strings } = config;
  const log = strings.log;
  const fileInput = el('input', { type: 'file', id: 'import-file', accept: 'application/json,.json', class: 'file-input' });
  listen(fileInput, 'change', async () => {
    const file = fileInput.files[0];
    if (!file) return;
    const text = await file.text();
    fileInput.value = '';
    on.importFile(text);
  });
  const status = el('div', { id: 'log-status', role: 'status' }, importPanel(config, view.importState, on));
  const failed = (result) => {
    if (result?.error) storageFailed(status, strings, result.error);
  };
  return [
    heading(log.title, 'log-heading'),
    view.notices,
    el('div', { class: 'log-actions no-print' },
      el('a', { class: 'button secondary', href: rosterUrl(config.lang), 'data-nav': true, id: 'open-roster' }, strings.roster.title),
      el('button', { type: 'button', class: 'button secondary', id: 'export-csv', onclick: on.exportCsv }, log.export_csv),
      el('button', { type: 'button', class: 'button secondary', id: 'export-json', onclick: on.exportJson }, log.export_json),
      el('label', { class: 'button secondary', for: 'import-file' }, log.import_json), fileInput,
      el('button', { type: 'button', class: 'button secondary', id: 'print-log', onclick: () => window.print() }, log.print)),
    status,
    view.addBlock ?? null,
    view.total ? filterForm(config, view, on) : null,
    view.total ? shownLine(config.lang, log, view.shownCount, view.total, view.complete) : null,
    view.cards.length ? playerCardList(config, rulesets, view.cards) : null,
    view.moreCards ? moreButton('more-cards', log.more_cards, () => on.more('cards')) : null,
    view.entries.length
      // Keyed, as the sections before it come and go: an editor open in it keeps its typed input.
      ? el('section', { 'data-key': 'incidents', 'aria-labelledby': 'incidents-title' }, el('h2', { id: 'incidents-title' }, log.incidents_title),
        el('ol', { class: 'incidents', id: 'incidents' }, view.entries.map((entry) => incidentCard(config, rulesets, entry, on, failed))),
        view.moreIncidents ? moreButton('more-incidents', log.more_incidents, () => on.more('incidents')) : null)
      : view.status !== 'ok' && !view.total  // the log could not be read: "nothing recorded" would be untrue
        ? el('p', { class: 'field-error', id: 'log-unreadable', 'data-problem': view.status }, strings.data.read_only)
        : el('p', { id: view.total ? 'log-no-match' : 'log-empty' }, view.total ? log.no_match : log.empty),
    dataSection(config, view.health, on),
  ].filter(Boolean);
}
