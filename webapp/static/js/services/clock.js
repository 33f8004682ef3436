/**
 * The lateness clock's data and workflows: start the round, note an absent player, note their arrival, clear.
 * Each change is applied to the stored clock as it is now, so another tab's players are kept.
 */
import { defaultClock, MAX_PLAYERS } from '../logic/records/clock.js';
import { read, write } from '../storage/repository.js';
import { outcome } from './outcome.js';

export const CLOCK_ID = 'main';

/** {status, clock}: status 'ok', or why the stored clock cannot be used ('newer', 'unavailable', 'closed'). */
export async function readClock() {
  const found = await read('clock', CLOCK_ID);
  if (found.status === 'ok') return { status: 'ok', clock: found.data };
  return { status: found.status === 'missing' ? 'ok' : found.status, clock: defaultClock() };
}

function change(make) {
  return write('clock', CLOCK_ID, (current) => make(current?.data ?? defaultClock())).then((result) => outcome(result));
}

/** The round starts now: the clock counts from here (players already noted stay, none has arrived yet). */
export function startRound(at = new Date().toISOString()) {
  return change((clock) => ({
    startedAt: at, players: clock.players.map((player) => ({ ...player, arrivedAt: null })) }));
}

/**
 * Put back the clock as it was before a restart (its one level of undo), unless the clock changed since that restart
 * (restartedAt: the start it made): then nothing changes.
 */
export function restoreClock(previous, restartedAt) {
  return change((clock) => (clock.startedAt === restartedAt ? previous : undefined));
}

/**
 * Note an absent player by name: {ok} | {errors: {name: code}} | {error}. The clock's room is checked on the list as
 * stored inside the write's transaction (compare-and-set): when another tab took the last place meanwhile, this
 * add is refused with 'too_many', never dropped.
 */
export async function addAbsent(name) {
  const trimmed = String(name ?? '').trim();
  if (!trimmed) return { errors: { name: 'empty' } };
  if (trimmed.length > 500) return { errors: { name: 'too_long' } };
  let full = false;
  const result = await change((clock) => {
    full = clock.players.length >= MAX_PLAYERS;
    return full
      ? undefined
      : { ...clock, players: [...clock.players, { id: crypto.randomUUID(), name: trimmed, arrivedAt: null }] };
  });
  return result.ok && full ? { errors: { name: 'too_many' } } : result;
}

/** The player has arrived: their minutes stop counting. */
export function markArrived(playerId, at = new Date().toISOString()) {
  return change((clock) => ({
    ...clock,
    players: clock.players.map((player) => (player.id === playerId && !player.arrivedAt
      ? { ...player, arrivedAt: at }
      : player)),
  }));
}

/** Take a player off the clock. */
export function removeAbsent(playerId) {
  return change((clock) => ({ ...clock, players: clock.players.filter((player) => player.id !== playerId) }));
}

/** Clear the clock for the next round. */
export function clearClock() {
  return change(() => defaultClock());
}
