/**
 * The table screen: the scoreboard (seats edited in place, every edit kept as a step), the event's settings where the
 * ruleset leaves figures to the event, the win and draw forms, warnings, strikes, and the history with undo and redo.
 */
import { el, format, formatParts } from './dom.js';
import { formatNumber } from '../logic/format.js';
import { wizardUrl } from '../logic/urls.js';
import { heading } from './common.js';
import { renderDrawForm, renderWinForm } from './hand-forms.js';
import { changeText, renderHistory, stepText } from './history.js';
import { renderScoreboard } from './scoreboard.js';
import { field, keepField, keepOnEnter, refocus, seatLabel, staleNote, storageFailed } from './shared-parts.js';
import { statusData } from './status.js';
import { renderMoved, renderTapScore } from './tap-score.js';
import { tapStep } from '../logic/hand-entry.js';

function warningList(config, table, found) {
  const calc = config.strings.calc;
  if (!found.length) return el('div', { id: 'table-warnings', role: 'status' });
  return el('div', { id: 'table-warnings', class: 'warnings', role: 'status' }, el('ul', {}, found.map((warning) => el('li', { 'data-warning': warning.id },
    warning.id === 'total_off'
      ? format(calc.warn_total_off, {
        total: formatNumber(config.lang, warning.total), expected: formatNumber(config.lang, warning.expected) })
      : format(calc.warn_deposit_without_riichi, { seat: seatLabel(config.strings, table, warning.seat) })))));
}

/**
 * Strikes and suspensions per seat, as each seated player's record reads (the seat chips read the same record);
 * rows: [{seat, strikes: {today, inWindow, days}, status: {state, since, until}, suspensions: [{start, end}]}].
 */
function disciplineSection(config, table, rows) {
  if (!rows) return null;
  const { strings, lang } = config;
  const calc = strings.calc;
  const day = (iso) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const items = rows.map((row) => {
    const count = row.strikes.inWindow;
    let text = format(calc.status_ok, { count });
    if (row.status.state === 'suspended') text = format(calc.status_suspended, { count, date: day(row.status.until) });
    if (row.status.state === 'banned') text = format(calc.status_banned, { count, date: day(row.status.since) });
    const counting = format(strings.log.strikes_counting, {
      today: row.strikes.today, window: row.strikes.inWindow, days: row.strikes.days });
    const past = new Intl.ListFormat(lang, { type: 'unit' }).format(row.suspensions.map((s) => `${day(s.start)} – ${day(s.end)}`));
    return el('li', { 'data-seat': row.seat, ...statusData(row), 'data-strikes-today': row.strikes.today },
      ...formatParts(strings.label_value, { label: el('strong', {}, seatLabel(strings, table, row.seat)), value: `${text} ${counting}` }),
      past ? el('span', { class: 'choice-meta' }, ` (${calc.suspensions} ${past})`) : null);
  });
  return el('section', { class: 'discipline', id: 'discipline', 'aria-labelledby': 'discipline-title' },
    el('h2', { id: 'discipline-title' }, calc.discipline_title), el('ul', {}, items));
}

/** The usual figures, set in one tap: what they are, and that they are the event's choice, not the source's. */
function usualChoice(config, board, on) {
  if (!board.usual) return null;
  const { strings, lang } = config;
  const calc = strings.calc;
  const number = (value) => formatNumber(lang, value);
  const shown = Object.entries(board.usual.figures).map(([key, value]) => {
    if (key === 'counter') {
      return new Intl.ListFormat(lang, { type: 'unit' }).format([`${calc.event_counter_ron} ${number(value.ron)}`,
        `${calc.event_counter_tsumo_each} ${number(value.tsumo_each)}`]);
    }
    if (key === 'dealer_stays') return `${calc.event_dealer_stays} ${calc[`dealer_stays_${value}`]}`;
    return `${calc[`event_${key}`]} ${number(value)}`;
  });
  return el('div', { class: 'event-usual', id: 'event-usual-box' },
    el('p', { class: 'help', 'data-usual-origin': true }, board.usual.origin),
    el('ul', { id: 'event-usual-list' }, shown.map((text, index) => el('li', { 'data-usual': Object.keys(board.usual.figures)[index] }, text))),
    el('button', { type: 'button', class: 'button primary', id: 'event-usual', onclick: () => on.useUsual() }, calc.event_usual));
}

/** The figures the ruleset leaves to the event, set once per event, with where that comes from. */
function eventSettings(config, board, on, ui) {
  const { strings } = config;
  const calc = strings.calc;
  if (!board.eventNeeded.length) return null;
  const event = board.table.event || {};
  // Handlers read their control from the event: a screen drawn again keeps the node and hands it the new handlers.
  const commit = (control, path, value) => keepField(strings, control,
    (from) => on.edit(control.dataset.field, path, value, { whole: true, from }));
  const number = (key, path, value) => {
    const id = `event-${path.join('-').replace('event-', '')}`;
    const input = refocus(el('input', {
      type: 'text', inputmode: 'numeric', autocomplete: 'off', name: id, 'data-field': id, value: value === undefined || value === null ? '' : on.formatInput(value, 0),
      'data-from': JSON.stringify(value ?? null), onchange: (event) => commit(event.target, path, event.target.value),
    }), ui.focus);
    return field(id, calc[`event_${key}`], input);
  };
  const fields = [];
  for (const key of board.eventNeeded) {
    if (key === 'counter') {
      fields.push(number('counter_ron', ['event', 'counter', 'ron'], event.counter?.ron));
      fields.push(number('counter_tsumo_each', ['event', 'counter', 'tsumo_each'], event.counter?.tsumo_each));
    } else if (key === 'dealer_stays') {
      const select = el('select', {
        name: 'event-dealer_stays', 'data-field': 'event-dealer_stays', 'data-from': JSON.stringify(event.dealer_stays ?? null),
        onchange: (changed) => commit(changed.target, ['event', 'dealer_stays'], changed.target.value || null),
      }, el('option', { value: '' }, calc.choose),
      ['tenpai', 'win'].map((option) => el('option', { value: option, selected: event.dealer_stays === option }, calc[`dealer_stays_${option}`])));
      fields.push(field('event-dealer_stays', calc.event_dealer_stays, select));
    } else fields.push(number(key, ['event', key], event[key]));
  }
  const missing = board.missing.length;
  return el('details', { class: 'event-settings', id: 'event-settings', open: missing ? true : null, 'data-missing': missing },
    el('summary', {}, calc.event_title),
    el('form', { class: 'apply-form', id: 'event-settings-form', novalidate: true, onkeydown: keepOnEnter, onsubmit: (event) => event.preventDefault() },
      staleNote('event-settings-form', strings),
      el('p', { class: 'help' }, calc.event_help),
      board.origins.map((text) => el('p', { class: 'help', 'data-origin': true }, text)),
      usualChoice(config, board, on),
      fields,
      el('p', { class: 'field-error', id: 'event-status', role: 'status' })));
}

/** A reset asked before it is made: every value it changes (the end of a hanchan's preview), then yes or no. */
function resetAsked(config, board, ui, on) {
  if (!ui.ask) return null;
  const calc = config.strings.calc;
  const { kind, changes, errors } = ui.ask;
  const yes = el('button', { type: 'button', class: 'button primary', id: 'reset-confirm-yes', onclick: () => on.step(kind) }, calc[`confirm_${kind.replace('-', '_')}`]);
  const panel = el('div', { class: 'undo-confirm', id: 'reset-confirm', role: 'alertdialog', 'aria-labelledby': 'reset-confirm-title', 'data-kind': kind },
    el('h3', { id: 'reset-confirm-title', tabindex: '-1' }, calc[`ask_${kind.replace('-', '_')}`]),
    errors ? el('p', { class: 'field-error', id: 'reset-errors' }, Object.values(errors).map((code) => calc[`err_${code}`] ?? code).join(' '))
      : changes.length ? [el('p', {}, calc.undo_values),
        el('ul', { id: 'reset-values' }, changes.map((change) => el('li', { 'data-path': change.path.join('.') }, changeText(config, board, change))))]
        : el('p', { id: 'reset-values-none' }, calc.undo_no_values),
    el('p', { class: 'help' }, calc.reset_undo_help),
    el('div', { class: 'form-actions' }, errors ? null : yes,
      el('button', { type: 'button', class: 'button secondary', id: 'reset-confirm-no', onclick: () => on.askStep(null) }, calc.cancel)));
  setTimeout(() => panel.querySelector('h3')?.focus());
  return panel;
}

/** The reset just made, with its undo at hand (it is also the newest step of the history). */
function resetDone(config, ruleset, board, ui, on) {
  if (!ui.undoable) return null;
  const calc = config.strings.calc;
  const step = board.byId[ui.undoable.stepId];
  if (!step) return null;
  return el('p', { class: 'pending', id: 'reset-done', role: 'status', 'data-kind': ui.undoable.kind },
    `${format(calc.reset_done, { step: stepText(config, ruleset, board, step) })} `,
    el('button', { type: 'button', class: 'button secondary', id: 'reset-undo', onclick: () => on.undo(ui.undoable.stepId) }, calc.undo));
}

/**
 * Run `then` once `node` is on the page: a render is shown only once the tap that made it ends (later on a busy
 * phone), and one overtaken by a newer render never is (then nothing runs; the newer one brings its own).
 */
function whenShown(node, then, until = Date.now() + 10_000) {
  if (node.isConnected) then();
  else if (Date.now() < until) setTimeout(() => whenShown(node, then, until), 50);
}

/**
 * board: {status, rev, table, kinds, features, seatExtras, sticks, steps, undone, byId, warnings, discipline,
 * eventNeeded, missing, origins, pending, hand}; ui: {open, focus, form: 'win'|'draw'|null, prefill, confirm, tap,
 * refused, moved}. on: the scoreboard's and history's callbacks, plus step(kind), openForm(kind, prefill),
 * closeForm(), win(values), winFields(values), draw(values), drawFields(values), the taps' tapStart(kind),
 * tapSeat(index), tapTsumo(), tapPreview(values), tapScore(values), tapCancel(), undoMoved(), and reset(). A status
 * other than 'ok' means the stored table cannot be shown or changed here (a notice says why) and only what is safe is
 * offered.
 */
export function renderTable({ config, ruleset, board, notices, ui, on }) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const status = el('div', { id: 'table-status', role: 'status' },
    // A tap refused because what it changes was changed elsewhere meanwhile (another tab, another phone).
    ui.changedElsewhere ? el('p', {
      class: 'field-error', id: 'table-changed-elsewhere', role: 'alert', 'data-seat': ui.changedElsewhere.seat,
    }, format(calc.refused_changed, { seat: strings.winds[ui.changedElsewhere.seat] })) : null);
  // The status line is found when a handler runs: a screen drawn again keeps the node and hands it new handlers.
  const failed = (result) => {
    if (result?.error) storageFailed(document.getElementById('table-status') ?? status, strings, result.error);
    return result;
  };
  const reset = el('button', {
    type: 'button', class: 'button secondary', id: 'table-reset',
    onclick: async () => {
      if (window.confirm(calc.confirm_reset)) failed(await on.reset());
    },
  }, calc.reset);
  const top = [el('p', { class: 'ruleset-name' }, ruleset.name), heading(calc.table_title, 'table-heading'), notices];
  const back = el('p', {}, el('a', { class: 'button secondary', href: wizardUrl(lang, ruleset.id), 'data-nav': true, id: 'back-to-wizard' }, strings.what_happened));
  if (board.status !== 'ok') {
    return [...top, status, el('p', { class: 'field-error', id: 'table-unavailable', 'data-problem': board.status }, strings.data.read_only),
      board.status === 'newer' ? null : el('div', { class: 'table-actions' }, reset), back].filter(Boolean);
  }
  const { table } = board;
  const act = (id, label, onclick, extra = {}) => el('button', { type: 'button', class: 'button secondary', id, onclick, ...extra }, label);
  // A hand scored by taps on the board, right under the seats: the one set of win and draw buttons (the hand a ruling
  // leads to is scored the same way, or in its form, which opens by itself).
  const taps = board.features.winScoring && !ui.tap ? el('div', { class: 'tap-actions' },
    act('tap-win', calc.step_win, () => on.tapStart('win')),
    board.features.drawScoring ? act('tap-draw', calc.step_draw, () => on.tapStart('draw')) : null) : null;
  const actions = el('div', { class: 'table-actions' },
    board.features.endHanchan || board.features.hanchanScores ? act('end-hanchan', calc.end_hanchan, () => on.askStep('end-hanchan')) : null,
    board.features.newSession ? act('new-session', calc.new_session, () => on.askStep('new-session')) : null);
  let form = null;
  if (ui.form === 'win') form = renderWinForm(config, table, ui.prefill, { fields: on.winFields, save: on.win, close: on.closeForm });
  // A storage failure of a win or a draw is shown in the form (its own status line).
  if (ui.form === 'draw') form = renderDrawForm(config, table, ui.prefill, { fields: on.drawFields, save: on.draw, close: on.closeForm });
  // A form that just opened is brought to where the referee looks (it sits below the scoreboard).
  if (form && ui.reveal) form.querySelector('h2')?.setAttribute('data-reveal', '');
  const pending = board.pending && !ui.form
    ? el('p', { class: 'pending', id: 'score-next', 'data-kind': board.pending.kind },
      el('button', { type: 'button', class: 'button primary', id: 'score-next-open', onclick: () => on.openForm(board.pending.kind, board.pending.prefill) },
        board.pending.kind === 'win' ? calc.score_next_win : calc.score_next_draw))
    : null;
  const moved = renderMoved(config, ui.moved, on);
  const scoreboard = renderScoreboard(config, board, on, ui);
  // After a hand is scored, the board and what moved are brought into view (the value was typed below the board).
  if (moved && ui.moved.reveal) {
    whenShown(moved, () => {
      ui.moved.reveal = false;
      moved.scrollIntoView({ block: 'start' });
      moved.focus({ preventScroll: true });  // the value's field is gone: the focus goes to what it did
    });
  }
  return [
    ...top,
    moved,
    scoreboard,
    taps,
    renderTapScore(config, table, ui, on, { step: ui.tap ? tapStep(ui.tap) : null, hand: board.hand }),
    resetAsked(config, board, ui, { ...on, step: async (kind) => failed(await on.step(kind)) }),
    resetDone(config, ruleset, board, ui, { undo: async (id) => failed(await on.undo(id)) }),
    board.missing.length ? el('p', { id: 'event-missing', 'data-missing': board.missing.join(' ') },
      el('button', {
        type: 'button', class: 'button secondary', id: 'event-missing-open',
        onclick: () => document.getElementById('event-settings')?.scrollIntoView({ block: 'start' }),
      }, calc.event_missing)) : null,
    warningList(config, table, board.warnings),
    status,
    pending,
    actions,
    form,
    eventSettings(config, board, on, ui),
    disciplineSection(config, table, board.discipline),
    renderHistory(config, ruleset, board, ui, {
      ...on, undo: async (id) => failed(await on.undo(id)), redo: async (id) => failed(await on.redo(id)),
    }),
    el('div', { class: 'table-actions' }, reset),
    back,
  ].filter(Boolean);
}
