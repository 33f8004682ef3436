/**
 * The head referee's view of the event's devices (issue 36): every device and referee with its role, name, last
 * contact with the server and what it still has to send (docs/api.md `GET …/credentials`), and revoking one. Which
 * tables were not heard from, who is suspended or one strike from it, conflicts and possible duplicates come from
 * what the phone holds (the screens' model), not from here.
 */
import { eventCall, refusal } from './sync-client.js';
import { readLink } from './sync-link.js';

const PAGE = 200;
// The last list the server gave, kept on this device so the head's view still shows it offline, with its age. A copy
// only (the server holds the list): a copy that is not of this format or does not check out is dropped.
const KEPT = 'mjref.devices';
const KEPT_FORMAT = 1;

const isDevice = (item) => item && typeof item.id === 'string' && typeof item.role === 'string'
  && typeof item.displayName === 'string' && typeof item.revoked === 'boolean';

/** The event's devices as the server last listed them to this phone: {devices, at} or null. */
export function keptDevices(eventId) {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) ?? 'null');
    const usable = kept?.v === KEPT_FORMAT && kept.eventId === eventId && typeof kept.at === 'string'
      && !Number.isNaN(Date.parse(kept.at)) && Array.isArray(kept.devices) && kept.devices.every(isDevice);
    return usable ? { devices: kept.devices, at: kept.at } : null;
  } catch {
    return null;
  }
}

function keepDevices(eventId, devices, at) {
  try {
    localStorage.setItem(KEPT, JSON.stringify({ v: KEPT_FORMAT, eventId, at, devices }));
  } catch {
    // a copy only: the list is read from the server again next time
  }
}

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
  const at = new Date().toISOString();
  keepDevices(link.server.eventId, devices, at);
  return { ok: true, devices, at };
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
