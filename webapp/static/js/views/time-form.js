/**
 * The form of a question of time (a lateness): minutes and seconds, what they count as said while typing, how part of
 * a minute counts and where that comes from; it hands on the whole minutes counted. Loaded for that question only.
 */
import { el, format, listen } from './dom.js';
import { pluralForm } from '../logic/engine.js';
import { countedMinutes, latenessRange, readLateness, timeText } from '../logic/lateness.js';
import { countingText } from './common.js';

function digits(id, name, describedBy) {
  return el('input', {
    id, name, type: 'text', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', 'aria-describedby': describedBy,
  });
}

/**
 * A lateness typed as minutes and seconds: what it counts as is said as it is typed, and the counted minutes go on
 * (counting: lateness.js partMinuteRule). A time the question does not take is said at the field, with its range.
 */
export function timeForm(config, node, counting, onNumber) {
  const { strings, lang } = config;
  const s = strings.lateness;
  const { rule } = counting;
  const error = el('p', { class: 'field-error', id: 'number-error', hidden: true, role: 'alert' });
  const described = 'number-error time-counted time-counting';
  const minutesInput = digits('number-input', 'minutes', described);
  const secondsInput = digits('seconds-input', 'seconds', described);
  const counted = el('p', { class: 'help', id: 'time-counted', 'aria-live': 'polite' });
  const form = el('form', { class: 'number-form time-form', id: 'number-form', novalidate: true, 'data-rule': rule, 'data-from': counting.from },
    el('fieldset', { class: 'time-fields' },
      el('legend', {}, node.number.unit?.other || node.question),
      el('div', { class: 'field-pair' },
        el('div', { class: 'field' }, el('label', { for: 'number-input' }, s.minutes), minutesInput),
        el('div', { class: 'field' }, el('label', { for: 'seconds-input' }, s.seconds), secondsInput))),
    counted,
    el('p', { class: 'help', id: 'time-counting' }, countingText(config, counting)),
    error,
    el('button', { type: 'submit', class: 'button primary', id: 'number-submit' }, strings.number_submit));
  const say = (text, field) => {
    error.textContent = text;
    error.hidden = false;
    for (const input of [minutesInput, secondsInput]) {
      if (input === field) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    field.focus();
  };
  listen(form, 'input', () => {
    const typed = readLateness(minutesInput.value, secondsInput.value);
    const minutes = typed.error ? null : countedMinutes(typed.seconds, rule);
    counted.dataset.minutes = minutes === null ? '' : String(minutes);
    counted.textContent = minutes === null ? ''
      : format(pluralForm(lang, s.counts_as, minutes), { time: timeText(typed.seconds), count: minutes });
  });
  listen(form, 'submit', (event) => {
    event.preventDefault();
    const typed = readLateness(minutesInput.value, secondsInput.value);
    if (typed.error) {
      say(s[`error_${typed.error}`], typed.field === 'seconds' ? secondsInput : minutesInput);
      return;
    }
    const range = latenessRange(node.number, rule);
    if (typed.seconds < range.from || typed.seconds > range.to) {
      say(format(s.error_range, { from: timeText(range.from), to: timeText(range.to) }), minutesInput);
      return;
    }
    onNumber(countedMinutes(typed.seconds, rule));
  });
  return form;
}
