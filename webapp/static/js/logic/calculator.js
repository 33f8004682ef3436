/**
 * The score-adjustment calculator: applies a ruling's effects to a table, exactly as its ruleset's data says, and
 * ends a hanchan or a session. Pure: no DOM, no storage. Scoring a win or a draw is in hand-scoring.js, the table's
 * shape and starting state in table-state.js, its history (steps, undo, redo) in table-history.js.
 */
import { effectsOf } from './engine.js';
import { scoreDraw, scoreWin } from './hand-scoring.js';
import { MAX_NUMBER, parseNumber, roundTo } from './numbers.js';
import { applyEdit, clearHand, clone, decimalsOf, move, seatIndex, sums, tableRules } from './table-state.js';

export {
  eventSettingsNeeded, newTable, readEventSettings, seatIndex, sums, tableFeatures, tableRules,
} from './table-state.js';
export { drawFields, scoreDraw, scoreWin, winFields } from './hand-scoring.js';
export { pendingHand, pendingPrefill, scoreHand, startTap, tapEntry, tapSeat, tapTsumo } from './hand-entry.js';
export { deadTileEdits, riichiEdits } from './table-edits.js';
export const MAX_POINTS = MAX_NUMBER;

/** The bounds of the numbers a ruling may ask for. */
const LIMITS = {
  minutes: { min: 1, max: 1440 },
  tiles: { min: 1, max: 14 },
};

/** The number the referee enters for an effect ('minutes', 'points', 'tiles'), or null when its data says it all. */
function numberOf(effect) {
  if (effect.type === 'penalty_points' && effect.per === 'minute') return 'minutes';
  if (effect.type === 'penalty_points' && effect.amount === undefined) return 'points';
  if (effect.type === 'penalty_tiles' && effect.count === 'exposed') return 'tiles';
  return null;
}

/** The field of the number an effect asks for, within its limits (the referee's range for points). */
function numberField(effect, name, optional) {
  const [min, max] = effect.range ?? [0, 1000];
  const limits = name === 'points' ? { min, max } : LIMITS[name];
  return { name, kind: 'number', required: !optional, decimals: 0, ...limits, ...(optional ? { optional: true } : {}) };
}

/** What a second ruling that re-deals does to a player who already has one in this hand: its `hand` effect's
 * `same_hand` ('once': nothing more; 'each': its penalty again, no second re-deal), or null for a ruling that does
 * not count as such (no re-deal, or a re-deal with no penalty). */
function sameHandRule(effects) {
  return effects.find((effect) => effect.type === 'hand' && effect.same_hand)?.same_hand ?? null;
}

/** The seats of a table that already have a chombo (a ruling with `same_hand`) since the last hand was scored. */
function chomboSeats(table) {
  return (table?.seats ?? []).flatMap((seat, index) => (seat.chombo ? [index] : []));
}

/**
 * The fields the calculator needs before applying a ruling, as descriptors a screen can render:
 * [{name, kind: 'seat'|'number'|'choice'|'choices'|'counts', required, min, max, decimals, options, optional}].
 * `counts` is not typed by the referee: the caller supplies the offender's offence counts, read from the log (see
 * player-record.js, its `calculator` counts). The referee's choices (a ruling's optional effects, at least one of them
 * to be chosen): an optional effect with a number of its own is chosen by entering it (its field has `optional: true`),
 * the others by ticking them in `chosen` (kind 'choices', options: their effect types).
 * Given the table, a ruling that re-deals asks `same_hand` (was it found in the same hand?) when an offender it may
 * name already has such a ruling since the last hand was scored: only for those `seats`.
 */
export function inputFields(ruleset, ruling, table = null) {
  const effects = effectsOf(ruleset, ruling);
  const fields = [];
  const everyone = effects.length && effects.every((effect) => effect.applies_to === 'all');
  if (!everyone) fields.push({ name: 'offender', kind: 'seat', required: true });
  const add = (field) => { if (!fields.some((item) => item.name === field.name)) fields.push(field); };
  const ticked = [];
  for (const effect of effects) {
    const number = numberOf(effect);
    if (number) add(numberField(effect, number, effect.optional));
    else if (effect.optional) ticked.push(effect.type);
    if (effect.type === 'riichi_voided' && effect.ask) add({ name: 'riichi_call', kind: 'choice', required: true, options: ['yes', 'no'] });
    if (effect.type === 'progressive' || effect.type === 'strike') add({ name: 'counts', kind: 'counts', required: false });
  }
  if (ticked.length) add({ name: 'chosen', kind: 'choices', required: false, options: ticked });
  const marked = sameHandRule(effects) ? chomboSeats(table) : [];
  if (marked.length) add({ name: 'same_hand', kind: 'choice', required: true, options: ['yes', 'no'], seats: marked });
  return fields;
}

/** The inputs the apply form asks: the seat, the numbers, the referee's choices and questions such as whether a voided
 * call was a riichi, or (given the table) whether a second chombo is from the same hand (not the counts, which the log
 * gives). */
export function formFields(ruleset, ruling, table = null) {
  return inputFields(ruleset, ruling, table).filter((field) => ['seat', 'number', 'choice', 'choices'].includes(field.kind));
}

/** The names of the inputs the apply form asks (offender, minutes, points, tiles, riichi_call, chosen, same_hand). */
export function neededInputs(ruleset, ruling, table = null) {
  return formFields(ruleset, ruling, table).map((field) => field.name);
}

/** Whether the referee chose this effect: always for one that is not optional; else its number, or its tick. */
function chosen(effect, values) {
  if (!effect.optional) return true;
  const number = numberOf(effect);
  return number ? values[number] !== null && values[number] !== undefined : (values.chosen ?? []).includes(effect.type);
}

/** Points of a progressive scale for an offender who already has `count` offences counted. */
export function progressiveAmount(scale, count) {
  if (count < scale.steps.length) return scale.steps[count];
  const last = scale.steps[scale.steps.length - 1];
  return last + (count - scale.steps.length + 1) * (scale.then_add ?? 0);
}

/** Read a number given as typed text (in `lang`) or as a number already read; returns [value, error]. */
export function readAmount(raw, { lang = 'en', decimals = 0, min = -MAX_POINTS, max = MAX_POINTS, required = true } = {}) {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return [null, 'not_number'];
    if (roundTo(raw, decimals) !== raw) return [null, decimals ? 'too_many_decimals' : 'decimals_not_allowed'];
    if (raw > max) return [null, 'too_large'];
    if (raw < min) return [null, raw < 0 && min >= 0 ? 'negative' : 'too_small'];
    return [raw, null];
  }
  const { value, error } = parseNumber(raw, { lang, decimals, min, max, required });
  return error ? [null, error] : [value, null];
}

/** Offence counts supplied by the caller: {session, carried, strikes}, each a whole number from 0. */
function readCounts(raw) {
  if (raw === undefined || raw === null) return [null, null];
  const ok = typeof raw === 'object' && ['session', 'carried', 'strikes']
    .every((key) => raw[key] === undefined || (Number.isInteger(raw[key]) && raw[key] >= 0));
  return ok ? [{ session: raw.session ?? 0, carried: raw.carried ?? 0, strikes: raw.strikes ?? 0 }, null] : [null, 'invalid_counts'];
}

/**
 * Validate the inputs of a ruling; return {values, errors} with an error key per bad field. Numbers may be typed
 * text in `lang` or numbers; `values` holds them read, ready to be stored in a history step.
 */
export function readInputs(ruleset, ruling, raw, { lang = 'en', table = null } = {}) {
  const errors = {};
  const values = {};
  for (const field of inputFields(ruleset, ruling, table)) {
    const { name } = field;
    if (field.kind === 'seat') {
      values[name] = seatIndex(raw[name]);
      if (values[name] === null) errors[name] = 'choose_seat';
    } else if (field.kind === 'number') {
      const [value, error] = readAmount(raw[name], { lang, ...field });
      if (error) errors[name] = error;
      values[name] = value;
    } else if (field.kind === 'choice') {
      // Absent means no screen asked (a step stored before the form asked it): the voided call is taken as not a
      // riichi, a second chombo as one of a new hand. A question for other seats than the offender's is not asked.
      if (raw[name] === undefined) continue;
      if (field.seats && !field.seats.includes(values.offender)) continue;
      if (!field.options.includes(raw[name])) errors[name] = 'choose_one';
      values[name] = raw[name];
    } else if (field.kind === 'choices') {
      const ticks = raw[name] ?? [];
      if (!Array.isArray(ticks) || !ticks.every((tick) => field.options.includes(tick))) errors[name] = 'choose_one';
      else values[name] = [...new Set(ticks)];
    } else if (field.kind === 'counts') {
      const [counts, error] = readCounts(raw.counts);
      if (error) errors.counts = error;
      if (counts) values.counts = counts;
    }
  }
  // The referee's choices: at least one optional effect (unless a field of one is already wrong).
  const optional = effectsOf(ruleset, ruling).filter((effect) => effect.optional);
  const undecided = optional.length && !optional.some((effect) => chosen(effect, values));
  if (undecided && !optional.some((effect) => errors[numberOf(effect) ?? 'chosen'])) errors.chosen = 'choose_at_least_one';
  return { values, errors };
}

/** Where penalty points are taken from: the tournament score unless the ruleset takes them off the table. */
function penaltyScore(ruleset) {
  return ruleset.scoring?.penalty_from === 'table' ? 'table' : 'tournament';
}

/** Add points back to a seat for riichi sticks (not a transfer between players, so not in `changes`). */
function giveSticks(ctx, seat, count) {
  if (!count) return true;
  const { stick } = ctx.rules;
  if (stick === null) {
    ctx.missing.add('stick');
    return false;
  }
  const current = ctx.after.seats[seat].table;
  if (current === null || current === undefined) {
    ctx.unset = true;
    return false;
  }
  ctx.after.seats[seat].table = current + count * stick;
  ctx.sticks.push({ seat, count, points: count * stick });
  return true;
}

/**
 * Effect types the calculator has nothing to apply for: the ruling's text says them to the referee (their
 * x-acts-on marker in the ruleset schema does not name the calculator; tests/test_effects.py checks both agree).
 */
export const NOTHING_TO_APPLY = Object.freeze(['call_voided', 'no_claim', 'flowers_void']);

/** Each effect type's interpretation: it may change `after`, add `changes`, and fill in `next` and `notes`. */
const INTERPRET = {
  penalty_points(effect, ctx) {
    let amount = effect.amount;
    if (effect.per === 'minute') amount = effect.amount * Math.min(ctx.values.minutes, effect.max ?? Infinity);
    if (amount === undefined) amount = ctx.values.points;
    const score = penaltyScore(ctx.ruleset);
    const seats = effect.applies_to === 'all' ? [0, 1, 2, 3] : [ctx.offender];
    for (const seat of seats) move(ctx, seat, score, -amount);
    ctx.penalty += amount;
  },
  progressive(effect, ctx) {
    // The count comes from the log (the caller's `counts`), so the table and the log can never disagree; without
    // counts (today's apply form, steps stored before), the seat's own tally is used.
    const seat = ctx.after.seats[ctx.offender];
    const tally = effect.carries_over ? 'carriedOffences' : 'offences';
    const counts = ctx.values.counts;
    const count = counts ? counts[effect.carries_over ? 'carried' : 'session'] : seat[tally];
    const amount = progressiveAmount(ctx.ruleset.progressive, count);
    seat[tally] = count + 1;
    ctx.offence = { progressive: effect.carries_over ? 'carried' : 'session', counted: count, amount };
    if (amount === 0) ctx.notes.push('warning');
    move(ctx, ctx.offender, penaltyScore(ctx.ruleset), -amount);
    ctx.penalty += amount;
  },
  payment(effect, ctx) {
    for (let seat = 0; seat < 4; seat += 1) {
      if (seat === ctx.offender) continue;
      move(ctx, seat, 'table', effect.amount);
      move(ctx, ctx.offender, 'table', -effect.amount);
    }
  },
  chombo_payment(effect, ctx) {
    const dealer = ctx.before.dealer;
    for (let seat = 0; seat < 4; seat += 1) {
      if (seat === ctx.offender) continue;
      let amount = seat === dealer ? effect.to_dealer : effect.to_non_dealer;
      if (ctx.offender === dealer) amount = effect.dealer_to_each;
      move(ctx, seat, 'table', amount);
      move(ctx, ctx.offender, 'table', -amount);
    }
  },
  hand(effect, ctx) {
    const next = Object.fromEntries(Object.entries(effect).filter(([key]) => !['type', 'same_hand'].includes(key)));
    // A second chombo in the same hand: the hand is already being dealt again, by the dealer the first one left.
    if (ctx.sameHand && next.dealer) next.dealer = 'stays';
    Object.assign(ctx.next, next);
  },
  dead_hand(effect, ctx) {
    ctx.after.seats[ctx.offender].deadHand = true;
  },
  penalty_tiles(effect, ctx) {
    const count = effect.count === 'exposed' ? Math.max(0, ctx.values.tiles - (effect.exempt ?? 0)) : effect.count;
    const key = effect.state === 'dead' ? 'deadTiles' : 'liveTiles';
    ctx.after.seats[ctx.offender][key] += count;
    ctx.tiles += count;
  },
  strike(effect, ctx) {
    const seat = ctx.after.seats[ctx.offender];
    seat.strikes = (ctx.values.counts ? ctx.values.counts.strikes : seat.strikes) + 1;
    ctx.strike = true;
  },
  substitute(effect, ctx) {
    ctx.after.seats[ctx.offender].substituted = true;
  },
  session_lost(effect, ctx) {
    // The session's result for the offender is this many table points; the calculator records it, not a transfer.
    ctx.after.seats[ctx.offender].substituted = true;
    ctx.after.seats[ctx.offender].sessionLost = effect.table_points;
  },
  disqualification(effect, ctx) {
    ctx.after.seats[ctx.offender].disqualified = true;
  },
  warning(effect, ctx) {
    ctx.notes.push('warning_given');
  },
  voided(effect, ctx) {
    ctx.notes.push('voided');
  },
  riichi_voided(effect, ctx) {
    if (effect.ask && ctx.values.riichi_call !== 'yes') return;
    const seat = ctx.after.seats[ctx.offender];
    seat.riichi = false;
    if (!seat.deposit) return;
    seat.deposit = false;
    if (effect.stick === 'kept') {
      ctx.after.pot = (ctx.after.pot || 0) + 1;  // no longer this player's riichi: the stick stays on the table
      ctx.stick = 'kept';
    } else if (giveSticks(ctx, ctx.offender, 1)) {
      ctx.stick = 'returned';
    }
  },
  next_score(effect, ctx) {
    const prefill = {};
    if (effect.how) prefill.how = effect.how;
    if (effect.offender === 'winner') prefill.winner = ctx.offender;
    if (effect.offender === 'discarder') Object.assign(prefill, { discarder: ctx.offender, how: 'ron' });
    if (effect.offender === 'noten') prefill.noten = [ctx.offender];
    ctx.score = { kind: effect.kind, prefill };
  },
  liability(effect, ctx) {
    // The liable player pays when the hand is won, which may be later: the win is scored by scoreWin, prefilled.
    const prefill = { liable: ctx.offender, liability: ctx.rulingId };
    if (effect.scored_as === 'self_draw') prefill.how = 'tsumo';
    ctx.score = { kind: 'win', prefill };
  },
};

/** The effect types the calculator applies, for the conformance test against the ruleset schema. */
export const HANDLED_EFFECTS = Object.freeze(Object.keys(INTERPRET));

/** Whether the calculator can apply every effect of a ruling (an effect it does not know is never skipped). */
function applicable(effect) {
  return Object.hasOwn(INTERPRET, effect.type) || NOTHING_TO_APPLY.includes(effect.type);
}

/** The state of the next hand after a ruling: re-deal, deposits, dealer, counters, or a win or draw to score. */
function nextHand(ctx) {
  const { before, after, next, offender } = ctx;
  const state = {
    redeal: Boolean(next.redeal), continues: !next.redeal && !ctx.score,
    dealer: next.dealer ?? 'continues', depositsReturned: [], counter: 'unchanged',
  };
  if (next.deposits === 'returned') {
    after.seats.forEach((seat, index) => {
      if (seat.deposit && giveSticks(ctx, index, 1)) {
        seat.deposit = false;
        state.depositsReturned.push(index);
      }
    });
  }
  if (next.redeal) {
    after.seats.forEach((seat) => { seat.riichi = false; seat.deadHand = false; });
  }
  const passes = next.dealer === 'passes' || (next.dealer === 'passes_if_offender' && offender === before.dealer);
  if (passes && next.dealer_moves === 'after_hand') {
    // This hand is played as it was dealt and counts as the marked dealer's turn: the mark stays until it ends.
    state.dealer = 'passes_after_hand';
    state.dealerNext = (before.dealer + 1) % 4;
  } else if (passes) {
    after.dealer = (before.dealer + 1) % 4;
    state.dealer = 'passes';
  } else if (next.dealer === 'passes_if_offender' || next.dealer === 'stays') {
    state.dealer = 'stays';
  }
  if (next.counter === 'none') state.counter = 'none';
  if (next.noten_payments === false) state.notenPayments = false;
  if (ctx.score) state.score = ctx.score;
  if (ctx.stick) state.riichiStick = ctx.stick;
  return state;
}

/** The errors of an outcome that could not be computed: a score or a figure the event has not set yet. */
function settingErrors(ctx) {
  const errors = {};
  if (ctx.unset) errors.start = 'setting_missing';
  for (const key of ctx.missing) errors[key] = 'setting_missing';
  return Object.keys(errors).length ? errors : null;
}

/**
 * Apply one ruling to a table. Returns {after, changes, sums, sticks, next, notes, penalty, tiles, offence, strike,
 * sameHand, inputs} on success (`inputs`: the values read, to store in the history), or {errors} and no change:
 * `errors.ruling` is 'unsupported_effect' when the ruling has an effect this calculator cannot apply.
 * A ruling whose `hand` effect says `same_hand` marks its offender's seat (`chombo`) until the hand is scored; a second
 * one for that seat, said to be from the same hand (`same_hand: 'yes'`), follows the ruleset's reading (`sameHand`:
 * 'once', nothing more than the re-deal already under way; 'each', its own penalty but no second re-deal).
 * `interpret`: effect types read otherwise, {type: (effect, ctx) => …} as INTERPRET's (how another version of the app
 * computed them: the one-time upgrade of a stored history, table-upgrade.js); `ctx` holds the inputs as typed (`raw`)
 * and read (`values`), the `offender`, the tables `before` and `after`, and the `changes` that table-state.js `move`
 * adds to.
 */
export function applyRuling(table, ruleset, rulingId, raw = {}, { lang = 'en', interpret = {} } = {}) {
  const ruling = Object.hasOwn(ruleset.rulings, rulingId) ? ruleset.rulings[rulingId] : null;
  if (!ruling) return { errors: { ruling: 'unknown_ruling' } };
  const effects = effectsOf(ruleset, ruling);
  if (!effects.every(applicable)) return { errors: { ruling: 'unsupported_effect' } };
  const { values, errors } = readInputs(ruleset, ruling, raw, { lang, table });
  if (Object.keys(errors).length) return { errors };
  const rule = sameHandRule(effects);
  const again = rule && values.same_hand === 'yes' && chomboSeats(table).includes(values.offender);
  const ctx = {
    ruleset, rulingId, values, raw, offender: values.offender, before: table, after: clone(table),
    rules: tableRules(ruleset, table), changes: [], sticks: [], next: {}, notes: [], penalty: 0, tiles: 0,
    missing: new Set(), unset: false, score: null, stick: null, offence: null, strike: false,
    sameHand: again ? rule : null,
  };
  for (const effect of effects) {
    if (ctx.sameHand === 'once' && effect.type !== 'hand') continue;  // one per hand: only the re-deal stands
    if (!NOTHING_TO_APPLY.includes(effect.type) && chosen(effect, values)) {
      (interpret[effect.type] ?? INTERPRET[effect.type])(effect, ctx);
    }
  }
  if (ctx.sameHand) ctx.notes.push(`chombo_${ctx.sameHand}`);
  if (rule && ctx.offender !== null && ctx.offender !== undefined) ctx.after.seats[ctx.offender].chombo = true;
  const next = nextHand(ctx);
  const problems = settingErrors(ctx);
  if (problems) return { errors: problems };
  return {
    after: ctx.after, changes: ctx.changes, sums: sums(ctx.changes), sticks: ctx.sticks, next, notes: ctx.notes,
    penalty: ctx.penalty, tiles: ctx.tiles, offence: ctx.offence, strike: ctx.strike, sameHand: ctx.sameHand,
    inputs: values,
  };
}

/**
 * Hanchan scores from final table scores: (table − start) / per_point plus uma by rank; tied players share
 * the uma of the places they occupy.
 */
export function hanchanScores(tableScores, { start = 30000, per_point: perPoint = 1000, uma = [15, 5, -5, -15] } = {}) {
  const order = tableScores.map((score, seat) => ({ score, seat })).sort((a, b) => b.score - a.score);
  const result = new Array(tableScores.length).fill(0);
  let place = 0;
  while (place < order.length) {
    let end = place;
    while (end + 1 < order.length && order[end + 1].score === order[place].score) end += 1;
    const shared = uma.slice(place, end + 1).reduce((a, b) => a + b, 0) / (end - place + 1);
    for (let index = place; index <= end; index += 1) {
      const { score, seat } = order[index];
      result[seat] = roundTo((score - start) / perPoint + shared, 6);
    }
    place = end + 1;
  }
  return result;
}

/**
 * End a hanchan: each seat's hanchan score goes to its tournament score (when the ruleset converts them), and table
 * scores start again. A substituted seat's result belongs to the substitute: the absent player gets what the
 * ruleset's `scoring.substitute` says (no points), and the substitute's score is returned apart in `substitutes`.
 */
export function endHanchan(table, ruleset) {
  const rules = tableRules(ruleset, table);
  const hanchan = ruleset.scoring?.hanchan;
  const ctx = { ruleset, after: clone(table), changes: [], unset: false };
  if (rules.start === null || table.seats.some((seat) => seat.table === null || seat.table === undefined)) {
    return { errors: { start: 'setting_missing' } };
  }
  const decimals = decimalsOf(ruleset, 'tournament');
  const scores = hanchan
    ? hanchanScores(table.seats.map((seat) => seat.table), { start: rules.start, ...hanchan })
      .map((score) => roundTo(score, decimals))
    : null;
  const absent = ruleset.scoring?.substitute?.absent;
  const substitutes = [];
  table.seats.forEach((seat, index) => {
    const absentGetsNothing = seat.substituted && absent === 'no_points';
    if (seat.substituted) substitutes.push({ seat: index, score: scores ? scores[index] : null });
    if (scores && !absentGetsNothing) move(ctx, index, 'tournament', scores[index]);
    move(ctx, index, 'table', rules.start - seat.table);
  });
  const leftoverSticks = table.seats.filter((seat) => seat.deposit).length + (table.pot || 0);
  clearHand(ctx.after);
  ctx.after.seats.forEach((seat) => { seat.substituted = false; });
  Object.assign(ctx.after, { pot: 0, honba: 0, dealer: 0 });
  const notes = [];
  if (leftoverSticks) notes.push('sticks_left');
  if (!scores) notes.push('hanchan_scores_by_referee');
  return {
    after: ctx.after, changes: ctx.changes, sums: sums(ctx.changes), scores, substitutes, leftoverSticks, notes,
    reset: true,
  };
}

/**
 * Start a new session: what counts per session starts again (progressive counts except those the ruleset carries
 * over, dead hands, penalty tiles, substitutes) and so do the scores the ruleset resets per session.
 */
export function newSession(table, ruleset) {
  const ctx = { ruleset, after: clone(table), changes: [], unset: false };
  const rules = tableRules(ruleset, table);
  const resets = ruleset.scoring?.table?.resets === 'session';
  if (resets && rules.start === null) return { errors: { start: 'setting_missing' } };
  ctx.after.seats.forEach((seat, index) => {
    seat.offences = 0;
    seat.substituted = false;
    delete seat.sessionLost;
    if (resets && seat.table !== rules.start) {
      if (seat.table === null || seat.table === undefined) seat.table = rules.start;
      else move(ctx, index, 'table', rules.start - seat.table);
    }
  });
  clearHand(ctx.after);
  Object.assign(ctx.after, { pot: 0, honba: 0, dealer: 0 });
  return { after: ctx.after, changes: ctx.changes, sums: sums(ctx.changes), reset: true };
}

/** Problems in the entered state that the referee should see: a table total that is off, a stray deposit. */
export function warnings(table, ruleset) {
  const found = [];
  const { start, stick } = tableRules(ruleset, table);
  const sticks = table.seats.filter((seat) => seat.deposit).length + (table.pot || 0);
  const known = table.seats.every((seat) => typeof seat.table === 'number');
  if (ruleset.scoring?.table?.zero_sum !== false && typeof start === 'number' && known && (stick !== null || !sticks)) {
    const total = table.seats.reduce((sum, seat) => sum + seat.table, 0) + sticks * (stick ?? 0);
    if (total !== start * 4) found.push({ id: 'total_off', total, expected: start * 4 });
  }
  table.seats.forEach((seat, index) => {
    if (seat.deposit && !seat.riichi) found.push({ id: 'deposit_without_riichi', seat: index });
  });
  return found;
}

/**
 * Apply one history step to a table: a ruling, a win, a draw, an edit (a list of changes), the end of a hanchan or a
 * new session. Returns the outcome ({after, …} or {errors}). A history stored with whole-table edits, or by an
 * earlier app, is upgraded once before it is replayed (table-upgrade.js).
 */
export function applyStep(table, ruleset, step) {
  switch (step.kind) {
    case 'ruling': return applyRuling(table, ruleset, step.rulingId, step.inputs || {});
    case 'win': return scoreWin(table, ruleset, step.inputs || {});
    case 'draw': return scoreDraw(table, ruleset, step.inputs || {});
    case 'edit': return { after: applyEdit(table, step.changes), changes: [] };
    case 'end-hanchan': return endHanchan(table, ruleset);
    case 'new-session': return newSession(table, ruleset);
    default: return { errors: { step: 'unknown_step' } };
  }
}
