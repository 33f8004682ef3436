/**
 * The head referee's view of the event's devices (issue 36): every device and referee with its role, name, last
 * contact with the server and what it still has to send (docs/api.md `GET …/credentials`), and revoking one. Which
 * tables were not heard from, who is suspended or one strike from it, conflicts and possible duplicates come from
 * what the phone holds (the screens' model), not from here.
 */
import { eventCall, refusal } from './sync-client.js';
import { readLink } from './sync-link.js';

const PAGE = 200;

/** A credential as the screens use it: {id, role, displayName, revoked, revokedAt, lastContactAt, pending, createdAt,
 * thisPhone}. `pending`: versions it said were waiting on it (null: it never said). */
function deviceOf(credential, ownId) {
  return {
    id: credential.id, role: credential.role, displayName: credential.display_name, revoked: credential.revoked,
    revokedAt: credential.revoked_at, lastContactAt: credential.last_contact_at ?? null,
    pending: credential.pending ?? null, createdAt: credential.created_at, thisPhone: credential.id === ownId,
  };
}

/**
 * The event's devices, oldest first, revoked ones included: {ok, devices, at (the phone's time of the answer)}, or
 * {error: 'no_event' | 'not_head'} or {problem} (offline, busy, auth…) as sync-client.js says.
 */
export async function listDevices(config) {
  const { link } = await readLink();
  if (!link) return { error: 'no_event' };
  if (link.credential.role !== 'head') return { error: 'not_head' };
  const devices = [];
  for (let after = '0'; after !== null;) {
    const answer = await eventCall(config, link, 'GET', `/credentials?after=${encodeURIComponent(after)}&limit=${PAGE}`);
    if (answer.problem || answer.status !== 200) return refusal(answer);
    devices.push(...answer.json.credentials.map((credential) => deviceOf(credential, link.credential.id)));
    after = answer.json.next;
  }
  return { ok: true, devices, at: new Date().toISOString() };
}

/**
 * Revoke a device: from its next call on, the server refuses it (its live sync stops, saying it is no longer
 * accepted). {ok, device} or {error: 'last_head' | 'not_found' | …} or {problem}.
 */
export async function revokeDevice(config, credentialId) {
  const { link } = await readLink();
  if (!link) return { error: 'no_event' };
  if (link.credential.role !== 'head') return { error: 'not_head' };
  const answer = await eventCall(config, link, 'POST', `/credentials/${encodeURIComponent(credentialId)}/revoke`, {});
  if (answer.problem || answer.status !== 200) return refusal(answer);
  return { ok: true, device: deviceOf(answer.json.credential, link.credential.id) };
}
