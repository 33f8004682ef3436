/**
 * The one action from a ruling, right under its summary: the offender by seat (wind, name and status from the
 * current table), what the ruling asks, when it happened with its event, session and table, a preview of what changes
 * (the scores, the person's record, what happens at the table now), and one confirmation that applies the ruling to
 * the table and records it in the log; "apply only" and "record only" are its other two choices. Once done, the
 * result (the scores that changed, the person's record now) takes the form's place, where the referee is looking, so
 * the same action cannot be saved a second time.
 */
import { el, format, listen } from './dom.js';
import { formatNumber, formatSigned, pluralForm } from '../logic/format.js';
import { sameName } from '../logic/names.js';
import { logUrl, rosterUrl, tableUrl } from '../logic/urls.js';
import { followOffender, rulingFields, rulingInputs, seatSelect, statusWarning } from './ruling-fields.js';
import { fillPoints, localInputTime, sessionControl, textInput } from './record.js';
import { field, nextHandList, scoreLabels, seatLabel, showErrors, storageFailed } from './shared-parts.js';
import { sentLine } from './sent.js';
import { shortDay } from './status.js';

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

/** What the next offence costs on one progressive count: "Next offence: a warning" / "…: 10 points". */
function nextLine(config, id, next) {
  const { strings, lang } = config;
  const log = strings.log;
  const carried = id === 'carried';
  if (next === 0) return carried ? log.next_carried_warning : log.next_warning;
  return format(pluralForm(lang, carried ? log.next_carried : log.next_points, next), { points: next });
}

/**
 * A person's record, in the lines every screen shows it with (player-record.js through the model's recordOf): the
 * status with its strikes and end date, and what the next offence costs on each progressive count.
 */
export function recordLines(config, record) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const day = (iso) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const lines = [];
  if (record.strikes) {
    const { state, since, until } = record.status;
    const count = record.strikes.inWindow;
    const text = state === 'suspended' ? format(calc.status_suspended, { count, date: day(until) })
      : state === 'banned' ? format(calc.status_banned, { count, date: day(since) }) : format(calc.status_ok, { count });
    lines.push(el('li', { 'data-status': state, 'data-strikes': count, 'data-until': until ?? undefined }, text));
  }
  for (const { id, next } of record.counts) lines.push(el('li', { 'data-count': id, 'data-next': next }, nextLine(config, id, next)));
  return lines;
}

/**
 * What the action changes in the person's record, said before it is confirmed: a suspension or a ban it brings (with
 * its end date), the strikes it adds, what their next offence will cost. change: {name, before, after} or null.
 */
export function recordChangeLines(config, change) {
  const { strings, lang } = config;
  const calc = strings.calc;
  if (!change?.before || !change.after) return [];
  const { name, before, after } = change;
  const lines = [];
  const brings = after.status.state !== before.status.state ? after.status.state : null;
  if (brings === 'suspended') {
    lines.push(el('li', { 'data-brings': 'suspension', 'data-until': after.status.until },
      format(calc.act_suspends, { player: name, date: shortDay(lang, after.status.until) })));
  } else if (brings === 'banned') {
    lines.push(el('li', { 'data-brings': 'ban' }, format(calc.act_bans, { player: name })));
  }
  // What becomes of the hanchan being played: the ruleset's reading, said before the referee confirms.
  if (brings && change.inPlay) {
    lines.push(el('li', { 'data-in-play': change.inPlay.id }, format(calc.act_in_play, { reading: change.inPlay.text })));
  }
  if (after.strikes && before.strikes && after.strikes.inWindow !== before.strikes.inWindow) {
    lines.push(el('li', { 'data-strikes-from': before.strikes.inWindow, 'data-strikes-to': after.strikes.inWindow },
      format(calc.act_strikes_change, { from: before.strikes.inWindow, to: after.strikes.inWindow })));
  }
  for (const { id, next } of after.counts) {
    const was = before.counts.find((count) => count.id === id)?.next;
    if (was !== next) lines.push(el('li', { 'data-count': id, 'data-next-from': was, 'data-next': next }, nextLine(config, id, next)));
  }
  return lines;
}

/**
 * The result of the action: what was done, whether its incident reached the server (done.sent), the scores that
 * changed, the person's record now, links on.
 */
function resultBlock(config, ruleset, done, on) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const said = { both: calc.act_done, apply: calc.applied, record: strings.log.recorded }[done.mode];
  const changes = done.before && done.after ? changedScores(config, ruleset, done.before, done.after) : [];
  const status = done.record ? recordLines(config, done.record) : [];
  return el('div', { class: 'act-result', id: 'act-result', 'data-mode': done.mode, 'data-repeated': String(Boolean(done.repeated)),
    'data-reveal-box': true },
  el('h3', { id: 'act-result-title', tabindex: '-1', 'data-reveal': done.reveal || null }, done.repeated ? calc.act_repeated : said),
  done.noIncident ? el('p', { id: 'act-no-incident' }, calc.act_no_penalty) : null,
  done.counted === false && !done.noIncident ? el('p', { id: 'act-counted-nothing' }, calc.act_counts_nothing) : null,
  sentLine(config, done.sent, 'act-sent'),
    changes.length ? [el('p', { class: 'sum-title' }, calc.act_changed), el('ul', { id: 'act-changes' }, changes)] : null,
    status.length ? [el('p', { class: 'sum-title' }, format(calc.act_status, { player: done.player })), el('ul', { class: 'escalation', id: 'act-status' }, status)] : null,
    el('p', { class: 'more-links' },
      done.mode !== 'record' ? el('a', { href: tableUrl(lang, ruleset.id), 'data-nav': true, id: 'act-open-table', class: 'button secondary' }, calc.open_table) : null,
      done.mode !== 'apply' ? el('a', { href: logUrl(lang), 'data-nav': true, id: 'act-open-log', class: 'button secondary' }, strings.log.open_log) : null,
      el('button', { type: 'button', class: 'button secondary', id: 'act-again', onclick: () => on.again() }, calc.act_again)));
}

/**
 * When it happened, its session and table, a note and the penalty points the log keeps: filled in, open to change.
 * A ruling whose points the referee gives asks them among its own fields, and those are the points the log keeps:
 * the details then have no second points field (ownPoints false), which would shadow them.
 */
function detailsBlock(config, context, { ownPoints = true } = {}) {
  const { strings, lang } = config;
  const log = strings.log;
  const [session, sessionList] = sessionControl('act', context.session, context.sessions, context.knownSessions);
  const when = el('input', { type: 'datetime-local', name: 'at', 'data-field': 'at', value: localInputTime(context.now),
    'data-auto': 'true' });
  listen(when, 'input', () => delete when.dataset.auto);
  const note = el('textarea', { name: 'note', 'data-field': 'note', rows: '2', maxlength: '500' });
  const points = ownPoints ? textInput('points', '', { inputmode: 'decimal' }) : null;
  return {
    when, points,
    node: el('details', { class: 'act-details', id: 'act-details' },
      el('summary', { id: 'act-details-open' },
        format(strings.calc.act_context, { event: context.event.label, session: context.session || '–', table: context.table || '–' })),
      el('p', { class: 'record-event', id: 'act-event', 'data-event-id': context.event.id },
        format(log.event_line, { event: context.event.label }), ' ',
        el('a', { href: rosterUrl(lang), 'data-nav': true, class: 'inline-link', id: 'act-change-event' }, log.change_event)),
      field('act-at', log.happened_at, when),
      field('act-session', log.session, session),
      sessionList,
      field('act-table', log.table, textInput('table', context.table)),
      points ? field('act-points', log.points, points) : null,
      field('act-note', log.note, note)),
  };
}

/**
 * act: {status: 'ok' or why the log cannot be written, tableStatus: 'ok' or why the table cannot be (then table is
 * null and the form records for a name only), table, fields, numberAnswer, seatRecords (each seat's
 * person's record, or null), players (the roster's names), context: {event: {id, label}, session, table, sessions,
 * knownSessions, now}, done: the result of the action just made, or null}. on.preview(inputs) → {errors} |
 * {before, result}; on.recordChange(inputs) → {name, before, after} | null (the person's record now and after);
 * on.confirm(inputs, mode) with mode 'both' | 'apply' | 'record' → a promise of {ok} | {errors} | {error};
 * on.again() clears the result for a new action.
 * act.player: the name the ruling was opened for (the lateness clock's player), or '': its seat is chosen when a seat
 * has that name, else the name is filled in.
 */
export function renderAct({ config, ruleset, act, on }) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const section = (...content) => el('section', { class: 'ruling-block act', id: 'act', 'aria-labelledby': 'act-title' },
    el('h2', { id: 'act-title' }, calc.act_title), ...content);
  const unavailable = (problem) => el('p', { class: 'field-error', id: 'act-unavailable', 'data-problem': problem }, strings.data.read_only);
  if (act.status !== 'ok') return section(unavailable(act.status));
  if (act.done) return section(resultBlock(config, ruleset, act.done, on));
  const { table } = act;
  // A table that cannot be written (a newer version's, say) leaves the log: the ruling is recorded for a name only.
  const logOnly = !table;
  const asksOffender = !logOnly && act.fields.some((item) => item.name === 'offender');
  // The offender is asked even when the ruling's scores do not need one: the log records who it was about.
  const offender = asksOffender ? null : field('act-offender', calc.offender, logOnly
    ? el('select', { name: 'offender', 'data-field': 'offender' }, el('option', { value: 'away', selected: true }, calc.act_not_seated))
    : seatSelect(config, table, 'offender', act.seatRecords, { away: true }));
  const listId = 'act-players';
  const nameless = field('act-player', strings.log.player,
    el('input', {
      type: 'text', name: 'player', 'data-field': 'player', autocomplete: 'off', maxlength: '200', list: listId,
      value: act.player ?? '',
    }));
  nameless.id = 'act-name-field';
  nameless.hidden = true;
  nameless.append(el('p', { class: 'help', id: 'act-player-help' }, calc.act_nameless),
    el('datalist', { id: listId }, (act.players ?? []).map((name) => el('option', { value: name }))));
  const details = detailsBlock(config, act.context,
    { ownPoints: logOnly || !act.fields.some((item) => item.name === 'points') });
  const preview = el('div', { class: 'act-preview', id: 'act-preview', 'aria-live': 'polite' });
  const records = el('div', { id: 'act-records-box' });
  const change = el('div', { id: 'act-record-change' });
  const later = el('div', { id: 'act-next' });
  const status = el('div', { id: 'act-status-line', role: 'status' });
  const warning = el('div', { id: 'act-warning' });
  let warnedFor = null;  // the player whose suspension or ban was said: the next tap goes on all the same
  const button = (id, label, mode, kind = 'secondary') => el('button', { type: 'button', class: `button ${kind}`, id, 'data-mode': mode }, label);
  // A ruling that penalizes nobody is applied only: no incident is recorded against the player named.
  const confirm = act.penalizes === false ? button('act-confirm', calc.confirm, 'apply', 'primary big')
    : button('act-confirm', calc.act_confirm, 'both', 'primary big');
  const applyOnly = button('act-apply-only', calc.act_apply_only, 'apply');
  const recordOnly = button('act-record-only', calc.act_record_only, 'record');
  const others = act.penalizes === false ? el('p', { class: 'help', id: 'act-no-penalty' }, calc.act_no_penalty)
    : el('div', { class: 'form-actions' }, applyOnly, recordOnly);
  const form = el('form', { class: 'apply-form act-form', id: 'act-form', novalidate: true },
    logOnly ? unavailable(act.tableStatus) : null,
    offender, logOnly ? null : rulingFields(config, act, 'act'), nameless, records,
    el('p', { class: 'field-error', id: 'act-error', role: 'alert', 'data-form-error': 'ruling', hidden: true }),
    preview,
    change,
    warning,
    details.node,
    confirm,
    others,
    status,
    later);

  followOffender(form);
  const seatOf = () => {
    const value = form.querySelector('select[name="offender"]')?.value ?? '';
    return value === '' || value === 'away' ? null : Number(value);
  };
  const away = () => form.querySelector('select[name="offender"]')?.value === 'away';
  /** What the form holds, as the screen takes it: the ruling's inputs, the name typed, and the incident's details. */
  const inputs = () => {
    const all = rulingInputs(form, act.fields);
    if (!all.records) delete all.records;
    if (details.when.dataset.auto) delete all.at;  // untouched: the moment it is saved
    if (away()) delete all.offender;
    return all;
  };
  const update = () => {
    const seat = seatOf();
    nameless.hidden = !away() && (seat === null || Boolean(table.seats[seat].name));
    for (const each of [confirm, applyOnly]) each.hidden = away();
    const values = inputs();
    const said = on.recordChange(values);
    const lines = recordChangeLines(config, said);
    change.replaceChildren(...(lines.length ? [el('p', { class: 'sum-title' }, format(calc.act_record_change, { player: said.name })),
      el('ul', { class: 'escalation', id: 'act-record-lines' }, lines)] : []));
    if (details.points) fillPoints(details.points, said?.points, lang);
    // Applied at the table earlier and not in the log yet: "record only" may say which of those it records.
    const applied = on.unrecorded(values);
    const chosen = form.elements.namedItem('records')?.value;
    records.replaceChildren(...(applied.length ? [field('act-records', calc.act_records, el('select', { name: 'records', 'data-field': 'records' },
      el('option', { value: '' }, calc.act_records_new),
      applied.map((step) => el('option', { value: step.action, selected: step.action === chosen },
        format(calc.act_records_applied, { time: new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(step.at)) })))))]
      : []));
    const found = away() ? { errors: {} } : on.preview(values);
    if (found.errors) {
      preview.replaceChildren();
      later.replaceChildren();
      return;
    }
    const changes = changedScores(config, ruleset, found.before, found.result.after);
    preview.replaceChildren(changes.length ? el('ul', { id: 'act-preview-changes' }, changes) : el('p', { id: 'act-preview-none' }, calc.act_no_change));
    later.replaceChildren(nextHandList(config, found.before, found.result) ?? '');
  };
  // The lateness clock's player: their seat is the offender when a seat has that name (chosen as the form's own value).
  const carriedSeat = act.player && table
    ? table.seats.findIndex((seat) => seat.name && sameName(seat.name, act.player)) : -1;
  const carried = carriedSeat >= 0 && form.querySelector(`select[name="offender"] option[value="${carriedSeat}"]`);
  if (carried) carried.defaultSelected = carried.selected = true;
  listen(form, 'change', (event) => {
    update();
    // The offender chosen: the button that acts comes into view above the tab bar, under the thumb (no swipe).
    if (event.target.name === 'offender') (confirm.hidden ? recordOnly : confirm).scrollIntoView({ block: 'nearest' });
  });
  listen(form, 'input', update);
  listen(form, 'submit', (event) => event.preventDefault());
  let busy = null;  // the save under way: a second tap meanwhile is ignored
  let spent = false;  // this form's action is saved: the result replaces it, and it never saves again
  for (const control of [confirm, applyOnly, recordOnly]) {
    listen(control, 'click', async () => {
      if (busy || spent) return;
      const mode = control.dataset.mode;
      const values = inputs();
      const checked = mode === 'record'
        ? (seatOf() === null && !away() ? { errors: { offender: 'choose_seat' } } : {}) : on.preview(values);
      showErrors(form, strings, checked.errors || {});
      if (checked.errors) return;
      // A ruling for a suspended or banned player asks first: the first tap says so, the next one goes on. The player
      // is the one seated, or the one named (not seated here, or for a seat without a name).
      const who = `${seatOf() ?? 'away'}:${values.player?.trim() ?? ''}`;
      const said = statusWarning(config, act.seatRecords?.[seatOf()] ?? on.recordChange(values)?.before, 'act-status-warning');
      if (said && warnedFor !== who) {
        warnedFor = who;
        warning.replaceChildren(said);
        said.focus?.();
        return;
      }
      busy = on.confirm(values, mode);
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
