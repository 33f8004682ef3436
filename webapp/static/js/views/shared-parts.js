/** Shared pieces of the calculator screens: seat names, a before/after table, the next hand, field errors. */
import { el, format } from './dom.js';
import { isDirty, markControlSaved, markSaving, showStale } from './form-state.js';

export function seatLabel(strings, table, index) {
  const seat = table.seats[index];
  const wind = strings.winds[index];
  return seat.name ? `${wind} · ${seat.name}` : wind;
}

/** The scores this ruleset keeps as [kind, label] pairs, for a heading or a choice (scoreKinds has the rest). */
export function scoreLabels(ruleset) {
  const kinds = [['table', ruleset.scoring?.table?.label]];
  if (ruleset.scoring?.tournament) kinds.push(['tournament', ruleset.scoring.tournament.label]);
  return kinds.filter(([, label]) => label);
}

/** What the next hand looks like after the ruling. */
export function nextHandList(config, table, result) {
  const { strings } = config;
  if (!result.next) return null;
  const calc = strings.calc;
  const lines = [];
  // What follows: a re-deal, a win or a draw to score at the table (the form opens there), or play going on.
  const follows = result.next.redeal ? 'redeal' : result.next.score ? `score-${result.next.score.kind}` : 'continues';
  const followText = { redeal: calc.redeal, 'score-win': calc.next_score_win, 'score-draw': calc.next_score_draw }[follows] ?? calc.continue;
  lines.push(el('li', { id: 'next-redeal', 'data-value': String(result.next.redeal), 'data-follows': follows }, followText));
  if (result.next.dealer === 'stays') lines.push(el('li', { id: 'next-dealer', 'data-value': 'stays' }, calc.dealer_stays));
  if (result.next.dealer === 'passes') lines.push(el('li', { id: 'next-dealer', 'data-value': 'passes' }, calc.dealer_passes));
  if (result.next.dealer === 'passes_after_hand') {
    const seat = seatLabel(strings, table, result.next.dealerNext);
    lines.push(el('li', { id: 'next-dealer', 'data-value': 'passes_after_hand', 'data-seat': result.next.dealerNext },
      format(calc.dealer_passes_after_hand, { seat })));
  }
  if (result.next.depositsReturned.length) {
    const seats = result.next.depositsReturned.map((index) => seatLabel(strings, table, index)).join(', ');
    lines.push(el('li', { id: 'next-deposits' }, format(calc.deposits_returned, { seats })));
  }
  if (result.next.counter === 'none') lines.push(el('li', { id: 'next-counter' }, calc.counter_none));
  if (result.next.notenPayments === false) lines.push(el('li', { id: 'next-noten' }, calc.noten_none));
  for (const note of result.notes || []) lines.push(el('li', { 'data-note': note }, calc[`note_${note}`] || note));
  result.after.seats.forEach((seat, index) => {
    const was = table.seats[index];
    const name = seatLabel(strings, table, index);
    // Each line names its seat and mark (the scoreboard's mark names), so what changes can be read without its words.
    const line = (mark, text) => lines.push(el('li', { 'data-seat': index, 'data-mark': mark }, format(strings.label_value, { label: name, value: text })));
    if (seat.deadHand && !was.deadHand) line('dead-hand', calc.dead_hand);
    if (seat.liveTiles !== was.liveTiles) line('live-tiles', `${calc.live_tiles} ${seat.liveTiles}`);
    if (seat.deadTiles !== was.deadTiles) line('dead-tiles', `${calc.dead_tiles} ${seat.deadTiles}`);
    if (seat.strikes !== was.strikes) line('strikes', `${calc.strikes} ${seat.strikes}`);
    if (seat.substituted && !was.substituted) line('substituted', calc.substituted);
    if (seat.disqualified && !was.disqualified) line('disqualified', calc.disqualified);
    if (seat.sessionLost !== undefined && was.sessionLost === undefined) line('session-lost', calc.session_lost);
  });
  return el('section', { class: 'next-hand', 'aria-labelledby': 'next-hand-title' },
    el('h3', { id: 'next-hand-title' }, calc.next_hand), el('ul', { id: 'next-hand' }, lines));
}

/** Each field's error line, found from its control (never by building a selector from an id). */
const errorLines = new WeakMap();

/**
 * Show or clear the error message of each field, and the form's own messages (each `data-form-error` names the
 * error key it shows, for errors tied to no single field); focus the first field in error, or the first control of
 * the group (fieldset) whose message shows.
 */
export function showErrors(form, strings, errors) {
  let first = null;
  for (const control of form.querySelectorAll('[data-field]')) {
    const name = control.dataset.field;
    const message = errorLines.get(control);
    if (errors[name] && message) {
      message.textContent = strings.calc[`err_${errors[name]}`] || errors[name];
      message.hidden = false;
      control.setAttribute('aria-invalid', 'true');
      first = first || control;
    } else if (message) {
      message.textContent = '';
      message.hidden = true;
      control.removeAttribute('aria-invalid');
    }
  }
  for (const formError of form.querySelectorAll('[data-form-error]')) {
    const error = errors[formError.dataset.formError];
    formError.textContent = error ? strings.calc[`err_${error}`] || error : '';
    formError.hidden = !error;
    formError.dataset.error = error || '';
    if (error) first = first || formError.closest('fieldset')?.querySelector('input, select') || null;
  }
  first?.focus();
}

/**
 * Give focus back to the control the referee was editing once the screen is shown again, but only if the focus is
 * nowhere: a save that ends late must not take the typing away from the field the referee has moved on to.
 */
export function refocus(node, wanted) {
  if (!wanted) return node;
  setTimeout(() => {
    const elsewhere = document.activeElement && document.activeElement !== document.body;
    if (node.isConnected && node.id === wanted && !elsewhere) node.focus();
  });
  return node;
}

/** A labelled field with its error line. */
export function field(id, label, control) {
  control.id = id;
  control.setAttribute('aria-describedby', `${id}-error`);
  const error = el('p', { class: 'field-error', id: `${id}-error`, hidden: true });
  errorLines.set(control, error);
  return el('div', { class: 'field' }, el('label', { for: id }, label), control, error);
}

/** A write the device refused or could not make (full storage, data of a newer version, storage closed). */
export function storageFailed(container, strings, code = 'quota', id = 'storage-error') {
  const text = strings.data?.[`write_${code}`] || strings.calc.storage_full;
  container.replaceChildren(el('p', { class: 'field-error', role: 'alert', id, 'data-error': code }, text));
}

/** The hidden line a data form shows when its data changed in another tab, or a save of it was refused. */
export function staleNote(formId, strings) {
  const data = strings.data || {};
  return el('p', {
    class: 'stale-note', id: `${formId}-stale`, role: 'alert', hidden: true, 'data-stale-note': true,
    'data-text-changed': data.stale_changed, 'data-text-conflict': data.stale_conflict, 'data-text-deleted': data.stale_deleted,
  });
}

/** What a field kept as it changes came to: its error at the field, or the device's refusal in its form's status. */
export function showFieldResult(strings, control, result) {
  if (result.errors && control.form) showErrors(control.form, strings, result.errors);
  const status = control.form?.querySelector('[role="status"]');
  if (result.error && status) storageFailed(status, strings, result.error);
  if (result.conflict && control.form) {
    // Refused: the field was filled from older data. What was typed stays; saving it again applies it over the
    // value stored now, which the field takes as the one it was filled with.
    if (result.paths && 'from' in control.dataset) control.dataset.from = JSON.stringify(result.now ?? null);
    status?.replaceChildren();
    showStale(control.form, 'conflict');
  }
}

/** The field kept now by each control, with the text sent: a second "change" for the same text is not a second edit. */
const keeping = new WeakMap();

/**
 * Keep one field of a form that saves field by field: save(from) gets the stored value the field was filled with (its
 * data-from, as JSON), so a field changed elsewhere since is refused, not written over another tab's newer value. A
 * text that is what is stored already (kept before, or left as shown) is no edit; once kept, the field no longer
 * counts as unsaved, so leaving it or an update waiting for it does not take it for typing.
 */
export async function keepField(strings, control, save) {
  const text = control.type === 'checkbox' ? control.checked : control.value;
  const typed = control.tagName === 'INPUT' && control.type !== 'checkbox';
  if (keeping.get(control) === text || (typed && !isDirty(control))) return null;
  keeping.set(control, text);
  markSaving(control, true);
  let result;
  try {
    result = await save(control.dataset.from);
  } finally {
    keeping.delete(control);
    markSaving(control, false);
  }
  if (result.ok && typed) markControlSaved(control, text);
  else if (result.ok) markControlSaved(control);
  showFieldResult(strings, control, result);
  return result;
}

/**
 * A form kept field by field (its keydown handler): Enter keeps the focused text field if it holds unsaved text (a
 * browser fires no "change" for text it already reported, such as a value refused once and now saved again on
 * purpose), then ends the edit. A second "change" for the same text is ignored by keepField.
 */
export function keepOnEnter(event) {
  const control = event.target;
  if (event.key !== 'Enter' || control.tagName !== 'INPUT' || control.type === 'checkbox') return;
  event.preventDefault();
  if (isDirty(control)) control.dispatchEvent(new Event('change', { bubbles: true }));
  control.blur();
}
