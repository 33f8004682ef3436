/**
 * Joining an event: create one (this phone becomes its head referee), join one from an invitation, invite others,
 * leave. The credential is kept on the device (stored kind `sync`, with the sync state), never shown again.
 */
import { emptyState } from '../logic/sync-versions.js';
import { localEvent } from '../logic/sync-records.js';
import { SYNC_ID } from '../logic/records/sync.js';
import { SYNC_RECORD } from '../logic/records/sync-record.js';
import { DELETE, writeMany } from '../storage/repository.js';
import { currentEventOp } from './settings.js';
import { apiCall as call, eventCall, forgetToken, refusal } from './sync-client.js';
import { readLink } from './sync-state.js';

export { readLink };

function linkFrom(event, credential) {
  const { known, ...state } = emptyState();  // each record's sync state is an item of its own (sync-state.js)
  return {
    ...state,
    server: {
      eventId: event.id, name: event.name, rulesetId: event.ruleset_id, startsOn: event.starts_on,
      endsOn: event.ends_on, sessions: event.sessions, leagueId: event.league?.id ?? null,
    },
    credential: {
      id: credential.id, secret: credential.secret, role: credential.role, displayName: credential.display_name,
    },
  };
}

/**
 * Keep the credential, and make the server's event the phone's current event (same id on every phone, with the
 * server's link), in one transaction: new incidents and roster players go to it. keep: the phone's own fields of the
 * event, which the server does not hold (its lateness rule). {ok, rulesetId} | {error}.
 */
async function keepLink(event, credential, keep = {}) {
  const link = linkFrom(event, credential);
  const result = await writeMany([
    { kind: 'sync', id: SYNC_ID, change: () => link, expect: null },
    { kind: SYNC_RECORD, clear: true },  // what a link left behind, should any be there, is not this one's
    { kind: 'event', id: event.id,
      change: (current) => ({ ...(current?.data ?? {}), ...keep, ...localEvent(link.server) }) },
    currentEventOp(event.id),
  ]);
  if (result.refused === 'conflict') return { error: 'already_linked' };
  return result.ok ? { ok: true, rulesetId: event.ruleset_id } : { error: 'storage' };
}

/**
 * Create an event on the server; this phone becomes its head referee. keep: the phone's own fields of the event
 * (its lateness rule), stored with it here.
 */
export async function createEvent(config, fields, { keep = {} } = {}) {
  const answer = await call(config, 'POST', '/events', { body: fields });
  if (answer.status !== 201) return refusal(answer);
  forgetToken();
  return keepLink(answer.json.event, answer.json.credential, keep);
}

/**
 * Join an event with an invitation (the link's fragment, `<id>.<secret>`) under the referee's name: {ok, rulesetId
 * (the event's ruleset)} | {errors} | {error} | {problem}.
 */
export async function joinEvent(config, invite, displayName) {
  const answer = await call(config, 'POST', '/invites/accept', { body: { invite, display_name: displayName } });
  if (answer.status !== 201) return refusal(answer);
  forgetToken();
  return keepLink(answer.json.event, answer.json.credential);
}

/** What an invitation offers (the event and the role), before joining: {ok, event, role} | {error} | {problem}. */
export async function previewInvite(config, invite) {
  const answer = await call(config, 'POST', '/invites/preview', { body: { invite } });
  if (answer.status !== 200) return refusal(answer);
  return { ok: true, event: answer.json.event, role: answer.json.role };
}

/** Forget the event on this phone (its records stay in the log). */
export async function leaveEvent() {
  forgetToken();
  const result = await writeMany([{ kind: 'sync', id: SYNC_ID, change: () => DELETE }, { kind: SYNC_RECORD, clear: true }]);
  return result.ok ? { ok: true } : { error: 'storage' };
}

/** New invitation: {link, qr (a data: URL of its QR code), role} to show now (the server keeps no way to show it
 * again). */
export async function invite(config, role) {
  const { link } = await readLink();
  if (!link) return { error: 'no_event' };
  const answer = await eventCall(config, link, 'POST', '/invites', { role, max_uses: 50, expires_in_days: 7, lang: config.lang });
  if (answer.status !== 201) return refusal(answer);
  return { ok: true, link: answer.json.link, qr: answer.json.qr.data_url, role };
}
