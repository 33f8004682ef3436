/**
 * The one-time upgrade of a table history stored before steps were deltas: by version 1 of the kind or the previous
 * release (marked `legacy`: their app computed some steps differently), or holding whole-table edits.
 * services/table.js rebuilds such a history once, with its ruleset's data, and stores the result, so no later read
 * replays it again. How the earlier app computed a step lives here (`legacyStep`), never in the calculator, which
 * knows only today's rules. Pure: no DOM, no storage.
 */
import { applyRuling, applyStep, endHanchan, readAmount, seatIndex } from './calculator.js';
import { fromVersion1, STEP_KINDS } from './records/table.js';
import { addStep, currentTable, editStep, emptyHistory, tableDiff } from './table-history.js';
import { clone, move, newTable, SEATS, sums, tableRules } from './table-state.js';

/** Whether a step must be rebuilt: damaged, of no known kind, or an edit holding a whole table. */
const rebuilt = (step) => !step || !STEP_KINDS.includes(step.kind) || (step.kind === 'edit' && Boolean(step.table));

/** Whether a stored history needs the upgrade (a history of version 1, an earlier app's, or whole-table edits). */
export function needsUpgrade(stored) {
  if (!stored || !Array.isArray(stored.undone)) return true;
  return Boolean(stored.legacy) || stored.steps.some(rebuilt) || stored.undone.some((entry) => rebuilt(entry?.step));
}

// --- How the earlier app computed a step ------------------------------------------------------------------------

/**
 * How the app paid a risky-discard liability before wins were scored apart: the ruling itself moved the hand's value,
 * with no counters or sticks, from the inputs stored with it.
 */
function legacyLiability(effect, ctx) {
  const { raw } = ctx;
  const winner = seatIndex(raw.winner);
  const [value] = readAmount(raw.hand_value, { min: 1 });
  if (winner === null || value === null) return;
  const selfDraw = effect.scored_as === 'self_draw' || raw.win_type === 'self_draw';
  const discarder = seatIndex(raw.discarder);
  const payers = [];
  if (selfDraw) payers.push([effect.self_draw === 'discarder_pays_all' ? discarder : ctx.offender, value]);
  else if (effect.discard === 'split' && discarder !== ctx.offender) payers.push([discarder, value / 2], [ctx.offender, value / 2]);
  else payers.push([discarder, value]);
  for (const [payer, amount] of payers) {
    if (payer === null) continue;
    move(ctx, payer, 'table', -amount);
    move(ctx, winner, 'table', amount);
  }
}

/** The effects the earlier app read otherwise: no voided riichi and no win to score next; a liability paid at once. */
const LEGACY_EFFECTS = Object.freeze({ riichi_voided() {}, next_score() {}, liability: legacyLiability });

/** The ruleset as the earlier app applied it to this table: every riichi stick 1,000 when the event had set none. */
function legacyRuleset(ruleset, table) {
  const scoring = ruleset.scoring ?? {};
  const stick = tableRules(ruleset, table).stick ?? 1000;
  return { ...ruleset, scoring: { ...scoring, riichi: { ...(scoring.riichi ?? {}), stick } } };
}

/** A new session as the earlier app counted it: counts and marks only, no score reset. */
function legacySession(table) {
  const after = clone(table);
  for (const seat of after.seats) {
    Object.assign(seat, { offences: 0, deadHand: false, liveTiles: 0, deadTiles: 0, substituted: false });
  }
  return { after, changes: [], sums: sums([]), reset: true };
}

/** One step as the earlier app computed it (a substitute's result was then credited to the absent player). */
export function legacyStep(table, ruleset, step) {
  if (step.kind === 'ruling') {
    const inputs = step.inputs || {};
    return applyRuling(table, legacyRuleset(ruleset, table), step.rulingId, inputs, { interpret: LEGACY_EFFECTS });
  }
  if (step.kind === 'end-hanchan') {
    return endHanchan({ ...table, seats: table.seats.map((seat) => ({ ...seat, substituted: false })) }, ruleset);
  }
  if (step.kind === 'new-session') return legacySession(table);
  return applyStep(table, ruleset, step);
}

// --- The upgrade ------------------------------------------------------------------------------------------------

const SEAT_DEFAULTS = {
  name: '', riichi: false, deposit: false, deadHand: false, liveTiles: 0, deadTiles: 0,
  strikes: 0, offences: 0, carriedOffences: 0, substituted: false, disqualified: false,
};

function migrateTable(table, ruleset) {
  const start = newTable(ruleset);
  const seats = SEATS.map((wind, index) => {
    const old = table?.seats?.[index] || {};
    const seat = { ...start.seats[index], ...SEAT_DEFAULTS, wind };
    for (const key of Object.keys(seat)) if (key !== 'wind' && old[key] !== undefined) seat[key] = old[key];
    if (old.sessionLost !== undefined) seat.sessionLost = old.sessionLost;
    return seat;
  });
  const whole = (value) => (Number.isInteger(value) && value >= 0 ? value : 0);
  return {
    ...start, rulesetId: ruleset.id, dealer: SEATS[table?.dealer] ? table.dealer : 0,
    honba: whole(table?.honba), pot: whole(table?.pot), event: { ...(table?.event || {}) }, seats,
  };
}

/**
 * A stored history rebuilt step by step with the ruleset's data (one that needs no upgrade is given back as it is):
 * every step keeps its place and date, and a whole-table edit becomes the changes against the table replayed just
 * before it. Where today's calculator computes a step differently from the app that stored it (bugs since fixed,
 * such as a substitute's result credited to the absent player), an edit marked `origin: 'migration'` right after it
 * keeps the values the referee saw, so nothing changes under them; undoing that edit applies the correction.
 * Undone steps of such a history are dropped (version 1 kept none).
 */
export function upgradeHistory(stored, ruleset, now = new Date().toISOString()) {
  if (!needsUpgrade(stored)) return stored;
  if (stored && !Array.isArray(stored.undone)) stored = fromVersion1(stored);
  let history = { ...emptyHistory(ruleset), start: migrateTable(stored?.start, ruleset) };
  let legacy = history.start;
  let current = history.start;
  const needsStick = ruleset.scoring?.riichi?.stick === 'event' && history.start.event.stick === undefined;
  for (const old of Array.isArray(stored?.steps) ? stored.steps : []) {
    if (!old || !STEP_KINDS.includes(old.kind)) continue;
    const at = typeof old.at === 'string' && !Number.isNaN(Date.parse(old.at)) ? old.at : now;
    let step;
    if (old.kind === 'edit') {
      const target = old.table ? tableDiff(current, migrateTable(old.table, ruleset)) : old.changes || [];
      step = editStep(current, target.map(({ path, to }) => ({ path, to })));
      if (!step) continue;
      if (old.origin) step.origin = old.origin;
    } else if (old.kind === 'ruling') {
      step = { kind: 'ruling', rulingId: String(old.rulingId), inputs: { ...(old.inputs || {}) } };
    } else {
      step = old.inputs ? { kind: old.kind, inputs: { ...old.inputs } } : { kind: old.kind };
    }
    const legacyOutcome = old.kind === 'edit' ? applyStep(legacy, ruleset, step) : legacyStep(legacy, ruleset, old);
    if (needsStick && legacyOutcome.next?.depositsReturned?.length) {
      history = { ...history, start: { ...history.start, event: { ...history.start.event, stick: 1000 } } };
    }
    history = addStep(history, step, at);
    current = currentTable(history, ruleset);
    legacy = legacyOutcome.after ?? legacy;
    const kept = editStep(current, tableDiff(current, legacy).map(({ path, to }) => ({ path, to })));
    if (kept) {
      history = addStep(history, { ...kept, origin: 'migration' }, at);
      current = legacy;
    }
  }
  return history;
}
