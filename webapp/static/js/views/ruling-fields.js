/** The fields a ruling asks at the table (only what the calculator needs), and what a form of them holds. */
import { el, format, listen } from './dom.js';
import { field, seatLabel } from './shared-parts.js';
import { shortDay, statusData, statusText } from './status.js';

/**
 * A seat to choose; for the offender each seat's option says its player's status (records: one per seat, or none),
 * and, where the incident may be recorded without the table, "not seated at this table" (away).
 */
export function seatSelect(config, table, name, records = [], { away = false } = {}) {
  const { strings } = config;
  return el('select', { name, 'data-field': name },
    el('option', { value: '' }, strings.calc.choose),
    table.seats.map((_, index) => {
      const said = statusText(config, records[index]?.status);
      return el('option', { value: String(index), ...(records[index] ? statusData(records[index]) : {}) },
        said ? `${seatLabel(strings, table, index)} (${said})` : seatLabel(strings, table, index));
    }),
    away ? el('option', { value: 'away' }, strings.calc.act_not_seated) : null);
}

/** Before a ruling is given to a suspended or banned player, the preview says so first (record: the offender's). */
export function statusWarning(config, record, id = 'apply-status-warning') {
  if (!record || record.status.state === 'ok') return null;
  const log = config.strings.log;
  const text = record.status.state === 'suspended'
    ? format(log.confirm_suspended, { date: shortDay(config.lang, record.status.until) }) : log.confirm_banned;
  return el('p', { class: 'field-error status-warning', id, role: 'alert', ...statusData(record) }, text);
}

function numberInput(name, value = '') {
  return el('input', { name, 'data-field': name, type: 'text', inputmode: 'numeric', autocomplete: 'off', value });
}

/**
 * The referee's choice among a ruling's optional effects (field descriptors from calculator.js formFields): its
 * numbers, which may be left empty, and a tick for each other effect; its message when nothing is chosen.
 */
function choiceGroup(fields, strings, prefix = 'apply') {
  const calc = strings.calc;
  const numbers = fields.filter((item) => item.kind === 'number').map((item) => {
    const input = numberInput(item.name);
    const labelled = field(`${prefix}-${item.name}`, calc[item.name], input);
    input.setAttribute('aria-describedby', `${prefix}-${item.name}-optional ${prefix}-${item.name}-error`);
    input.after(el('p', { class: 'help', id: `${prefix}-${item.name}-optional` }, calc.optional_number));
    return labelled;
  });
  const ticks = fields.filter((item) => item.kind === 'choices').flatMap((item) => item.options.map((type) => el('label', { class: 'check' },
    el('input', { type: 'checkbox', name: item.name, value: type, id: `${prefix}-${item.name}-${type}`, 'data-choice': type }),
    calc[`choice_${type}`] ?? type)));
  return el('fieldset', { class: 'choice-group apply-choice', id: `${prefix}-choice`, 'aria-describedby': `${prefix}-chosen-error` },
    el('legend', {}, calc.choice_legend), numbers, ticks,
    el('p', { class: 'field-error', id: `${prefix}-chosen-error`, role: 'alert', 'data-form-error': 'chosen', hidden: true }));
}

/** A question with a few answers (a field of kind 'choice'): each answer's label is calc[`<name>_<answer>`]. */
function choiceField(item, strings, prefix = 'apply') {
  const calc = strings.calc;
  return field(`${prefix}-${item.name}`, calc[item.name], el('select', { name: item.name, 'data-field': item.name },
    el('option', { value: '' }, calc.choose),
    item.options.map((answer) => el('option', { value: answer }, calc[`${item.name}_${answer}`] ?? answer))));
}

/**
 * Whether a second chombo of the same player is from the same hand (calculator.js inputFields): asked, under the
 * warning that this player already has one, only while the offender chosen is one of the field's seats.
 */
function sameHandField(item, strings, prefix = 'apply') {
  const wrapper = choiceField(item, strings, prefix);
  wrapper.classList.add('same-hand');
  wrapper.dataset.seats = item.seats.join(' ');
  wrapper.hidden = true;
  wrapper.prepend(el('p', { class: 'field-error status-warning', id: `${prefix}-same_hand-warning`, role: 'alert' },
    strings.calc.same_hand_warning));
  return wrapper;
}

/** Show the questions asked for some offenders only (data-seats) when the offender chosen is one of them. */
export function followOffender(form) {
  const show = () => {
    const offender = form.querySelector('select[name="offender"]')?.value ?? '';
    for (const wrapper of form.querySelectorAll('[data-seats]')) {
      wrapper.hidden = offender === '' || !wrapper.dataset.seats.split(' ').includes(offender);
    }
  };
  listen(form, 'change', show);
  show();
}

function inputFor(need, config, table, numberAnswer, records = [], prefix = 'apply') {
  const { strings } = config;
  const calc = strings.calc;
  switch (need) {
    case 'offender': case 'winner': case 'discarder':
      return field(`${prefix}-${need}`, calc[need], seatSelect(config, table, need, need === 'offender' ? records : [],
        { away: need === 'offender' && prefix === 'act' }));
    case 'win_type':
      return field(`${prefix}-win_type`, calc.win_type, el('select', { name: 'win_type', 'data-field': 'win_type' },
        el('option', { value: '' }, calc.choose),
        el('option', { value: 'self_draw' }, calc.self_draw),
        el('option', { value: 'discard' }, calc.discard)));
    default:
      return field(`${prefix}-${need}`, calc[need], numberInput(need, ['minutes', 'tiles'].includes(need) ? numberAnswer ?? '' : ''));
  }
}

/**
 * The fields a ruling asks (descriptors from calculator.js formFields), ids `${prefix}-<name>`: the referee's choices
 * among optional effects together in one group. Used by "Apply to scores" and by the one action under the summary;
 * seatRecords: each seat's player record, whose status the offender's choice shows.
 */
export function rulingFields(config, { table, fields, numberAnswer, seatRecords = [] }, prefix = 'apply') {
  const { strings } = config;
  const chosen = fields.filter((item) => item.optional || item.kind === 'choices');
  return [
    ...fields.filter((item) => !chosen.includes(item)).map((item) => {
      if (item.kind === 'choice') return item.seats ? sameHandField(item, strings, prefix) : choiceField(item, strings, prefix);
      return inputFor(item.name, config, table, numberAnswer, seatRecords, prefix);
    }),
    chosen.length ? choiceGroup(chosen, strings, prefix) : null,
  ];
}

/** What a form built with rulingFields holds, as the calculator reads it (a question not asked of this offender
 * left out). */
export function rulingInputs(form, fields) {
  const ticked = (name) => [...form.querySelectorAll('input[type="checkbox"][data-choice]')]
    .filter((box) => box.name === name && box.checked).map((box) => box.value);
  const asked = [...form.querySelectorAll('[data-field]')].filter((input) => !input.closest('[data-seats][hidden]'));
  return {
    ...Object.fromEntries(asked.map((input) => [input.name, input.value])),
    ...Object.fromEntries(fields.filter((item) => item.kind === 'choices').map((item) => [item.name, ticked(item.name)])),
  };
}
