/** "Apply to scores" under a ruling: ask only what the calculator needs, preview, and apply on confirmation. */
import { applyRuling, neededInputs } from '../calculator.js';
import { el } from '../dom.js';
import { tableUrl } from '../router.js';
import { addStep, currentTable, loadHistory } from '../table-store.js';
import { field, nextHandList, previewTable, seatLabel, showErrors, storageFailed } from './scores.js';

function seatSelect(strings, table, name) {
  return el('select', { name, 'data-field': name },
    el('option', { value: '' }, strings.calc.choose),
    table.seats.map((_, index) => el('option', { value: String(index) }, seatLabel(strings, table, index))));
}

function numberInput(name, value = '') {
  return el('input', { name, 'data-field': name, type: 'text', inputmode: 'numeric', autocomplete: 'off', value });
}

function inputFor(need, strings, table, numberAnswer) {
  const calc = strings.calc;
  switch (need) {
    case 'offender': case 'winner': case 'discarder':
      return field(`apply-${need}`, calc[need], seatSelect(strings, table, need));
    case 'win_type':
      return field('apply-win_type', calc.win_type, el('select', { name: 'win_type', 'data-field': 'win_type' },
        el('option', { value: '' }, calc.choose),
        el('option', { value: 'self_draw' }, calc.self_draw),
        el('option', { value: 'discard' }, calc.discard)));
    default:
      return field(`apply-${need}`, calc[need], numberInput(need, ['minutes', 'tiles'].includes(need) ? numberAnswer ?? '' : ''));
  }
}

/** Open the log form under the same ruling, filled with the offender and the points just applied. */
function prefillRecord(strings, table, { inputs, result }) {
  const seatIndex = Number(inputs.offender);
  const form = document.getElementById('record-form');
  if (!form) return;
  document.getElementById('record').open = true;
  form.elements.player.value = table.seats[seatIndex].name || strings.winds[seatIndex];
  form.elements.seat.value = strings.winds[seatIndex];
  form.elements.points.value = result.penalty ? String(result.penalty) : '';
  form.dispatchEvent(new Event('input'));
  form.elements.player.focus();
}

export function renderApply({ config, ruleset, rulingId, numberAnswer }) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const ruling = ruleset.rulings[rulingId];
  let history = loadHistory(ruleset);
  let table = currentTable(ruleset, history);
  const output = el('div', { class: 'apply-output', 'aria-live': 'polite' });
  const needs = neededInputs(ruleset, ruling);
  const form = el('form', { class: 'apply-form', id: 'apply-form', novalidate: true },
    needs.map((need) => inputFor(need, strings, table, numberAnswer)),
    el('p', { class: 'field-error', id: 'apply-error', role: 'alert', 'data-form-error': 'ruling', hidden: true }),
    el('button', { type: 'submit', class: 'button primary', id: 'apply-preview' }, calc.preview));
  let pending = null;

  const raw = () => Object.fromEntries([...form.querySelectorAll('[data-field]')].map((input) => [input.name, input.value]));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    history = loadHistory(ruleset);
    table = currentTable(ruleset, history);
    const inputs = raw();
    const result = applyRuling(table, ruleset, rulingId, inputs);
    showErrors(form, strings, result.errors || {});
    if (result.errors) {
      output.replaceChildren();
      return;
    }
    pending = { inputs, result };
    const confirm = el('button', { type: 'button', class: 'button primary big', id: 'apply-confirm' }, calc.confirm);
    confirm.addEventListener('click', () => {
      const saved = addStep(ruleset, history, { kind: 'ruling', rulingId, inputs: pending.inputs });
      if (!saved) {
        storageFailed(output, strings);
        return;
      }
      output.replaceChildren(el('p', { id: 'apply-done', role: 'status' }, calc.applied, ' ',
        el('a', { href: tableUrl(lang, ruleset.id), 'data-nav': true, id: 'open-table' }, calc.open_table)),
      pending.inputs.offender !== undefined && pending.inputs.offender !== ''
        ? el('button', { type: 'button', class: 'button secondary', id: 'apply-record', onclick: () => prefillRecord(strings, table, pending) }, strings.log.record_title)
        : null);
    });
    output.replaceChildren(previewTable(config, ruleset, table, result), nextHandList(config, table, result), confirm);
  });

  return el('details', { class: 'ruling-block apply', id: 'apply' },
    el('summary', { id: 'apply-open' }, calc.apply_title),
    el('p', { class: 'help' }, calc.apply_help),
    form, output);
}
