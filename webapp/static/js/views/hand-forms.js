/**
 * The forms that end a hand at a riichi table: a win (ron or tsumo) and an exhaustive draw. Each asks only what the
 * case needs (the fields come from hand-scoring.js through the controller), opens already filled in when a ruling
 * leads to it, and shows each error at its field; nothing is kept until the referee scores the hand.
 */
import { el, formatParts, listen } from './dom.js';
import { field, seatLabel, showErrors, storageFailed } from './shared-parts.js';

const NUMBER_LABELS = { value: 'hand_value', value_dealer: 'value_dealer', value_others: 'value_others', value_each: 'value_each' };

function seatSelect(config, table, name, selected, exclude = []) {
  return el('select', { name, 'data-field': name },
    el('option', { value: '' }, config.strings.calc.choose),
    table.seats.map((_, index) => (exclude.includes(index) ? null
      : el('option', { value: String(index), selected: String(selected ?? '') === String(index) }, seatLabel(config.strings, table, index)))));
}

/** The win form. prefill: {winner?, liable?, liability?, how?}; on.fields(values) → the fields this win needs. */
export function renderWinForm(config, table, prefill, on) {
  const calc = config.strings.calc;
  const values = { ...prefill };
  const status = el('div', { id: 'win-status', role: 'status' });
  const parts = {};
  const wrap = (name, node) => {
    parts[name] = node;
    return node;
  };
  const winner = seatSelect(config, table, 'winner', values.winner);
  const discarder = seatSelect(config, table, 'discarder', values.discarder);
  const how = ['ron', 'tsumo'].map((option) => el('label', { class: 'check', 'data-option': option },
    el('input', { type: 'radio', name: 'how', value: option, id: `win-how-${option}`, 'data-field': 'how', checked: values.how === option }),
    option === 'ron' ? calc.discard : calc.self_draw));
  const numbers = Object.fromEntries(Object.keys(NUMBER_LABELS).map((name) => [name,
    el('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off', name, 'data-field': name })]));
  const liable = values.liable !== undefined && values.liable !== null
    ? el('p', { id: 'win-liable', 'data-seat': values.liable }, ...formatParts(config.strings.label_value, { label: calc.liable, value: el('strong', {}, seatLabel(config.strings, table, Number(values.liable))) }))
    : null;
  const howError = el('p', { class: 'field-error', hidden: true, 'data-form-error': 'how' });
  const form = el('form', { class: 'apply-form hand-form', id: 'win-form', novalidate: true },
    el('h2', { id: 'win-title', tabindex: '-1' }, calc.score_win),
    liable,
    wrap('winner', field('win-winner', calc.winner, winner)),
    wrap('how', el('fieldset', { class: 'choice-group', id: 'win-how' }, el('legend', {}, calc.win_type), how, howError)),
    wrap('discarder', field('win-discarder', calc.discarder, discarder)),
    Object.entries(numbers).map(([name, input]) => wrap(name, field(`win-${name}`, calc[NUMBER_LABELS[name]], input))),
    el('p', { class: 'field-error', hidden: true, 'data-form-error': 'liable' }),
    el('p', { class: 'field-error', hidden: true, id: 'win-settings-error', 'data-form-error': 'settings' }),
    el('div', { class: 'form-actions' },
      el('button', { type: 'submit', class: 'button primary', id: 'win-save' }, calc.record_win),
      el('button', { type: 'button', class: 'button secondary', id: 'win-cancel', onclick: () => on.close() }, calc.cancel)),
    status);
  const read = () => {
    const checked = how.map((label) => label.querySelector('input')).find((input) => input.checked);
    const found = { ...prefill, winner: winner.value, how: checked ? checked.value : prefill.how };
    if (found.how === 'ron') found.discarder = discarder.value;
    for (const [name, input] of Object.entries(numbers)) if (!parts[name].hidden) found[name] = input.value;
    return found;
  };
  const layout = () => {
    const fields = on.fields(read());
    const asked = new Set(fields.map((item) => item.name));
    for (const [name, node] of Object.entries(parts)) node.hidden = !asked.has(name);
    const howField = fields.find((item) => item.name === 'how');
    for (const label of how) {
      const allowed = !howField || howField.options.includes(label.dataset.option);
      label.hidden = !allowed;
      if (howField?.fixed && allowed) label.querySelector('input').checked = true;
    }
  };
  listen(form, 'change', layout);
  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const result = await on.save(read());
    showErrors(form, config.strings, result.errors || {});
    if (result.error) storageFailed(status, config.strings, result.error);
  });
  layout();
  return form;
}

/** The exhaustive-draw form: one tenpai check per seat; a dead hand or a seat a ruling made noten cannot be ticked. */
export function renderDrawForm(config, table, prefill, on) {
  const calc = config.strings.calc;
  const status = el('div', { id: 'draw-status', role: 'status' });
  const fields = on.fields(prefill);
  const checks = fields.map((item, index) => el('label', { class: 'check', 'data-seat': index },
    el('input', { type: 'checkbox', name: item.name, id: `draw-tenpai-${index}`, 'data-field': item.name, disabled: item.fixed }),
    seatLabel(config.strings, table, index), item.fixed ? el('span', { class: 'choice-meta' }, ` (${calc.noten})`) : null));
  const form = el('form', { class: 'apply-form hand-form', id: 'draw-form', novalidate: true },
    el('h2', { id: 'draw-title', tabindex: '-1' }, calc.score_draw),
    el('fieldset', { class: 'choice-group' }, el('legend', {}, calc.tenpai_who), checks),
    el('p', { class: 'field-error', hidden: true, 'data-form-error': 'tenpai' }),
    el('p', { class: 'field-error', hidden: true, id: 'draw-settings-error', 'data-form-error': 'settings' }),
    el('div', { class: 'form-actions' },
      el('button', { type: 'submit', class: 'button primary', id: 'draw-save' }, calc.record_draw),
      el('button', { type: 'button', class: 'button secondary', id: 'draw-cancel', onclick: () => on.close() }, calc.cancel)),
    status);
  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const tenpai = checks.map((label, index) => (label.querySelector('input').checked ? index : null)).filter((index) => index !== null);
    const result = await on.save({ tenpai, ...(prefill.noten ? { noten: prefill.noten } : {}) });
    const errors = result.errors || {};
    for (const key of Object.keys(errors)) if (key.startsWith('tenpai.')) errors.tenpai = errors[key];
    showErrors(form, config.strings, errors);
    if (result.error) storageFailed(status, config.strings, result.error);
  });
  return form;
}
