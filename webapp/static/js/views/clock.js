/**
 * The lateness clock, a part of the event screen (views/event-page.js gives it its heading): start the round, note
 * the absent players, watch each one's minutes late, and open the current ruleset's lateness ruling with those
 * minutes. Render only: data and callbacks in, DOM out; the minutes shown are
 * worked out again every few seconds while the screen is on show.
 */
import { domId, el, format, listen } from './dom.js';
import { unit } from './patch.js';
import { countingText } from './common.js';
import { pluralForm } from '../logic/format.js';
import { latenessOf, secondsLate, timeText as lateText } from '../logic/lateness.js';
import { rulingUrl, wizardUrl } from '../logic/urls.js';

const TICK_MS = 1000;  // the time late is shown to the second

/** A ruling's address with the clock's player, whom the ruling's forms then name without typing it again. */
function withPlayer(href, name) {
  return `${href}?${new URLSearchParams({ player: name })}`;
}

function timeText(lang, date) {
  return new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(date));
}


/** "Start the round again now" asked first: what changes, then yes or no. */
function restartAsked(s, clock, on, failed) {
  const panel = el('div', { class: 'undo-confirm', id: 'clock-restart-confirm', role: 'alertdialog', 'aria-labelledby': 'clock-restart-title' },
    el('h3', { id: 'clock-restart-title', tabindex: '-1' }, s.restart_ask),
    el('p', { id: 'clock-restart-changes', 'data-players': clock.players.length }, s.restart_changes),
    el('div', { class: 'form-actions' },
      el('button', { type: 'button', class: 'button primary', id: 'clock-restart-yes', onclick: async () => failed(await on.start()) }, s.restart),
      el('button', { type: 'button', class: 'button secondary', id: 'clock-restart-no', onclick: () => on.cancelStart() }, s.cancel)));
  setTimeout(() => panel.querySelector('h3')?.focus());
  return panel;
}

/**
 * lateness: {question (lateness.js latenessQuestion, or null), rulingId (a lateness ruling when no question takes
 * minutes), covered, counting (lateness.js partMinuteRule: how part of a minute counts, or null)}; clock: {status,
 * startedAt, players}; nameError: {code, max} the add form last said, or null; on: {start, add(name), arrived(id),
 * remove(id), clear}, each → {ok} | {errors} | {error}.
 */
export function renderClock({
  config, ruleset, clock, lateness, nameError: shownError = null, on, ui = {} }) {
  const { lang } = config;
  const s = config.strings.clock;
  const writable = clock.status === 'ok';
  const problem = el('p', { class: 'field-error', id: 'clock-error', role: 'alert', hidden: true });
  // The error line is found when a handler runs: a screen drawn again keeps the node and hands it new handlers.
  const failed = (result) => {
    if (!result?.error) return false;
    const shown = document.getElementById('clock-error') ?? problem;
    shown.dataset.error = result.error;
    shown.textContent = config.strings.data[`write_${result.error}`] || config.strings.data.write_failed;  // 'quota': out of space
    shown.hidden = false;
    return true;
  };
  const started = clock.startedAt
    ? el('p', { id: 'clock-started', 'data-started': clock.startedAt }, format(s.started, { time: timeText(lang, clock.startedAt) }))
    : el('p', { id: 'clock-not-started' }, s.not_started);
  const ticking = [];  // updaters of each player's minutes

  function playerItem(player) {
    const minutes = el('span', { class: 'clock-minutes' });
    const link = el('a', { class: 'button secondary', id: domId('clock-ruling', player.id), 'data-nav': true }, s.ruling);
    const range = el('p', { class: 'help', hidden: true });
    const update = () => {
      const seconds = clock.startedAt ? secondsLate(clock.startedAt, player.arrivedAt ?? Date.now()) : 0;
      const { minutes: late, answers } = lateness.counting
        ? latenessOf(lateness.question, seconds, lateness.counting.rule) : { minutes: null, answers: null };
      minutes.dataset.seconds = String(seconds);
      minutes.dataset.minutes = late === null ? '' : String(late);
      minutes.textContent = late === null ? format(s.late_time, { time: lateText(seconds) })
        : format(pluralForm(lang, s.late, late), { time: lateText(seconds), count: late });
      const href = answers ? wizardUrl(lang, ruleset.id, answers)
        : (!lateness.question && lateness.rulingId ? rulingUrl(lang, ruleset.id, lateness.rulingId) : null);
      link.hidden = !href || !clock.startedAt;
      if (href) link.setAttribute('href', withPlayer(href, player.name));
      link.dataset.minutes = late === null ? '' : String(late);
      range.hidden = Boolean(href) || !lateness.question || !clock.startedAt;
      range.textContent = lateness.question ? format(pluralForm(lang, s.out_of_range, lateness.question.max), lateness.question) : '';
    };
    update();
    if (!player.arrivedAt) ticking.push(update);
    return el('li', { class: 'clock-player', 'data-player': player.id, 'data-arrived': player.arrivedAt ? 'true' : 'false' },
      el('h2', { class: 'clock-name' }, player.name),
      el('p', {}, minutes, player.arrivedAt ? ` · ${format(s.arrived_at, { time: timeText(lang, player.arrivedAt) })}` : ''),
      range,
      el('div', { class: 'clock-actions' },
        lateness.covered ? link : null,
        writable && clock.startedAt && !player.arrivedAt ? el('button', {
          type: 'button', class: 'button secondary', id: domId('clock-arrived', player.id), onclick: async () => failed(await on.arrived(player.id)),
        }, s.arrived) : null,
        writable ? el('button', {
          type: 'button', class: 'button secondary small', id: domId('clock-remove', player.id), onclick: async () => failed(await on.remove(player.id)),
        }, s.remove) : null));
  }

  const nameError = el('p', { class: 'field-error', id: 'clock-player-error', role: 'alert', hidden: true });
  const nameInput = el('input', { id: 'clock-player', name: 'name', type: 'text', autocomplete: 'off', 'aria-describedby': 'clock-player-error' });
  const addForm = writable ? el('form', { class: 'clock-form', id: 'clock-form', novalidate: true },
    el('div', { class: 'field' }, el('label', { for: 'clock-player' }, s.player), nameInput, nameError),
    el('button', { type: 'submit', class: 'button', id: 'clock-add' }, s.add)) : null;
  const showNameError = (code, max) => {
    nameError.textContent = code === 'too_many' ? format(pluralForm(lang, s.too_many, max ?? 0), { max: max ?? '' })
      : code === 'too_long' ? s.name_too_long : s.name_empty;
    nameError.dataset.error = code;
    nameError.hidden = false;
    nameInput.setAttribute('aria-invalid', 'true');
  };
  if (shownError) showNameError(shownError.code, shownError.max);
  if (addForm) listen(addForm, 'submit', async (event) => {
    event.preventDefault();
    const result = await on.add(nameInput.value);
    if (result.errors) {
      showNameError(result.errors.name, result.max);
      nameInput.focus();
      return;
    }
    if (result.ok) {  // noted: the field is free for the next name (and holds nothing unsaved)
      nameInput.value = '';
      nameError.hidden = true;
      nameInput.removeAttribute('aria-invalid');
    }
    failed(result);
  });

  // Its minutes tick in the nodes drawn here (the updaters hold them): the list is a unit, put in the page whole at
  // each drawing, so the clock that ticks is always the one on show.
  const list = unit(el('ul', { class: 'clock-players', id: 'clock-players' }, clock.players.map(playerItem)));
  if (ticking.length && clock.startedAt) {
    let shown = false;  // the screen may be put on show a little after it is drawn: stop only once it has gone
    const timer = setInterval(() => {
      if (list.isConnected) shown = true;
      if (list.isConnected) ticking.forEach((update) => update());
      else if (shown) clearInterval(timer);
    }, TICK_MS);
  }
  return [
    el('p', { class: 'ruleset-name', id: 'clock-ruleset', 'data-ruleset': ruleset.id }, ruleset.name),
    lateness.covered ? el('p', { class: 'help' }, s.help)
      : el('p', { class: 'stale-note', id: 'clock-not-covered', 'data-ruleset': ruleset.id }, s.not_covered),
    lateness.counting ? el('p', { class: 'help', id: 'clock-counting', 'data-rule': lateness.counting.rule, 'data-from': lateness.counting.from },
      countingText(config, lateness.counting)) : null,
    started,
    writable && ui.ask ? restartAsked(s, clock, on, failed) : null,
    writable && !ui.ask ? el('button', {
      type: 'button', class: 'button big', id: 'clock-start', onclick: async () => failed(await on.start()),
    }, clock.startedAt ? s.restart : s.start) : null,
    writable && ui.undo ? el('p', { class: 'pending', id: 'clock-restarted', role: 'status' }, `${s.restarted} `,
      el('button', { type: 'button', class: 'button secondary', id: 'clock-undo', onclick: async () => failed(await on.undoStart()) }, s.undo)) : null,
    problem,
    addForm,
    list,
    writable && (clock.startedAt || clock.players.length) ? el('button', {
      type: 'button', class: 'button secondary', id: 'clock-clear', onclick: async () => failed(await on.clear()),
    }, s.clear) : null,
  ].filter(Boolean);
}
