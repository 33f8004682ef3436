/**
 * The event screen and the join page: create an event, join one from an invitation, the phone's sync status (what
 * waits to be sent, the last sync, the problem if any), invitations with their QR code, and for the head referee
 * the edits to settle. Render only: data and callbacks in, DOM out; ids of records and versions only in data-*.
 */
import { el, format, listen } from './dom.js';
import { heading } from './common.js';

/** A form's field with its error slot (`#<id>-error`, data-error = the code). */
function field(id, label, input) {
  return el('div', { class: 'field' },
    el('label', { for: id }, label), input,
    el('p', { class: 'field-error', id: `${id}-error`, 'data-name': input.name, hidden: true, role: 'alert' }));
}

function showErrors(form, s, errors = {}, formError = null) {
  for (const slot of form.querySelectorAll('.field-error')) {
    const code = errors[slot.dataset.name];
    slot.hidden = !code;
    slot.dataset.error = code ?? '';
    slot.textContent = code ? (s.errors[code] ?? s.errors.invalid) : '';
  }
  const named = new Set([...form.querySelectorAll('.field-error')].map((slot) => slot.dataset.name));
  formError ??= Object.entries(errors).find(([name]) => !named.has(name))?.[1] ?? null;  // e.g. the invitation itself
  const general = form.querySelector('.form-error');
  general.hidden = !formError;
  general.dataset.error = formError ?? '';
  general.textContent = formError ? (s.errors[formError] ?? s.problems[formError] ?? s.errors.invalid) : '';
}

/** Submit a form through `action(values)`, showing {errors} at fields and {error|problem} for the whole form. */
function bindForm(form, s, action) {
  listen(form, 'submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    const values = Object.fromEntries(new FormData(form).entries());
    const result = await action(values);
    button.disabled = false;
    if (!result?.ok) showErrors(form, s, result?.errors, result?.error ?? result?.problem ?? null);
  });
  return form;
}

/** The form that shares an event, filled in from the phone's current event (`local`: name, ruleset, days, sessions). */
function createForm({ config, today, local = {}, on }) {
  const s = config.strings.event;
  const input = (id, name, attributes = {}) => el('input', { id, name, ...attributes });
  const rulesetId = local.rulesetId ?? on.chosenRuleset;
  const sessions = el('textarea', { id: 'event-sessions', name: 'sessions', rows: 3 });
  sessions.defaultValue = (local.sessions ?? []).join('\n');
  const form = el('form', { id: 'event-create-form', novalidate: true },
    field('event-name', s.name, input('event-name', 'name', { required: true, maxlength: 200, autocomplete: 'off', value: local.name ?? '' })),
    field('event-ruleset', s.ruleset, el('select', { id: 'event-ruleset', name: 'ruleset_id' },
      config.rulesets.map((summary) => el('option', { value: summary.id, selected: summary.id === rulesetId }, summary.name)))),
    field('event-starts', s.starts_on, input('event-starts', 'starts_on', { type: 'date', value: local.dates?.start ?? today, required: true })),
    field('event-ends', s.ends_on, input('event-ends', 'ends_on', { type: 'date', value: local.dates?.end ?? today, required: true })),
    field('event-sessions', s.sessions, sessions),
    field('event-display-name', s.display_name, input('event-display-name', 'display_name', { required: true, maxlength: 100, autocomplete: 'name' })),
    el('p', { class: 'form-error', hidden: true, role: 'alert' }),
    el('button', { type: 'submit', class: 'button primary', id: 'event-create' }, s.create));
  return el('div', { id: 'event-create-section' },
    el('p', {}, s.create_intro), bindForm(form, s, on.create), el('p', { id: 'join-hint' }, s.join_hint));
}

/** Said when the phone's clock is more than five minutes off the server's (new incidents get corrected times). */
function clockNote(s, clock) {
  if (!clock?.off) return null;
  return el('p', { id: 'clock-off', role: 'status', 'data-offset-minutes': Math.round(clock.offset / 60000) }, s.clock_off);
}

function statusSection({ config, status, on }) {
  const s = config.strings.event;
  const { link } = status;
  const when = status.lastSyncAt
    ? new Date(status.lastSyncAt).toLocaleString(config.lang, { dateStyle: 'medium', timeStyle: 'short' }) : s.never;
  const problem = status.problem?.problem ?? '';
  const message = el('p', { id: 'sync-message', role: 'status', 'data-problem': problem },
    problem ? (s.problems[problem] ?? s.problems.refused) : '');
  const button = el('button', { type: 'button', class: 'button primary', id: 'sync-now', disabled: status.syncing },
    status.syncing ? s.syncing : s.sync_now);
  listen(button, 'click', async () => {
    button.disabled = true;
    button.textContent = s.syncing;
    await on.syncNow();
  });
  return el('div', {
    id: 'sync-status',
    'data-event-id': link.server.eventId, 'data-role': link.role, 'data-waiting': status.waiting,
    'data-last-sync': status.lastSyncAt ?? '', 'data-problem': problem, 'data-conflicts': status.conflicts.length,
  },
  el('p', { class: 'incident-title', id: 'shared-event-name' }, link.server.name),
  el('p', {}, `${s.role} `, el('strong', { id: 'sync-role' }, s.roles[link.role]), ` · ${link.displayName}`),
  el('p', {}, `${s.waiting} `, el('strong', { id: 'sync-waiting' }, new Intl.NumberFormat(config.lang).format(status.waiting))),
  el('p', {}, `${s.last_sync} `, el('strong', { id: 'sync-last' }, when)),
  message, clockNote(s, status.clock), button, el('p', { class: 'hint' }, s.shared_note));
}

/**
 * Copy the invitation link, or share it by the system's share sheet (copied where there is none); what was done is
 * the screen's to keep (on.handed), so a drawing in between (a live change) does not take it away.
 */
function inviteActions(s, invitation, on) {
  const { link, handed } = invitation;
  const said = { copied: s.invite_copied, failed: s.invite_copy_failed, shared: '' };
  const status = el('p', { id: 'invite-copy-status', role: 'status', 'data-state': handed ?? null }, handed ? said[handed] : '');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      on.handed('copied');
    } catch {
      on.handed('failed');
    }
  };
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: s.invite_heading, url: link });
        on.handed('shared');
        return;
      } catch (error) {
        if (error.name === 'AbortError') return;  // the share sheet was closed
      }
    }
    await copy();
  };
  return el('div', { class: 'actions' },
    el('button', { type: 'button', class: 'button secondary', id: 'invite-copy', onclick: copy }, s.invite_copy),
    el('button', { type: 'button', class: 'button secondary', id: 'invite-share', onclick: share }, s.invite_share),
    status);
}

function inviteSection({ config, invitation, on }) {
  const s = config.strings.event;
  const buttons = ['referee', 'viewer'].map((role) => el('button', {
    type: 'button', class: 'button secondary', id: `invite-${role}`, onclick: () => on.invite(role),
  }, s[`invite_${role}`]));
  const shown = invitation?.ok ? el('div', { id: 'invitation', 'data-role': invitation.role },
    el('label', { for: 'invite-link' }, s.invite_link),
    el('input', { id: 'invite-link', readonly: true, value: invitation.link }),
    inviteActions(s, invitation, on),
    el('img', { id: 'invite-qr', src: invitation.qr, alt: s.invite_qr, width: 240, height: 240 }),
    el('p', { class: 'hint' }, s.invite_once)) : null;
  const failed = invitation && !invitation.ok ? el('p', { id: 'invite-error', role: 'alert', 'data-error': invitation.error ?? invitation.problem },
    s.errors[invitation.error] ?? s.problems[invitation.problem] ?? s.errors.invalid) : null;
  return el('div', { id: 'invite' }, el('div', { class: 'actions' }, buttons), shown, failed);
}

function conflictsSection({ config, status, describe, on }) {
  const s = config.strings.event;
  const items = status.conflicts.map((conflict) => el('li', { class: 'conflict', 'data-record-id': conflict.recordId },
    el('ul', { class: 'conflict-heads' }, conflict.heads.map((head) => el('li', { 'data-version-id': head.id, 'data-seq': head.seq ?? '' },
      el('p', {}, head.deleted ? s.deleted : describe(head.body)),
      head.author ? el('p', { class: 'choice-meta' }, format(s.by, { name: head.author })) : null,
      el('button', { type: 'button', class: 'button secondary keep-version', 'data-keep': head.id,
        onclick: () => on.settle(conflict.recordId, head.id) }, s.keep)))),
    el('button', { type: 'button', class: 'button secondary settle-delete', onclick: () => on.settle(conflict.recordId, null) }, s.delete)));
  return el('section', { id: 'conflicts', 'aria-labelledby': 'conflicts-heading', 'data-count': status.conflicts.length },
    el('h3', { id: 'conflicts-heading' }, s.conflicts_heading), el('p', {}, s.conflicts_intro), el('ul', { class: 'conflict-list' }, items));
}

/**
 * The head referee's question about names that might be one person: each pair with "Same person" (merged on the
 * server) and "Not the same person" (kept apart, not asked again). `merging`: a merge the server did not take.
 */
function duplicatesSection({ config, status, on, merging }) {
  const s = config.strings.event;
  const items = status.duplicates.map(({ first, second, reason }) => {
    const failed = merging?.pair === `${first.id} ${second.id}` ? merging.problem : null;
    return el('li', { class: 'possible-duplicate', 'data-first': first.id, 'data-second': second.id, 'data-reason': reason },
      el('p', {}, format(s.duplicate_pair, { first: first.name, second: second.name })),
      el('div', { class: 'actions' },
        el('button', { type: 'button', class: 'button secondary same-person', onclick: () => on.samePerson(first.id, second.id) }, s.same_person),
        el('button', { type: 'button', class: 'button secondary not-same-person', onclick: () => on.keepApart(first.id, second.id) }, s.not_same_person)),
      failed ? el('p', { class: 'field-error', role: 'alert', 'data-error': failed },
        s.problems[failed] ?? s.errors[failed] ?? s.errors.invalid) : null);
  });
  return el('section', { id: 'possible-duplicates', 'aria-labelledby': 'duplicates-heading', 'data-count': items.length },
    el('h2', { id: 'duplicates-heading' }, s.duplicates_heading), el('p', {}, s.duplicates_intro), el('ul', {}, items));
}

/** The field a refusal names, as the record calls it ("versions[0].body.rulingId" → "rulingId"). */
const fieldName = (field) => (field ? field.replace(/^versions\[\d+\]\.(body\.)?/, '') : '');

function refusedSection({ config, status, describe, on }) {
  const s = config.strings.event;
  return el('section', { id: 'sync-refused', 'aria-labelledby': 'refused-heading', 'data-count': status.refused.length },
    el('h3', { id: 'refused-heading' }, s.refused_heading),
    el('ul', {}, status.refused.map((item) => el('li', { 'data-record-id': item.version.record_id, 'data-error': item.error, 'data-field': item.field ?? '' },
      el('p', {}, item.version.deleted ? s.deleted : describe(item.version.body)),
      el('p', { class: 'refused-reason' }, [s.errors[item.error] ?? s.errors.invalid,
        fieldName(item.field) ? s.refused_field.replace('%(field)s', fieldName(item.field)) : ''].filter(Boolean).join(' ')),
      el('button', { type: 'button', class: 'button secondary discard-change', onclick: () => on.discard(item.version.record_id) }, s.discard)))));
}

/**
 * The shared event's parts of the event screen (views/event-page.js gives them their headings): `shared` is the
 * event's sync status, its conflicts and refusals, or the form to share the phone's event (`local`); `invitations`
 * are the head referee's invitations, or why there are none; `merging`: a merge the server did not take.
 */
export function renderEvent({ config, status, today, invitation, describe, local, merging = null, on }) {
  const s = config.strings.event;
  if (status.off) return { shared: [el('p', { id: 'sync-off' }, s.off)], invitations: null };
  if (!status.link && status.status !== 'missing') {  // a newer version's link, or no storage: nothing to create over it
    return {
      shared: [el('p', { id: 'sync-message', role: 'alert', 'data-problem': status.status }, s.problems[status.status] ?? s.problems.storage)],
      invitations: null,
    };
  }
  if (!status.link) {
    return {
      shared: [createForm({ config, today, local, on })],
      invitations: el('p', { id: 'invite-none', 'data-reason': 'not-shared' }, s.invite_share_first),
    };
  }
  const head = status.link.role === 'head';
  return {
    shared: [
      statusSection({ config, status, on }),
      head && status.conflicts.length ? conflictsSection({ config, status, describe, on }) : null,
      head && status.duplicates?.length ? duplicatesSection({ config, status, on, merging }) : null,
      status.refused.length ? refusedSection({ config, status, describe, on }) : null,
      el('p', {}, el('button', { type: 'button', class: 'button secondary', id: 'event-leave', onclick: on.leave }, s.leave)),
    ].filter(Boolean),
    invitations: head ? inviteSection({ config, invitation, on })
      : el('p', { id: 'invite-none', 'data-reason': 'not-head' }, s.invite_head_only),
  };
}

/** The page an invitation link opens: the referee's name, then Join. */
export function renderJoin({ config, hasInvite, offer = null, on }) {
  const s = config.strings.event;
  const title = heading(s.join_heading, 'join-heading');
  if (config.sync === undefined) return [title, el('p', { id: 'sync-off' }, s.off)];
  if (!hasInvite) return [title, el('p', { id: 'join-missing', role: 'alert' }, s.join_missing)];
  // The event and the role the link offers, as the server says before anyone joins (or why the link cannot be used).
  const said = offer?.ok
    ? el('p', { id: 'join-offer', 'data-role': offer.role }, format(s[`join_offer_${offer.role}`] ?? s.join_offer_referee, { event: offer.event.name }))
    : offer ? el('p', { id: 'join-offer-error', role: 'alert', 'data-error': offer.error ?? offer.problem },
      s.errors[offer.error] ?? s.problems[offer.problem] ?? s.errors.invalid) : null;
  const form = el('form', { id: 'join-form', novalidate: true },
    field('join-display-name', s.display_name, el('input', { id: 'join-display-name', name: 'display_name', required: true, maxlength: 100, autocomplete: 'name' })),
    el('p', { class: 'form-error', hidden: true, role: 'alert' }),
    el('button', { type: 'submit', class: 'button primary', id: 'join-submit' }, s.join));
  return [title, said, bindForm(form, s, on.join)];
}
