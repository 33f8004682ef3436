/**
 * The ruling screen's controller: the card, and the one action under its summary (apply to the table and record in
 * the log, or either alone), read from the tab's one model: the table, the log, the roster and the settings are held
 * there, so drawing the screen again reads nothing from storage. A person is an id: the offender is the person seated
 * at the seat chosen (or the one named for a seat without a name), and their record is the model's recordOf.
 */
import { applyRuling, formFields, inputFields, seatIndex } from '../logic/calculator.js';
import { penalizes } from '../logic/engine.js';
import { partMinuteRule, timeQuestionOf } from '../logic/lateness.js';
import { knownSessions } from '../logic/log.js';
import { playerViewUrl, rulingUrl } from '../logic/urls.js';
import { sameNamed } from '../logic/roster-data.js';
import { addRecent, applyAndRecord, applyOnly, correctedNow, recordOnly, toggleFavourite } from '../model/actions.js';
import { tablePart } from '../model/model.js';
import { namedTable, nextPointsOf, personOf, recordFromIncidents, recordOf, sentOf, unrecordedOf } from '../model/selectors.js';
import { renderAct } from '../views/act.js';
import { renderNotices } from '../views/notices.js';
import { renderRuling } from '../views/ruling.js';
import { favouriteButton } from '../views/shortcuts.js';
import { createShownScreen, shownToPlayer } from './shown.js';

/** An id for one referee action, made on this device (see services/action.js). */
function newActionId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The id of the action the ruling's form is making: kept in this page's history entry, so a reload in the middle of
 * a save gives the same id (and a second save of it changes nothing); a new one once the action is done.
 */
function actionId({ renew = false } = {}) {
  const kept = window.history.state?.actionId;
  if (kept && !renew) return kept;
  const id = newActionId();
  window.history.replaceState({ ...(window.history.state || {}), actionId: id }, '');
  return id;
}


/** The player a ruling was opened for from another screen (the lateness clock's ?player=), or ''. */
function carriedPlayer() {
  return (new URLSearchParams(window.location.search).get('player') ?? '').trim().slice(0, 200);
}

export function createRulingScreen(ctx, { ruleset, rulingId, walked, answers, others, extra = [] }) {
  if (shownToPlayer()) return createShownScreen(ctx, { ruleset, rulingId });
  const { config } = ctx;
  const ruling = ruleset.rulings[rulingId];
  const carried = carriedPlayer();  // typed once on the clock, never typed again here
  const here = `${window.location.pathname}${window.location.search}`;
  let handed = null;  // the ruling's link was shared, copied, or could not be copied: said until the screen closes
  const forPlayer = () => ({  // a shared link opens the player's view; this phone's leads back here
    shared: playerViewUrl(rulingUrl(config.lang, ruleset.id, rulingId)),
    here: playerViewUrl(window.location.pathname, here),
    handed,
    hand: (state) => {
      handed = state;
      ctx.refresh();
    },
  });
  const numberAnswer = walked?.trail.filter((step) => ruleset.incidents[step.id].number).pop()?.value;
  const act = { id: actionId(), done: null, saving: null };  // the one action under the summary
  // A ruling that penalizes nobody (no penalty, a re-deal) is applied only: no incident against the player named.
  const penalizing = penalizes(ruleset, ruling);
  // The ruling joins the recent ones once, when it is opened (not at each refresh); a failed write costs nothing here.
  addRecent(ruleset.id, rulingId).catch((error) => console.error('shortcuts', error));
  const shownParts = ['settings', 'log', 'roster', 'shortcuts', tablePart(ruleset.id)];
  // The result of an action that recorded an incident says whether it reached the server: the model's `sent` too.
  const parts = () => (act.done?.incidentId ? [...shownParts, 'sent'] : shownParts);
  // The kinds of stored data those parts show, whose damage the notices say: the roster part holds the events too.
  const shown = [{ kind: 'settings' }, { kind: 'table', id: ruleset.id }, { kind: 'incident' }, { kind: 'player' },
    { kind: 'event' }, { kind: 'shortcuts' }];
  let data = null;  // the model's parts this screen was last drawn from

  /** The person an action is about: the one seated at the offender's seat, else the one named (roster, by name). */
  const personFor = (table, seat, typed) => {
    const seated = seat === null ? null : personOf(data.log, table.seats[seat].playerId);
    if (seated) return seated;
    const named = typed?.trim() ? sameNamed(data.roster.all, typed) : [];
    return named.length === 1 ? personOf(data.log, named[0].id) : null;
  };
  /** The session an action goes to: the one in its form (inputs.session), else the one being played. */
  const sessionOf = (inputs = {}) => inputs.session ?? data.settings.settings.context?.session ?? '';
  const recordFor = (person, at = correctedNow(), session = sessionOf()) => (person ? recordOf({
    log: data.log, board: data[tablePart(ruleset.id)], ruleset, personId: person.id,
    session, at: new Date(at) }) : null);
  /** The record counts the ruling's step takes (calculator `counts`), from the offender's record. */
  const countsFor = (table, inputs, record) => {
    const asks = inputFields(ruleset, ruling).some((field) => field.kind === 'counts');
    return asks && record ? { ...inputs, counts: record.calculator } : inputs;
  };
  /** The ruling's inputs for the table: what the calculator asks, without the incident's details. */
  const stepInputs = (table, values, record) => {
    const asked = new Set(inputFields(ruleset, ruling, table).map((field) => field.name));  // with what the table asks
    const ruled = Object.fromEntries(Object.entries(values).filter(([name]) => asked.has(name) || name === 'offender'));
    if (!asked.has('offender')) delete ruled.offender;
    return countsFor(table, ruled, record);
  };

  return {
    live: true,
    parts,
    /** Once shown, the result has been brought into view: not again at the next drawing. */
    shown() {
      if (act.done) act.done.reveal = false;
    },
    async render() {
      const model = await ctx.model();
      data = await model.load(parts());
      const { settings: { settings, status }, log, roster, shortcuts } = data;
      const board = data[tablePart(ruleset.id)];
      const notices = await model.notices(shown,
      [{ kind: 'settings', status }, { kind: 'table', status: board.status }, { kind: 'incident', status: log.status },
        { kind: 'incident', status: 'newer', count: log.newer.length },
        { kind: 'player', status: 'newer', count: roster.newer.length }, { kind: 'event', status: 'newer', count: roster.newerEvents.length },
        { kind: 'shortcuts', status: shortcuts.status }],
      { extra });
      const favourite = shortcuts.status === 'ok' ? favouriteButton(config,
        shortcuts.shortcuts.favourites.some((entry) => entry.rulesetId === ruleset.id && entry.rulingId === rulingId),
        { toggle: () => toggleFavourite(ruleset.id, rulingId) }) : null;
      const table = namedTable(board, ruleset, log);
      const seatRecords = table ? table.seats.map((seat) => recordFor(personOf(log, seat.playerId))) : [];
      const context = settings.context ?? {};
      const incidents = log.entries.map((entry) => entry.incident);
      const incidentOf = (id) => incidents.find((item) => item.id === id) ?? null;

      /** Apply and record (mode 'both'), or one of them; the same action id makes a second save a no-op. */
      const save = async (inputs, chosen) => {
        const mode = penalizing ? chosen : 'apply';
        const seat = seatIndex(inputs.offender);
        const seated = seat === null ? null : table.seats[seat];
        const person = personFor(table, seat, inputs.player);
        const record = recordFor(person, correctedNow(), sessionOf(inputs));
        const ruled = table && stepInputs(table, inputs, record);
        const previewed = table ? applyRuling(table, ruleset, rulingId, ruled) : {};  // no table: recorded only
        // A seat with no name is nobody: the name typed for it (a roster player, or a walk-in who joins the roster)
        // is who the log records; with none, the ruling is applied and nothing is counted for anyone.
        const name = person?.name ?? inputs.player?.trim() ?? '';
        const values = {
          tournament: context.tournament, session: inputs.session ?? context.session,
          table: inputs.table ?? context.table,
          player: name, playerId: person?.id, seat,
          points: inputs.points ?? (previewed.penalty ? String(previewed.penalty) : ''), note: inputs.note ?? '',
          at: inputs.at, lang: config.lang };
        const step = { kind: 'ruling', rulingId, inputs: ruled, session: values.session,
          ...(person ? { person: person.id } : {}) };
        let saved;
        if (mode === 'apply') saved = await applyOnly(ruleset, { actionId: act.id, step });
        else if (!name) return { errors: { player: 'empty_player' } };
        else if (mode === 'record') {
          saved = await recordOnly(ruleset, { actionId: act.id, rulingId, values, records: inputs.records || null });
        }
        else saved = await applyAndRecord(ruleset, { actionId: act.id, rulingId, step, values });
        if (!saved.ok) return saved;
        const board = saved.board;
        const who = saved.incident?.playerId ?? person?.id ?? null;
        act.done = {
          mode, noIncident: !penalizing, repeated: Boolean(saved.repeated),
          before: board ? table : null, after: board ? namedTable({ status: 'ok', ...board }, ruleset, log) : null,
          player: name || (seated ? config.strings.winds[seat] : ''), personId: who,
          counted: Boolean(who) || mode === 'record', reveal: true, incidentId: saved.incident?.id ?? null,
        };
        act.id = actionId({ renew: true });
        ctx.refresh();
        return saved;
      };
      /** The person's record now and after this action, as the preview says it. */
      const recordChange = (inputs) => {
        if (!penalizing) return null;
        const seat = seatIndex(inputs.offender);
        const person = personFor(table, seat, inputs.player);
        const name = person?.name ?? inputs.player?.trim();
        if (!name) return null;
        const at = new Date(correctedNow());
        const session = sessionOf(inputs);
        const adding = { id: act.id, at: at.toISOString(), rulesetId: ruleset.id, rulingId, player: name,
          playerId: person?.id, session };
        const inPlay = ruleset.discipline?.in_play;
        const said = { inPlay: inPlay ? { id: inPlay, text: ruleset.readings[inPlay].reading } : null };
        if (!person) {
          // A name the roster does not know yet is a newcomer, who joins it with this action: an empty record so far.
          const who = { name };
          const before = recordFromIncidents({ ruleset, incidents: [], who, session, at });
          const after = recordFromIncidents({ ruleset, incidents: [adding], who, session, at });
          return { name, before, after, points: nextPointsOf(ruleset, rulingId, before), ...said };
        }
        const before = recordFor(person, at, session);
        const after = recordOf({ log, board, ruleset, personId: person.id, session, at, adding });
        return { name, before, after, points: nextPointsOf(ruleset, rulingId, before), ...said };
      };
      const actBlock = renderAct({
        config, ruleset,
        act: {
          status: log.status, tableStatus: board.status, table, fields: table ? formFields(ruleset, ruling, table) : [],
          numberAnswer, seatRecords, penalizes: penalizing, player: carried,
          players: roster.players.map((entry) => entry.player.name),
          context: {
            event: { id: roster.event.id, label: roster.event.name || config.strings.roster.local },
            session: context.session, table: context.table, sessions: roster.event.sessions ?? null,
            knownSessions: knownSessions(incidents, roster.event.id), now: new Date(correctedNow()),
          },
          done: act.done && { ...act.done, record: recordFor(personOf(log, act.done.personId)),
            sent: act.done.incidentId ? sentOf(data.sent, 'incident', incidentOf(act.done.incidentId)) : null },
        },
        on: {
          preview: (inputs) => {
            const seat = seatIndex(inputs.offender);
            const record = recordFor(personFor(table, seat, inputs.player), correctedNow(), sessionOf(inputs));
            const result = applyRuling(table, ruleset, rulingId, stepInputs(table, inputs, record));
            return result.errors ? { errors: result.errors } : { before: table, result };
          },
          recordChange,
          unrecorded: (inputs) => {
            const person = table && personFor(table, seatIndex(inputs.offender), inputs.player);
            return person ? unrecordedOf({ log, board, ruleset, personId: person.id, rulingId }) : [];
          },
          confirm: (inputs, mode) => {
            if (act.done) return Promise.resolve({ ok: true });  // a form still on screen from the action just saved
            act.saving ??= save(inputs, mode).finally(() => { act.saving = null; });
            return act.saving;
          },
          again: () => {
            act.done = null;
            ctx.refresh();
          },
        },
      });
      return {
        children: renderRuling({
          config, ruleset, rulingId, walked, answers, others, act: actBlock, favourite,
          notices: renderNotices(config, notices, { reload: ctx.reload }),
          counting: partMinuteRule(timeQuestionOf(ruleset, rulingId)?.time, roster.event.partMinute),
          shown: forPlayer(),
        }),
        title: ruling.title,
      };
    },
  };
}
