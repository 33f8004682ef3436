/**
 * The state of one table, built from its ruleset's `scoring` data: which scores and fields exist, where they start,
 * and the event's settings where the ruleset leaves a figure to the event. Pure: no DOM, no storage.
 */
import { roundTo } from './numbers.js';

export const SEATS = ['east', 'south', 'west', 'north'];
/** Seat marks the calculator keeps for itself while a hand lasts, never typed or shown as values: `chombo`, a chombo
 * (a ruling whose hand effect says `same_hand`) since the hand was last scored (see calculator.js applyRuling). */
export const SEAT_MARKS = ['chombo'];
const SCORE_KINDS = ['table', 'tournament'];
/** Figures a ruleset may leave to the event (`event` in its data), with the block each belongs to. */
const RIICHI_SETTINGS = ['stick', 'counter', 'noten_total', 'dealer_stays'];

/** A seat index (0 East … 3 North) from a form value or a number, or null when it is none. */
export function seatIndex(value) {
  if (value === null || value === undefined || value === '') return null;
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < 4 ? index : null;
}

/** The scores this ruleset keeps, in display order: [{kind, label, decimals, start, resets, zeroSum}]. */
export function scoreKinds(ruleset) {
  const scoring = ruleset.scoring || {};
  return SCORE_KINDS.filter((kind) => scoring[kind]?.label).map((kind) => ({
    kind,
    label: scoring[kind].label,
    decimals: scoring[kind].decimals ?? 0,
    start: kind === 'table' ? scoring.table.start ?? null : 0,
    resets: scoring[kind].resets ?? null,
    zeroSum: kind === 'table' && scoring.table.zero_sum !== false,
  }));
}

/** How many decimals a score keeps (0 unless the ruleset says otherwise). */
export function decimalsOf(ruleset, kind) {
  return ruleset.scoring?.[kind]?.decimals ?? 0;
}

/**
 * What a table of this ruleset shows and tracks, so a screen never offers a field the ruleset does not have:
 * the scores kept, riichi sticks (and the pot of sticks left on the table), counters (honba), and the marks its
 * rulings can set.
 */
export function tableFeatures(ruleset) {
  const riichi = ruleset.scoring?.riichi;
  const effects = new Set();
  for (const spec of [...Object.values(ruleset.penalties || {}), ...Object.values(ruleset.rulings || {})]) {
    for (const effect of spec?.effects || []) effects.add(effect.type);
  }
  return {
    scores: scoreKinds(ruleset).map((score) => score.kind),
    riichi: Boolean(riichi),
    pot: Boolean(riichi),
    counters: Boolean(riichi?.counter),
    winScoring: Boolean(riichi || ruleset.scoring?.hand),
    drawScoring: Boolean(riichi),
    endHanchan: ruleset.scoring?.table?.resets === 'hanchan',
    hanchanScores: Boolean(ruleset.scoring?.hanchan),
    newSession: ruleset.scoring?.table?.resets === 'session' || Boolean(ruleset.progressive),
    deadHand: effects.has('dead_hand'),
    penaltyTiles: effects.has('penalty_tiles'),
    progressive: Boolean(ruleset.progressive),
    strikes: effects.has('strike'),
    substitute: effects.has('substitute') || effects.has('session_lost'),
    disqualification: effects.has('disqualification'),
  };
}

/** The event settings this ruleset needs, because its data names no figure for them: e.g. ['start', 'stick']. */
export function eventSettingsNeeded(ruleset) {
  const needed = [];
  if (ruleset.scoring?.table?.start === 'event') needed.push('start');
  const riichi = ruleset.scoring?.riichi || {};
  for (const key of RIICHI_SETTINGS) if (riichi[key] === 'event') needed.push(key);
  return needed;
}

/**
 * The usual figures the ruleset's data offers for the event's settings still unset ({figures, origin}), or null:
 * one tap sets them all; they stay the event's choice, each can be changed.
 */
export function usualFigures(ruleset, table) {
  const usual = ruleset.scoring?.usual;
  if (!usual) return null;
  const { missing } = tableRules(ruleset, table);
  const figures = Object.fromEntries(Object.entries(usual.figures).filter(([key]) => missing.includes(key)));
  return Object.keys(figures).length ? { figures, origin: usual.origin } : null;
}

/**
 * The figures a table plays by: the ruleset's own, or the event's where the ruleset leaves them to it.
 * Returns {start, stick, counter: {ron, tsumo_each}, noten_total, dealer_stays, missing: [setting names still unset]}.
 */
export function tableRules(ruleset, table) {
  const event = table?.event || {};
  const scoring = ruleset.scoring || {};
  const riichi = scoring.riichi || {};
  const pick = (value, key) => (value === 'event' ? event[key] ?? null : value ?? null);
  const rules = {
    start: pick(scoring.table?.start, 'start'),
    stick: pick(riichi.stick, 'stick'),
    counter: pick(riichi.counter, 'counter'),
    noten_total: pick(riichi.noten_total, 'noten_total'),
    dealer_stays: pick(riichi.dealer_stays, 'dealer_stays'),
  };
  const counter = rules.counter;
  if (counter && !(Number.isInteger(counter.ron) && Number.isInteger(counter.tsumo_each))) {
    rules.counter = null;  // half set
  }
  rules.missing = eventSettingsNeeded(ruleset).filter((key) => rules[key] === null);
  return rules;
}

/** Check event settings given for a ruleset; return {settings} (only the ones it needs) or {errors} per setting. */
export function readEventSettings(ruleset, given = {}) {
  const settings = {};
  const errors = {};
  const whole = (value, min, max) => Number.isInteger(value) && value >= min && value <= max;
  for (const key of eventSettingsNeeded(ruleset)) {
    const value = given[key];
    if (value === undefined || value === null) continue;
    if (key === 'start' && !whole(value, -10000000, 10000000)) errors.start = 'not_number';
    else if ((key === 'stick' || key === 'noten_total') && !whole(value, 0, 100000)) errors[key] = 'not_number';
    else if (key === 'counter' && !(value && whole(value.ron, 0, 100000) && whole(value.tsumo_each, 0, 100000))) errors.counter = 'not_number';
    else if (key === 'dealer_stays' && !['tenpai', 'win'].includes(value)) errors.dealer_stays = 'choose_one';
    else settings[key] = value;
  }
  return Object.keys(errors).length ? { errors } : { settings };
}

/**
 * A fresh table for a ruleset: four seats at the starting score, East dealing, nothing on the table.
 * `event` holds the event's settings for the figures the ruleset leaves to the event (see eventSettingsNeeded);
 * a starting score the ruleset does not give and the event has not set stays empty (null), never 0.
 */
export function newTable(ruleset, event = {}) {
  const { settings = {} } = readEventSettings(ruleset, event);
  const table = { rulesetId: ruleset.id, dealer: 0, honba: 0, pot: 0, event: settings, seats: [] };
  const rules = tableRules(ruleset, table);
  const kinds = scoreKinds(ruleset);
  table.seats = SEATS.map((wind) => {
    const seat = { wind, name: '' };
    for (const { kind } of kinds) seat[kind] = kind === 'table' ? rules.start : 0;
    Object.assign(seat, {
      riichi: false, deposit: false, deadHand: false, liveTiles: 0, deadTiles: 0,
      strikes: 0, offences: 0, carriedOffences: 0, substituted: false, disqualified: false,
    });
    return seat;
  });
  return table;
}

/** A deep copy of a table (plain JSON data), so a computation never changes the table it was given. */
export function clone(table) {
  return JSON.parse(JSON.stringify(table));
}

/**
 * Move `delta` points on one seat's score, recording the change; decimals are kept as the score keeps them.
 * Returns false (and changes nothing) when that score has no value yet (a start the event has not set).
 */
export function move(ctx, seat, score, delta) {
  if (!delta) return true;
  const current = ctx.after.seats[seat][score];
  if (current === null || current === undefined) {
    ctx.unset = true;
    return false;
  }
  const decimals = decimalsOf(ctx.ruleset, score);
  ctx.after.seats[seat][score] = roundTo(current + delta, decimals);
  ctx.changes.push({ seat, score, delta: roundTo(delta, decimals) });
  return true;
}

/** The total change per score kind: transfers sum to zero, penalties do not. */
export function sums(changes) {
  const totals = { table: 0, tournament: 0 };
  for (const change of changes) totals[change.score] = roundTo(totals[change.score] + change.delta, 6);
  return totals;
}

/** Every riichi stick on the table: the deposits of this hand plus those left from earlier hands. */
export function sticksOnTable(table) {
  return table.seats.filter((seat) => seat.deposit).length + (table.pot || 0);
}

/** Clear what lasts for one hand only: riichi, dead hands, penalty tiles, and the mark of a chombo in this hand. */
export function clearHand(table) {
  for (const seat of table.seats) {
    seat.riichi = false;
    seat.deposit = false;
    seat.deadHand = false;
    seat.liveTiles = 0;
    seat.deadTiles = 0;
    delete seat.chombo;
  }
}

/** Read a value at a path of keys and indexes (['seats', 2, 'name']) in a table, or undefined. */
export function valueAt(table, path) {
  return path.reduce((node, key) => (node === null || node === undefined ? undefined : node[key]), table);
}

/** Apply an edit's changes ([{path, to}]) to a copy of a table: each path is set to its new value. */
export function applyEdit(table, changes) {
  const after = clone(table);
  for (const { path, to } of changes) {
    let node = after;
    for (const key of path.slice(0, -1)) {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
      node = node[key];
    }
    node[path[path.length - 1]] = to;
  }
  return after;
}
