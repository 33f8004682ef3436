/**
 * The end of a hand: at a riichi table, a win (ron or tsumo) or an exhaustive draw, paid with counters, riichi
 * sticks, noten payments and dealer rotation as the ruleset's `scoring.riichi` data (or the event) says, and a win
 * after a risky discard paid by the liable player as its ruling says; at a table whose hands pay a base and their
 * value (`scoring.hand`, MCR), a win paid from that base. Pure: no DOM, no storage.
 */
import { effectsOf } from './engine.js';
import { MAX_NUMBER, parseNumber } from './numbers.js';
import { clearHand, clone, move, seatIndex as seatOf, sticksOnTable, sums, tableRules } from './table-state.js';

const VALUE = { min: 1, max: MAX_NUMBER, decimals: 0 };

/** Read a hand's value or a payment: a whole number of points from 1, typed in `lang` or already read. */
function readValue(raw, lang) {
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) return [null, Number.isFinite(raw) ? 'decimals_not_allowed' : 'not_number'];
    if (raw < VALUE.min) return [null, raw < 0 ? 'negative' : 'too_small'];
    return raw > VALUE.max ? [null, 'too_large'] : [raw, null];
  }
  const { value, error } = parseNumber(raw, { lang, ...VALUE });
  return error ? [null, error] : [value, null];
}

/** The liability a risky-discard ruling sets ({self_draw, discard, scored_as}), or null. */
export function liabilityOf(ruleset, rulingId) {
  const ruling = rulingId && Object.hasOwn(ruleset.rulings, rulingId) ? ruleset.rulings[rulingId] : null;
  return ruling ? effectsOf(ruleset, ruling).find((effect) => effect.type === 'liability') ?? null : null;
}

/** What each payer adds to a win's value where the ruleset's hands pay a base (`scoring.hand`), else null. */
function baseOf(ruleset) {
  return ruleset.scoring?.hand?.base ?? null;
}

/** The numbers a self-drawn win asks: the value alone where hands pay a base; else by who deals and who won. */
function tsumoValues(ruleset, table, values) {
  if (baseOf(ruleset) !== null) return [{ name: 'value', kind: 'number', required: true, ...VALUE }];
  const winner = seatOf(values.winner);
  if (winner !== null && winner === table.dealer) return [{ name: 'value_each', kind: 'number', required: true, ...VALUE }];
  return [{ name: 'value_dealer', kind: 'number', required: true, ...VALUE }, { name: 'value_others', kind: 'number', required: true, ...VALUE }];
}

/**
 * The fields of the win form for what is known so far (`values`, e.g. a prefill and the referee's choices), so the
 * form asks only what this win needs: [{name, kind, required, fixed, options}]. A tsumo by the dealer asks what each
 * player pays; by another player, what the dealer and what each other player pay; a ron, the discarder and the value.
 * A win after a kan fed by a risky discard is a tsumo paid by the liable player: no discarder is asked. Where hands pay
 * a base (MCR), a win asks its value alone, by discard or by self-draw.
 */
export function winFields(ruleset, table, values = {}) {
  const liability = liabilityOf(ruleset, values.liability);
  const fields = [{ name: 'winner', kind: 'seat', required: true }];
  if (values.liable !== undefined && values.liable !== null) fields.push({ name: 'liable', kind: 'seat', required: true, fixed: true });
  const tsumoOnly = liability?.scored_as === 'self_draw';
  fields.push({ name: 'how', kind: 'choice', required: true, options: tsumoOnly ? ['tsumo'] : ['ron', 'tsumo'], fixed: tsumoOnly });
  const how = tsumoOnly ? 'tsumo' : values.how;
  if (how === 'ron') {
    fields.push({ name: 'discarder', kind: 'seat', required: true }, { name: 'value', kind: 'number', required: true, ...VALUE });
  } else if (how === 'tsumo') {
    fields.push(...tsumoValues(ruleset, table, values));
  }
  return fields;
}

/** Read the win form; return {values, errors}, errors keyed by field. The winner is never a payer. */
export function readWin(ruleset, table, raw, { lang = 'en' } = {}) {
  const values = {};
  const errors = {};
  const hasLiable = raw.liable !== undefined && raw.liable !== null;
  const fields = winFields(ruleset, table, raw);
  if (hasLiable !== (raw.liability !== undefined && raw.liability !== null)) errors.liable = 'choose_seat';
  for (const field of fields) {
    const { name } = field;
    if (field.kind === 'seat') {
      values[name] = seatOf(raw[name]);
      if (values[name] === null) errors[name] = 'choose_seat';
    } else if (field.kind === 'choice') {
      values[name] = field.fixed ? field.options[0] : raw[name];
      if (!field.options.includes(values[name])) errors[name] = 'choose_one';
    } else {
      const [value, error] = readValue(raw[name], lang);
      values[name] = value;
      if (error) errors[name] = error;
    }
  }
  if (raw.liability !== undefined && raw.liability !== null) {
    if (!liabilityOf(ruleset, raw.liability)) errors.liability = 'unknown_ruling';
    else values.liability = raw.liability;
  }
  const { winner, discarder } = values;
  if (winner !== null && winner !== undefined) {
    if (discarder === winner) errors.discarder = 'same_seat';
    if (values.liable === winner) errors.winner = 'is_liable';
  }
  return { values, errors };
}

/** Who pays what for a win, before riichi sticks: [[payer, amount]]. */
function winPayments(values, table, rules, liability) {
  const { winner, how, liable } = values;
  const counters = table.honba || 0;
  if (how === 'ron') {
    const bonus = counters * (rules.counter?.ron ?? 0);
    const split = liability && liability.discard === 'split' && liable !== undefined && liable !== values.discarder;
    if (!split) return [[values.discarder, values.value + bonus]];
    // The player who dealt in and the liable player share the hand; the one who dealt in pays the counters.
    const half = Math.ceil(values.value / 2);
    return [[values.discarder, half + bonus], [liable, values.value - half]];
  }
  const bonus = counters * (rules.counter?.tsumo_each ?? 0);
  const payments = [];
  for (let seat = 0; seat < 4; seat += 1) {
    if (seat === winner) continue;
    let amount = values.value_others;
    if (winner === table.dealer) amount = values.value_each;
    else if (seat === table.dealer) amount = values.value_dealer;
    payments.push([seat, amount + bonus]);
  }
  if (liability && liable !== undefined) {
    // A self-drawn win after a risky discard: the liable player pays the whole hand, counters included.
    return [[liable, payments.reduce((sum, [, amount]) => sum + amount, 0)]];
  }
  return payments;
}

/**
 * Where hands pay a base and their value (MCR): on a discard the discarder pays the base and the value and each other
 * player the base; on a self-draw each player pays the base and the value. [[payer, amount]]
 */
function basePayments(values, base) {
  const payments = [];
  for (let seat = 0; seat < 4; seat += 1) {
    if (seat === values.winner) continue;
    const full = values.how === 'tsumo' || seat === values.discarder;
    payments.push([seat, full ? base + values.value : base]);
  }
  return payments;
}

/** Only a riichi table scores draws, and a riichi table or one whose hands pay a base (MCR) wins: the others answer
 * with an error. */
function needScoring(ruleset, kind) {
  const scoring = ruleset.scoring || {};
  const scored = kind === 'draw' ? scoring.riichi : scoring.riichi || scoring.hand;
  return scored ? null : { errors: { kind: 'no_win_scoring' } };
}

/**
 * Score a win. `raw`: {winner, how: 'ron'|'tsumo', discarder, value (ron, or any win where hands pay a base),
 * value_dealer and value_others (tsumo by a non-dealer), value_each (tsumo by the dealer), liable and liability (a
 * risky-discard ruling's prefill)}; numbers as typed in `lang` or as numbers. Returns {after, changes, sums, sticks,
 * next, inputs} or {errors}.
 */
export function scoreWin(table, ruleset, raw = {}, { lang = 'en' } = {}) {
  const refused = needScoring(ruleset, 'win');
  if (refused) return refused;
  const { values, errors } = readWin(ruleset, table, raw, { lang });
  if (Object.keys(errors).length) return { errors };
  const rules = tableRules(ruleset, table);
  const sticks = sticksOnTable(table);
  const missing = {};
  if (sticks && rules.stick === null) missing.stick = 'setting_missing';
  if (table.honba && rules.counter === null) missing.counter = 'setting_missing';
  if (Object.keys(missing).length) return { errors: missing };
  const liability = liabilityOf(ruleset, values.liability);
  const ctx = { ruleset, after: clone(table), changes: [], unset: false };
  const base = baseOf(ruleset);
  const payments = base === null ? winPayments(values, table, rules, liability) : basePayments(values, base);
  for (const [payer, amount] of payments) {
    move(ctx, payer, 'table', -amount);
    move(ctx, values.winner, 'table', amount);
  }
  const stickList = [];
  if (sticks && !ctx.unset) {
    const seat = ctx.after.seats[values.winner];
    seat.table += sticks * rules.stick;
    stickList.push({ seat: values.winner, count: sticks, points: sticks * rules.stick });
  }
  if (ctx.unset) return { errors: { start: 'setting_missing' } };
  if (base !== null) return baseWin(ctx, values);
  const dealerWon = values.winner === table.dealer;
  clearHand(ctx.after);
  ctx.after.pot = 0;
  ctx.after.honba = dealerWon ? (table.honba || 0) + 1 : 0;
  if (!dealerWon) ctx.after.dealer = (table.dealer + 1) % 4;
  const next = {
    redeal: false, continues: false, dealer: dealerWon ? 'stays' : 'passes',
    counter: dealerWon ? 'added' : 'cleared', depositsReturned: [],
  };
  return { after: ctx.after, changes: ctx.changes, sums: sums(ctx.changes), sticks: stickList, next, inputs: values };
}

/** The end of a win paid from a base (MCR): the hand's marks go; the deal and the counters are not the data's. */
function baseWin(ctx, values) {
  clearHand(ctx.after);
  const next = { redeal: false, continues: false, dealer: 'continues', counter: 'unchanged', depositsReturned: [] };
  return { after: ctx.after, changes: ctx.changes, sums: sums(ctx.changes), sticks: [], next, inputs: values };
}

/** The fields of the draw form: one tenpai check per seat; a seat whose hand is dead or known noten is fixed noten. */
export function drawFields(ruleset, table, values = {}) {
  const noten = new Set(values.noten || []);
  return table.seats.map((seat, index) => ({
    name: `tenpai.${index}`, kind: 'check', required: false,
    fixed: seat.deadHand || noten.has(index), value: seat.deadHand || noten.has(index) ? false : undefined,
  }));
}

/** Read the draw form: `tenpai` (seat indexes) and `noten` (seats a ruling has made noten); errors per seat. */
export function readDraw(table, raw) {
  const errors = {};
  const list = (value) => (Array.isArray(value) ? value : []);
  const tenpai = [...new Set(list(raw.tenpai).map(seatOf))];
  const noten = [...new Set(list(raw.noten).map(seatOf))];
  if (!Array.isArray(raw.tenpai) || tenpai.includes(null)) errors.tenpai = 'choose_seat';
  if (raw.noten !== undefined && (!Array.isArray(raw.noten) || noten.includes(null))) errors.noten = 'choose_seat';
  for (const seat of tenpai) {
    if (seat === null) continue;
    if (table.seats[seat].deadHand || noten.includes(seat)) errors[`tenpai.${seat}`] = 'cannot_be_tenpai';
  }
  return { values: { tenpai: tenpai.sort(), ...(noten.length ? { noten: noten.sort() } : {}) }, errors };
}

/**
 * Score an exhaustive draw. `raw`: {tenpai: [seats], noten: [seats a ruling made noten]}. Noten players pay the
 * ruleset's noten total, shared among the tenpai players; riichi sticks stay on the table; a counter is added; the
 * dealer keeps the deal when tenpai (if the ruleset says so). Returns {after, changes, sums, next, notes, inputs}.
 */
export function scoreDraw(table, ruleset, raw = {}) {
  const refused = needScoring(ruleset, 'draw');
  if (refused) return refused;
  const { values, errors } = readDraw(table, raw);
  if (Object.keys(errors).length) return { errors };
  const rules = tableRules(ruleset, table);
  const missing = {};
  const tenpai = values.tenpai;
  const noten = [0, 1, 2, 3].filter((seat) => !tenpai.includes(seat));
  const paying = tenpai.length > 0 && noten.length > 0;
  if (paying && rules.noten_total === null) missing.noten_total = 'setting_missing';
  if (rules.dealer_stays === null) missing.dealer_stays = 'setting_missing';
  if (Object.keys(missing).length) return { errors: missing };
  const ctx = { ruleset, after: clone(table), changes: [], unset: false };
  if (paying) {
    const each = rules.noten_total / (tenpai.length * noten.length);
    for (const payer of noten) {
      for (const receiver of tenpai) {
        move(ctx, payer, 'table', -each);
        move(ctx, receiver, 'table', each);
      }
    }
  }
  if (ctx.unset) return { errors: { start: 'setting_missing' } };
  const notes = [];
  const forced = values.noten || [];
  if (table.seats.some((seat, index) => seat.riichi && noten.includes(index) && !forced.includes(index)
    && !seat.deadHand)) {
    notes.push('riichi_noten');  // a riichi hand noten at the draw is a noten riichi: its ruling applies instead
  }
  const dealerStays = rules.dealer_stays === 'tenpai' && tenpai.includes(table.dealer);
  ctx.after.pot = sticksOnTable(table);
  clearHand(ctx.after);
  ctx.after.honba = (table.honba || 0) + 1;
  if (!dealerStays) ctx.after.dealer = (table.dealer + 1) % 4;
  const next = {
    redeal: false, continues: false, dealer: dealerStays ? 'stays' : 'passes', counter: 'added',
    notenPayments: paying, depositsReturned: [],
  };
  return { after: ctx.after, changes: ctx.changes, sums: sums(ctx.changes), sticks: [], next, notes, inputs: values };
}
