/**
 * The referee's incident log and its workflows: record, edit, delete, import (merge or replace), all through the
 * repository, one record per incident. Adding an incident never conflicts; editing or deleting one is refused when
 * it changed (or was deleted) since the referee's form was filled; an import is one transaction.
 */
import { makeIncident } from '../logic/log.js';
import { planMerge } from '../logic/log-file.js';
import { personId, personIds, personIncidents } from '../logic/player-aliases.js';
import { pickPlayer } from '../logic/roster-data.js';
import { persistAfterSave } from '../storage/device.js';
import { LOCAL_EVENT_ID } from '../logic/records/event.js';
import { legacyWaiting } from '../storage/legacy-migration.js';
import { countBy, DELETE, list, listBy, readMany, valuesBy, write, writeMany } from '../storage/repository.js';
import { outcome, revOf, revText } from './outcome.js';
import { readRoster } from './roster.js';
import { serverNow } from './server-clock.js';
import { contextOp } from './settings.js';

/**
 * {status, entries: [{incident, rev}], newer: [ids only a newer version can read], players: the roster players' list
 * read with them (repository.list's result)}; an incident naming a player's
 * alias names the person (player-aliases.js), so every count is the person's. The previous release's incidents not
 * moved in yet (storage full) are among them, with no revision (a save of one then stores it).
 */
export async function readLog({ chunk = 0, between } = {}) {
  const [found, players] = await Promise.all([list('incident', { chunk, between }), list('player', { chunk, between })]);
  const stored = new Set(found.items.map((item) => item.id));
  const waiting = legacyWaiting('incident').filter((item) => !stored.has(item.id));
  const all = [...found.items.map((item) => ({ data: item.data, rev: revText(item.rev) })),
    ...waiting.map((item) => ({ data: item.data, rev: '' }))];
  const incidents = personIncidents(all.map((item) => item.data), players.items.map((item) => item.data));
  return {
    status: found.status,
    entries: all.map((item, index) => ({ incident: incidents[index], rev: item.rev })),
    newer: found.newer,
    players,
  };
}

/** How many incidents the log holds (those its time index holds: one too damaged to have a time is not counted). */
export async function logSize() {
  return (await countBy('incident', 'incident-time')).count;
}

/** The filters a big log's page can be read with through one index: {index, value} or null (none), or false. */
export function indexFilter(filters) {
  const set = Object.entries(filters).filter(([, value]) => value);
  if (!set.length) return null;
  const [[name, value]] = set;
  if (set.length > 1 || name === 'event' || (name === 'player' && !value.startsWith('id:'))) return false;
  if (name === 'player') return { index: 'incident-player', value: value.slice(3) };
  return { index: `incident-${name}`, value };
}

const newest = (items) => {
  const times = new Map(items.map((item) => [item, Date.parse(item.data.at)]));
  return [...items].sort((a, b) => times.get(b) - times.get(a));
};

/**
 * The newest `limit` incidents of the log (or of one table, session or roster player: indexFilter's `only`) and
 * every incident of the people they name, read through the database's indexes only (a big log's page, shown before
 * the whole log is read): {status, total, shown (the ones the filter lets through), entries: [{incident, rev}]
 * newest first, theirs: [incident] (the people's whole record, for their cards), players: [their roster players],
 * tables, sessions: [every one in the log], newer, counts: {total, linked}, aliases: [the roster's alias players]}.
 * `known`: what a page of the same data read (its tables, sessions, counts and aliases), not read again. Aliases are
 * resolved as readLog resolves them.
 */
export async function readLogStart(limit, only = null, known = null) {
  const [size, linked, aliases, tables, sessions] = known
    ? [{ count: known.counts.total }, { count: known.counts.linked }, known.aliases, known.tables, known.sessions]
    : await Promise.all([countBy('incident', 'incident-time'), countBy('incident', 'incident-player'),
      listBy('player', 'player-alias').then((found) => found.items.map((item) => item.data)),
      valuesBy('incident', 'incident-table'), valuesBy('incident', 'incident-session')]);
  const ids = personIds(aliases);
  let page;
  let shown = size.count;
  if (only) {  // a player's incidents are those of their id and of every id that is an alias of theirs
    const values = only.index === 'incident-player'
      ? [only.value, ...aliases.filter((player) => personId(ids, player.id) === only.value).map((player) => player.id)]
      : [only.value];
    const found = await listBy('incident', only.index, { values });
    const items = newest(found.items);
    shown = items.length;
    page = { status: found.status, items: items.slice(0, limit), newer: found.newer };
  } else {
    page = await listBy('incident', 'incident-time', { limit, direction: 'prev' });
  }
  const incidents = personIncidents(page.items.map((item) => item.data), aliases);
  const people = [...new Set(incidents.map((item) => item.playerId).filter(Boolean))];
  const aliasIds = aliases.filter((player) => people.includes(personId(ids, player.id))).map((player) => player.id);
  const playerIds = [...people, ...aliasIds];
  // The people's roster records and their incidents by id, read side by side.
  const [named, byId] = await Promise.all([readMany('player', people),
    listBy('incident', 'incident-player', { values: playerIds })]);
  const players = named.items.map((item) => item.data);
  const typed = incidents.filter((item) => !item.playerId).map((item) => item.player);
  // Incidents typed before the roster (no player id) under a roster player's name are theirs too: looked for only
  // when the log holds any (the index of player ids holds fewer incidents than the log).
  const names = linked.count < size.count ? [...new Set([...typed, ...players.map((player) => player.name)])] : [];
  const found = [byId, names.length ? await listBy('incident', 'incident-name', { values: names }) : { items: [] }];
  const theirs = new Map(found.flatMap((one) => one.items).map((item) => [item.id, item.data]));
  return {
    status: page.status, total: size.count, shown, tables, sessions,
    entries: page.items.map((item, index) => ({ incident: incidents[index], rev: revText(item.rev) })),
    theirs: personIncidents([...theirs.values()], aliases), players, newer: page.newer,
    counts: { total: size.count, linked: linked.count }, aliases,
  };
}

/**
 * The incident the form describes, in an event, naming a roster player: {incident, newPlayer?} or {errors}. A name
 * not on the roster adds that player with the incident (entered once); "lea muller" is the roster's "Léa Müller".
 */
async function incidentFrom(values, base, keep = null) {
  const [roster, now] = await Promise.all([readRoster(base.eventId ?? null), serverNow()]);
  const picked = pickPlayer(roster.all, { playerId: values.playerId, name: values.player }, roster.event.id, keep);
  const tournament = values.tournament ?? (roster.event.id === LOCAL_EVENT_ID ? '' : roster.event.name);
  const made = makeIncident({ ...values, ...base, eventId: base.eventId ?? roster.event.id, tournament,
    player: picked.player?.name ?? values.player, playerId: picked.player?.id },
    now);  // the server's time when the phone's is off
  if (made.errors || picked.error) {
    return { errors: { ...made.errors, ...(picked.error ? { player: picked.error } : {}) } };
  }
  return { incident: made.incident, newPlayer: picked.added ? picked.player : null };
}

const addPlayerOp = (player) => player && { kind: 'player', id: player.id, change: () => player, expect: null };

/**
 * The writes that record an incident once, keyed by its id (the referee's action id): a second write of the same id
 * is a no-op. {ops, incident, newPlayer} | {errors}; the caller runs the ops in one transaction (with its own).
 */
export async function incidentOnceOps(values, { rulesetId, rulingId, id }) {
  const made = await incidentFrom({ ...values, id }, { rulesetId, rulingId });
  if (made.errors) return { errors: made.errors };
  const { incident, newPlayer } = made;
  const { tournament, session, table } = incident;
  const ops = [
    newPlayer && { kind: 'player', id: newPlayer.id, change: (current) => (current ? undefined : newPlayer) },
    { kind: 'incident', id: incident.id, change: (current) => (current ? undefined : incident) },
    contextOp({ tournament, session, table }),
  ].filter(Boolean);
  return { ops, incident, newPlayer };
}

/** Record an incident once (see incidentOnceOps): {ok, incident, newPlayer} | {errors} | {error}. */
export async function recordIncidentOnce(values, base) {
  const made = await incidentOnceOps(values, base);
  if (made.errors) return { errors: made.errors };
  const result = await writeMany(made.ops);
  if (result.ok) persistAfterSave();
  return outcome(result, () => ({ incident: made.incident, newPlayer: made.newPlayer }));
}

/**
 * Record a new incident in the current event and remember its tournament, session and table for the next one, in
 * one transaction (with the roster player it adds, if the name is new): {ok, incident, rev, newPlayer} | {errors}.
 */
export async function recordIncident(values, { rulesetId, rulingId }) {
  const made = await incidentFrom(values, { rulesetId, rulingId });
  if (made.errors) return { errors: made.errors };
  const { incident, newPlayer } = made;
  const { tournament, session, table } = incident;
  const result = await writeMany([
    addPlayerOp(newPlayer),
    { kind: 'incident', id: incident.id, change: () => incident, expect: null },
    contextOp({ tournament, session, table }),
  ].filter(Boolean));
  if (result.ok) persistAfterSave();
  return outcome(result, (done) => ({ incident, newPlayer, rev: revText(done.results.find((r) => r.kind === 'incident').rev) }));
}

/**
 * Save an edited incident. rev is the revision its form was made from ('' once it was deleted elsewhere: saving
 * again then keeps it). Refused with {conflict: 'changed'|'deleted', rev} when it changed or was deleted meanwhile,
 * unless only another referee's version, downloaded by the sync, changed it: then the edit is kept as a conflict
 * with that version (services/sync-edit.js), which the head referee settles.
 */
export async function editIncident(original, values, rev) {
  const roster = await readRoster(original.eventId ?? LOCAL_EVENT_ID);
  const named = original.playerId && roster.all.find((player) => player.id === original.playerId);
  const keep = named || (original.playerId ? { id: original.playerId, name: original.player } : null);
  const made = await incidentFrom(values, { rulesetId: original.rulesetId, rulingId: original.rulingId, id: original.id,
    at: values.at || original.at, eventId: original.eventId ?? LOCAL_EVENT_ID }, keep);
  if (made.errors) return { errors: made.errors };
  const incident = original.eventId ? made.incident : withoutLocalEvent(made.incident);
  const ops = [addPlayerOp(made.newPlayer)].filter(Boolean);
  let result = await writeMany([...ops, { kind: 'incident', id: original.id, change: () => incident, expect: revOf(rev) }]);
  if (result.refused === 'conflict' && result.current && original.eventId) {
    // Changed meanwhile by another referee's version downloaded here: kept beside it as a conflict, not refused.
    const { saveOverDownload } = await import('./sync-edit.js');
    result = (await saveOverDownload(incident, revOf(rev), result.current, ops)) ?? result;
  }
  return outcome(result, (done) => ({ incident, rev: revText(done.results.find((r) => r.kind === 'incident').rev) }));
}

/** An incident typed before events keeps having no eventId (it belongs to the local event all the same). */
function withoutLocalEvent({ eventId, ...incident }) {
  return incident;
}

/** Delete an incident, unless it changed since the referee saw it (rev). */
export async function deleteIncident(id, rev) {
  const result = await write('incident', id, (current) => (current ? DELETE : undefined), { expect: revOf(rev) });
  if (result.refused === 'conflict' && !result.current) return { ok: true };  // deleted elsewhere already
  const shown = outcome(result);
  return shown.conflict ? { error: 'conflict' } : shown;
}

/**
 * What merging a file's incidents would do (see planMerge), with the revision of each record it would change. The
 * log is read 1,000 items at a time, so the page answers while a big one is read.
 */
export async function planImport(incidents) {
  const log = await readLog({ chunk: 1000 });
  const plan = planMerge(log.entries.map((entry) => entry.incident), incidents, log.newer);
  const revs = new Map(log.entries.map((entry) => [entry.incident.id, entry.rev]));
  return {
    ...plan, revs: Object.fromEntries(plan.conflicts.map((c) => [c.id, revs.get(c.id)])),
    empty: !log.entries.length && !log.newer.length,
  };
}

/** The writes that add a file's roster players and events this device does not have (its own are kept as they are). */
function rosterOps({ players = [], events = [] } = {}) {
  const add = (kind) => (record) => ({
    kind, id: record.id, optional: true, change: (current) => (current ? undefined : record) });
  return [...events.map(add('event')), ...players.map(add('player'))];
}

/**
 * Merge a planned import in one transaction: new incidents added, conflicting ones replaced where the referee
 * took the file's, and the file's players and events added where missing. {done: counts}, or {changed: true} when
 * the log changed since the plan (plan again).
 */
export async function mergeImport(plan, take, roster = {}) {
  const taken = plan.conflicts.filter((conflict) => take.includes(conflict.id));
  const result = await writeMany([
    ...rosterOps(roster),
    ...plan.added.map((incident) => ({ kind: 'incident', id: incident.id, change: () => incident, expect: null })),
    ...taken.map((conflict) => ({ kind: 'incident', id: conflict.id, change: () => conflict.theirs, expect: revOf(plan.revs[conflict.id]) })),
  ]);
  if (result.refused === 'conflict') return { changed: true };
  if (result.ok) persistAfterSave();
  return result.ok
    ? {
      done: {
        added: plan.added.length, same: plan.same, replaced: taken.length, kept: plan.conflicts.length - taken.length,
      },
    }
    : { error: result.refused ?? result.error };
}

/** Replace the whole log with a file's incidents (its players and events added where missing), in one transaction
 * (refused while a newer version's are stored). */
export async function replaceLog(incidents, roster = {}) {
  const before = (await readLog()).entries.length;
  const result = await writeMany([
    ...rosterOps(roster),
    { kind: 'incident', clear: true },
    ...incidents.map((incident) => ({ kind: 'incident', id: incident.id, change: () => incident })),
  ]);
  if (result.ok) persistAfterSave();
  if (result.refused === 'newer') return { error: 'newer_data' };
  return result.ok
    ? { done: { added: incidents.length, same: 0, replaced: before, kept: 0 } }
    : { error: result.refused ?? result.error };
}
