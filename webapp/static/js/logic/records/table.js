/**
 * The table of one ruleset as its history: its start and the steps applied to it, each recording only what it
 * changed, plus the undone steps, so any step can be undone or redone by replaying the rest (table-history.js does
 * that). One document per ruleset, keyed by the ruleset's id. Pure: no DOM, no storage.
 *
 * Version 5 is version 4 where a ruling step's inputs may hold `same_hand` ('yes' or 'no': whether a second chombo of
 * the same player was found in the same hand, asked only then), and a ruling step may hold `person` (the id of the
 * person seated at the offender's seat when it was applied, so their record keeps it whoever sits there later) and
 * `session` (the session being played then): a version-4 app would take any of them for damage.
 * Version 4 is version 3 where a step may hold `action`: the id of the referee's action that added it (made when the
 * form opened), so the same action written twice (a double tap, a retry) adds the step once.
 * Version 3 is version 2 where a ruling step's inputs may hold `chosen` (the optional effects the referee chose): a
 * version-2 app would take that for damage and repair it away, so it must see a newer document and leave it alone.
 * Version 2: {start: table or null, steps: [step], undone: [{step, after}], nextId}. A null start is a fresh table
 * of the ruleset (what is left when a damaged start was set aside). A step is {id: 's<n>', at, kind, origin?} plus:
 * ruling {rulingId, inputs}, win {inputs}, draw {inputs}, edit {changes: [{path, from, to}]}, end-hanchan,
 * new-session; an edit stored by version 1 holds a whole table instead ({table}), which the table service turns into
 * changes with the ruleset's data. `origin: 'migration'` marks an edit that keeps values an older app computed.
 * `after` is the id of the step an undone step followed (null: it was the first); `nextId` numbers the next step.
 * `legacy: true` marks steps stored by version 1 (the previous release's app computed some differently): the table
 * service rebuilds such a history once with the ruleset's data at its first read, and stores the result
 * (table-upgrade.js upgradeHistory), keeping what the referee saw. Version 1 was {start, steps} with no ids and
 * whole-table edits.
 */
import {
  checkBoolean, checkDate, checkId, checkNumber, checkSlug, checkText, isObject, join, problems, unknownKeys,
} from './check.js';

export const WINDS = ['east', 'south', 'west', 'north'];
export const STEP_KINDS = ['ruling', 'win', 'draw', 'edit', 'end-hanchan', 'new-session'];
const SEAT_SCORES = ['table', 'tournament'];
const SEAT_FLAGS = ['riichi', 'deposit', 'deadHand', 'substituted', 'disqualified'];
const SEAT_COUNTS = ['liveTiles', 'deadTiles', 'strikes', 'offences', 'carriedOffences'];
const SEAT_KEYS = ['wind', 'name', 'playerId', ...SEAT_SCORES, ...SEAT_FLAGS, ...SEAT_COUNTS, 'sessionLost'];
const EVENT_KEYS = ['start', 'stick', 'counter', 'noten_total', 'dealer_stays'];
const LIMIT = 1e9;
const STEP_ID = /^s[1-9]\d{0,8}$/;

const isSeat = (value) => Number.isInteger(value) && value >= 0 && value < 4;

/** A score: a finite number within the limit, or null (a start the event has not set yet). */
function checkScore(value, path, report, { optional = false } = {}) {
  if (value === null || (value === undefined && optional)) return;
  checkNumber(value, path, report, { min: -LIMIT, max: LIMIT });
}

function checkEvent(event, path, report) {
  if (event === undefined) return;
  if (!isObject(event)) {
    report.add(path, 'not_object');
    return;
  }
  for (const key of ['start', 'stick', 'noten_total']) checkNumber(event[key], join(path, key), report, { min: -LIMIT, max: LIMIT, integer: true, optional: true });
  if (event.counter !== undefined) {
    if (!isObject(event.counter)) report.add(join(path, 'counter'), 'not_object');
    else {
      for (const key of ['ron', 'tsumo_each']) checkNumber(event.counter[key], join(join(path, 'counter'), key), report, { min: 0, max: LIMIT, integer: true, optional: true });
      unknownKeys(event.counter, ['ron', 'tsumo_each'], join(path, 'counter'), report);
    }
  }
  if (event.dealer_stays !== undefined && !['tenpai', 'win'].includes(event.dealer_stays)) report.add(join(path, 'dealer_stays'), 'unknown_value');
  unknownKeys(event, EVENT_KEYS, path, report);
}

function seatProblems(seat, path, report, index) {
  if (!isObject(seat)) {
    report.add(path, seat === null ? 'null' : 'not_object');
    return;
  }
  if (seat.wind !== undefined && seat.wind !== WINDS[index]) report.add(join(path, 'wind'), 'unknown_value');
  checkText(seat.name, join(path, 'name'), report, { max: 200 });
  if (seat.playerId !== undefined) checkText(seat.playerId, join(path, 'playerId'), report, { max: 200 });
  for (const key of SEAT_SCORES) checkScore(seat[key], join(path, key), report, { optional: true });
  for (const key of SEAT_FLAGS) checkBoolean(seat[key], join(path, key), report, { optional: true });
  for (const key of SEAT_COUNTS) {
    checkNumber(seat[key], join(path, key), report, { min: 0, max: 1e6, integer: true, optional: true });
  }
  checkScore(seat.sessionLost, join(path, 'sessionLost'), report, { optional: true });
  unknownKeys(seat, SEAT_KEYS, path, report);
}

/** A whole table: four seats, dealer, counters, the pot of sticks and the event's settings. */
export function checkTable(table, path, report) {
  if (!isObject(table)) {
    report.add(path, table === null ? 'null' : table === undefined ? 'missing' : 'not_object');
    return;
  }
  if (table.rulesetId !== undefined) checkSlug(table.rulesetId, join(path, 'rulesetId'), report);
  checkNumber(table.dealer, join(path, 'dealer'), report, { min: 0, max: 3, integer: true });
  checkNumber(table.honba, join(path, 'honba'), report, { min: 0, max: 999, integer: true });
  checkNumber(table.pot, join(path, 'pot'), report, { min: 0, max: 999, integer: true });
  checkEvent(table.event, join(path, 'event'), report);
  if (!Array.isArray(table.seats) || table.seats.length !== 4) report.add(join(path, 'seats'), 'not_four_seats');
  else table.seats.forEach((seat, index) => seatProblems(seat, join(join(path, 'seats'), index), report, index));
  unknownKeys(table, ['rulesetId', 'dealer', 'honba', 'pot', 'event', 'seats'], path, report);
}

/** The check of one editable field of a table, by its path; null when the path names no editable field. */
function fieldCheck(path) {
  if (!Array.isArray(path)) return null;
  const report = problems();
  const run = (check) => (value) => {
    report.found.length = 0;
    check(value, report);
    return !report.found.length;
  };
  if (path.length === 1 && path[0] === 'dealer') return isSeat;
  if (path.length === 1 && ['honba', 'pot'].includes(path[0])) return run((value, r) => checkNumber(value, '', r, { min: 0, max: 999, integer: true }));
  if (path.length === 2 && path[0] === 'event' && EVENT_KEYS.includes(path[1])) {
    return run((value, r) => (value === null ? undefined : checkEvent({ [path[1]]: value }, '', r)));
  }
  if (path.length === 3 && path[0] === 'seats' && isSeat(path[1])) {
    const key = path[2];
    if (key === 'name' || key === 'playerId') return (value) => typeof value === 'string' && value.length <= 200;
    if (SEAT_SCORES.includes(key) || key === 'sessionLost') return run((value, r) => checkScore(value, '', r));
    if (SEAT_FLAGS.includes(key)) return (value) => typeof value === 'boolean';
    if (SEAT_COUNTS.includes(key)) return run((value, r) => checkNumber(value, '', r, { min: 0, max: 1e6, integer: true }));
  }
  return null;
}

const SEAT_INPUT = (value) => value === null || isSeat(value) || (typeof value === 'string' && /^[0-3]?$/.test(value));
const NUMBER_INPUT = (value) => value === null || (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= LIMIT)
  || (typeof value === 'string' && value.length <= 40);
const TEXT_INPUT = (value) => typeof value === 'string' && value.length <= 100;
const COUNTS = (value) => isObject(value) && Object.entries(value).every(([name, count]) => ['session', 'carried', 'strikes'].includes(name)
  && Number.isInteger(count) && count >= 0 && count <= 1e6);
/** The referee's choices among a ruling's optional effects: the effect types ticked (see calculator.js inputFields). */
const CHOSEN = (value) => Array.isArray(value) && value.length <= 20 && value.every((type) => typeof type === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(type));
/** Whether a second chombo of the same player is from the same hand (see calculator.js inputFields). */
const YES_NO = (value) => value === 'yes' || value === 'no';
const RULING_INPUTS = {
  offender: SEAT_INPUT, winner: SEAT_INPUT, discarder: SEAT_INPUT, minutes: NUMBER_INPUT, points: NUMBER_INPUT,
  tiles: NUMBER_INPUT, hand_value: NUMBER_INPUT, win_type: TEXT_INPUT, riichi_call: TEXT_INPUT, counts: COUNTS,
  chosen: CHOSEN, same_hand: YES_NO,
};
const WIN_INPUTS = {
  winner: SEAT_INPUT, discarder: SEAT_INPUT, liable: SEAT_INPUT, how: TEXT_INPUT, liability: TEXT_INPUT,
  value: NUMBER_INPUT, value_dealer: NUMBER_INPUT, value_others: NUMBER_INPUT, value_each: NUMBER_INPUT,
};
const SEAT_LIST = (value) => Array.isArray(value) && value.length <= 4 && value.every(isSeat)
  && new Set(value).size === value.length;
const DRAW_INPUTS = { tenpai: SEAT_LIST, noten: SEAT_LIST };

function inputProblems(inputs, known, path, report) {
  if (!isObject(inputs)) {
    report.add(path, inputs === undefined ? 'missing' : 'not_object');
    return;
  }
  for (const [key, value] of Object.entries(inputs)) {
    if (!Object.hasOwn(known, key)) report.add(join(path, key), 'unknown_key');
    else if (!known[key](value)) report.add(join(path, key), 'invalid');
  }
}

const STEP_KEYS = {
  ruling: ['rulingId', 'inputs', 'person', 'session'], win: ['inputs'], draw: ['inputs'], edit: ['changes', 'table'], 'end-hanchan': [], 'new-session': [],
};

/** Problems of one step of any kind, as [{path, code}]. */
export function stepProblems(step, path = '') {
  const report = problems();
  if (!isObject(step)) {
    report.add(path, step === null ? 'null' : 'not_object');
    return report.found;
  }
  if (typeof step.id !== 'string' || !STEP_ID.test(step.id)) report.add(join(path, 'id'), step.id === undefined ? 'missing' : 'bad_id');
  checkDate(step.at, join(path, 'at'), report);
  if (!STEP_KINDS.includes(step.kind)) {
    report.add(join(path, 'kind'), step.kind === undefined ? 'missing' : 'unknown_step');
    return report.found;
  }
  if (step.origin !== undefined && step.origin !== 'migration') report.add(join(path, 'origin'), 'unknown_value');
  if (step.action !== undefined) checkId(step.action, join(path, 'action'), report);
  unknownKeys(step, ['id', 'at', 'kind', 'origin', 'action', ...STEP_KEYS[step.kind]], path, report);
  if (step.kind === 'ruling') {
    checkSlug(step.rulingId, join(path, 'rulingId'), report);
    inputProblems(step.inputs, RULING_INPUTS, join(path, 'inputs'), report);
    if (step.person !== undefined) checkId(step.person, join(path, 'person'), report);
    if (step.session !== undefined) checkText(step.session, join(path, 'session'), report, { max: 500 });
  } else if (step.kind === 'win') {
    inputProblems(step.inputs, WIN_INPUTS, join(path, 'inputs'), report);
  } else if (step.kind === 'draw') {
    inputProblems(step.inputs, DRAW_INPUTS, join(path, 'inputs'), report);
    if (isObject(step.inputs) && step.inputs.tenpai === undefined) report.add(join(join(path, 'inputs'), 'tenpai'), 'missing');
  } else if (step.kind === 'edit') {
    if (step.table !== undefined && step.changes === undefined) checkTable(step.table, join(path, 'table'), report);
    else if (!Array.isArray(step.changes) || !step.changes.length || step.table !== undefined) report.add(join(path, 'changes'), 'invalid');
    else {
      step.changes.forEach((change, index) => {
        const where = join(join(path, 'changes'), index);
        const check = isObject(change) ? fieldCheck(change.path) : null;
        if (!check) report.add(join(where, 'path'), 'not_editable');
        else if (!check(change.to)) report.add(join(where, 'to'), 'invalid');
        if (isObject(change)) unknownKeys(change, ['path', 'from', 'to'], where, report);
      });
    }
  }
  return report.found;
}

const idNumber = (id) => Number(String(id).slice(1));

/** Problems of a whole table history (start, steps, undone steps, ids), as [{path, code}]; empty when valid. */
export function tableProblems(history) {
  const report = problems();
  if (!isObject(history)) {
    report.add('', history === null ? 'null' : 'not_object');
    return report.found;
  }
  if (history.start !== null) checkTable(history.start, 'start', report);
  const ids = new Set();
  const seen = (id, where) => {
    if (typeof id !== 'string') return;
    if (ids.has(id)) report.add(where, 'duplicate_id');
    ids.add(id);
  };
  if (!Array.isArray(history.steps)) report.add('steps', history.steps === undefined ? 'missing' : 'not_list');
  else {
    history.steps.forEach((step, index) => {
      report.found.push(...stepProblems(step, join('steps', index)));
      seen(step?.id, join(join('steps', index), 'id'));
    });
  }
  if (!Array.isArray(history.undone)) report.add('undone', history.undone === undefined ? 'missing' : 'not_list');
  else {
    history.undone.forEach((entry, index) => {
      const where = join('undone', index);
      if (!isObject(entry)) {
        report.add(where, entry === null ? 'null' : 'not_object');
        return;
      }
      report.found.push(...stepProblems(entry.step, join(where, 'step')));
      seen(entry.step?.id, join(join(where, 'step'), 'id'));
      if (entry.after !== null && (typeof entry.after !== 'string' || !STEP_ID.test(entry.after))) report.add(join(where, 'after'), 'bad_id');
      unknownKeys(entry, ['step', 'after'], where, report);
    });
  }
  const highest = Math.max(0, ...[...ids].map(idNumber).filter(Number.isFinite));
  if (!Number.isInteger(history.nextId) || history.nextId <= highest) report.add('nextId', history.nextId === undefined ? 'missing' : 'out_of_range');
  if (history.legacy !== undefined && history.legacy !== true) report.add('legacy', 'unknown_value');
  unknownKeys(history, ['start', 'steps', 'undone', 'nextId', 'legacy'], '', report);
  return report.found;
}

/** Keep every good step (untouched) of a damaged history; a damaged start becomes a fresh one (null). */
function salvage(history) {
  if (!isObject(history)) return null;
  const startReport = problems();
  if (history.start !== null && history.start !== undefined) checkTable(history.start, 'start', startReport);
  const start = history.start === undefined || startReport.found.length ? null : history.start;
  const good = (step) => !stepProblems(step).length;
  const ids = new Set();
  const unique = (step) => !ids.has(step.id) && ids.add(step.id);
  const steps = Array.isArray(history.steps) ? history.steps.filter((step) => good(step) && unique(step)) : [];
  const undone = Array.isArray(history.undone)
    ? history.undone.filter((entry) => isObject(entry) && good(entry.step) && unique(entry.step)
      && (entry.after === null || (typeof entry.after === 'string' && STEP_ID.test(entry.after))))
      .map(({ step, after }) => ({ step, after }))
    : [];
  const nextId = Math.max(0, ...[...ids].map(idNumber)) + 1;
  return history.legacy === true ? { start, steps, undone, nextId, legacy: true } : { start, steps, undone, nextId };
}

/** Version 1 → 2: each step gets an id in its order; nothing undone yet. Whole-table edits stay as they were. */
export function fromVersion1(data) {
  if (!isObject(data)) return data;
  const steps = Array.isArray(data.steps)
    ? data.steps.map((step, index) => (isObject(step) ? { id: `s${index + 1}`, ...step } : step)) : data.steps;
  return {
    ...data, start: data.start, steps, undone: [], nextId: (Array.isArray(steps) ? steps.length : 0) + 1,
    legacy: true,
  };
}

/** Version 2 → 3: nothing to change (version 3 only allows more: `chosen` in a ruling step's inputs). */
export function fromVersion2(data) {
  return data;
}

/** Version 3 → 4: nothing to change (version 4 only allows more: a step's `action`). */
export function fromVersion3(data) {
  return data;
}

/** Version 4 → 5: nothing to change (version 5 only allows more: `same_hand`, a ruling step's person and session). */
export function fromVersion4(data) {
  return data;
}

export default {
  name: 'table',
  version: 5,
  validate: tableProblems,
  salvage,
  migrations: { 1: fromVersion1, 2: fromVersion2, 3: fromVersion3, 4: fromVersion4 },
};
