/**
 * The phone's link to an event on the server, and its sync state: the credential it got when creating or joining
 * (kept on the device only), the changes-feed cursor, what the server has of each shared record, the outbox of
 * versions waiting to be sent, and the versions the server refused. One item, id 'main'. Pure: no DOM, no storage.
 *
 * Version 1: {server: {eventId, name, rulesetId, startsOn, endsOn, sessions, leagueId}, credential: {id, secret, role,
 * displayName}, cursor, lastSyncAt, known, outbox, refused}; see sync-versions.js for known, outbox and refused.
 * Version 2: a known record may say which version the phone shows (`shown`), the parent of the phone's next edit,
 * and (a roster player) the person its id is an alias of (`aliasOf`); the sync state may keep `clockOffsetMs`, the
 * server's clock minus the phone's at the last answer (services/server-clock.js).
 * Version 3: `known` lives in its own store, one item per record (kinds/sync-record.js), so a page of changes writes
 * only the records it changed; a document of an earlier version still holding `known` has its entries moved out when
 * the database opens, in one transaction (storage/upgrade.js moveKnown); until then (storage full) the link waits.
 * The document may keep `apart`, the pairs of roster players the head referee said are not the same person (pair keys
 * of possible-duplicates.js), never asked about again; a known record may note the download last written over what the
 * phone showed (`replaced: {version, rev}`, see sync-versions.js noteReplaced).
 */
import {
  checkBoolean, checkDate, checkId, checkNumber, checkSlug, checkText, isObject, join, problems, unknownKeys,
} from './check.js';

export const SYNC_ID = 'main';
const ROLES = ['head', 'referee', 'viewer'];
const RECORD_KINDS = ['incident', 'player'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkObject(value, path, report) {
  if (isObject(value)) return true;
  report.add(path, value === undefined ? 'missing' : value === null ? 'null' : 'not_object');
  return false;
}

function checkList(value, path, report) {
  if (Array.isArray(value)) return true;
  report.add(path, value === undefined ? 'missing' : 'not_list');
  return false;
}

function serverProblems(server, path, report) {
  if (!checkObject(server, path, report)) return;
  checkId(server.eventId, join(path, 'eventId'), report);
  checkText(server.name, join(path, 'name'), report, { max: 200, required: true });
  checkSlug(server.rulesetId, join(path, 'rulesetId'), report);
  for (const key of ['startsOn', 'endsOn']) {
    if (typeof server[key] !== 'string' || !DAY.test(server[key])) report.add(join(path, key), 'bad_date');
  }
  if (checkList(server.sessions, join(path, 'sessions'), report)) {
    server.sessions.forEach((label, index) => checkText(label, join(join(path, 'sessions'), index), report, { max: 100 }));
  }
  if (server.leagueId !== null) checkId(server.leagueId, join(path, 'leagueId'), report);
  unknownKeys(server, ['eventId', 'name', 'rulesetId', 'startsOn', 'endsOn', 'sessions', 'leagueId'], path, report);
}

function credentialProblems(credential, path, report) {
  if (!checkObject(credential, path, report)) return;
  checkId(credential.id, join(path, 'id'), report);
  checkId(credential.secret, join(path, 'secret'), report);
  if (!ROLES.includes(credential.role)) report.add(join(path, 'role'), 'unknown_role');
  checkText(credential.displayName, join(path, 'displayName'), report, { max: 100 });
  unknownKeys(credential, ['id', 'secret', 'role', 'displayName'], path, report);
}

function bodyProblems(value, deleted, path, report) {
  if (deleted ? value !== null : !isObject(value)) report.add(path, 'bad_body');
}

/** One version as the server takes it (the outbox, a refused version). */
export function versionProblems(version, path = '') {
  const report = problems();
  if (!checkObject(version, path, report)) return report.found;
  checkId(version.record_id, join(path, 'record_id'), report);
  checkId(version.version_id, join(path, 'version_id'), report);
  if (checkList(version.parents, join(path, 'parents'), report)) {
    version.parents.forEach((parent, index) => checkId(parent, join(join(path, 'parents'), index), report));
  }
  if (!RECORD_KINDS.includes(version.kind)) report.add(join(path, 'kind'), 'unknown_kind');
  checkBoolean(version.deleted, join(path, 'deleted'), report);
  bodyProblems(version.body, version.deleted, join(path, 'body'), report);
  unknownKeys(version, ['record_id', 'version_id', 'parents', 'kind', 'deleted', 'body'], path, report);
  return report.found;
}

function refusalProblems(item, path) {
  const report = problems();
  if (!checkObject(item, path, report)) return report.found;
  report.found.push(...versionProblems(item.version, join(path, 'version')));
  checkText(item.error, join(path, 'error'), report, { max: 100, required: true });
  if (item.field !== null) checkText(item.field, join(path, 'field'), report, { max: 200 });
  unknownKeys(item, ['version', 'error', 'field'], path, report);
  return report.found;
}

/** What the server has of one record, as far as this phone knows. */
export function knownProblems(entry, path = '') {
  const report = problems();
  if (!checkObject(entry, path, report)) return report.found;
  if (!RECORD_KINDS.includes(entry.kind)) report.add(join(path, 'kind'), 'unknown_kind');
  if (entry.eventId !== null) checkId(entry.eventId, join(path, 'eventId'), report);
  if (checkList(entry.heads, join(path, 'heads'), report)) {
    entry.heads.forEach((head, index) => {
      const at = join(join(path, 'heads'), index);
      if (!checkObject(head, at, report)) return;
      checkId(head.id, join(at, 'id'), report);
      checkBoolean(head.deleted, join(at, 'deleted'), report);
      bodyProblems(head.body, head.deleted, join(at, 'body'), report);
      if (head.seq !== null) checkNumber(head.seq, join(at, 'seq'), report, { min: 1, integer: true });
      if (head.author !== null) checkText(head.author, join(at, 'author'), report, { max: 100 });
      unknownKeys(head, ['id', 'body', 'deleted', 'seq', 'author'], at, report);
    });
  }
  if (checkList(entry.seen, join(path, 'seen'), report)) {
    entry.seen.forEach((id, index) => checkId(id, join(join(path, 'seen'), index), report));
  }
  for (const flag of ['readOnly', 'unusable']) checkBoolean(entry[flag], join(path, flag), report, { optional: true });
  if (entry.shown !== undefined) checkId(entry.shown, join(path, 'shown'), report);
  if (entry.aliasOf !== undefined) checkId(entry.aliasOf, join(path, 'aliasOf'), report);
  if (entry.replaced !== undefined && checkObject(entry.replaced, join(path, 'replaced'), report)) {
    checkId(entry.replaced.version, join(join(path, 'replaced'), 'version'), report);
    checkNumber(entry.replaced.rev, join(join(path, 'replaced'), 'rev'), report, { min: 1, integer: true });
    unknownKeys(entry.replaced, ['version', 'rev'], join(path, 'replaced'), report);
  }
  unknownKeys(entry, ['kind', 'eventId', 'heads', 'seen', 'readOnly', 'unusable', 'shown', 'aliasOf', 'replaced'], path, report);
  return report.found;
}

export function syncProblems(data) {
  const report = problems();
  if (!checkObject(data, '', report)) return report.found;
  serverProblems(data.server, 'server', report);
  credentialProblems(data.credential, 'credential', report);
  if (typeof data.cursor !== 'string' || !/^\d{1,20}$/.test(data.cursor)) report.add('cursor', 'bad_cursor');
  if (data.lastSyncAt !== null) checkDate(data.lastSyncAt, 'lastSyncAt', report);
  if (data.known !== undefined && checkObject(data.known, 'known', report)) {
    for (const [id, entry] of Object.entries(data.known)) {
      checkId(id, join('known', id), report);
      report.found.push(...knownProblems(entry, join('known', id)));
    }
  }
  if (checkList(data.outbox, 'outbox', report)) {
    data.outbox.forEach((version, index) => report.found.push(...versionProblems(version, join('outbox', index))));
  }
  if (checkList(data.refused, 'refused', report)) {
    data.refused.forEach((item, index) => report.found.push(...refusalProblems(item, join('refused', index))));
  }
  if (data.clockOffsetMs !== undefined) checkNumber(data.clockOffsetMs, 'clockOffsetMs', report, { integer: true });
  if (data.apart !== undefined && checkList(data.apart, 'apart', report)) {
    data.apart.forEach((key, index) => checkText(key, join('apart', index), report, { max: 401, required: true }));
  }
  unknownKeys(data, ['server', 'credential', 'cursor', 'lastSyncAt', 'known', 'outbox', 'refused', 'clockOffsetMs', 'apart'], '', report);
  return report.found;
}

/**
 * Keep what is good of a damaged sync state: without a good server and credential there is nothing to sync with.
 * Good records and versions are kept untouched; when any record was dropped the feed is read again from the start,
 * which brings back what the server has (versions already known are skipped).
 */
function salvage(data) {
  if (!isObject(data)) return null;
  const report = problems();
  serverProblems(data.server, 'server', report);
  credentialProblems(data.credential, 'credential', report);
  if (report.found.length) return null;
  const known = {};
  const entries = isObject(data.known) ? Object.entries(data.known) : [];
  for (const [id, entry] of entries) if (!knownProblems(entry).length && id.length <= 200) known[id] = entry;
  const complete = data.known === undefined || (isObject(data.known) && Object.keys(known).length === entries.length);
  const cursorOk = typeof data.cursor === 'string' && /^\d{1,20}$/.test(data.cursor);
  return {
    server: data.server,
    credential: data.credential,
    cursor: complete && cursorOk ? data.cursor : '0',
    lastSyncAt: data.lastSyncAt === null || (typeof data.lastSyncAt === 'string' && !checkDateProblems(data.lastSyncAt)) ? data.lastSyncAt : null,
    ...(data.known === undefined ? {} : { known }),
    outbox: Array.isArray(data.outbox) ? data.outbox.filter((version) => !versionProblems(version).length) : [],
    refused: Array.isArray(data.refused) ? data.refused.filter((item) => !refusalProblems(item, '').length) : [],
    ...(Number.isInteger(data.clockOffsetMs) ? { clockOffsetMs: data.clockOffsetMs } : {}),
    ...(Array.isArray(data.apart) ? { apart: data.apart.filter((key) => typeof key === 'string' && key.length <= 401) } : {}),
  };
}

function checkDateProblems(value) {
  const report = problems();
  checkDate(value, '', report);
  return report.found.length;
}

export default {
  name: 'sync',
  version: 3,
  validate: syncProblems,
  salvage,
  migrations: {
    1: (data) => data,  // version 2 may note, per record, the version the phone shows (`shown`): nothing to change
    2: (data) => data,  // version 3 keeps `known` in its own store (moved out at the first read) and may keep `apart`
  },
};
