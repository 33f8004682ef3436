/** The table screen: seats, scores, dealer, riichi sticks and counters, warnings, and the history with undo. */
import { el, format } from '../dom.js';
import { formatNumber } from '../format.js';
import { wizardUrl } from '../router.js';
import { heading } from './common.js';
import { showStale } from './form-state.js';
import { field, scoreKinds, seatLabel, showErrors, staleNote, storageFailed } from './scores.js';

function seatFieldset(config, ruleset, table, index) {
  const { strings } = config;
  const seat = table.seats[index];
  const calc = strings.calc;
  const scoreInputs = scoreKinds(ruleset).map(([kind, label]) => field(`seat-${index}-${kind}`, label,
    el('input', { name: `${index}.${kind}`, 'data-field': `${index}.${kind}`, type: 'text', inputmode: 'numeric', value: String(seat[kind]) })));
  return el('fieldset', { class: 'seat', id: `seat-${index}` },
    el('legend', {}, strings.winds[index], table.dealer === index ? ` · ${calc.dealer}` : ''),
    field(`seat-${index}-name`, calc.name, el('input', { name: `${index}.name`, type: 'text', maxlength: '40', autocomplete: 'off', value: seat.name })),
    scoreInputs,
    el('label', { class: 'check' }, el('input', { type: 'radio', name: 'dealer', value: String(index), checked: table.dealer === index, id: `dealer-${index}` }), calc.dealer),
    el('label', { class: 'check' }, el('input', { type: 'checkbox', name: `${index}.riichi`, checked: seat.riichi, id: `seat-${index}-riichi` }), calc.riichi),
    el('label', { class: 'check' }, el('input', { type: 'checkbox', name: `${index}.deposit`, checked: seat.deposit, id: `seat-${index}-deposit` }), calc.deposit));
}

/** A history step in words; step: {kind, rulingId, offender, before} (before: the table the step applied to). */
function stepLabel(config, ruleset, step) {
  const calc = config.strings.calc;
  if (step.kind === 'ruling') {
    const ruling = ruleset.rulings[step.rulingId];
    const who = step.offender !== null ? seatLabel(config.strings, step.before, step.offender) : '';
    return `${ruleset.penalties[ruling?.penalty]?.label ?? ''} — ${ruling?.title ?? step.rulingId}${who ? ` (${who})` : ''}`;
  }
  return calc[`step_${step.kind.replace('-', '_')}`] || step.kind;
}

function warningList(config, table, found) {
  const calc = config.strings.calc;
  if (!found.length) return el('div', { id: 'table-warnings', role: 'status' });
  return el('div', { id: 'table-warnings', class: 'warnings', role: 'status' }, el('ul', {}, found.map((warning) => el('li', { 'data-warning': warning.id },
    warning.id === 'total_off'
      ? format(calc.warn_total_off, { total: formatNumber(config.lang, warning.total), expected: formatNumber(config.lang, warning.expected) })
      : format(calc.warn_deposit_without_riichi, { seat: seatLabel(config.strings, table, warning.seat) })))));
}

/** Strikes and suspensions per seat; rows: [{seat, status, strikes, until, banned, suspensions: [{start, end}]}]. */
function disciplineSection(config, table, rows) {
  if (!rows) return null;
  const { strings, lang } = config;
  const calc = strings.calc;
  const day = (iso) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const items = rows.map((row) => {
    let text = format(calc.status_ok, { count: row.strikes });
    if (row.status === 'suspended') text = format(calc.status_suspended, { count: row.strikes, date: day(row.until) });
    if (row.status === 'banned') text = format(calc.status_banned, { count: row.strikes, date: day(row.banned) });
    const past = row.suspensions.map((s) => `${day(s.start)} – ${day(s.end)}`).join('; ');
    return el('li', { 'data-seat': row.seat, 'data-status': row.status, 'data-strikes': row.strikes },
      el('strong', {}, seatLabel(strings, table, row.seat)), ': ', text, past ? el('span', { class: 'choice-meta' }, ` (${calc.suspensions} ${past})`) : null);
  });
  return el('section', { class: 'discipline', id: 'discipline', 'aria-labelledby': 'discipline-title' },
    el('h2', { id: 'discipline-title' }, calc.discipline_title), el('ul', {}, items));
}

/** The table's form values, as typed: {'0.name': …, '0.table': …, '0.riichi': 'on', dealer, honba, pot}. */
function readForm(form) {
  return Object.fromEntries(new FormData(form).entries());
}

/**
 * board: {status, table, rev, steps, warnings, discipline}; status other than 'ok' means the stored table cannot be
 * shown or changed here (a notice says why) and only what is safe is offered.
 * on.save(values, rev) → {errors} | {conflict, rev} | {error} | {ok}; on.step(kind), on.undo(index), on.reset()
 * → {ok} | {error}. After a successful change the controller shows the screen again.
 */
export function renderTable({ config, ruleset, board, notices, on }) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const status = el('div', { id: 'table-status', role: 'status' });
  const failed = (result) => {
    if (result?.error) storageFailed(status, strings, result.error);
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
  const dealerError = el('p', { class: 'field-error', id: 'dealer-error', hidden: true });
  const form = el('form', { class: 'table-form', id: 'table-form', novalidate: true, 'data-rev': board.rev },
    staleNote('table-form', strings),
    table.seats.map((_, index) => seatFieldset(config, ruleset, table, index)),
    dealerError,
    field('table-honba', calc.honba, el('input', { name: 'honba', 'data-field': 'honba', type: 'text', inputmode: 'numeric', value: String(table.honba) })),
    field('table-pot', calc.pot, el('input', { name: 'pot', 'data-field': 'pot', type: 'text', inputmode: 'numeric', value: String(table.pot) })),
    el('button', { type: 'submit', class: 'button primary', id: 'table-save' }, calc.save));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const result = await on.save(readForm(form), form.dataset.rev);
    const errors = result.errors || {};
    showErrors(form, strings, errors);
    dealerError.hidden = !errors.dealer;
    dealerError.textContent = errors.dealer ? calc.err_choose_seat : '';
    if (result.conflict) {
      form.dataset.rev = result.rev;
      showStale(form, 'conflict');
    }
    failed(result);
  });

  const act = (id, label, kind) => el('button', {
    type: 'button', class: 'button secondary', id, onclick: async () => failed(await on.step(kind)),
  }, label);
  const actions = el('div', { class: 'table-actions' },
    ruleset.scoring?.hanchan ? act('end-hanchan', calc.end_hanchan, 'end-hanchan') : null,
    ruleset.progressive ? act('new-session', calc.new_session, 'new-session') : null,
    reset);

  const steps = board.steps.map((step) => {
    const label = stepLabel(config, ruleset, step);
    return el('li', { 'data-step': step.index },
      el('span', {}, label),
      el('button', {
        type: 'button', class: 'button secondary small', id: `undo-${step.index}`,
        'aria-label': `${calc.undo}: ${label}`, onclick: async () => failed(await on.undo(step.index)),
      }, calc.undo));
  });

  return [
    ...top,
    warningList(config, table, board.warnings),
    status,
    disciplineSection(config, table, board.discipline),
    form,
    actions,
    el('section', { class: 'history', 'aria-labelledby': 'history-title' },
      el('h2', { id: 'history-title' }, calc.history),
      steps.length ? el('ol', { id: 'history' }, steps) : el('p', { id: 'history-empty' }, calc.no_steps)),
    back,
  ].filter(Boolean);
}
