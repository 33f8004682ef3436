/** The table screen: seats, scores, dealer, riichi sticks and counters, warnings, and the history with undo. */
import { MAX_POINTS, readWhole, warnings } from '../calculator.js';
import { disciplineStatus } from '../discipline.js';
import { el, format } from '../dom.js';
import { formatNumber } from '../format.js';
import { wizardUrl } from '../router.js';
import { addStep, currentTable, loadHistory, removeStep, saveHistory } from '../table-store.js';
import { heading } from './common.js';
import { field, scoreKinds, seatLabel, showErrors, storageFailed } from './scores.js';

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

/** Read the form into a new table; return {table, errors}. Negative scores are possible, so they are allowed. */
function readForm(form, ruleset, table) {
  const data = new FormData(form);
  const next = JSON.parse(JSON.stringify(table));
  const errors = {};
  next.seats.forEach((seat, index) => {
    seat.name = String(data.get(`${index}.name`) || '').trim().slice(0, 40);
    for (const [kind] of scoreKinds(ruleset)) {
      const [value, error] = readWhole(data.get(`${index}.${kind}`), { min: -MAX_POINTS, max: MAX_POINTS });
      if (error) errors[`${index}.${kind}`] = error;
      else seat[kind] = value;
    }
    seat.riichi = data.get(`${index}.riichi`) === 'on';
    seat.deposit = data.get(`${index}.deposit`) === 'on';
  });
  const dealer = data.get('dealer');
  if (dealer === null) errors.dealer = 'choose_seat';
  else next.dealer = Number(dealer);
  for (const name of ['honba', 'pot']) {
    const [value, error] = readWhole(data.get(name), { min: 0, max: 99 });
    if (error) errors[name] = error;
    else next[name] = value;
  }
  return { table: next, errors };
}

function stepLabel(config, ruleset, step, table) {
  const calc = config.strings.calc;
  if (step.kind === 'ruling') {
    const ruling = ruleset.rulings[step.rulingId];
    const who = step.inputs.offender !== undefined && step.inputs.offender !== '' ? seatLabel(config.strings, table, Number(step.inputs.offender)) : '';
    return `${ruleset.penalties[ruling?.penalty]?.label ?? ''} — ${ruling?.title ?? step.rulingId}${who ? ` (${who})` : ''}`;
  }
  return calc[`step_${step.kind.replace('-', '_')}`] || step.kind;
}

function warningList(config, ruleset, table) {
  const calc = config.strings.calc;
  const found = warnings(table, ruleset);
  if (!found.length) return el('div', { id: 'table-warnings', role: 'status' });
  return el('div', { id: 'table-warnings', class: 'warnings', role: 'status' }, el('ul', {}, found.map((warning) => el('li', { 'data-warning': warning.id },
    warning.id === 'total_off'
      ? format(calc.warn_total_off, { total: formatNumber(config.lang, warning.total), expected: formatNumber(config.lang, warning.expected) })
      : format(calc.warn_deposit_without_riichi, { seat: seatLabel(config.strings, table, warning.seat) })))));
}

/** Each seat's strike dates, read from the history: the day of every step that added a strike. */
function strikeDates(ruleset, history) {
  const dates = [[], [], [], []];
  let before = history.start;
  history.steps.forEach((step, index) => {
    const after = currentTable(ruleset, { start: history.start, steps: history.steps.slice(0, index + 1) });
    after.seats.forEach((seat, position) => {
      for (let n = before.seats[position].strikes; n < seat.strikes; n += 1) dates[position].push((step.at || '').slice(0, 10));
    });
    before = after;
  });
  return dates;
}

function localToday() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}

function disciplineSection(config, ruleset, history, table) {
  if (!ruleset.discipline) return null;
  const { strings, lang } = config;
  const calc = strings.calc;
  const day = (iso) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const rows = strikeDates(ruleset, history).map((dates, index) => {
    const status = disciplineStatus(dates.filter(Boolean), ruleset.discipline, localToday());
    let text = format(calc.status_ok, { count: status.strikes });
    if (status.status === 'suspended') text = format(calc.status_suspended, { count: status.strikes, date: day(status.until) });
    if (status.status === 'banned') text = format(calc.status_banned, { count: status.strikes, date: day(status.banned) });
    const past = status.suspensions.map((s) => `${day(s.start)} – ${day(s.end)}`).join('; ');
    return el('li', { 'data-seat': index, 'data-status': status.status, 'data-strikes': status.strikes },
      el('strong', {}, seatLabel(strings, table, index)), ': ', text, past ? el('span', { class: 'choice-meta' }, ` (${calc.suspensions} ${past})`) : null);
  });
  return el('section', { class: 'discipline', id: 'discipline', 'aria-labelledby': 'discipline-title' },
    el('h2', { id: 'discipline-title' }, calc.discipline_title), el('ul', {}, rows));
}

export function renderTable({ config, ruleset, rerender }) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const history = loadHistory(ruleset);
  const table = currentTable(ruleset, history);
  const status = el('div', { id: 'table-status', role: 'status' });
  const form = el('form', { class: 'table-form', id: 'table-form', novalidate: true },
    table.seats.map((_, index) => seatFieldset(config, ruleset, table, index)),
    el('p', { class: 'field-error', id: 'dealer-error', hidden: true }),
    field('table-honba', calc.honba, el('input', { name: 'honba', 'data-field': 'honba', type: 'text', inputmode: 'numeric', value: String(table.honba) })),
    field('table-pot', calc.pot, el('input', { name: 'pot', 'data-field': 'pot', type: 'text', inputmode: 'numeric', value: String(table.pot) })),
    el('button', { type: 'submit', class: 'button primary', id: 'table-save' }, calc.save));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { table: edited, errors } = readForm(form, ruleset, table);
    showErrors(form, strings, errors);
    const dealerError = form.querySelector('#dealer-error');
    dealerError.hidden = !errors.dealer;
    dealerError.textContent = errors.dealer ? calc.err_choose_seat : '';
    if (Object.keys(errors).length) return;
    if (!addStep(ruleset, history, { kind: 'edit', table: edited })) {
      storageFailed(status, strings);
      return;
    }
    rerender();
  });

  const act = (id, label, make) => el('button', {
    type: 'button', class: 'button secondary', id,
    onclick: () => (addStep(ruleset, history, make()) ? rerender() : storageFailed(status, strings)),
  }, label);

  const actions = el('div', { class: 'table-actions' },
    ruleset.scoring?.hanchan ? act('end-hanchan', calc.end_hanchan, () => ({ kind: 'end-hanchan' })) : null,
    ruleset.progressive ? act('new-session', calc.new_session, () => ({ kind: 'new-session' })) : null,
    el('button', {
      type: 'button', class: 'button secondary', id: 'table-reset',
      onclick: () => {
        if (!window.confirm(calc.confirm_reset)) return;
        if (saveHistory(ruleset, { start: loadHistory(ruleset).start, steps: [] })) rerender();
        else storageFailed(status, strings);
      },
    }, calc.reset));

  let replayed = history.start;
  const steps = history.steps.map((step, index) => {
    const label = stepLabel(config, ruleset, step, replayed);
    replayed = currentTable(ruleset, { start: history.start, steps: history.steps.slice(0, index + 1) });
    return el('li', { 'data-step': index },
      el('span', {}, label),
      el('button', {
        type: 'button', class: 'button secondary small', id: `undo-${index}`,
        'aria-label': `${calc.undo}: ${label}`,
        onclick: () => (removeStep(ruleset, history, index) ? rerender() : storageFailed(status, strings)),
      }, calc.undo));
  });

  return [
    el('p', { class: 'ruleset-name' }, ruleset.name),
    heading(calc.table_title, 'table-heading'),
    warningList(config, ruleset, table),
    status,
    disciplineSection(config, ruleset, history, table),
    form,
    actions,
    el('section', { class: 'history', 'aria-labelledby': 'history-title' },
      el('h2', { id: 'history-title' }, calc.history),
      steps.length ? el('ol', { id: 'history' }, steps) : el('p', { id: 'history-empty' }, calc.no_steps)),
    el('p', {}, el('a', { class: 'button secondary', href: wizardUrl(lang, ruleset.id), 'data-nav': true, id: 'back-to-wizard' }, strings.what_happened)),
  ];
}
