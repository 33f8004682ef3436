/**
 * The events API as the phone calls it: one request, the answer told apart (a connection problem, a busy or full
 * server, the API's JSON), and the access token, kept for the tab's life (storage/access-token.js: a page load does
 * not sign in again) and renewed once when it expired.
 */
import { keepToken, keptToken } from '../storage/access-token.js';
import { noteServerTime } from './server-clock.js';

let token = null;  // {credentialId, value, expiresAt}: the access token, also kept for this tab's next page loads

/** What a status that means "not now" is called: the phone keeps its outbox and tries again later. */
const BUSY = { 429: 'wait', 503: 'busy', 507: 'full' };
const DEFAULT_WAIT = 30;  // seconds, when the server does not say
const MAX_WAIT = 3600;

/** Seconds to wait, from a Retry-After header (seconds or an HTTP date), else a default. */
export function retryAfter(value, now = Date.now()) {
  if (typeof value === 'number') return Math.min(Math.max(1, value), MAX_WAIT);
  if (typeof value !== 'string' || !value.trim()) return DEFAULT_WAIT;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Math.ceil((Date.parse(value) - now) / 1000);
  return Number.isFinite(seconds) ? Math.min(Math.max(1, seconds), MAX_WAIT) : DEFAULT_WAIT;
}

/** Forget the access token (another event, or the phone left the event). */
export function forgetToken() {
  token = null;
  keepToken(null);
}

/**
 * One API call: {status, json, tag}, or {problem, retryAfter?} when no usable answer came back: 'offline' (no answer),
 * 'busy' (503: the server asks to wait, `retryAfter` seconds), 'wait' (429: too many attempts, never 'revoked'),
 * 'full' (507: its storage is full), 'server'
 * (another 5xx, or a proxy's page instead of the API's JSON). Every answer's time is noted (server-clock.js).
 * `tag`: the answer's ETag (the changes feed's last page); `ifNoneMatch` sends one back, and an unchanged feed then
 * answers {status: 304, json: null}. `pending`: the versions still waiting on this phone (X-Sync-Pending).
 */
async function call(config, method, path, { body, auth, ifNoneMatch = null, pending = null } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) headers.Authorization = `Bearer ${auth}`;
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
  if (Number.isInteger(pending) && pending >= 0) headers['X-Sync-Pending'] = String(pending);
  let response;
  try {
    response = await fetch(`${config.sync.api}${path}`, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', credentials: 'omit',
    });
  } catch (error) {
    return { problem: 'offline' };
  }
  noteServerTime(response.headers.get('X-Server-Time'), response.headers.get('Date'));
  const busy = BUSY[response.status];
  if (busy) return { problem: busy, retryAfter: retryAfter(response.headers.get('Retry-After')) };
  if (response.status >= 500) return { problem: 'server' };
  const tag = response.headers.get('ETag');
  if (response.status === 304) return { status: 304, json: null, tag };
  try {
    return { status: response.status, json: await response.json(), tag };
  } catch (error) {
    return { problem: 'server' };  // a proxy's page, not the API's JSON
  }
}

/** A call outside any event (create, join). */
export const apiCall = call;

/** The answer of a refused request, as the screens show it: at a field, or one code. */
export function refusal(answer) {
  if (answer.problem) return { problem: answer.problem };
  const { error = 'invalid', field = null } = answer.json ?? {};
  return field ? { errors: { [field]: error } } : { error };
}

async function signIn(config, link) {
  token = token?.credentialId === link.credential.id ? token : keptToken(link.credential.id);
  if (token) return { ok: true };
  const answer = await call(config, 'POST', '/auth/token', { body: { credential_id: link.credential.id, secret: link.credential.secret } });
  if (answer.problem) return answer;
  if (answer.status !== 200) return { problem: 'auth', error: answer.json?.error ?? 'unauthorized' };
  const lasts = Math.max(0, Number(answer.json.expires_in) * 1000 || 0);
  token = { credentialId: link.credential.id, value: answer.json.access_token, expiresAt: Date.now() + lasts };
  keepToken(token);
  return { ok: true };
}

/**
 * An authorized call to the event; signs in first, and again once when the token expired or is no longer one the
 * server takes (its key changed): a refused token is never kept for the next page load. `options`: `pending` and
 * `ifNoneMatch`, as call() takes them.
 */
export async function eventCall(config, link, method, path, body, options = {}) {
  let refused = 'unauthorized';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const signed = await signIn(config, link);
    if (!signed.ok) return signed;
    const answer = await call(config, method, `/events/${encodeURIComponent(link.server.eventId)}${path}`,
      { ...options, body, auth: token.value });
    if (answer.status !== 401 && answer.status !== 403) return answer;
    refused = answer.json?.error ?? 'unauthorized';
    if (answer.status === 403) break;
    forgetToken();
    if (!['token_expired', 'unauthorized'].includes(refused)) break;
  }
  return { problem: 'auth', error: refused };
}
