/**
 * The score-adjustment calculator: applies a ruling's effects to a table, exactly as its ruleset's data says.
 * Pure: no DOM, no storage. A table is its starting state plus a list of steps; undoing a step replays the rest.
 */
import { effectsOf } from './engine.js';

export const SEATS = ['east', 'south', 'west', 'north'];
export const MAX_POINTS = 10000000;
const STICK = 1000;

/** A fresh table for a ruleset: four seats at the ruleset's starting score, East dealing. */
export function newTable(ruleset) {
  const start = ruleset.scoring?.table?.start ?? 0;
  return {
    rulesetId: ruleset.id,
    dealer: 0,
    honba: 0,
    pot: 0,
    seats: SEATS.map((wind) => ({
      wind, name: '', table: start, tournament: 0, riichi: false, deposit: false,
      deadHand: false, liveTiles: 0, deadTiles: 0, strikes: 0, offences: 0, carriedOffences: 0,
      substituted: false, disqualified: false,
    })),
  };
}

function clone(table) {
  return JSON.parse(JSON.stringify(table));
}

/** Check one whole number typed by the referee; return [value, error key]. */
export function readWhole(text, { min = 0, max = MAX_POINTS, required = true } = {}) {
  const trimmed = String(text ?? '').trim();
  if (trimmed === '') return [null, required ? 'empty' : null];
  if (!/^-?\d+$/.test(trimmed)) return [null, 'not_number'];
  const value = Number(trimmed);
  if (value < 0 && min >= 0) return [null, 'negative'];
  if (value < min) return [null, 'too_small'];
  if (value > max) return [null, 'too_large'];
  return [value, null];
}

/** What the calculator must ask before applying a ruling, derived from its effects. */
export function neededInputs(ruleset, ruling) {
  const effects = effectsOf(ruleset, ruling);
  const everyone = effects.length && effects.every((effect) => effect.applies_to === 'all');
  const needs = new Set(everyone ? [] : ['offender']);
  for (const effect of effects) {
    if (effect.type === 'penalty_points' && effect.per === 'minute') needs.add('minutes');
    if (effect.type === 'penalty_points' && effect.amount === undefined) needs.add('points');
    if (effect.type === 'penalty_tiles' && effect.count === 'exposed') needs.add('tiles');
    if (effect.type === 'liability') {
      needs.add('winner').add('hand_value');
      if (effect.scored_as !== 'self_draw') needs.add('win_type');
      needs.add('discarder');
    }
  }
  return [...needs];
}

/** Points of a progressive scale for an offender who already has `count` offences counted. */
export function progressiveAmount(scale, count) {
  if (count < scale.steps.length) return scale.steps[count];
  const last = scale.steps[scale.steps.length - 1];
  return last + (count - scale.steps.length + 1) * (scale.then_add ?? 0);
}

function seatIndex(value) {
  if (value === null || value === undefined || value === '') return null;
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < 4 ? index : null;
}

/** Validate the inputs of a ruling; return {values, errors} with an error key per bad field. */
export function readInputs(ruleset, ruling, raw) {
  const errors = {};
  const values = {};
  const effects = effectsOf(ruleset, ruling);
  for (const need of neededInputs(ruleset, ruling)) {
    if (['offender', 'winner', 'discarder'].includes(need)) {
      const seat = seatIndex(raw[need]);
      if (seat === null && !(need === 'discarder' && raw.win_type === 'self_draw' && !effects.some((e) => e.scored_as))) {
        errors[need] = 'choose_seat';
      }
      values[need] = seat;
    } else if (need === 'win_type') {
      if (!['self_draw', 'discard'].includes(raw.win_type)) errors.win_type = 'choose_one';
      values.win_type = raw.win_type;
    } else if (need === 'minutes') {
      const [value, error] = readWhole(raw.minutes, { min: 1, max: 1440 });
      if (error) errors.minutes = error;
      values.minutes = value;
    } else if (need === 'tiles') {
      const [value, error] = readWhole(raw.tiles, { min: 1, max: 14 });
      if (error) errors.tiles = error;
      values.tiles = value;
    } else if (need === 'points') {
      const range = effects.find((e) => e.type === 'penalty_points' && e.range)?.range;
      const [value, error] = readWhole(raw.points, { min: range ? range[0] : 0, max: range ? range[1] : 1000 });
      if (error) errors.points = error;
      values.points = value;
    } else if (need === 'hand_value') {
      const [value, error] = readWhole(raw.hand_value, { min: 1, max: MAX_POINTS });
      if (error) errors.hand_value = error;
      values.hand_value = value;
    }
  }
  if (values.winner !== undefined && values.winner !== null && values.winner === values.offender && effects.some((e) => e.type === 'liability')) {
    errors.winner = 'same_seat';
  }
  return { values, errors };
}

/** Where penalty points are taken from: the tournament score unless the ruleset takes them off the table. */
function penaltyScore(ruleset) {
  return ruleset.scoring?.penalty_from === 'table' ? 'table' : 'tournament';
}

function move(after, changes, seat, score, delta) {
  if (!delta) return;
  after.seats[seat][score] += delta;
  changes.push({ seat, score, delta });
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
    for (const seat of seats) move(ctx.after, ctx.changes, seat, score, -amount);
    ctx.penalty += amount;
  },
  progressive(effect, ctx) {
    const seat = ctx.after.seats[ctx.offender];
    const key = effect.carries_over ? 'carriedOffences' : 'offences';
    const amount = progressiveAmount(ctx.ruleset.progressive, seat[key]);
    seat[key] += 1;
    if (amount === 0) ctx.notes.push('warning');
    const score = penaltyScore(ctx.ruleset);
    move(ctx.after, ctx.changes, ctx.offender, score, -amount);
    ctx.penalty += amount;
  },
  payment(effect, ctx) {
    for (let seat = 0; seat < 4; seat += 1) {
      if (seat === ctx.offender) continue;
      move(ctx.after, ctx.changes, seat, 'table', effect.amount);
      move(ctx.after, ctx.changes, ctx.offender, 'table', -effect.amount);
    }
  },
  chombo_payment(effect, ctx) {
    const dealer = ctx.before.dealer;
    for (let seat = 0; seat < 4; seat += 1) {
      if (seat === ctx.offender) continue;
      let amount = seat === dealer ? effect.to_dealer : effect.to_non_dealer;
      if (ctx.offender === dealer) amount = effect.dealer_to_each;
      move(ctx.after, ctx.changes, seat, 'table', amount);
      move(ctx.after, ctx.changes, ctx.offender, 'table', -amount);
    }
  },
  hand(effect, ctx) {
    Object.assign(ctx.next, Object.fromEntries(Object.entries(effect).filter(([key]) => key !== 'type')));
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
    ctx.after.seats[ctx.offender].strikes += 1;
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
  liability(effect, ctx) {
    const { winner, hand_value: value, win_type: winType } = ctx.values;
    const liable = ctx.offender;
    const discarder = ctx.values.discarder;
    const selfDraw = effect.scored_as === 'self_draw' || winType === 'self_draw';
    const payers = [];
    if (selfDraw) {
      const rule = effect.self_draw ?? 'liable_pays_all';
      payers.push([rule === 'discarder_pays_all' ? discarder : liable, value]);
    } else if (effect.discard === 'split' && discarder !== liable) {
      payers.push([discarder, value / 2], [liable, value / 2]);
    } else {
      payers.push([discarder, value]);
    }
    for (const [payer, amount] of payers) {
      move(ctx.after, ctx.changes, payer, 'table', -amount);
      move(ctx.after, ctx.changes, winner, 'table', amount);
    }
  },
};

/** The effect types the calculator applies, for the conformance test against the ruleset schema. */
export const HANDLED_EFFECTS = Object.freeze(Object.keys(INTERPRET));

/** Whether the calculator can apply every effect of a ruling (an effect it does not know is never skipped). */
function applicable(effect) {
  return Object.hasOwn(INTERPRET, effect.type) || NOTHING_TO_APPLY.includes(effect.type);
}

/** The state of the next hand after a ruling's `hand` effect, or play going on when there is none. */
function nextHand(before, after, next, offender) {
  const state = { redeal: Boolean(next.redeal), dealer: next.dealer ?? 'continues', depositsReturned: [], counter: 'unchanged' };
  if (next.deposits === 'returned') {
    after.seats.forEach((seat, index) => {
      if (seat.deposit) {
        seat.table += STICK;
        seat.deposit = false;
        state.depositsReturned.push(index);
      }
    });
  }
  if (next.redeal) {
    after.seats.forEach((seat) => { seat.riichi = false; seat.deadHand = false; });
  }
  const passes = next.dealer === 'passes' || (next.dealer === 'passes_if_offender' && offender === before.dealer);
  if (passes) {
    after.dealer = (before.dealer + 1) % 4;
    state.dealer = 'passes';
  } else if (next.dealer === 'passes_if_offender' || next.dealer === 'stays') {
    state.dealer = 'stays';
  }
  if (next.counter === 'none') state.counter = 'none';
  if (next.noten_payments === false) state.notenPayments = false;
  return state;
}

/**
 * Apply one ruling to a table. Returns {after, changes, sums, next, notes} on success, or {errors} and no change:
 * `errors.ruling` is 'unsupported_effect' when the ruling has an effect this calculator cannot apply.
 */
export function applyRuling(table, ruleset, rulingId, raw) {
  const ruling = ruleset.rulings[rulingId];
  if (!ruling) return { errors: { ruling: 'unknown_ruling' } };
  const effects = effectsOf(ruleset, ruling);
  if (!effects.every(applicable)) return { errors: { ruling: 'unsupported_effect' } };
  const { values, errors } = readInputs(ruleset, ruling, raw);
  if (Object.keys(errors).length) return { errors };
  const ctx = {
    ruleset, values, offender: values.offender, before: table, after: clone(table),
    changes: [], next: {}, notes: [], penalty: 0, tiles: 0,
  };
  for (const effect of effects) {
    if (!NOTHING_TO_APPLY.includes(effect.type)) INTERPRET[effect.type](effect, ctx);
  }
  const next = nextHand(table, ctx.after, ctx.next, ctx.offender);
  return { after: ctx.after, changes: ctx.changes, sums: sums(ctx.changes), next, notes: ctx.notes, penalty: ctx.penalty, tiles: ctx.tiles };
}

/** The total change per score kind: transfers sum to zero, penalties do not. */
export function sums(changes) {
  const totals = { table: 0, tournament: 0 };
  for (const change of changes) totals[change.score] += change.delta;
  return totals;
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
      result[seat] = (score - start) / perPoint + shared;
    }
    place = end + 1;
  }
  return result;
}

/** End a hanchan: each seat's hanchan score goes to its tournament score, and table scores start again. */
export function endHanchan(table, ruleset) {
  const settings = { start: ruleset.scoring?.table?.start ?? 30000, ...(ruleset.scoring?.hanchan || {}) };
  const scores = hanchanScores(table.seats.map((seat) => seat.table), settings);
  const after = clone(table);
  const changes = [];
  scores.forEach((score, seat) => {
    move(after, changes, seat, 'tournament', score);
    move(after, changes, seat, 'table', settings.start - table.seats[seat].table);
    after.seats[seat].riichi = false;
    after.seats[seat].deposit = false;
    after.seats[seat].deadHand = false;
  });
  after.pot = 0;
  after.honba = 0;
  after.dealer = 0;
  return { after, changes, sums: sums(changes), scores };
}

/** Problems in the entered state that the referee should see: a table total that is off, a stray deposit. */
export function warnings(table, ruleset) {
  const found = [];
  const start = ruleset.scoring?.table?.start;
  if (ruleset.scoring?.table?.zero_sum !== false && start !== undefined) {
    const sticks = table.seats.filter((seat) => seat.deposit).length + table.pot;
    const total = table.seats.reduce((sum, seat) => sum + seat.table, 0) + sticks * STICK;
    if (total !== start * 4) found.push({ id: 'total_off', total, expected: start * 4 });
  }
  table.seats.forEach((seat, index) => {
    if (seat.deposit && !seat.riichi) found.push({ id: 'deposit_without_riichi', seat: index });
  });
  return found;
}

/** Replay a table's history: its start plus each step still in it. Returns the current table. */
export function replay(history, ruleset) {
  let table = history.start;
  for (const step of history.steps) {
    if (step.kind === 'ruling') table = applyRuling(table, ruleset, step.rulingId, step.inputs).after ?? table;
    else if (step.kind === 'end-hanchan') table = endHanchan(table, ruleset).after;
    else if (step.kind === 'new-session') table = newSession(table).after;
    else if (step.kind === 'edit') table = step.table;
  }
  return table;
}

/** Start a new session: progressive counts start again, except those the ruleset carries over. */
export function newSession(table) {
  const after = clone(table);
  after.seats.forEach((seat) => {
    seat.offences = 0;
    seat.deadHand = false;
    seat.liveTiles = 0;
    seat.deadTiles = 0;
    seat.substituted = false;
  });
  return { after, changes: [], sums: { table: 0, tournament: 0 } };
}
