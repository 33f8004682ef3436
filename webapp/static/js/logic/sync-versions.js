/**
 * Offline-first sync of an event's shared records (incidents, roster players) as versions, following the server's
 * protocol (docs/api.md "Sync protocol"). Pure: no DOM, no storage, no network; services/sync.js stores the state and
 * talks to the server, and Node tests call these functions directly.
 *
 * The sync state kept on the phone: {cursor, lastSyncAt, known, outbox, refused}.
 * - known: record id → {kind, eventId, heads: [{id, body, deleted, seq, author}], seen: [version ids], shown?}, what
 *   the server has of each record as far as this phone knows (every version id it has applied, so a version coming
 *   back in the feed is never applied twice). Several heads: the record is in conflict. `shown`: the version the
 *   phone's record was last written from (or uploaded as), the parent of the next edit made here, so an edit made
 *   while a newer version was downloaded but not written is a sibling of that version (a conflict), never its child.
 * - outbox: versions made on this phone and not yet acknowledged, oldest first, each sent as it is until the server
 *   answers (so a retry after a lost answer is a harmless duplicate).
 * - refused: versions the server refused (with its error and field), shown to the referee, never sent again.
 * A local record is {kind, id, deleted, body}, where body is the record as the server stores it (bodyOf).
 */

export const MAX_BATCH = 200;  // the server takes 1 to 200 versions a batch
const KEPT_REFUSALS = 50;

/** A version id made on this phone, unique across every referee's phones. */
export const newVersionId = () => globalThis.crypto.randomUUID();

export function emptyState() {
  return { cursor: '0', lastSyncAt: null, known: {}, outbox: [], refused: [] };
}

/** JSON with sorted keys, so two bodies with the same fields compare equal whatever their key order. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).filter((key) => value[key] !== undefined).sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sameValue = (a, b) => Boolean(a.deleted) === Boolean(b.deleted)
  && (a.deleted || canonical(a.body) === canonical(b.body));

/** The head a phone shows for a record: the one stored last (several heads: a conflict, shown until settled). */
export function currentHead(entry) {
  if (!entry?.heads.length) return null;
  return entry.heads.reduce((best, head) => ((head.seq ?? Infinity) >= (best.seq ?? Infinity) ? head : best));
}

function copyState(state) {
  return {
    ...state,
    known: { ...state.known },
    outbox: [...state.outbox],
    refused: [...state.refused],
  };
}

function copyEntry(entry, kind, eventId) {
  return entry ? { ...entry, heads: [...entry.heads], seen: [...entry.seen] } : { kind, eventId, heads: [], seen: [] };
}

/** What a record is worth on the server side now, as far as this phone knows: the last outbox version, or the head. */
function base(state, recordId) {
  const queued = state.outbox.filter((version) => version.record_id === recordId);
  if (queued.length) {
    const last = queued[queued.length - 1];
    return { value: { deleted: last.deleted, body: last.body }, parents: [last.version_id] };
  }
  const entry = state.known[recordId];
  const head = currentHead(entry);
  if (!head) return { value: { deleted: true, body: null }, parents: [] };
  const shown = entry.shown === undefined ? head : entry.heads.find((other) => other.id === entry.shown);
  // The phone still shows an older version (a newer one came while the referee was editing): the edit's parent is
  // what the referee saw, so the server keeps both as a conflict.
  if (!shown) return { value: null, parents: [entry.shown], heads: entry.heads };
  return { value: shown, parents: [shown.id], heads: entry.heads };
}

/**
 * Turn the phone's records into versions: each record whose value differs from what the server has (or will have
 * once the outbox is sent) gets a new version, child of that value; a shared record the phone no longer holds gets a
 * tombstone. `locals` lists every record of the event this phone holds; `newId()` makes version ids; `unreadable`
 * lists ids the phone holds but cannot read now (set aside as damaged, or a newer app's): never sent as deletions.
 * Returns {state, staged: number of new versions}.
 */
export function stage(state, locals, newId = null, { unreadable = [] } = {}) {
  const makeId = newId ?? newVersionId;
  const next = copyState(state);
  let staged = 0;
  const held = new Set(unreadable);  // set aside or written by a newer app: not deleted, only not readable here
  const add = (record, value) => {
    const { value: before, parents, heads = [] } = base(next, record.id);
    // In a conflict the phone shows one of the heads, not always the newest: showing any of them is no change.
    const same = heads.find((head) => sameValue(head, value));
    if ((before && sameValue(before, value)) || same) {
      next.refused = next.refused.filter((item) => item.version.record_id !== record.id);
      if (same && next.known[record.id]?.shown !== undefined) {
        next.known[record.id] = { ...next.known[record.id], shown: same.id };
      }
      return;
    }
    if (next.refused.some((item) => item.version.record_id === record.id && sameValue(item.version, value))) return;
    next.outbox.push({
      record_id: record.id, version_id: makeId(), parents, kind: record.kind,
      deleted: Boolean(value.deleted), body: value.deleted ? null : value.body,
    });
    staged += 1;
  };
  for (const record of locals) {
    held.add(record.id);
    const entry = next.known[record.id];
    if (entry && (entry.kind !== record.kind || entry.readOnly)) continue;
    add(record, record);
  }
  for (const [id, entry] of Object.entries(next.known)) {
    if (held.has(id) || entry.readOnly || entry.unusable || entry.kind !== 'incident') continue;
    add({ id, kind: entry.kind }, { deleted: true, body: null });
  }
  return { state: next, staged };
}

/**
 * Whether the server has one record as this phone holds it, for a confirmation to say so: 'sent' (the server's
 * version is what the phone shows), 'refused' (the server refused this very value: see `refused`), or 'waiting' (not
 * sent yet: in the outbox, or changed since the last sync). `local`: the record as localRecords makes it
 * ({kind, id, deleted, body}), or null when the phone no longer holds it (a deletion).
 */
export function sentState(state, local, recordId = local?.id) {
  const value = local ?? { deleted: true, body: null };
  if (state.refused.some((item) => item.version.record_id === recordId && sameValue(item.version, value))) {
    return 'refused';
  }
  if (state.outbox.some((version) => version.record_id === recordId)) return 'waiting';
  const entry = state.known[recordId];
  if (entry?.heads.some((head) => sameValue(head, value))) return 'sent';
  return !entry && value.deleted ? 'sent' : 'waiting';  // never on the server and gone here: nothing to send
}

/** How many versions are waiting to be sent: the outbox and what the phone's records would add to it. */
export function waiting(state, locals, options = {}) {
  let count = 0;
  return stage(state, locals, () => `waiting-${(count += 1)}`, options).state.outbox.length;
}

/** The next batch to upload: the oldest versions of the outbox, a record's versions in order. */
export function nextBatch(state, max = MAX_BATCH) {
  return state.outbox.slice(0, max);
}

function addVersion(entry, version, seq, author) {
  if (entry.seen.includes(version.version_id)) {
    entry.heads = entry.heads.map((head) => (head.id === version.version_id && head.seq == null
      ? { ...head, seq }
      : head));
    return false;
  }
  entry.seen.push(version.version_id);
  entry.heads = entry.heads.filter((head) => !version.parents.includes(head.id));
  entry.heads.push({
    id: version.version_id, body: version.deleted ? null : version.body, deleted: version.deleted, seq, author });
  return true;
}

/**
 * Take the server's answer to an uploaded batch: accepted, duplicate and conflict versions leave the outbox and
 * become known; refused ones leave it too and are kept, with the server's reason, to show. Returns {state, refused}.
 */
export function afterUpload(state, batch, results, { eventId = null, author = null } = {}) {
  const next = copyState(state);
  const refused = [];
  const done = new Set();
  batch.forEach((version, index) => {
    const result = results[index];
    if (!result || result.version_id !== version.version_id) return;  // not answered: stays in the outbox
    done.add(version.version_id);
    if (result.status === 'refused') {
      const item = { version, error: result.error, field: result.field ?? null };
      refused.push(item);
      next.refused = [...next.refused.filter((old) => old.version.record_id !== version.record_id), item]
        .slice(-KEPT_REFUSALS);
      return;
    }
    next.refused = next.refused.filter((old) => old.version.record_id !== version.record_id);  // superseded
    const entry = copyEntry(next.known[version.record_id], version.kind, eventId);
    addVersion(entry, version, result.seq ?? null, author);
    entry.shown = version.version_id;  // the phone's record is (or was edited from) what it sent
    delete entry.replaced;
    next.known[version.record_id] = entry;
  });
  next.outbox = next.outbox.filter((version) => !done.has(version.version_id));
  return { state: next, refused };
}

/**
 * Apply a page of the changes feed (oldest first) and move the cursor to `cursor`. Versions this phone already has
 * (its own uploads coming back) change nothing. Returns {state, writes}: for each record whose shown value changed
 * and that has no version waiting in the outbox, {kind, id, eventId, deleted, body, before} to write on the phone,
 * unless the phone's record is no longer `before` (the referee changed it meanwhile: kept, and sent at the next sync).
 * `eventId`: the phone's event; another event's incidents (a league's) are only read here, never sent back.
 */
export function applyChanges(state, changes, cursor, { eventId = null } = {}) {
  const readOnly = (change) => change.kind === 'incident' && eventId !== null && change.event_id !== eventId;
  const next = copyState(state);
  const touched = new Map();
  for (const change of changes) {
    const before = next.known[change.record_id];
    const entry = copyEntry(before, change.kind, change.event_id);
    if (!touched.has(change.record_id)) touched.set(change.record_id, currentHead(before));
    if (change.event_id) entry.eventId = change.event_id;
    if (readOnly(change)) entry.readOnly = true;
    if (change.alias_of) entry.aliasOf = change.alias_of;  // the server made this player's id another id of a person
    addVersion(entry, change, change.seq, change.author?.display_name ?? null);
    next.known[change.record_id] = entry;
  }
  if (cursor !== undefined && cursor !== null) next.cursor = String(cursor);
  const writes = [];
  for (const [id, shown] of touched) {
    if (next.outbox.some((version) => version.record_id === id)) continue;
    const entry = next.known[id];
    const head = currentHead(entry);
    const shownId = entry.shown ?? shown?.id ?? null;
    const aliasNews = Boolean(entry.aliasOf) && entry.aliasOf !== state.known[id]?.aliasOf;
    if (shown && sameValue(shown, head) && !aliasNews) {
      next.known[id] = { ...entry, shown: shownId === shown.id ? head.id : shownId };
      continue;
    }
    // A conflict keeps showing what this phone showed, when that is one of its heads: nothing changes under the
    // referee's eyes until the head referee settles it.
    const kept = shown && entry.heads.length > 1 ? entry.heads.find((other) => sameValue(other, shown)) : null;
    if (kept && !aliasNews) {
      next.known[id] = { ...entry, shown: kept.id };
      continue;
    }
    const value = kept ?? head;  // a player in conflict told it is an alias: keeps showing what it showed
    next.known[id] = { ...entry, shown: value.id };  // taken back by notShown() if the write does not happen
    writes.push({
      kind: entry.kind, id, eventId: entry.eventId, deleted: value.deleted, body: value.body,
      aliasOf: entry.aliasOf ?? null,
      before: shown
        ? { deleted: shown.deleted, body: shown.body, id: shownId }
        : { deleted: true, body: null, id: shownId },
    });
  }
  return { state: next, writes };
}

/**
 * The downloaded writes the phone did not make (the referee changed the record meanwhile, in another tab): their
 * records still show the version they showed before, which stays the parent of that change.
 */
export function notShown(state, skipped) {
  if (!skipped.length) return state;
  const next = copyState(state);
  for (const write of skipped) {
    const entry = next.known[write.id];
    if (!entry) continue;
    const { shown, ...rest } = entry;
    next.known[write.id] = write.before?.id ? { ...rest, shown: write.before.id } : rest;
  }
  return next;
}

/**
 * Note the downloads written over a record the phone showed (`overwritten`: [{id, version: the version it showed,
 * rev: the record's revision before}]): an edit saved from a form made at that revision was made from that version,
 * so it goes up as its child, a sibling of the download (a conflict kept for the head referee), never over it.
 */
export function noteReplaced(state, overwritten) {
  if (!overwritten.length) return state;
  const next = copyState(state);
  for (const { id, version, rev } of overwritten) {
    if (next.known[id]) next.known[id] = { ...next.known[id], replaced: { version, rev } };
  }
  return next;
}

/**
 * The parent of an edit saved from a form made at revision `formRev`, when the record changed under it only by the
 * download noted with noteReplaced (the record still shows that download, `shownBody`): the version the form showed,
 * or null (the edit is refused as stale, as any other).
 */
export function editedFrom(state, recordId, formRev, shownBody) {
  const entry = state.known[recordId];
  if (!entry?.replaced || entry.replaced.rev !== formRev) return null;
  const shown = entry.heads.find((head) => head.id === entry.shown);
  if (!shown || shown.deleted || canonical(shown.body) !== canonical(shownBody)) return null;
  return entry.replaced.version;
}

/** The phone's record now shows an edit made from `version` (its next version's parent): see editedFrom. */
export function showEditOf(state, recordId, version) {
  const next = copyState(state);
  const { replaced, ...entry } = next.known[recordId];
  next.known[recordId] = { ...entry, shown: version };
  return next;
}

/** Mark records the phone could not keep (their body does not fit its own checks): never turned into tombstones. */
export function markUnusable(state, ids) {
  const next = copyState(state);
  for (const id of ids) if (next.known[id]) next.known[id] = { ...next.known[id], unusable: true };
  return next;
}

/** Records with several heads, for the head referee: [{recordId, kind, eventId, heads}], heads oldest first. */
export function conflicts(state) {
  return Object.entries(state.known)
    .filter(([, entry]) => entry.heads.length > 1)
    .map(([recordId, entry]) => ({
      recordId, kind: entry.kind, eventId: entry.eventId,
      heads: [...entry.heads].sort((a, b) => (a.seq ?? Infinity) - (b.seq ?? Infinity)),
    }));
}

/**
 * Settle a conflict: a version whose parents are all the record's heads, with the chosen head's value
 * (`keep`: a head's version id) or a tombstone (`keep` null). Returns {state, version, write: the value the phone now
 * shows, to write with the state} or {error: 'not_in_conflict' |
 * 'unknown_head' | 'pending'}.
 */
export function settle(state, recordId, keep, newId = newVersionId) {
  const entry = state.known[recordId];
  if (!entry || entry.heads.length < 2) return { error: 'not_in_conflict' };
  const chosen = keep === null ? { deleted: true, body: null } : entry.heads.find((head) => head.id === keep);
  if (!chosen) return { error: 'unknown_head' };
  // A change of this record still waiting here would be lost under the settled version: send it first.
  if (state.outbox.some((version) => version.record_id === recordId)) return { error: 'pending' };
  const next = copyState(state);
  const version = {
    record_id: recordId, version_id: newId(), parents: entry.heads.map((head) => head.id), kind: entry.kind,
    deleted: Boolean(chosen.deleted), body: chosen.deleted ? null : chosen.body,
  };
  next.outbox.push(version);
  const write = {
    kind: entry.kind, id: recordId, eventId: entry.eventId, deleted: version.deleted, body: version.body };
  return { state: next, version, write };
}

/**
 * Discard a change the server refused: the record goes back to the server's version (a record the server never
 * had is removed), and its downloads are written again. Returns {state, write} or {error: 'not_refused'}.
 */
export function discardRefused(state, recordId) {
  if (!state.refused.some((item) => item.version.record_id === recordId)) return { error: 'not_refused' };
  const next = copyState(state);
  next.refused = next.refused.filter((item) => item.version.record_id !== recordId);
  const entry = next.known[recordId];
  const head = currentHead(entry);
  const kind = entry?.kind ?? state.refused.find((item) => item.version.record_id === recordId).version.kind;
  if (head) next.known[recordId] = { ...entry, shown: head.id };
  const write = {
    kind, id: recordId, eventId: entry?.eventId ?? null, deleted: head ? head.deleted : true,
    body: head ? head.body : null,
  };
  return { state: next, write };
}
