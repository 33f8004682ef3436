/**
 * The table screen's controller: the scoreboard read from the stored history (held by the tab's one model), every
 * in-place edit kept at once as a step, seats named by picking the event's roster, wins and draws scored (opened
 * already filled in when the last ruling leads to one), undo with the impact asked first for an older step, redo,
 * strikes and warnings. A seat shows the record of the person seated there (the model's recordOf), the same the log
 * and the ruling screen show; a seat with no name is nobody's.
 */
import {
  applyStep, deadTileEdits, drawFields, pendingHand, pendingPrefill, riichiEdits, scoreHand, startTap, tapEntry,
  tapSeat, tapTsumo, warnings, winFields,
} from '../logic/calculator.js';
import { nextSession } from '../logic/log.js';
import { MAX_NUMBER, formatNumberInput, parseNumber } from '../logic/numbers.js';
import { sameNamed } from '../logic/roster-data.js';
import { currentTable, listSteps, tableDiff, undoImpact } from '../logic/table-history.js';
import { movedBetween } from '../logic/table-edits.js';
import {
  applyEdit, decimalsOf, eventSettingsNeeded, scoreKinds, sticksOnTable, tableFeatures, tableRules, usualFigures,
  valueAt,
} from '../logic/table-state.js';
import {
  addPlayer, addStep, correctedNow, redoStep, resetBoard, saveFields, startSession, undoStep,
} from '../model/actions.js';
import { tablePart } from '../model/model.js';
import { namedTable, personOf, recordOf, tableOf } from '../model/selectors.js';
import { renderNotices } from '../views/notices.js';
import { renderTable } from '../views/table.js';

/** Each seat's record: the record of the person seated there (the model's recordOf), null for a seat with no name. */
function seatRecords(ruleset, table, data) {
  const at = new Date(correctedNow());
  return table.seats.map((seat) => recordOf({
    log: data.log, board: data.board, ruleset, personId: seat.playerId, session: data.session, at }));
}

/** A hand's errors, with `settings` added when the event has not set a figure it needs (no field of the form shows
 * that). */
function withSettings(errors) {
  return Object.values(errors).includes('setting_missing') ? { ...errors, settings: 'setting_missing' } : errors;
}

/**
 * What the table screen shows, worked out from the stored history and the model's log: a seat's name is its
 * person's name now (a rename shows at once), and its marks are that person's record.
 */
function boardView(ruleset, board, data) {
  if (board.status !== 'ok') return { status: board.status };
  const { history } = board;
  const replayed = tableOf(board, ruleset);
  const table = namedTable(board, ruleset, data.log);
  const listed = listSteps(history, ruleset);
  const records = seatRecords(ruleset, table, { ...data, board });
  const none = { counts: [], strikes: null, status: { state: 'ok' }, suspensions: [] };
  const seatExtras = records.map((found) => found ?? none)
    .map((found) => ({ counts: found.counts, strikes: found.strikes, status: found.status }));
  // A seat with no name is nobody's: it has no strikes to show.
  const discipline = ruleset.discipline
    ? records.map((found, seat) => found && ({
      seat, strikes: found.strikes, status: found.status, suspensions: found.suspensions }))
      .filter(Boolean)
    : null;
  const scoring = ruleset.scoring || {};
  return {
    status: 'ok', rev: board.rev, history, table, kinds: scoreKinds(ruleset), features: tableFeatures(ruleset), seatExtras,
    sticks: sticksOnTable(table), steps: listed.steps,
    byId: Object.fromEntries([...listed.steps, ...listed.undone].map((item) => [item.id, item.step])),
    undone: listed.undone, warnings: warnings(table, ruleset), discipline,
    eventNeeded: eventSettingsNeeded(ruleset), missing: tableRules(ruleset, table).missing,
    usual: usualFigures(ruleset, table),
    origins: [scoring.table?.origin, scoring.riichi?.origin].filter(Boolean),
    pending: pendingHand(replayed.steps), hand: scoring.hand ?? null,
    rosterNames: data.roster.players.map((entry) => entry.player.name),
    names: (id) => personOf(data.log, id)?.name ?? null,  // a history line names the person, never their id
  };
}

/** Read what was typed in a field of the table into the value to keep, or {error}. */
function readField(ruleset, lang, path, raw, { whole = false } = {}) {
  if (path[0] === 'seats' && path[2] === 'name') return { value: String(raw).trim().slice(0, 40) };
  if (typeof raw === 'boolean' || typeof raw === 'number' || raw === null) return { value: raw };
  if (path[0] === 'event' && path[1] === 'dealer_stays') {
    // A choice, not a figure: 'tenpai' or 'win', or null to unset it.
    return raw === null || raw === '' ? { value: null } : ['tenpai', 'win'].includes(raw) ? { value: raw } : { error: 'choose_one' };
  }
  if (path[0] === 'event') {
    const { value, error } = parseNumber(raw, { lang, min: path[1] === 'start' ? -MAX_NUMBER : 0, max: MAX_NUMBER, required: false });
    return error ? { error } : { value };
  }
  const score = path[0] === 'seats' ? path[2] : null;
  const options = whole || !score
    ? { lang, min: 0, max: 999 }
    : { lang, decimals: decimalsOf(ruleset, score), min: -MAX_NUMBER, max: MAX_NUMBER };
  const { value, error } = parseNumber(raw, options);
  return error ? { error } : { value };
}

/** The edits one typed field makes: riichi puts its stick down too; the event's start fills the seats still empty. */
function editsFor(ruleset, table, path, value) {
  if (path[0] === 'seats' && path[2] === 'riichi') return riichiEdits(ruleset, table, path[1], value);
  if (path[0] === 'event' && path[1] === 'counter') {
    const counter = { ...(table.event?.counter || {}), [path[2]]: value };
    if (value === null) delete counter[path[2]];
    return [{ path: ['event', 'counter'], to: Object.keys(counter).length ? counter : null }];
  }
  const edits = [{ path, to: value }];
  if (path[0] === 'event' && path[1] === 'start' && value !== null) {
    table.seats.forEach((seat, index) => {
      if (seat.table === null || seat.table === undefined) edits.push({ path: ['seats', index, 'table'], to: value });
    });
  }
  return edits;
}

/**
 * A queue that runs tasks one after another, in the order they were asked for: a seat's new name first adds the
 * player to the roster, and a score typed meanwhile must not be kept before it.
 */
function inOrder() {
  let last = Promise.resolve();
  return (task) => {
    const run = last.then(task);
    last = run.catch(() => {});
    return run;
  };
}

/** How long the board shows what the last scoring moved. */
const MOVED_SECONDS = 8;

export function createTableScreen(ctx, { ruleset, extra = [] }) {
  const { config } = ctx;
  const { lang } = config;
  const parts = ['settings', 'log', 'roster', tablePart(ruleset.id)];
  // tap: the win or draw being scored by tapping seats ({kind: 'win', winner, how, discarder} |
  // {kind: 'draw', tenpai});
  // moved: what the last scoring moved on each seat, shown on the board for a few seconds with Undo.
  const ui = {
    open: null, focus: null, form: null, prefill: {}, confirm: null, dismissed: null, cancelled: null, reveal: false,
    ask: null, undoable: null,
    tap: null, refused: null, moved: null, changedElsewhere: null,
    ...(ctx.restored() ?? {}),  // the editors open before a reload into an update
  };
  let movedTimer = null;
  /** Show what a step moved on each seat for a few seconds (`reveal`: brought into view with the board). */
  const showMoved = (deltas, { reveal = false } = {}) => {
    ui.moved = { deltas, reveal };
    clearTimeout(movedTimer);
    movedTimer = setTimeout(() => {
      ui.moved = null;
      ctx.refresh();
    }, MOVED_SECONDS * 1000);
  };
  let view = { status: 'loading' };
  let roster = null;
  let session = '';  // the session being played (the event's, from the settings)
  /** The edits that seat a player: the roster's player of that name (added to the roster when new), by id. */
  const seatPlayer = async (index, name) => {
    if (!name) return [{ path: ['seats', index, 'name'], to: '' }, { path: ['seats', index, 'playerId'], to: '' }];
    if (!roster) return [{ path: ['seats', index, 'name'], to: name }];
    let found = sameNamed(roster.all, name);
    if (!found.length) {
      const added = await addPlayer(roster.event.id, { name });
      found = added.ok ? [added.player] : [];
    }
    const player = found.length === 1 ? found[0] : null;  // several players of that name: the name as typed
    return [{ path: ['seats', index, 'name'], to: player ? player.name : name }, { path: ['seats', index, 'playerId'], to: player ? player.id : '' }];
  };
  /** Leave out a seat's playerId when it had none and gets none. */
  const seatEdits = async (index, name) => (await seatPlayer(index, name))
    .filter((edit) => edit.path[2] !== 'playerId' || edit.to || view.table.seats[index].playerId);
  /** A write of this screen: the model hears of it from storage; the screen is shown again. */
  const done = (result) => {
    if (result.ok) ctx.refresh();
    return result;
  };
  /** Keep a hand scored by its form or by taps as a step; the board then shows what it moved, in view. */
  const keepHand = async (kind, result) => {
    if (result.errors) return { errors: withSettings(result.errors) };
    const before = view.table;
    const saved = await addStep(ruleset, { kind, inputs: result.inputs });
    if (saved.ok) {
      ui.form = null;
      ui.tap = null;
      showMoved(movedBetween(before, result.after), { reveal: true });
    }
    return done(saved);
  };
  const editsInOrder = inOrder();
  /**
   * Field-level writes: each edit carries the value the referee saw at its path (`from`), so a field changed elsewhere
   * meanwhile is refused, never written over, and edits to other fields (another seat, another tab) both stay. The
   * field typed into says what it was filled with (`seen`, its data-from); every other edit, the table as shown.
   */
  const fieldEdits = (edits, seen = {}) => edits.map((edit) => ({
    ...edit, from: Object.hasOwn(seen, edit.path.join('.')) ? seen[edit.path.join('.')] : valueAt(view.table, edit.path) }));
  /** The typed field compared with what it was filled with (else with the table as shown), without being written. */
  const typedCheck = (path, seen) => {
    const key = path.join('.');
    return [{ path, from: Object.hasOwn(seen, key) ? seen[key] : valueAt(view.table, path) ?? null }];
  };
  const on = {
    open: (which) => {
      ui.open = which;
      ui.focus = null;
      ctx.refresh();
    },
    formatInput: (value, decimals) => formatNumberInput(value, { lang, decimals }),
    /**
     * Keep one field; options: {whole, from (the stored value the field was filled with, as JSON: a field changed
     * elsewhere since is refused)}.
     */
    edit: (fieldId, path, raw, options = {}) => editsInOrder(async () => {
      const read = readField(ruleset, lang, path, raw, options);
      if (read.error) return { errors: { [fieldId]: read.error } };
      ui.focus = fieldId;
      const seen = options.from === undefined ? {} : { [path.join('.')]: JSON.parse(options.from) };
      // A seat's name adds the person first; any other field's edits are worked out from the stored table, which the
      // screen may not show yet (a figure set just after another), and checked against what the field was filled with.
      const saved = path[0] === 'seats' && path[2] === 'name'
        ? await saveFields(ruleset, fieldEdits(await seatEdits(path[1], read.value), seen))
        : await saveFields(ruleset, (table) => editsFor(ruleset, table, path, read.value), typedCheck(path, seen));
      // Refused: the field learns the value stored now, so saving it again applies what was typed over that one.
      if (saved.conflict) return { ...saved, now: valueAt(currentTable(saved.history, ruleset), path) ?? null };
      return done(saved);
    }),
    /** A reset (end of hanchan, new session) asks first, saying every value it changes; null: not now. */
    askStep: (kind) => {
      const outcome = kind ? applyStep(view.table, ruleset, { kind }) : null;
      ui.ask = outcome
        ? { kind, changes: outcome.errors ? [] : tableDiff(view.table, outcome.after), errors: outcome.errors ?? null }
        : null;
      ctx.refresh();
    },
    step: async (kind) => {
      // A new session restarts every seated person's per-session count: the event's session moves on with it.
      const saved = kind === 'new-session'
        ? await startSession(ruleset, nextSession(session, roster?.event.sessions ?? null))
        : await addStep(ruleset, { kind });
      if (saved.ok) {  // a refused write leaves the question open, with the refusal said under it
        ui.ask = null;
        ui.undoable = { kind, stepId: saved.history.steps[saved.history.steps.length - 1].id };
      }
      return done(saved);
    },
    openForm: (kind, prefill) => {
      // The hand a ruling leads to stays pending (a liable payer with it) until it is scored or cancelled on purpose:
      // "Score a win" opens that same form, never a blank one that would drop the liability.
      ui.open = null;
      ui.form = kind;
      ui.prefill = { ...pendingPrefill(view.pending, kind, ui.cancelled), ...(prefill || {}) };
      ui.reveal = true;
      ctx.refresh();
    },
    closeForm: () => {
      ui.form = null;
      ui.dismissed = view.pending?.stepId ?? ui.dismissed;
      ui.cancelled = view.pending?.stepId ?? ui.cancelled;
      ctx.refresh();
    },
    winFields: (values) => winFields(ruleset, view.table, values),
    win: async (values) => keepHand('win', scoreHand(view.table, ruleset, 'win', values, { lang })),
    drawFields: (values) => drawFields(ruleset, view.table, values),
    draw: async (values) => keepHand('draw', scoreHand(view.table, ruleset, 'draw', values)),
    riichi: (index) => editsInOrder(async () => {
      const seat = view.table.seats[index];
      const edits = riichiEdits(ruleset, view.table, index, !seat.riichi);
      const before = view.table;
      const saved = await saveFields(ruleset, fieldEdits(edits));
      // Refused: the seat's score changed elsewhere since it was shown; nothing was written, and the board says so.
      ui.changedElsewhere = saved.conflict ? { seat: index } : null;
      if (saved.conflict) ctx.refresh();
      if (saved.ok) showMoved(movedBetween(before, applyEdit(before, edits)));
      return done(saved);
    }),
    useUsual: () => editsInOrder(async () => {
      const edits = [];
      for (const [key, value] of Object.entries(view.usual?.figures || {})) {
        edits.push(...(key === 'counter' ? [{ path: ['event', 'counter'], to: value }] : editsFor(ruleset, view.table, ['event', key], value)));
      }
      return edits.length ? done(await saveFields(ruleset, fieldEdits(edits))) : {};
    }),
    tapStart: (kind) => {
      // The hand a ruling leads to is the hand tapped too: its liable player, its tsumo, its noten seats.
      ui.tap = startTap(kind, pendingPrefill(view.pending, kind, ui.cancelled));
      ui.refused = null;
      ui.open = null;
      ui.form = null;
      ctx.refresh();
    },
    tapSeat: (index) => {
      if (!ui.tap) return;
      const { tap, refused } = tapSeat(ruleset, view.table, ui.tap, index);
      ui.tap = tap;
      ui.refused = refused ? { seat: index, code: refused } : null;
      ctx.refresh();
    },
    tapTsumo: () => {
      if (!ui.tap) return;
      ui.tap = tapTsumo(ui.tap);
      ui.refused = null;
      ctx.refresh();
    },
    tapCancel: () => {
      ui.tap = null;
      ui.refused = null;
      ctx.refresh();
    },
    /** A seat's live penalty tiles turned dead (one discarded first, or none). */
    deadTiles: (index, options) => editsInOrder(async () => {
      const edits = deadTileEdits(view.table, index, options);
      return edits.length ? done(await saveFields(ruleset, fieldEdits(edits))) : {};
    }),
    tapPreview: (values) => {
      const tap = ui.tap || {};
      const result = scoreHand(view.table, ruleset, tap.kind, tapEntry(tap, values), { lang });
      return result.errors
        ? { errors: result.errors }
        : { moved: movedBetween(view.table, result.after), sticks: result.sticks };
    },
    tapScore: async (values = {}) => {
      const tap = ui.tap;
      return tap ? keepHand(tap.kind, scoreHand(view.table, ruleset, tap.kind, tapEntry(tap, values), { lang })) : {};
    },
    undoMoved: async () => {
      const newest = view.steps?.[0];
      ui.moved = null;
      return newest ? done(await undoStep(ruleset, newest.id)) : {};
    },
    askUndo: (stepId) => {
      ui.confirm = stepId ? undoImpact(view.history, ruleset, stepId) : null;
      if (ui.confirm?.error) ui.confirm = null;
      ctx.refresh();
    },
    undo: async (stepId) => {
      ui.confirm = null;
      if (ui.undoable?.stepId === stepId) ui.undoable = null;
      return done(await undoStep(ruleset, stepId));
    },
    redo: async (stepId) => done(await redoStep(ruleset, stepId)),
    reset: async () => done(await resetBoard(ruleset)),
  };
  // The model's data the board view was worked out from, and when: the history is replayed once per change (and
  // each minute at most otherwise, since a seat's strikes and suspension depend on the time).
  let shownFrom = { data: null, at: 0 };
  return {
    live: true,
    parts,
    async render() {
      const model = await ctx.model();
      const loaded = await model.load(parts);
      const board = loaded[tablePart(ruleset.id)];
      const same = shownFrom.data && parts.every((part) => shownFrom.data[part] === loaded[part]);
      if (!same || Date.now() - shownFrom.at > 60_000) {  // not only what is open changed
        roster = loaded.roster;
        session = loaded.settings.settings.context?.session ?? '';
        view = boardView(ruleset, board, { log: loaded.log, roster, session });
        shownFrom = { data: loaded, at: Date.now() };
        if (ui.confirm && !view.history?.steps.some((step) => step.id === ui.confirm.step.id)) ui.confirm = null;
        if (ui.undoable && !view.history?.steps.some((step) => step.id === ui.undoable.stepId)) ui.undoable = null;
        else if (ui.confirm) ui.confirm = undoImpact(view.history, ruleset, ui.confirm.step.id);
      }
      if (view.pending && !ui.form && ui.dismissed !== view.pending.stepId) {
        ui.form = view.pending.kind;
        ui.prefill = view.pending.prefill || {};
        ui.dismissed = view.pending.stepId;
        ui.reveal = true;
      }
      const notices = await model.notices([{ kind: 'table', id: ruleset.id }],
        [{ kind: 'table', status: board.status }], { extra });
      const children = renderTable({
        config, ruleset, board: view, notices: renderNotices(config, notices, { reload: ctx.reload }), ui, on });
      return {
        children,
        title: config.strings.calc.table_title,
      };
    },
    /** Once shown, an opened form has been brought into view: not again at the next drawing. */
    shown() {
      ui.reveal = false;
    },
    /** The editors open now, kept across a reload into an update (Update now keeps what is being typed in them). */
    keep: () => (ui.open !== null || ui.form ? { open: ui.open, form: ui.form, prefill: ui.prefill } : null),
  };
}
