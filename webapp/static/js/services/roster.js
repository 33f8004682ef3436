/**
 * The roster of each event: players entered once (name, optional number and club) and picked after, in the log and
 * at the table. Add, rename (every record keeps pointing at the player's id), remove (a tombstone, so the records
 * that name a removed player still read), list and find. A name that is another player's once case, accents,
 * punctuation and spaces are set aside is refused unless the referee confirms a different person.
 *
 * Interface for other screens (the table picks seats from here): listPlayers(eventId?), findPlayers(eventId, name),
 * playerName(players, id, fallback), and the player shape of logic/records/player.js.
 */
import { rosterPlayers } from '../logic/player-aliases.js';
import {
  earlierSuspensionFromForm, playerFromForm, playersFromList, present, rosterOf, sameNamed,
} from '../logic/roster-data.js';
import { list, write, writeMany } from '../storage/repository.js';
import { readEvents } from './events.js';
import { outcome, revOf, revText } from './outcome.js';

/**
 * {status, event, events, players: [{player, rev}] present, by name; all: [player] of this roster, removed ones
 * included (for the names of the records that point at them); everyone: [player] of every event; newer: [ids];
 * eventStatus, newerEvents: the same of the events} for an event (default: the current one).
 */
export async function readRoster(eventId = null, { read = null, chunk = 0 } = {}) {
  // read: the players' list just read by the caller (the log's whole read), not read again; chunk: read so many at a
  // time, the page answering between two (an import against a roster of 20,000)
  const [found, events] = await Promise.all([read ?? list('player', { chunk }), readEvents()]);
  const event = eventId === null
    ? events.current
    : events.events.find((entry) => entry.event.id === eventId)?.event ?? events.current;
  const revs = new Map(found.items.map((item) => [item.id, revText(item.rev)]));
  const everyone = rosterPlayers(found.items.map((item) => item.data));  // an alias reads as the person's old id
  const all = rosterOf(everyone, event, events.events.map((entry) => entry.event));
  return {
    status: found.status,
    event,
    events: events.events,
    players: present(all).map((player) => ({ player, rev: revs.get(player.id) })),
    all,
    everyone,
    newer: found.newer,
    eventStatus: events.status,
    newerEvents: events.newer,
  };
}

/** The present players of an event's roster (default: the current event), by name. */
export async function listPlayers(eventId = null) {
  return (await readRoster(eventId)).players.map((entry) => entry.player);
}

/** The present players of an event whose name is this name once normalized ("lea muller" finds "Léa Müller"). */
export async function findPlayers(eventId, name) {
  return sameNamed((await readRoster(eventId)).all, name);
}

/**
 * Add a player to an event's roster: {ok, player} | {errors: {name|number|club: code}, duplicate?: player} |
 * {error}. values: {name, number, club, confirmed}.
 */
export async function addPlayer(eventId, values) {
  const roster = await readRoster(eventId);
  const made = playerFromForm(values, { eventId: roster.event.id }, roster.all);
  if (made.errors) return made;
  const result = await write('player', made.player.id, () => made.player, { expect: null });
  return outcome(result, (done) => ({ player: made.player, rev: revText(done.rev) }));
}

/**
 * Add many players at once from a pasted list (roster-data.js playersFromList), in one transaction: {ok, added:
 * [player], skipped: [{name, code}]} | {error}; nothing is written when no line gives a new player.
 */
export async function addPlayers(eventId, raw) {
  const roster = await readRoster(eventId);
  const { players, skipped } = playersFromList(raw, { eventId: roster.event.id }, roster.all);
  if (!players.length) return { ok: true, added: [], skipped };
  const result = await writeMany(players.map((player) => ({ kind: 'player', id: player.id, change: () => player, expect: null })));
  return outcome(result, () => ({ added: players, skipped }));
}

/** Rename a player or change their number or club, unless it changed since the form was filled (rev). */
export async function renamePlayer(original, values, rev) {
  const roster = await readRoster(original.eventId);
  const made = playerFromForm(values, original, roster.all);
  if (made.errors) return made;
  const result = await write('player', original.id, () => made.player, { expect: revOf(rev) });
  return outcome(result, (done) => ({ player: made.player, rev: revText(done.rev) }));
}

/**
 * Enter a suspension given outside the log (another event, last month) on a roster player's record, where it counts
 * towards a ban: {ok} | {errors: {start | where: code}} | {error}. Applied to the player as stored now (another tab's
 * change is kept); today: the device's day (player-record.js localDay).
 */
export async function addEarlierSuspension(playerId, values, today) {
  let made = null;
  const result = await write('player', playerId, (current) => {
    if (!current) return undefined;
    made = earlierSuspensionFromForm(values, current.data, today);
    return made.errors ? undefined : { ...current.data, suspensions: made.suspensions };
  });
  return made?.errors ? { errors: made.errors } : outcome(result);
}

/** Take a suspension entered by mistake (its first day) off a player's record. */
export async function removeEarlierSuspension(playerId, start) {
  const result = await write('player', playerId, (current) => {
    const kept = (current?.data.suspensions ?? []).filter((suspension) => suspension.start !== start);
    if (!current || kept.length === (current.data.suspensions ?? []).length) return undefined;
    const { suspensions, ...rest } = current.data;
    return kept.length ? { ...rest, suspensions: kept } : rest;
  });
  return outcome(result);
}

/** Remove a player from the roster: kept as a tombstone (deleted: true), so records that name them still read. */
export async function removePlayer(id, rev) {
  const result = await write('player', id, (current) => (current ? { ...current.data, deleted: true } : undefined),
    { expect: revOf(rev) });
  return outcome(result);
}

/** The name to show for a record's player: the roster's current name (after a rename), or the name it was typed
 * with. */
export function playerName(players, id, fallback) {
  return (id && players.find((player) => player.id === id)?.name) || fallback;
}
