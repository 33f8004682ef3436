/** "Record in the log": the incident form under a ruling (or in the log to edit one), with the escalation shown
 * first. */
import { el, format, listen } from './dom.js';
import { pluralForm } from '../logic/format.js';
import { formatNumberInput } from '../logic/numbers.js';
import { logUrl, rosterUrl } from '../logic/urls.js';
import { markSaved, showStale } from './form-state.js';
import { field, showErrors, staleNote, storageFailed } from './shared-parts.js';
import { shortDay, statusData } from './status.js';

/** A few sentences on what the next offence means for this player under this ruleset; found: the player's record. */
export function escalationLines(config, found) {
  const { strings, lang } = config;
  const log = strings.log;
  const day = (iso) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const lines = [];
  for (const { id, next } of found.counts ?? []) {
    if (id === 'session') {
      lines.push(el('li', { 'data-next': next, 'data-warning': next === 0 || null },
        next === 0 ? log.next_warning : format(pluralForm(lang, log.next_points, next), { points: next })));
    } else {
      lines.push(el('li', { 'data-next-carried': next, 'data-warning': next === 0 || null },
        next === 0 ? log.next_carried_warning : format(pluralForm(lang, log.next_carried, next), { points: next })));
    }
  }
  if (found.strikes) {
    const { status } = found;
    let said = log.status_ok;
    if (status.state === 'suspended') said = format(log.status_suspended_until, { date: day(status.until) });
    if (status.state === 'banned') said = format(log.status_banned_since, { date: day(status.since) });
    lines.push(el('li', { class: 'player-status', ...statusData(found), 'data-strikes-today': found.strikes.today },
      format(log.strikes_counting, { today: found.strikes.today, window: found.strikes.inWindow, days: found.strikes.days }), ' ', said));
    if (found.nextStrike === 'ban') lines.push(el('li', { 'data-next-strike': 'ban' }, log.next_strike_bans));
    else if (found.nextStrike === 'suspension') lines.push(el('li', { 'data-next-strike': 'suspension' }, log.next_strike_suspends));
  }
  return lines;
}

export function textInput(name, value, extra = {}) {
  return el('input', { name, 'data-field': name, type: 'text', autocomplete: 'off', value: value ?? '', maxlength: '500', ...extra });
}

/**
 * The session field: chosen from the event's sessions when it lists them (the stored value kept as an option even if
 * the list changed since), else typed, with the sessions seen so far suggested.
 */
export function sessionControl(prefix, value, sessions, known) {
  if (sessions?.length) {
    const options = value && !sessions.includes(value) ? [value, ...sessions] : sessions;
    return [el('select', { name: 'session', 'data-field': 'session' },
      el('option', { value: '' }, '—'),
      options.map((label) => el('option', { value: label, selected: label === value }, label)))];
  }
  const listId = `${prefix}-sessions`;
  return [textInput('session', value, { list: listId }), el('datalist', { id: listId }, (known ?? []).map((label) => el('option', { value: label })))];
}

/** A moment as a date-and-time field holds it: the device's local time, to the minute (YYYY-MM-DDTHH:MM). */
export function localInputTime(moment) {
  const at = new Date(moment);
  const two = (n) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** Points as the field shows them in `lang` (and reads them back: numbers.js, as the table's fields). */
export function pointsText(points, lang) {
  return typeof points === 'number' ? formatNumberInput(points, { lang, decimals: 2 }) : points ?? '';
}

/** Put the escalation's points in the points field, unless the referee (or the calculator) wrote there. */
export function fillPoints(input, points, lang) {
  const auto = input.dataset.auto;
  if (input.value !== '' && input.value !== auto) return;
  const text = pointsText(points, lang);
  input.value = text;
  if (text) input.dataset.auto = text;
  else delete input.dataset.auto;
}

/**
 * The incident form. prefix: the DOM id prefix ('record', or a domId for an edit); values: what it starts with;
 * rev: the stored revision it was made from ('' when new or deleted meanwhile); players: the roster's names, offered
 * to pick from; sessions: the event's sessions (chosen, not typed) or null; knownSessions: sessions seen in the log
 * (suggested when the event lists none); event: {id, label} the incident goes to (a new one).
 * on.recordOf({player, session}) → what the next offence costs, with `points` this ruling's next penalty points
 * (filled in for a new incident), or null; on.save(values, rev) → a promise of {ok} | {errors} | {error} |
 * {conflict: 'changed'|'deleted', rev}.
 */
export function recordForm({ config, prefix, values, rev = '', players = [], sessions = null, knownSessions = [], event = null, editing = false, on }) {
  const { strings } = config;
  const log = strings.log;
  const listId = `${prefix}-players`;
  const formId = `${prefix}-form`;
  const points = textInput('points', pointsText(values.points, config.lang), { inputmode: 'decimal' });
  const [session, sessionList] = sessionControl(prefix, values.session, sessions, knownSessions);
  const withTournament = editing || !event || event.id === 'local' || values.tournament;
  const seat = el('select', { name: 'seat', 'data-field': 'seat' },
    el('option', { value: '' }, '—'),
    strings.winds.map((wind, code) => el('option', { value: String(code), selected: String(values.seat) === String(code) }, wind)));
  // When it happened: now by default (kept as "now" until the referee changes it), editable for a write-up afterwards.
  const when = el('input', { type: 'datetime-local', name: 'at', 'data-field': 'at', value: localInputTime(values.at || new Date()),
    'data-auto': 'true', required: true });
  listen(when, 'input', () => delete when.dataset.auto);
  const note = el('textarea', { name: 'note', 'data-field': 'note', rows: '3', maxlength: '500' });
  note.defaultValue = values.note ?? '';
  const preview = el('ul', { class: 'escalation', id: `${prefix}-escalation`, 'aria-live': 'polite' });
  const status = el('div', { role: 'status', id: `${prefix}-status` });
  const form = el('form', { class: 'record-form', id: formId, novalidate: true, 'data-rev': editing ? rev : undefined },
    staleNote(formId, strings),
    event && !editing ? el('p', { class: 'record-event', id: `${prefix}-event`, 'data-event-id': event.id },
      format(log.event_line, { event: event.label }), ' ',
      el('a', { href: rosterUrl(config.lang), 'data-nav': true, class: 'inline-link', id: `${prefix}-change-event` }, log.change_event)) : null,
    field(`${prefix}-player`, log.player, textInput('player', values.player, { list: listId, required: true })),
    el('datalist', { id: listId }, players.map((name) => el('option', { value: name }))),
    preview,
    field(`${prefix}-at`, log.happened_at, when),
    field(`${prefix}-seat`, log.seat, seat),
    withTournament ? field(`${prefix}-tournament`, log.tournament, textInput('tournament', values.tournament)) : null,
    field(`${prefix}-session`, log.session, session),
    sessionList,
    field(`${prefix}-table`, log.table, textInput('table', values.table)),
    field(`${prefix}-points`, log.points, points),
    field(`${prefix}-note`, log.note, note),
    el('button', { type: 'submit', class: 'button primary', id: `${prefix}-save` }, editing ? log.save_changes : log.save),
    status);

  const read = () => {
    const values = Object.fromEntries(new FormData(form).entries());
    if (when.dataset.auto) delete values.at;  // untouched: the moment it is saved (or, edited, the time it had)
    return values;
  };
  let found = null;
  const updatePreview = () => {
    const { player, session } = read();
    found = player.trim() ? on.recordOf({ player, session }) : null;
    if (!editing) {
      fillPoints(points, found?.points, config.lang);  // an emptied player empties what was filled in for them
    }
    Object.assign(form.dataset, { status: found?.status?.state ?? 'ok', strikes: String(found?.strikes?.inWindow ?? 0) });
    if (!found) {
      preview.replaceChildren();
      return;
    }
    preview.replaceChildren(el('li', { 'data-incidents': found.incidents }, format(log.earlier, { count: found.incidents })),
      ...escalationLines(config, found));
  };
  listen(form, 'input', updatePreview);
  listen(form, 'change', updatePreview);
  listen(form, 'reset', () => setTimeout(updatePreview));
  updatePreview();

  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const values = read();
    // A new incident for a suspended or banned player is asked about first; the answer holds for that name.
    const state = found?.status?.state ?? 'ok';
    if (!editing && state !== 'ok' && form.dataset.confirmedFor !== values.player.trim()) {
      const text = state === 'suspended'
        ? format(log.confirm_suspended, { date: shortDay(config.lang, found.status.until) }) : log.confirm_banned;
      status.replaceChildren(el('p', { class: 'field-error status-warning', id: `${prefix}-status-warning`, role: 'alert', ...statusData(found) }, text),
        el('button', { type: 'button', class: 'button primary', id: `${prefix}-confirm-status`, onclick: () => {
          form.dataset.confirmedFor = values.player.trim();
          form.requestSubmit();
        } }, log.record_anyway));
      return;
    }
    const result = await on.save(values, form.dataset.rev);
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
    updatePreview();  // the player's record now holds this incident (a third strike today reads suspended at once)
    if (editing) form.dataset.rev = result.rev ?? form.dataset.rev;
    status.replaceChildren(el('p', { id: `${prefix}-done` }, log.recorded, ' ',
      el('a', { href: logUrl(config.lang), 'data-nav': true, id: `${prefix}-open-log` }, log.open_log)));
  });
  return form;
}

