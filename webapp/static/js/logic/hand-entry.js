/**
 * A hand entered at the table, by its form or by taps on the board: both start from the hand a ruling leads to (its
 * prefill: a liable player, a tsumo the ruling fixes, a seat made noten) and end in one function that scores it, so
 * every way of entering a hand moves the same money. Taps: the winner, then the discarder or tsumo, then the value;
 * or the tenpai seats of a draw. Pure: no DOM, no storage.
 */
import { scoreDraw, scoreWin, winFields } from './hand-scoring.js';

/**
 * The hand the newest ruling leads to ({kind, prefill, stepId}), or null: it stays pending through later edits (a name
 * typed, riichi tapped) until a hand, a reset or another ruling comes after it. `steps`: a replayed history's steps.
 */
export function pendingHand(steps) {
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const { id, step, outcome } = steps[index];
    if (step.kind === 'edit') continue;
    const score = step.kind === 'ruling' ? outcome.next?.score : null;
    return score ? { ...score, stepId: id } : null;
  }
  return null;
}

/**
 * The prefill of the hand a ruling leads to, for an entry of this kind: {} when no hand is pending, when it is of
 * the other kind, or when the referee cancelled it on purpose (`cancelled`: the id of the step it came from).
 */
export function pendingPrefill(pending, kind, cancelled = null) {
  if (!pending || pending.kind !== kind || pending.stepId === cancelled) return {};
  return { ...(pending.prefill || {}) };
}

/** The one way a hand is scored: a win or a draw, from the prefill and what was entered on top of it. */
export function scoreHand(table, ruleset, kind, entry, { lang = 'en' } = {}) {
  return kind === 'draw' ? scoreDraw(table, ruleset, entry) : scoreWin(table, ruleset, entry, { lang });
}

/** A hand entered by taps, from its prefill: {kind, ...prefill} (a draw also keeps the tenpai seats tapped). */
export function startTap(kind, prefill = {}) {
  return kind === 'draw' ? { ...prefill, kind, tenpai: [] } : { ...prefill, kind };
}

/** Whether a win's way is fixed by what is known (a kan fed by a risky discard is a tsumo): 'tsumo', or null. */
function fixedHow(ruleset, table, tap) {
  const how = winFields(ruleset, table, tap).find((field) => field.name === 'how');
  return how?.fixed ? how.options[0] : null;
}

/** What the taps ask next: 'tenpai' (a draw), 'winner', 'discarder' (or tsumo), then 'value'. */
export function tapStep(tap) {
  if (tap.kind === 'draw') return 'tenpai';
  if (tap.winner === undefined || tap.winner === null) return 'winner';
  return tap.how ? 'value' : 'discarder';
}

/**
 * A tap on a seat: {tap} with the seat taken as what the step asks, or {tap, refused: error code} when that seat
 * cannot be it (the liable player winning, the winner paying, a seat noten by a ruling or dead declared tenpai).
 */
export function tapSeat(ruleset, table, tap, index) {
  const step = tapStep(tap);
  if (step === 'tenpai') {
    if (tap.tenpai.includes(index)) return { tap: { ...tap, tenpai: tap.tenpai.filter((seat) => seat !== index) } };
    if (table.seats[index].deadHand || (tap.noten || []).includes(index)) return { tap, refused: 'cannot_be_tenpai' };
    return { tap: { ...tap, tenpai: [...tap.tenpai, index].sort() } };
  }
  if (step === 'winner') {
    if (tap.liable === index) return { tap, refused: 'is_liable' };
    if (tap.discarder === index) return { tap, refused: 'same_seat' };
    const winner = { ...tap, winner: index };
    const how = fixedHow(ruleset, table, winner);
    return { tap: how ? { ...winner, how } : winner };
  }
  if (step === 'discarder') {
    if (index === tap.winner) return { tap, refused: 'same_seat' };
    return { tap: { ...tap, how: 'ron', discarder: index } };
  }
  return { tap };
}

/** "Tsumo" tapped when the discarder is asked: the win is self-drawn. */
export function tapTsumo(tap) {
  return tapStep(tap) === 'discarder' ? { ...tap, how: 'tsumo' } : tap;
}

/** What the taps entered, with the value typed at the last step: the entry scoreHand reads. */
export function tapEntry(tap, values = {}) {
  const { kind, ...entry } = tap;
  return { ...entry, ...values };
}
