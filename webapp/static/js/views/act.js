/**
 * One action from a ruling, right under its summary: the offender by seat (wind and name from the current table), a
 * preview of what changes, and one confirmation that applies the ruling to the table and records it in the log;
 * "apply only" and "record only" stay possible. Once done, the result (the scores that changed, the player's record
 * now) takes the form's place, where the referee is looking, so the same action cannot be saved a second time.
 */
import { el, format } from './dom.js';
import { formatNumber, formatSigned } from '../logic/format.js';
import { sameName } from '../logic/names.js';
import { logUrl, tableUrl } from '../logic/urls.js';
import { followOffender, rulingFields, rulingInputs, statusWarning } from './apply.js';
import { field, nextHandList, scoreLabels, seatLabel, showErrors, storageFailed } from './shared-parts.js';
import { statusData, statusText } from './status.js';

/** The scores a ruling changes, one line per changed score: "East · Ana: Table 30,000 → 29,000 (−1,000)". */
export function changedScores(config, ruleset, before, after) {
  const { strings, lang } = config;
  const lines = [];
  before.seats.forEach((seat, index) => {
    for (const [kind, label] of scoreLabels(ruleset)) {
      const from = seat[kind];
      const to = after.seats[index][kind];
      if (from === to) continue;
      lines.push(el('li', { 'data-seat': index, 'data-score': kind, 'data-from': from, 'data-to': to },
        format(strings.label_value, { label: seatLabel(strings, before, index), value: `${label} ${formatNumber(lang, from)} → ` }),
        el('strong', {}, formatNumber(lang, to)), ` (${formatSigned(lang, to - from)})`));
    }
  });
  return lines;
}

/**
 * The player's record now, from player-record.js playerRecord: the status with its strikes and end date, and what
 * the next offence costs on each progressive count.
 */
export function recordLines(config, record) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const log = strings.log;
  const day = (iso) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const lines = [];
  if (record.strikes) {
    const { state, since, until } = record.status;
    const count = record.strikes.inWindow;
    const text = state === 'suspended' ? format(calc.status_suspended, { count, date: day(until) })
      : state === 'banned' ? format(calc.status_banned, { count, date: day(since) }) : format(calc.status_ok, { count });
    lines.push(el('li', { 'data-status': state, 'data-strikes': count, 'data-until': until ?? undefined }, text));
  }
  for (const { id, next } of record.counts) {
    const carried = id === 'carried';
    const text = next === 0 ? (carried ? log.next_carried_warning : log.next_warning)
      : format(carried ? log.next_carried : log.next_points, { points: next });
    lines.push(el('li', { 'data-count': id, 'data-next': next }, text));
  }
  return lines;
}

function seatChoice(config, table, records = []) {
  const { strings } = config;
  return el('select', { name: 'offender', 'data-field': 'offender' },
    el('option', { value: '' }, strings.calc.choose),
    table.seats.map((_, index) => {
      const said = statusText(config, records[index]?.status);
      return el('option', { value: String(index), ...(records[index] ? statusData(records[index]) : {}) },
        said ? `${seatLabel(strings, table, index)} (${said})` : seatLabel(strings, table, index));
    }));
}

/** The result of the action: what was done, the scores that changed, the player's record now, links on. */
function resultBlock(config, ruleset, done, on) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const said = { both: calc.act_done, apply: calc.applied, record: strings.log.recorded }[done.mode];
  const changes = done.before && done.after ? changedScores(config, ruleset, done.before, done.after) : [];
  const status = done.record ? recordLines(config, done.record) : [];
  return el('div', { class: 'act-result', id: 'act-result', 'data-mode': done.mode, 'data-repeated': String(Boolean(done.repeated)) },
    el('h3', { id: 'act-result-title', tabindex: '-1' }, done.repeated ? calc.act_repeated : said),
    done.noIncident ? el('p', { id: 'act-no-incident' }, calc.act_no_penalty) : null,
    changes.length ? [el('p', { class: 'sum-title' }, calc.act_changed), el('ul', { id: 'act-changes' }, changes)] : null,
    status.length ? [el('p', { class: 'sum-title' }, format(calc.act_status, { player: done.player })), el('ul', { class: 'escalation', id: 'act-status' }, status)] : null,
    el('p', { class: 'more-links' },
      done.mode !== 'record' ? el('a', { href: tableUrl(lang, ruleset.id), 'data-nav': true, id: 'act-open-table', class: 'button secondary' }, calc.open_table) : null,
      done.mode !== 'apply' ? el('a', { href: logUrl(lang), 'data-nav': true, id: 'act-open-log', class: 'button secondary' }, strings.log.open_log) : null,
      el('button', { type: 'button', class: 'button secondary', id: 'act-again', onclick: () => on.again() }, calc.act_again)));
}

/**
 * act: {status: 'ok' or why the table or log cannot be written, table, fields, numberAnswer, context: {event,
 * session, table} to show, done: the result of the action just made, or null, player: the name the ruling was opened
 * for (the lateness clock's player), or '': its seat is chosen when a seat has that name, else the name is filled
 * in}. on.preview(inputs) → {errors} | {before, result}; on.confirm(inputs, mode) with mode 'both' | 'apply' |
 * 'record' → a promise of {ok} | {errors} | {error}; on.again() clears the result for a new action.
 */
export function renderAct({ config, ruleset, act, on }) {
  const { strings } = config;
  const calc = strings.calc;
  const section = (...content) => el('section', { class: 'ruling-block act', id: 'act', 'aria-labelledby': 'act-title' },
    el('h2', { id: 'act-title' }, calc.act_title), ...content);
  if (act.status !== 'ok') {
    return section(el('p', { class: 'field-error', id: 'act-unavailable', 'data-problem': act.status }, strings.data.read_only));
  }
  if (act.done) {
    const result = resultBlock(config, ruleset, act.done, on);
    if (act.done.reveal) {
      setTimeout(() => {
        const title = result.querySelector('#act-result-title');
        title?.focus({ preventScroll: true });
        result.scrollIntoView({ block: 'nearest' });
      });
    }
    return section(result);
  }
  const { table } = act;
  const asksOffender = act.fields.some((item) => item.name === 'offender');
  // The offender is asked even when the ruling's scores do not need one: the log records who it was about.
  const offender = asksOffender ? null : field('act-offender', calc.offender, seatChoice(config, table, act.seatRecords));
  const nameless = field('act-player', strings.log.player,
    el('input', {
      type: 'text', name: 'player', 'data-field': 'player', autocomplete: 'off', maxlength: '200', value: act.player ?? '',
    }));
  nameless.id = 'act-name-field';
  nameless.hidden = true;
  nameless.append(el('p', { class: 'help', id: 'act-player-help' }, calc.act_nameless));
  const preview = el('div', { class: 'act-preview', id: 'act-preview', 'aria-live': 'polite' });
  const later = el('div', { id: 'act-next' });
  const status = el('div', { id: 'act-status-line', role: 'status' });
  const warning = el('div', { id: 'act-warning' });
  let warnedFor = null;  // the seat whose suspension or ban was said: the next tap goes on all the same
  const button = (id, label, mode, kind = 'secondary') => el('button', { type: 'button', class: `button ${kind}`, id, 'data-mode': mode }, label);
  // A ruling that penalizes nobody is applied only: no incident is recorded against the player named.
  const confirm = act.penalizes === false ? button('act-confirm', calc.confirm, 'apply', 'primary big')
    : button('act-confirm', calc.act_confirm, 'both', 'primary big');
  const applyOnly = button('act-apply-only', calc.act_apply_only, 'apply');
  const recordOnly = button('act-record-only', calc.act_record_only, 'record');
  const others = act.penalizes === false ? el('p', { class: 'help', id: 'act-no-penalty' }, calc.act_no_penalty)
    : el('div', { class: 'form-actions' }, applyOnly, recordOnly);
  const { event, session, table: tableLabel } = act.context;
  const form = el('form', { class: 'apply-form act-form', id: 'act-form', novalidate: true },
    offender, rulingFields(config, act, 'act'), nameless,
    el('p', { class: 'field-error', id: 'act-error', role: 'alert', 'data-form-error': 'ruling', hidden: true }),
    preview,
    warning,
    el('p', { class: 'help', id: 'act-context' }, format(calc.act_context, { event, session: session || '–', table: tableLabel || '–' })),
    confirm,
    others,
    status,
    later);

  followOffender(form);
  const inputs = () => {
    const all = rulingInputs(form, act.fields);
    delete all.player;
    return all;
  };
  const seatOf = () => {
    const value = form.querySelector('select[name="offender"]')?.value ?? '';
    return value === '' ? null : Number(value);
  };
  const update = () => {
    const seat = seatOf();
    nameless.hidden = seat === null || Boolean(table.seats[seat].name);
    const found = on.preview(inputs());
    if (found.errors) {
      preview.replaceChildren();
      later.replaceChildren();
      return;
    }
    const changes = changedScores(config, ruleset, found.before, found.result.after);
    preview.replaceChildren(changes.length ? el('ul', { id: 'act-preview-changes' }, changes) : el('p', { id: 'act-preview-none' }, calc.act_no_change));
    later.replaceChildren(nextHandList(config, found.before, found.result) ?? '');
  };
  const carriedSeat = act.player ? table.seats.findIndex((seat) => seat.name && sameName(seat.name, act.player)) : -1;
  if (carriedSeat >= 0) form.querySelector('select[name="offender"]').value = String(carriedSeat);
  form.addEventListener('change', update);
  form.addEventListener('input', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  let busy = null;  // the save under way: a second tap meanwhile is ignored
  let spent = false;  // this form's action is saved: the result replaces it, and it never saves again
  for (const control of [confirm, applyOnly, recordOnly]) {
    control.addEventListener('click', async () => {
      if (busy || spent) return;
      const mode = control.dataset.mode;
      const values = inputs();
      const checked = mode === 'record' ? (seatOf() === null ? { errors: { offender: 'choose_seat' } } : {}) : on.preview(values);
      showErrors(form, strings, checked.errors || {});
      if (checked.errors) return;
      // A ruling for a suspended or banned player asks first: the first tap says so, the next one goes on.
      const said = statusWarning(config, act.seatRecords?.[seatOf()], 'act-status-warning');
      if (said && warnedFor !== seatOf()) {
        warnedFor = seatOf();
        warning.replaceChildren(said);
        said.focus?.();
        return;
      }
      busy = on.confirm({ ...values, player: form.elements.namedItem('player').value }, mode);
      for (const each of [confirm, applyOnly, recordOnly]) each.disabled = true;
      const saved = await busy;
      busy = null;
      spent = Boolean(saved.ok);
      for (const each of [confirm, applyOnly, recordOnly]) each.disabled = false;
      if (saved.errors) showErrors(form, { calc: { ...calc, ...strings.log } }, saved.errors);
      else if (saved.error) storageFailed(status, strings, saved.error, 'act-storage-error');
    });
  }
  setTimeout(update);
  return section(form);
}
