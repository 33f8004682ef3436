/**
 * Scoring a hand by taps on the board: a win (tap the winner, then the seat that dealt in or "tsumo", then type the
 * value, with a live preview of what each seat pays) or an exhaustive draw (tap the tenpai seats); and, after a
 * scoring, the line that says what moved, with Undo. The seats themselves are tapped on the scoreboard.
 */
import { el, format, listen } from './dom.js';
import { formatSigned } from '../logic/format.js';
import { field, seatLabel, showErrors, storageFailed } from './shared-parts.js';

const VALUE_LABELS = { value: 'hand_value', value_dealer: 'value_dealer', value_others: 'value_others', value_each: 'value_each' };

/** What each seat would get or pay, or the first reason it cannot be worked out yet. */
function previewList(config, table, preview) {
  const { strings, lang } = config;
  if (preview.errors) {
    const [code] = Object.values(preview.errors);
    return el('p', { class: 'help', id: 'tap-preview', 'data-error': code }, strings.calc[`err_${code}`] || '');
  }
  return el('ul', { class: 'tap-preview', id: 'tap-preview' }, preview.moved.map((delta, index) => el('li', { 'data-seat': index, 'data-moved': delta },
    format(strings.label_value, { label: seatLabel(strings, table, index), value: formatSigned(lang, delta) }))));
}

/** The value step of a win: the numbers this win needs, each with its unit and what it counts, and a live preview. */
function valueForm(config, table, tap, on) {
  const calc = config.strings.calc;
  const numbers = on.winFields(tap).filter((item) => item.kind === 'number');
  const inputs = numbers.map(({ name }) => el('input', {
    type: 'text', inputmode: 'numeric', autocomplete: 'off', name, 'data-field': name,
  }));
  const first = inputs[0] || null;
  // The value is the one thing typed: its field takes the focus as the step opens (the seat tapped last is redrawn).
  setTimeout(() => { if (first?.isConnected && !first.form.contains(document.activeElement)) first.focus(); });
  const status = el('div', { id: 'tap-status', role: 'status' });
  const values = () => Object.fromEntries(numbers.map(({ name }, index) => [name, inputs[index].value]));
  const preview = el('div', { id: 'tap-preview-box', 'aria-live': 'polite' });
  const update = () => {
    const typed = Object.values(values()).some((text) => text.trim());
    preview.replaceChildren(typed ? previewList(config, table, on.tapPreview(values())) : '');
  };
  const form = el('form', { class: 'apply-form tap-value', id: 'tap-value-form', novalidate: true, oninput: update },
    numbers.map(({ name }, index) => {
      const wrapper = field(`tap-${name}`, calc[VALUE_LABELS[name]], inputs[index]);
      inputs[index].setAttribute('aria-describedby', `tap-value-hint tap-${name}-error`);
      return wrapper;
    }),
    el('p', { class: 'help', id: 'tap-value-hint' }, calc.value_hint),
    preview,
    el('div', { class: 'form-actions' },
      el('button', { type: 'submit', class: 'button primary', id: 'tap-score' }, calc.record_win),
      el('button', { type: 'button', class: 'button secondary', id: 'tap-cancel', onclick: () => on.tapCancel() }, calc.cancel)),
    status);
  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const result = await on.tapScore(values());
    showErrors(form, config.strings, result.errors || {});
    if (result.error) storageFailed(status, config.strings, result.error);
  });
  return form;
}

/** The panel under the board while a hand is scored by taps: what to tap next, and the buttons of this step. */
export function renderTapScore(config, table, tap, on) {
  if (!tap) return null;
  const calc = config.strings.calc;
  const cancel = el('button', { type: 'button', class: 'button secondary', id: 'tap-cancel', onclick: () => on.tapCancel() }, calc.cancel);
  const prompt = (step, text) => el('p', { class: 'tap-prompt', id: 'tap-prompt', 'data-step': step, role: 'status' }, text);
  let body;
  if (tap.kind === 'draw') {
    const status = el('div', { id: 'tap-status', role: 'status' });
    body = [prompt('tenpai', calc.tap_tenpai), previewList(config, table, on.tapPreview({})),
      el('div', { class: 'form-actions' },
        el('button', {
          type: 'button', class: 'button primary', id: 'tap-score',
          onclick: async () => {
            const result = await on.tapScore({});
            if (result.error) storageFailed(status, config.strings, result.error);
          },
        }, calc.record_draw), cancel), status];
  } else if (tap.winner === undefined) {
    body = [prompt('winner', calc.tap_winner), el('div', { class: 'form-actions' }, cancel)];
  } else if (!tap.how) {
    body = [prompt('discarder', calc.tap_discarder),
      el('div', { class: 'form-actions' },
        el('button', { type: 'button', class: 'button primary', id: 'tap-tsumo', onclick: () => on.tapTsumo() }, calc.self_draw), cancel)];
  } else {
    body = [prompt('value', format(config.strings.label_value, { label: seatLabel(config.strings, table, tap.winner), value: tap.how === 'ron' ? calc.discard : calc.self_draw })),
      valueForm(config, table, tap, on)];
  }
  return el('section', { class: 'tap-score', id: 'tap-score-panel', 'data-kind': tap.kind, 'aria-label': tap.kind === 'draw' ? calc.score_draw : calc.score_win }, body);
}

/** After a scoring: the board shows each seat's change; this line names it and offers Undo. */
export function renderMoved(config, moved, on) {
  if (!moved) return null;
  const calc = config.strings.calc;
  return el('div', { class: 'moved-line', id: 'moved', role: 'status' },
    el('span', {}, calc.moved_title),
    el('button', { type: 'button', class: 'button secondary small', id: 'moved-undo', onclick: () => on.undoMoved() }, calc.undo));
}
