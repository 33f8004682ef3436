/** "Record in the log": the incident form under a ruling (or in the log to edit one), with the escalation shown first. */
import { el, format } from '../dom.js';
import { addIncident, escalation, makeIncident, players, replaceIncident } from '../log.js';
import { loadContext, loadLog, saveContext, saveLog } from '../log-store.js';
import { logUrl } from '../router.js';
import { field, showErrors } from './scores.js';

export function today() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}

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

/** The form; `incident` given means editing it. Calls onSaved(log) after a successful save. */
export function recordForm({ config, ruleset, rulingId, prefill = {}, incident = null, onSaved }) {
  const { strings } = config;
  const log = strings.log;
  const context = loadContext();
  const values = incident || { ...context, ...prefill };
  const prefix = incident ? `edit-${incident.id}` : 'record';
  const known = players(loadLog());
  const listId = `${prefix}-players`;
  const seat = el('select', { name: 'seat', 'data-field': 'seat' },
    el('option', { value: '' }, '—'),
    strings.winds.map((wind) => el('option', { value: wind, selected: values.seat === wind }, wind)));
  const note = el('textarea', { name: 'note', 'data-field': 'note', rows: '3', maxlength: '500' });
  note.value = values.note ?? '';
  const preview = el('ul', { class: 'escalation', id: `${prefix}-escalation`, 'aria-live': 'polite' });
  const status = el('div', { role: 'status', id: `${prefix}-status` });
  const form = el('form', { class: 'record-form', id: `${prefix}-form`, novalidate: true },
    field(`${prefix}-player`, log.player, textInput('player', values.player, { list: listId, required: true })),
    el('datalist', { id: listId }, known.map((name) => el('option', { value: name }))),
    preview,
    field(`${prefix}-seat`, log.seat, seat),
    field(`${prefix}-tournament`, log.tournament, textInput('tournament', values.tournament)),
    field(`${prefix}-session`, log.session, textInput('session', values.session)),
    field(`${prefix}-table`, log.table, textInput('table', values.table)),
    field(`${prefix}-points`, log.points, textInput('points', values.points ?? '', { inputmode: 'decimal' })),
    field(`${prefix}-note`, log.note, note),
    el('button', { type: 'submit', class: 'button primary', id: `${prefix}-save` }, incident ? log.save_changes : log.save),
    status);

  const read = () => Object.fromEntries(new FormData(form).entries());
  const updatePreview = () => {
    const { player, session } = read();
    if (!player.trim()) {
      preview.replaceChildren();
      return;
    }
    const found = escalation(loadLog(), ruleset, player, session, today());
    preview.replaceChildren(el('li', { 'data-incidents': found.incidents }, format(log.earlier, { count: found.incidents })),
      ...escalationLines(strings, found));
  };
  form.addEventListener('input', updatePreview);
  updatePreview();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const raw = read();
    const made = makeIncident({ ...raw, rulesetId: ruleset.id, rulingId, id: incident?.id, at: incident?.at });
    showErrors(form, { calc: { ...strings.calc, ...log } }, made.errors || {});
    if (made.errors) return;
    const current = loadLog();
    const next = incident ? replaceIncident(current, made.incident) : addIncident(current, made.incident);
    if (!saveLog(next)) {
      status.replaceChildren(el('p', { class: 'field-error', role: 'alert', id: `${prefix}-storage-error` }, strings.calc.storage_full));
      return;
    }
    saveContext({ tournament: made.incident.tournament, session: made.incident.session, table: made.incident.table });
    status.replaceChildren(el('p', { id: `${prefix}-done` }, log.recorded, ' ',
      el('a', { href: logUrl(config.lang), 'data-nav': true, id: `${prefix}-open-log` }, log.open_log)));
    onSaved?.(next);
  });
  return form;
}

export function renderRecord({ config, ruleset, rulingId }) {
  return el('details', { class: 'ruling-block record', id: 'record' },
    el('summary', { id: 'record-open' }, config.strings.log.record_title),
    recordForm({ config, ruleset, rulingId }));
}
