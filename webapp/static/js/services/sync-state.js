/**
 * The phone's sync state in storage: the link's document (kind `sync`: the event, the credential, the cursor, the
 * outbox, the refusals) and what the server has of each shared record, one item per record (kind syncRecord, in its
 * own store), so a page of changes writes the document and only the records it changed. An earlier version's single
 * document, `known` inside, is moved out once when the database opens (storage/upgrade.js moveKnown); a document
 * still holding it (that move could not be written: storage full) is not used until it is (`waiting`).
 */
import { SYNC_ID } from '../logic/records/sync.js';
import { SYNC_RECORD, entryOf, syncRecordId } from '../logic/records/sync-record.js';
import { DELETE, list, read, write, writeMany } from '../storage/repository.js';
import { canonical, noteReplaced, notShown } from '../logic/sync-versions.js';

/** The link's document as stored: the sync state without `known`. */
function documentOf(state) {
  const { known, ...document } = state;
  return document;
}

/**
 * The write of one record's sync state (`entry()`: its entry, worked out when written), made only when `linked()`
 * says the link's document is still there.
 */
function recordOp(kind, id, entry, linked) {
  return {
    kind: SYNC_RECORD, id: syncRecordId(kind, id), optional: true,
    change: () => (linked() ? { id, ...entry() } : undefined),
  };
}

/**
 * {status, link}: the stored link to an event with its sync state (status 'missing' when this phone has none,
 * 'waiting' while an earlier version's document waits for its sync state to be moved out).
 */
export async function readLink() {
  const found = await read('sync', SYNC_ID);
  if (found.status !== 'ok') return { status: found.status, link: null };
  if (found.data.known !== undefined) return { status: 'waiting', link: null };
  const records = await list(SYNC_RECORD);
  if (records.status !== 'ok') return { status: records.status, link: null };
  const known = {};
  for (const item of records.items) known[item.data.id] = entryOf(item.data);
  const link = { ...found.data, known };
  if (records.damaged && link.cursor !== '0') {
    // A record's sync state was set aside: read the feed again from the start, which brings back what the server has.
    link.cursor = '0';
    await write('sync', SYNC_ID, (current) => (current ? { ...current.data, cursor: '0' } : undefined));
  }
  return { status: 'ok', link };
}

/**
 * What the server has of the shared event's records as far as this phone knows, for confirmations to say whether
 * their record reached it (logic/sync-records.js recordSentState, through the model's `sent` part): {server, known,
 * outbox, refused}, or null when nothing this phone saves is shared (no event on a server, a viewer's phone). Every
 * screen of a phone with a server has this module already (live sync reads the link): it is there offline too.
 */
export async function sentStates() {
  const { link } = await readLink();
  if (!link || link.credential.role === 'viewer') return null;
  return { server: link.server, known: link.known, outbox: link.outbox, refused: link.refused };
}

/**
 * Save `state` over `saved` (the state as read or last saved), with `ops` (downloaded records' writes, which fill
 * `skipped` with those the referee's change made meanwhile overrides and `overwritten` with those written over what
 * the phone showed), in one transaction: the link's document, then
 * the sync state of each record whose entry changed. Nothing is written when the link was removed meanwhile (the
 * phone left the event). Returns the state now saved, or null when the write failed.
 */
export async function saveState(saved, state, ops = [], skipped = [], overwritten = []) {
  let linked = false;
  let settled = null;
  const final = () => (settled ??= noteReplaced(notShown(state, skipped), overwritten));
  const noted = new Set(overwritten.map((found) => found.id));
  const changed = Object.keys(state.known).filter((id) => noted.has(id)
    || (saved.known[id] !== state.known[id]
    && (!saved.known[id] || canonical(saved.known[id]) !== canonical(state.known[id]))));
  const gone = Object.keys(saved.known).filter((id) => !Object.hasOwn(state.known, id));
  const result = await writeMany([
    ...ops,
    { kind: 'sync', id: SYNC_ID, change: (current) => {
      linked = Boolean(current);
      return linked ? documentOf(state) : undefined;
    } },
    ...changed.map((id) => recordOp(state.known[id].kind, id, () => final().known[id], () => linked)),
    ...gone.map((id) => ({
      kind: SYNC_RECORD, id: syncRecordId(saved.known[id].kind, id), optional: true,
      change: () => (linked ? DELETE : undefined),
    })),
  ]);
  if (!result.ok) return null;
  return final();
}
