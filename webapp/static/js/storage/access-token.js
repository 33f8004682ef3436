/**
 * The events API's access token, kept for this tab's life (sessionStorage), so a page load does not sign in again
 * (each sign-in is a slow argon2 check on the server, and a venue's phones share an address). Only the short-lived
 * token is kept, with its credential and expiry: never the credential's secret (that one is in IndexedDB), never
 * shared with another tab or kept once the tab is closed. The server checks revocation on every call whatever the
 * token says. Storage blocked or full: the token lives in this page's memory only.
 */
const KEY = 'mjref.sync.accessToken';
const MARGIN_MS = 60_000;  // dropped a minute before the server would refuse it

/** {credentialId, value, expiresAt} when this tab kept one that is still good for `credentialId`, else null. */
export function keptToken(credentialId, now = Date.now()) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    const good = kept && kept.credentialId === credentialId && typeof kept.value === 'string'
      && Number.isFinite(kept.expiresAt) && kept.expiresAt - MARGIN_MS > now;
    return good ? kept : null;
  } catch {
    return null;
  }
}

/** Keep the token for this tab's next page loads; null forgets it. */
export function keepToken(token) {
  try {
    if (token) sessionStorage.setItem(KEY, JSON.stringify(token));
    else sessionStorage.removeItem(KEY);
  } catch {
    // kept in memory only
  }
}
