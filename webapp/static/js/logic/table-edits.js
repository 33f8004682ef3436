/**
 * The edits one tap makes on the board, worked out once for every control that makes them (riichi tapped on the seat
 * or ticked in its sheet; penalty tiles turned dead), and what a step moved on each seat. Pure: no DOM, no storage.
 */
import { tableRules } from './table-state.js';

/**
 * The edits riichi makes: the seat's riichi, its stick put on the table and its points taken from the player (given
 * back when riichi is taken back), so the table's total stays right. A stick of no known value yet (the event has not
 * set it) or a seat with no score yet moves no points. [{path, to}]
 */
export function riichiEdits(ruleset, table, index, on) {
  const seat = table.seats[index];
  const edits = [{ path: ['seats', index, 'riichi'], to: on }];
  if (seat.deposit === on) return edits;
  edits.push({ path: ['seats', index, 'deposit'], to: on });
  const { stick } = tableRules(ruleset, table);
  if (typeof stick === 'number' && typeof seat.table === 'number') {
    edits.push({ path: ['seats', index, 'table'], to: seat.table + (on ? -stick : stick) });
  }
  return edits;
}

/**
 * The edits that turn a seat's live penalty tiles dead (WSOM: one live tile may be thrown away at the current or the
 * next discard, then every penalty tile left is dead). `discarded`: the player threw one away first, so one fewer
 * turns dead. [] when the seat has no live penalty tile.
 */
export function deadTileEdits(table, index, { discarded = false } = {}) {
  const seat = table.seats[index];
  if (!seat.liveTiles) return [];
  const turning = seat.liveTiles - (discarded ? 1 : 0);
  const edits = [{ path: ['seats', index, 'liveTiles'], to: 0 }];
  if (turning) edits.push({ path: ['seats', index, 'deadTiles'], to: (seat.deadTiles || 0) + turning });
  return edits;
}

/** How much each seat's table score moved between two tables: [delta per seat]. */
export function movedBetween(before, after) {
  return before.seats.map((seat, index) => (after.seats[index].table ?? 0) - (seat.table ?? 0));
}
