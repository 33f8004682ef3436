/**
 * A question screen: large answer buttons, or a number field with its error shown at the field; a question of time (a
 * lateness) takes minutes and seconds, says how part of a minute counts, and hands on the whole minutes it counts.
 */
import { el, format } from './dom.js';
import { parseNumber, pluralForm } from '../logic/engine.js';
import { countedMinutes, latenessRange, readLateness, timeText } from '../logic/lateness.js';
import { wizardUrl } from '../logic/urls.js';
import { countingText, heading, navBar } from './common.js';

/** The answers given so far, each a link back to its question, labelled in the page's language. */
export function trailList(config, ruleset, trail) {
  const { lang, strings } = config;
  if (!trail.length) return null;
  return el('ol', { class: 'trail', id: 'trail', 'aria-label': strings.your_answers },
    trail.map((step, index) => el('li', {},
      el('a', { href: wizardUrl(lang, ruleset.id, trail.slice(0, index).map((s) => s.value)), 'data-nav': true },
        ruleset.incidents[step.id].question),
      el('span', { class: 'trail-answer' }, step.label))));
}

function numberForm(strings, node, onNumber) {
  const error = el('p', { class: 'field-error', id: 'number-error', hidden: true, role: 'alert' });
  const input = el('input', {
    id: 'number-input', name: 'number', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off',
    required: true, 'aria-describedby': 'number-error',
  });
  const form = el('form', { class: 'number-form', id: 'number-form', novalidate: true },
    el('label', { for: 'number-input' }, node.number.unit?.other || node.question), input, error,
    el('button', { type: 'submit', class: 'button primary', id: 'number-submit' }, strings.number_submit));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = parseNumber(node, input.value);
    if (value === null) {
      error.textContent = input.value.trim() === ''
        ? strings.number_error_empty
        : format(strings.number_error_range, node.number);
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    onNumber(value);
  });
  return form;
}

function digits(id, name, describedBy) {
  return el('input', {
    id, name, type: 'text', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', 'aria-describedby': describedBy,
  });
}

/**
 * A lateness typed as minutes and seconds: what it counts as is said as it is typed, and the counted minutes go on
 * (counting: lateness.js partMinuteRule). A time the question does not take is said at the field, with its range.
 */
function timeForm(config, node, counting, onNumber) {
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
  form.addEventListener('input', () => {
    const typed = readLateness(minutesInput.value, secondsInput.value);
    const minutes = typed.error ? null : countedMinutes(typed.seconds, rule);
    counted.dataset.minutes = minutes === null ? '' : String(minutes);
    counted.textContent = minutes === null ? ''
      : format(pluralForm(lang, s.counts_as, minutes), { time: timeText(typed.seconds), count: minutes });
  });
  form.addEventListener('submit', (event) => {
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

/** counting: how part of a minute counts, for a question of time (lateness.js partMinuteRule); null otherwise. */
export function renderQuestion({ config, ruleset, walked, answers, notices = null, onNumber, counting = null }) {
  const { strings, lang } = config;
  const node = ruleset.incidents[walked.at.id];
  const back = answers.length ? wizardUrl(lang, ruleset.id, answers.slice(0, -1)) : `/${lang}/`;
  const body = node.options
    ? el('ul', { class: 'choices', id: 'options' }, node.options.map((option) => el('li', {},
      el('a', {
        class: 'choice', id: `opt-${option.id}`, href: wizardUrl(lang, ruleset.id, [...answers, option.id]), 'data-nav': true,
      }, el('span', { class: 'choice-title' }, option.label), option.help ? el('span', { class: 'choice-meta' }, option.help) : null))))
    : (counting ? timeForm(config, node, counting, onNumber) : numberForm(strings, node, onNumber));
  return [
    el('p', { class: 'ruleset-name' }, ruleset.name),
    heading(node.question, 'question', 'h1'),
    notices,
    node.help ? el('p', { class: 'help' }, node.help) : null,
    body,
    navBar(strings, back, wizardUrl(lang, ruleset.id)),
    trailList(config, ruleset, walked.trail),
  ].filter(Boolean);
}
