/**
 * Scoring a hand by taps on the board: a win (tap the winner, then the seat that dealt in or "tsumo", then type the
 * value, with a live preview of what each seat pays) or an exhaustive draw (tap the tenpai seats); and, after a
 * scoring, the line that says what moved, with Undo. The seats themselves are tapped on the scoreboard.
 */
import { el, format, listen } from './dom.js';
import { formatNumber, formatSigned } from '../logic/format.js';
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

/** The value step of a win: the numbers this win needs, each with its unit and what it counts, and a live preview.
 * hand: where the ruleset's hands pay a base (MCR's 8), {base, origin}: the base is said and where it comes from. */
function valueForm(config, table, tap, on, hand) {
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
    el('p', { class: 'help', id: 'tap-value-hint' }, hand ? format(calc.value_hint_base, { base: formatNumber(config.lang, hand.base) }) : calc.value_hint),
    hand ? el('p', { class: 'help', id: 'tap-hand-origin', 'data-origin': true }, hand.origin) : null,
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

/** What the value step says: the winner and, on a discard, the seat that discarded the winning tile. */
function valuePrompt(config, table, tap) {
  const { strings } = config;
  const winner = seatLabel(strings, table, tap.winner);
  return tap.how === 'ron'
    ? format(strings.calc.tap_value_ron, { winner, discarder: seatLabel(strings, table, tap.discarder) })
    : format(strings.calc.tap_value_tsumo, { winner });
}

/**
 * The panel under the board while a hand is scored by taps: who pays for a risky discard (a ruling's pending hand),
 * what to tap next, why the last tap was not taken, and the buttons of this step. ui: {tap, refused: {seat, code}};
 * step: what the taps ask now (hand-entry.js tapStep); hand: the ruleset's hand payments (MCR's base), or null.
 */
export function renderTapScore(config, table, { tap, refused }, on, { step, hand }) {
  if (!tap) return null;
  const { strings } = config;
  const calc = strings.calc;
  const cancel = el('button', { type: 'button', class: 'button secondary', id: 'tap-cancel', onclick: () => on.tapCancel() }, calc.cancel);
  const prompt = (at, text) => el('p', { class: 'tap-prompt', id: 'tap-prompt', 'data-step': at, role: 'status' }, text);
  const liable = tap.liable === undefined || tap.liable === null ? null
    : el('p', { id: 'tap-liable', 'data-seat': tap.liable }, format(strings.label_value, { label: calc.liable, value: seatLabel(strings, table, tap.liable) }));
  const said = refused ? el('p', { class: 'field-error', id: 'tap-refused', role: 'alert', 'data-seat': refused.seat, 'data-error': refused.code },
    format(strings.label_value, { label: seatLabel(strings, table, refused.seat), value: calc[`err_${refused.code}`] || refused.code })) : null;
  let body;
  if (step === 'tenpai') {
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
  } else if (step === 'winner') {
    body = [prompt('winner', calc.tap_winner), el('div', { class: 'form-actions' }, cancel)];
  } else if (step === 'discarder') {
    body = [prompt('discarder', calc.tap_discarder),
      el('div', { class: 'form-actions' },
        el('button', { type: 'button', class: 'button primary', id: 'tap-tsumo', onclick: () => on.tapTsumo() }, calc.self_draw), cancel)];
  } else {
    body = [prompt('value', valuePrompt(config, table, tap)), valueForm(config, table, tap, on, hand)];
  }
  return el('section', { class: 'tap-score', id: 'tap-score-panel', 'data-kind': tap.kind, 'aria-label': tap.kind === 'draw' ? calc.score_draw : calc.score_win },
    liable, body[0], said, body.slice(1));
}

/** After a scoring: this line says what moved on each seat (each seat shows it too) and offers Undo. */
export function renderMoved(config, moved, on) {
  if (!moved) return null;
  const { strings, lang } = config;
  const calc = strings.calc;
  const item = (delta, index) => el('li', { 'data-seat': index, 'data-moved': delta },
    format(strings.label_value, { label: strings.winds[index], value: formatSigned(lang, delta) }));
  const items = moved.deltas.map((delta, index) => (delta ? item(delta, index) : null)).filter(Boolean);
  return el('div', { class: 'moved-line', id: 'moved', role: 'status', tabindex: '-1' },
    el('span', { class: 'moved-title' }, calc.moved_title),
    items.length ? el('ul', { class: 'moved-list', id: 'moved-list' }, items) : null,
    el('button', { type: 'button', class: 'button secondary small', id: 'moved-undo', onclick: () => on.undoMoved() }, calc.undo));
}
