/**
 * The phone's event and its roster, parts of the event screen: the current event (choose, edit, create one with its
 * ruleset, days and sessions) and its players (add one, paste many, rename, remove). Renders only: data and callbacks
 * in, DOM out.
 */
import { domId, el, format, listen } from './dom.js';
import { pluralForm } from '../logic/format.js';
import { PART_MINUTE_RULES } from '../logic/lateness.js';
import { logUrl } from '../logic/urls.js';
import { markSaved, showStale } from './form-state.js';
import { sentLine } from './sent.js';
import { field, showErrors, staleNote, storageFailed } from './shared-parts.js';
import { statusData, statusText } from './status.js';

/** The name an event is shown by (the local event has none of its own). */
export function eventLabel(strings, event) {
  return event.name || strings.roster.local;
}

/**
 * Error messages of the roster's fields: its own codes, then the calculator's and the log's, then the server's (an
 * event shared as it is created: its refusals and problems, `err_<code>` as the others).
 */
function messages(strings) {
  const server = Object.entries({ ...strings.event?.problems, ...strings.event?.errors })
    .map(([code, text]) => [`err_${code}`, text]);
  return { calc: { ...Object.fromEntries(server), ...strings.calc, ...strings.log, ...strings.roster } };
}

/** Hand a form's values to a save callback, then show what happened: errors at the fields, a conflict, or done. */
function onSubmit(form, strings, save, { status, done, statusId }) {
  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const result = await save(Object.fromEntries(new FormData(form).entries()), form.dataset.rev);
    showErrors(form, messages(strings), result.errors || {});
    if (result.errors) {
      done?.(result);
      return;
    }
    if (result.conflict) {
      form.dataset.rev = result.rev ?? '';
      showStale(form, result.conflict === 'deleted' ? 'deleted' : 'conflict');
      return;
    }
    if (result.error) {
      storageFailed(status, strings, result.error, statusId);
      return;
    }
    markSaved(form);
    done?.(result);
  });
}

function textInput(name, value, extra = {}) {
  return el('input', { name, 'data-field': name, type: 'text', autocomplete: 'off', value: value ?? '', ...extra });
}

/**
 * The switch that shares a new event with other referees as it is created (on the server, this phone its head
 * referee), and what sharing asks: the referee's name as the others see it. Shown when the switch is on (app.css).
 */
function shareSwitch(strings, prefix) {
  const s = strings.event;
  return [
    el('label', { class: 'check share-switch', id: `${prefix}-share-switch` },
      el('input', { type: 'checkbox', role: 'switch', name: 'share', value: 'on', id: `${prefix}-share` }), s.share_heading),
    el('div', { class: 'share-only', id: `${prefix}-share-fields` },
      el('p', { class: 'help' }, s.create_intro),
      field(`${prefix}-display-name`, s.display_name,
        textInput('display_name', '', { maxlength: '100', autocomplete: 'name' })),
      el('p', { class: 'field-error', id: `${prefix}-share-error`, 'data-form-error': 'share', role: 'alert', hidden: true })),
  ];
}

/**
 * The event form: to edit the current event (prefix 'event-edit') or create one ('event-new'); `share`: the new event
 * may be shared as it is created (the app has a server and this phone is in no shared event).
 */
function eventForm({ config, rulesets, prefix, event, rev, editing, share = false, saved = false, on }) {
  const { strings } = config;
  const r = strings.roster;
  const formId = `${prefix}-form`;
  // Saved: said until the referee's next action (the screen keeps it), whatever drawing comes first.
  const status = el('div', { role: 'status', id: `${prefix}-status` },
    saved ? el('p', { id: `${prefix}-done` }, r.event_saved) : null);
  const ruleset = el('select', { name: 'rulesetId', 'data-field': 'rulesetId' },
    el('option', { value: '', selected: !event.rulesetId }, r.any_ruleset),
    rulesets.map((item) => el('option', { value: item.id, selected: event.rulesetId === item.id }, item.name)));
  const sessions = el('textarea', { name: 'sessions', 'data-field': 'sessions', rows: '4', autocomplete: 'off' });
  sessions.defaultValue = (event.sessions ?? []).join('\n');
  const partMinute = el('select', { name: 'partMinute', 'data-field': 'partMinute' },
    el('option', { value: '', selected: !event.partMinute }, r.part_minute_default),
    PART_MINUTE_RULES.map((rule) => el('option', { value: rule, selected: event.partMinute === rule }, r[`part_minute_${rule}`])));
  const form = el('form', { class: 'record-form', id: formId, novalidate: true, 'data-rev': editing ? rev : undefined },
    staleNote(formId, strings),
    field(`${prefix}-name`, r.name, textInput('name', event.name, { maxlength: '200', required: event.id !== 'local' })),
    field(`${prefix}-ruleset`, r.ruleset, ruleset),
    el('div', { class: 'field-pair' },
      field(`${prefix}-start`, r.start, textInput('start', event.dates?.start, { type: 'date' })),
      field(`${prefix}-end`, r.end, textInput('end', event.dates?.end, { type: 'date' }))),
    field(`${prefix}-sessions`, r.sessions, sessions),
    field(`${prefix}-part-minute`, r.part_minute, partMinute),
    share ? shareSwitch(strings, prefix) : null,
    el('button', { type: 'submit', class: 'button primary', id: `${prefix}-save` }, editing ? r.save_event : r.create),
    status);
  onSubmit(form, strings, (values, baseRev) => on.save(values, baseRev), { status, statusId: `${prefix}-storage-error` });
  return form;
}

/** The current event, the choice of another one, and the forms to edit it or create a new one. */
function eventSection({ config, rulesets, view, on }) {
  const { strings } = config;
  const r = strings.roster;
  const { event } = view;
  const rulesetName = rulesets.find((item) => item.id === event.rulesetId)?.name ?? r.any_ruleset;
  const choice = el('select', { name: 'event', id: 'event-choice' },
    view.events.map((entry) => el('option', { value: entry.event.id, selected: entry.event.id === event.id }, eventLabel(strings, entry.event))));
  const chooser = el('form', { class: 'event-choice', id: 'event-choice-form', 'data-transient': true },
    el('div', { class: 'field' }, el('label', { for: 'event-choice' }, r.choose), choice),
    el('button', { type: 'submit', class: 'button secondary', id: 'event-use' }, r.use));
  listen(chooser, 'submit', (submitted) => {
    submitted.preventDefault();
    on.chooseEvent(choice.value);
  });
  const facts = [
    [r.ruleset, rulesetName, 'ruleset'],
    event.dates ? [r.start, event.dates.start, 'start'] : null,
    event.dates && event.dates.end !== event.dates.start ? [r.end, event.dates.end, 'end'] : null,
    event.sessions?.length ? [r.sessions, event.sessions.join(', '), 'sessions'] : null,
    event.partMinute ? [r.part_minute, r[`part_minute_${event.partMinute}`], 'partMinute'] : null,
  ].filter(Boolean);
  return el('div', { class: 'roster-event' },
    el('div', { class: 'incident', id: 'current-event', 'data-event-id': event.id, 'data-ruleset': event.rulesetId ?? '',
      'data-sessions': event.sessions?.length ?? 0 },
    el('p', { class: 'incident-title', id: 'current-event-name' }, eventLabel(strings, event)),
    el('dl', { class: 'incident-facts' }, facts.flatMap(([label, value, key]) => [el('dt', {}, label), el('dd', { 'data-fact': key }, value)]))),
    view.events.length > 1 ? chooser : null,
    el('details', { class: 'apply', id: 'event-edit' }, el('summary', { id: 'event-edit-open' }, r.edit),
      eventForm({ config, rulesets, prefix: 'event-edit', event, rev: view.eventRev, editing: true,
        saved: view.eventSaved === 'event-edit', on: { save: on.saveEvent } })),
    el('details', { class: 'apply', id: 'event-new' }, el('summary', { id: 'event-new-open' }, r.new),
      eventForm({ config, rulesets, prefix: 'event-new', event: { id: '', name: '', rulesetId: view.defaultRuleset }, rev: '', editing: false,
        share: view.shareable, saved: view.eventSaved === 'event-new', on: { save: on.createEvent } })));
}

/** A player's form: to add one (prefix 'player-add') or change one in place. */
function playerForm({ config, prefix, player, rev, editing, on }) {
  const { strings } = config;
  const r = strings.roster;
  const formId = `${prefix}-form`;
  const status = el('div', { role: 'status', id: `${prefix}-status` });
  const confirm = el('label', { class: 'check', hidden: true, id: `${prefix}-different` },
    el('input', { type: 'checkbox', name: 'confirmed', value: 'true', id: `${prefix}-confirm` }), r.different);
  const form = el('form', { class: 'record-form player-form', id: formId, novalidate: true, 'data-rev': editing ? rev : undefined },
    staleNote(formId, strings),
    field(`${prefix}-name`, r.player_name, textInput('name', player.name, { maxlength: '200', required: true })),
    confirm,
    el('div', { class: 'field-pair' },
      field(`${prefix}-number`, r.number, textInput('number', player.number, { maxlength: '20' })),
      field(`${prefix}-club`, r.club, textInput('club', player.club, { maxlength: '200' }))),
    el('button', { type: 'submit', class: 'button primary', id: `${prefix}-save` }, editing ? r.save_player : r.add),
    status);
  onSubmit(form, strings, (values, baseRev) => on.save(values, baseRev), {
    status, statusId: `${prefix}-storage-error`,
    done: (result) => {
      confirm.hidden = result.errors?.name !== 'duplicate' && !confirm.querySelector('input').checked;
      if (result.duplicate) form.dataset.duplicate = result.duplicate.id;
    },
  });
  return form;
}

/** Many players at once, pasted one a line; what was skipped is listed by name with why (never added silently). */
function pasteForm({ config, pasted, on }) {
  const r = config.strings.roster;
  const list = el('textarea', { name: 'players', id: 'players-paste', rows: '6', 'aria-describedby': 'players-paste-help' });
  const form = el('form', { class: 'record-form', id: 'players-paste-form', novalidate: true },
    el('div', { class: 'field' }, el('label', { for: 'players-paste' }, r.paste_label), list,
      el('p', { class: 'help', id: 'players-paste-help' }, r.paste_help)),
    el('button', { type: 'submit', class: 'button primary', id: 'players-paste-save' }, r.paste_add));
  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const result = await on.addPlayers(list.value);
    if (result.ok) list.value = '';
  });
  const outcome = pasted ? el('div', { id: 'players-paste-result', role: 'status', 'data-added': pasted.added.length, 'data-skipped': pasted.skipped.length },
    el('p', {}, format(r.paste_added, { count: pasted.added.length })),
    pasted.skipped.length ? [el('p', {}, r.paste_skipped), el('ul', { id: 'players-paste-skipped' },
      pasted.skipped.map((item) => el('li', { 'data-code': item.code }, format(config.strings.label_value, { label: item.name, value: r[`err_${item.code}`] ?? item.code }))))] : null) : null;
  return el('details', { class: 'apply', id: 'players-paste-block', open: pasted ? true : null },
    el('summary', { id: 'players-paste-open' }, r.paste_title), form, outcome);
}

/** An ISO day as the page's language writes it in full: "4 Oct 2026". */
function longDay(lang, iso) {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/**
 * The suspensions given outside the log on a player's record (they count towards a ban), each removable, and the form
 * that enters one with its first day (open: the form is shown).
 */
function earlierSuspensions({ config, player, open, on }) {
  const { strings, lang } = config;
  const r = strings.roster;
  const given = player.suspensions ?? [];
  const prefix = domId('suspension', player.id);
  const list = given.length ? el('ul', { class: 'earlier-suspensions', id: `${prefix}-list` }, given.map((suspension) => el('li', {
    'data-start': suspension.start,
  }, el('span', {}, suspension.where ? `${longDay(lang, suspension.start)} · ${suspension.where}` : longDay(lang, suspension.start)), ' ',
  el('button', {
    type: 'button', class: 'button secondary small', 'data-remove': suspension.start,
    onclick: () => on.removeSuspension(player.id, suspension.start),
  }, r.remove)))) : null;
  const status = el('div', { role: 'status', id: `${prefix}-status` });
  const form = open ? el('form', { class: 'record-form', id: `${prefix}-form`, novalidate: true },
    el('p', { class: 'help' }, r.earlier_help),
    el('div', { class: 'field-pair' },
      field(`${prefix}-start`, r.earlier_start, textInput('start', '', { type: 'date' })),
      field(`${prefix}-where`, r.earlier_where, textInput('where', '', { maxlength: '200' }))),
    el('button', { type: 'submit', class: 'button primary', id: `${prefix}-save` }, r.earlier_save),
    status) : null;
  if (form) onSubmit(form, strings, (values) => on.addSuspension(player.id, values), { status, statusId: `${prefix}-storage-error` });
  return [
    given.length ? el('p', { class: 'sum-title', id: `${prefix}-title` }, r.earlier_title) : null,
    list,
    el('button', {
      type: 'button', class: 'button secondary small', id: `${prefix}-open`, 'aria-expanded': String(Boolean(open)),
      onclick: () => (open ? on.closeSuspension(player.id) : on.openSuspension(player.id)),
    }, r.earlier_add),
    form,
  ];
}

function playerItem({ config, entry, discipline, on }) {
  const { strings } = config;
  const r = strings.roster;
  const { player, rev, editing, suspending, record, renamed } = entry;
  const prefix = domId('edit-player', player.id);
  const said = statusText(config, record?.status);
  // Just saved from its rename form: said where the form was, with whether it reached the server.
  const saved = renamed ? el('div', { class: 'saved-line', id: domId('renamed', player.id), role: 'status' },
    el('p', {}, r.renamed), sentLine(config, renamed.sent, domId('renamed-sent', player.id), { live: false })) : null;
  // Keyed by the player: a drawing after another tab added someone above keeps this row's rename form and its input.
  return el('li', { class: 'roster-player', 'data-key': player.id, 'data-player-id': player.id, ...statusData(record) },
    el('p', { class: 'roster-name' }, el('strong', {}, player.name),
      said ? [' ', el('span', { class: 'status-badge', 'data-status': record.status.state }, said)] : null,
      player.number ? el('span', { class: 'choice-meta', 'data-number': player.number }, ` · ${format(r.number_short, { number: player.number })}`) : null,
      player.club ? el('span', { class: 'choice-meta' }, ` · ${player.club}`) : null),
    el('div', { class: 'incident-actions' },
      el('button', {
        type: 'button', class: 'button secondary small', id: domId('rename', player.id), 'aria-expanded': String(Boolean(editing)),
        onclick: () => (editing ? on.closeRename(player.id) : on.openRename(player.id)),
      }, r.rename),
      el('button', {
        type: 'button', class: 'button secondary small', id: domId('remove', player.id),
        onclick: () => window.confirm(r.confirm_remove) && on.removePlayer(player.id, rev),
      }, r.remove)),
    editing
      ? playerForm({
        config, prefix, player, rev, editing: true,
        on: { save: (values, baseRev) => on.renamePlayer(player.id, values, baseRev) },
      })
      : saved,
    discipline || player.suspensions?.length ? earlierSuspensions({ config, player, open: suspending, on }) : null);
}

/**
 * The roster's parts of the event screen (views/event-page.js gives them their headings): `event` is the phone's
 * current event (choose, edit, create), `players` its roster.
 * view: {event, eventRev, events: [{event, rev}], players: [{player, rev, editing, suspending, record, renamed
 * ({sent}: just saved from its rename form)}], defaultRuleset, added ({id, sent}: the player just added; sent: whether
 * the server has them, the model's sentOf), shareable (a new event may be shared as it is created), problem (a
 * refused write, to show), pasted, discipline
 * (a ruleset of the event bans after suspensions: each player can be given the suspensions from before)}; rulesets:
 * [{id, name}]; on: chooseEvent(id), saveEvent(values, rev), createEvent(values), addPlayer(values), addPlayers(raw),
 * openRename(id), closeRename(id), renamePlayer(id, values, rev), removePlayer(id, rev), openSuspension(id),
 * closeSuspension(id), addSuspension(id, values), removeSuspension(id, start). Saves return {ok} | {errors} | {error}
 * | {conflict, rev}.
 */
export function renderRoster({ config, rulesets, view, on }) {
  const { strings, lang } = config;
  const r = strings.roster;
  const count = view.players.length;
  const status = el('div', { id: 'roster-status', role: 'status' },
    view.added ? el('p', { id: 'player-add-done', 'data-player-id': view.added.id }, r.added) : null,
    view.added ? sentLine(config, view.added.sent, 'player-add-sent', { live: false }) : null);
  if (view.problem) storageFailed(status, strings, view.problem);
  return {
    event: eventSection({ config, rulesets, view, on }),
    players: [
      el('p', { id: 'roster-count', 'data-count': count }, count ? format(pluralForm(lang, r.count, count), { count }) : r.none),
      playerForm({ config, prefix: 'player-add', player: {}, rev: '', editing: false, on: { save: on.addPlayer } }),
      pasteForm({ config, pasted: view.pasted, on }),
      status,
      count ? el('ul', { class: 'roster-list', id: 'roster-players' },
        view.players.map((entry) => playerItem({ config, entry, discipline: view.discipline, on }))) : null,
      el('p', {}, el('a', { href: logUrl(lang), 'data-nav': true, id: 'roster-open-log', class: 'button secondary' }, strings.log.open_log)),
    ],
  };
}
