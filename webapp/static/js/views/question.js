/**
 * A question screen: large answer buttons, or a number field with its error shown at the field (a question of time
 * brings its own form, views/time-form.js, loaded for that question only).
 */
import { el, format, listen } from './dom.js';
import { parseNumber } from '../logic/engine.js';
import { wizardUrl } from '../logic/urls.js';
import { heading, navBar } from './common.js';

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
  listen(form, 'submit', (event) => {
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

/** form: the form of a question of time (views/time-form.js), or null for the usual number field. */
export function renderQuestion({ config, ruleset, walked, answers, notices = null, onNumber, form = null }) {
  const { strings, lang } = config;
  const node = ruleset.incidents[walked.at.id];
  const back = answers.length ? wizardUrl(lang, ruleset.id, answers.slice(0, -1)) : `/${lang}/`;
  const body = node.options
    ? el('ul', { class: 'choices', id: 'options' }, node.options.map((option) => el('li', {},
      el('a', {
        class: 'choice', id: `opt-${option.id}`, href: wizardUrl(lang, ruleset.id, [...answers, option.id]), 'data-nav': true,
      }, el('span', { class: 'choice-title' }, option.label), option.help ? el('span', { class: 'choice-meta' }, option.help) : null))))
    : (form ?? numberForm(strings, node, onNumber));
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
