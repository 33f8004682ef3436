/** "Record in the log": the incident form under a ruling (or in the log to edit one), with the escalation shown first. */
import { el, format } from '../dom.js';
import { logUrl } from '../router.js';
import { markSaved, showStale } from './form-state.js';
import { field, showErrors, staleNote, storageFailed } from './scores.js';

/** One or two sentences on what the next offence means for this player under this ruleset. */
export function escalationLines(strings, found) {
  const log = strings.log;
  const lines = [];
  if (found.progressive) {
    const { next, nextCarried } = found.progressive;
    lines.push(el('li', { 'data-next': next }, next === 0 ? log.next_warning : format(log.next_points, { points: next })));
    lines.push(el('li', { 'data-next-carried': nextCarried }, format(log.next_carried, { points: nextCarried })));
  }
  if (found.discipline) {
    const d = found.discipline;
    lines.push(el('li', { 'data-strikes': d.strikes, 'data-status': d.status },
      format(log.strikes_line, { count: d.strikes }), ' ', log[`status_${d.status}`]));
    if (d.nextStrikeBans) lines.push(el('li', { 'data-next-strike': 'ban' }, log.next_strike_bans));
    else if (d.nextStrikeSuspends) lines.push(el('li', { 'data-next-strike': 'suspension' }, log.next_strike_suspends));
  }
  return lines;
}

function textInput(name, value, extra = {}) {
  return el('input', { name, 'data-field': name, type: 'text', autocomplete: 'off', value: value ?? '', maxlength: '500', ...extra });
}

/**
 * The incident form. prefix: the DOM id prefix ('record', or a domId for an edit); values: what it starts with;
 * rev: the stored revision it was made from ('' when new or deleted meanwhile); players: names for suggestions.
 * on.escalation({player, session}) → what the next offence costs (or null); on.save(values, rev) → a promise of
 * {ok} | {errors} | {error} | {conflict: 'changed'|'deleted', rev}.
 */
export function recordForm({ config, prefix, values, rev = '', players = [], editing = false, on }) {
  const { strings } = config;
  const log = strings.log;
  const listId = `${prefix}-players`;
  const formId = `${prefix}-form`;
  const seat = el('select', { name: 'seat', 'data-field': 'seat' },
    el('option', { value: '' }, '—'),
    strings.winds.map((wind) => el('option', { value: wind, selected: values.seat === wind }, wind)));
  const note = el('textarea', { name: 'note', 'data-field': 'note', rows: '3', maxlength: '500' });
  note.defaultValue = values.note ?? '';
  const preview = el('ul', { class: 'escalation', id: `${prefix}-escalation`, 'aria-live': 'polite' });
  const status = el('div', { role: 'status', id: `${prefix}-status` });
  const form = el('form', { class: 'record-form', id: formId, novalidate: true, 'data-rev': editing ? rev : undefined },
    staleNote(formId, strings),
    field(`${prefix}-player`, log.player, textInput('player', values.player, { list: listId, required: true })),
    el('datalist', { id: listId }, players.map((name) => el('option', { value: name }))),
    preview,
    field(`${prefix}-seat`, log.seat, seat),
    field(`${prefix}-tournament`, log.tournament, textInput('tournament', values.tournament)),
    field(`${prefix}-session`, log.session, textInput('session', values.session)),
    field(`${prefix}-table`, log.table, textInput('table', values.table)),
    field(`${prefix}-points`, log.points, textInput('points', values.points ?? '', { inputmode: 'decimal' })),
    field(`${prefix}-note`, log.note, note),
    el('button', { type: 'submit', class: 'button primary', id: `${prefix}-save` }, editing ? log.save_changes : log.save),
    status);

  const read = () => Object.fromEntries(new FormData(form).entries());
  const updatePreview = () => {
    const { player, session } = read();
    const found = player.trim() ? on.escalation({ player, session }) : null;
    if (!found) {
      preview.replaceChildren();
      return;
    }
    preview.replaceChildren(el('li', { 'data-incidents': found.incidents }, format(log.earlier, { count: found.incidents })),
      ...escalationLines(strings, found));
  };
  form.addEventListener('input', updatePreview);
  updatePreview();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const result = await on.save(read(), form.dataset.rev);
    showErrors(form, { calc: { ...strings.calc, ...log } }, result.errors || {});
    if (result.errors) return;
    if (result.conflict) {
      form.dataset.rev = result.rev ?? '';  // from now on, a save applies what was typed over the current data
      status.replaceChildren();
      showStale(form, result.conflict === 'deleted' ? 'deleted' : 'conflict');
      return;
    }
    if (result.error) {
      storageFailed(status, strings, result.error, `${prefix}-storage-error`);
      return;
    }
    markSaved(form);
    if (editing) form.dataset.rev = result.rev ?? form.dataset.rev;
    status.replaceChildren(el('p', { id: `${prefix}-done` }, log.recorded, ' ',
      el('a', { href: logUrl(config.lang), 'data-nav': true, id: `${prefix}-open-log` }, log.open_log)));
  });
  return form;
}

/** Fill the new-incident form (from the calculator's result) and bring it into view. */
export function prefillRecord(block, values) {
  const form = block.querySelector('form');
  block.open = true;
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (control) control.value = value;
  }
  form.dispatchEvent(new Event('input'));
  form.elements.namedItem('player').focus();
}

/** The "Record in the log" block under a ruling; record: {status, values, players}. */
export function renderRecord({ config, record, on }) {
  const { strings } = config;
  const body = record.status === 'ok'
    ? recordForm({ config, prefix: 'record', values: record.values, players: record.players, on })
    : el('p', { class: 'field-error', id: 'record-unavailable', 'data-problem': record.status }, strings.data.read_only);
  return el('details', { class: 'ruling-block record', id: 'record' },
    el('summary', { id: 'record-open' }, strings.log.record_title), body);
}
