/**
 * The ruling screen's controller: the card, "Apply to scores" (preview on the current table, the step added on
 * confirmation) and "Record in the log" (escalation from the log, the incident saved with the referee's context).
 */
import { applyRuling, formFields, inputFields, seatIndex } from '../logic/calculator.js';
import { penalizes } from '../logic/engine.js';
import { partMinuteRule, timeQuestionOf } from '../logic/lateness.js';
import { knownSessions } from '../logic/log.js';
import { playerViewUrl, rulingUrl } from '../logic/urls.js';
import { appliedBySeat, nextPoints, playerRecord } from '../logic/player-record.js';
import { personFor } from '../logic/roster-data.js';
import { applyAndRecord } from '../services/action.js';
import { noticesFor } from '../services/health.js';
import { recordIncident, recordIncidentOnce, readLog } from '../services/log.js';
import { correctedNow } from '../services/server-clock.js';
import { readRoster } from '../services/roster.js';
import { readSettings } from '../services/settings.js';
import { addRecent, readShortcuts, toggleFavourite } from '../services/shortcuts.js';
import { addStep, addStepOnce, readHistory } from '../services/table.js';
import { concerns } from '../storage/changes.js';
import { currentTable, replayHistory } from '../logic/table-history.js';
import { renderAct } from '../views/act.js';
import { renderApply } from '../views/apply.js';
import { renderNotices } from '../views/notices.js';
import { prefillRecord, renderRecord } from '../views/record.js';
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
  const forPlayer = {  // a shared link opens the player's view; this phone's leads back here
    shared: playerViewUrl(rulingUrl(config.lang, ruleset.id, rulingId)),
    here: playerViewUrl(window.location.pathname, here),
  };
  const numberAnswer = walked?.trail.filter((step) => ruleset.incidents[step.id].number).pop()?.value;
  const recordedHere = new Set();  // incidents recorded on this screen (not counted again when the ruling is applied)
  // The ruling joins the recent ones once, when it is opened (not at each refresh); a failed write costs nothing here.
  const act = { id: actionId(), done: null, saving: null };  // the one action under the summary
  const seen = addRecent(ruleset.id, rulingId).catch((error) => console.error('shortcuts', error));
  // The stored data this screen shows: another tab's change to anything else leaves it as it is.
  const shown = [{ kind: 'settings' }, { kind: 'table', id: ruleset.id }, { kind: 'incident' }, { kind: 'player' },
    { kind: 'event' }, { kind: 'shortcuts' }];
  return {
    live: true,
    changed: (message) => message.quarantine || shown.some((item) => concerns(message, item)),
    async render() {
      await seen;
      const [board, log, { status, settings }, roster, marks] = await Promise.all(
        [readHistory(ruleset), readLog(), readSettings(), readRoster(), readShortcuts()]);
      const notices = await noticesFor(shown,
        [{ kind: 'settings', status }, { kind: 'table', status: board.status }, { kind: 'incident', status: log.status },
          { kind: 'incident', status: 'newer', count: log.newer.length },
          { kind: 'player', status: 'newer', count: roster.newer.length }, { kind: 'event', status: 'newer', count: roster.newerEvents.length },
          { kind: 'shortcuts', status: marks.status }],
        { extra });
      const favourite = marks.status === 'ok' ? favouriteButton(config,
        marks.shortcuts.favourites.some((entry) => entry.rulesetId === ruleset.id && entry.rulingId === rulingId),
        { toggle: () => toggleFavourite(ruleset.id, rulingId) }) : null;
      let history = board.history;
      let table = board.status === 'ok' ? currentTable(history, ruleset) : null;
      let incidents = log.entries.map((entry) => entry.incident);

      const record = renderRecord({
        config,
        record: {
          status: log.status, values: carried ? { ...settings.context, player: carried } : settings.context,
          players: roster.players.map((entry) => entry.player.name),
          sessions: roster.event.sessions ?? null, knownSessions: knownSessions(incidents, roster.event.id),
          event: { id: roster.event.id, label: roster.event.name || config.strings.roster.local },
        },
        on: {
          recordOf: ({ player, session }) => {
            const found = playerRecord({
              ruleset, incidents, who: personFor(roster.all, player, roster.event.id), session, at: correctedNow() });
            return { ...found, points: nextPoints(ruleset, rulingId, found) };
          },
          save: async (values) => {
            const saved = await recordIncident({ ...values, lang: config.lang }, { rulesetId: ruleset.id, rulingId });
            if (saved.ok) {
              incidents = [...incidents, saved.incident];
              recordedHere.add(saved.incident.id);
            }
            return saved;
          },
        },
      });
      // The offender's record (player-record.js): the log's incidents of the player at that seat with the rulings
      // applied at this table and not logged; an incident recorded on this screen for this same offence is not
      // counted twice.
      let replayedFor = null;  // the applied rulings by seat, worked out once per history
      const appliedAt = (index) => {
        if (replayedFor?.history !== history) {
          replayedFor = { history, seats: appliedBySeat(replayHistory(history, ruleset), seatIndex) };
        }
        return replayedFor.seats[index];
      };
      const recordAt = (offender) => {
        const index = seatIndex(offender);
        const seat = table?.seats[index];
        if (!seat) return null;
        const named = Boolean(seat.name || seat.playerId);
        const who = named ? personFor(roster.all, seat.name, roster.event.id, seat.playerId || '') : '';
        const earlier = named ? incidents.filter((incident) => !recordedHere.has(incident.id)) : [];
        return playerRecord({ ruleset, incidents: earlier, applied: appliedAt(index), who,
          session: settings.context.session, at: correctedNow() });
      };
      const countsFor = (inputs) => {
        const asks = inputFields(ruleset, ruling).some((field) => field.kind === 'counts');
        const found = asks ? recordAt(inputs.offender) : null;
        return found ? { ...inputs, counts: found.calculator } : inputs;
      };
      const seatRecords = table ? table.seats.map((seat, index) => recordAt(index)) : [];
      const apply = renderApply({
        config, ruleset,
        apply: { status: board.status, table, fields: formFields(ruleset, ruling, table), numberAnswer, seatRecords },
        on: {
          preview: (inputs) => {
            const result = applyRuling(table, ruleset, rulingId, countsFor(inputs));
            return result.errors ? { errors: result.errors } : { before: table, result };
          },
          confirm: async (inputs) => {
            const saved = await addStep(ruleset, { kind: 'ruling', rulingId, inputs: countsFor(inputs) });
            if (saved.ok) {
              history = saved.history;
              table = currentTable(history, ruleset);
            }
            return saved;
          },
          record: (values) => prefillRecord(record, values),
        },
      });
      // The player's record now, as every screen reads it (player-record.js): the log's incidents and the rulings
      // applied at this table and not logged, each counted once.
      const recordOf = (done) => {
        if (!done?.who) return null;
        const applied = done.seat === null || !history
          ? []
          : appliedBySeat(replayHistory(history, ruleset), seatIndex)[done.seat];
        return playerRecord({
          ruleset, incidents, applied, who: done.who, session: settings.context.session, at: correctedNow() });
      };
      /** Apply and record (mode 'both'), or one of them; the same action id makes a second save a no-op. A ruling that
       * penalizes nobody is applied only: the log records no incident against the player named. */
      const penalizing = penalizes(ruleset, ruling);
      const save = async (inputs, chosen) => {
        const mode = penalizing ? chosen : 'apply';
        const seat = seatIndex(inputs.offender);
        const seated = seat === null ? null : table.seats[seat];
        const asked = new Set(inputFields(ruleset, ruling).map((field) => field.name));
        const { player: typed, ...ruled } = inputs;
        if (!asked.has('offender')) delete ruled.offender;
        const stepInputs = countsFor(ruled);
        const previewed = applyRuling(table, ruleset, rulingId, stepInputs);
        const name = seated?.name || typed.trim() || (seat === null ? '' : config.strings.winds[seat]);
        const values = {
          ...settings.context, player: name, playerId: seated?.name ? seated.playerId || undefined : undefined,
          seat, points: previewed.penalty ? String(previewed.penalty) : '' };
        const step = { kind: 'ruling', rulingId, inputs: stepInputs, action: act.id };
        let saved;
        if (mode === 'apply') saved = await addStepOnce(ruleset, step);
        else if (mode === 'record') saved = await recordIncidentOnce(values, { rulesetId: ruleset.id, rulingId, id: act.id });
        else saved = await applyAndRecord(ruleset, { actionId: act.id, rulingId, step, values });
        if (!saved.ok) return saved;
        if (saved.incident) recordedHere.add(saved.incident.id);
        const board = saved.board ?? (saved.history ? saved : null);
        act.done = {
          mode, noIncident: !penalizing, repeated: Boolean(saved.repeated) || (mode === 'apply' && !board),
          before: board && mode !== 'record' ? table : null,
          after: board && mode !== 'record' ? currentTable(board.history, ruleset) : null,
          player: name, seat, who: name ? personFor(roster.all, name, roster.event.id, saved.incident?.playerId || seated?.playerId || '') : null,
          reveal: true,
        };
        act.id = actionId({ renew: true });
        ctx.refresh();
        return saved;
      };
      const actBlock = renderAct({
        config, ruleset,
        act: {
          status: board.status !== 'ok' ? board.status : log.status, table, fields: formFields(ruleset, ruling, table), numberAnswer, seatRecords,
          penalizes: penalizing, player: carried,
          context: {
            event: roster.event.name || config.strings.roster.local, session: settings.context.session,
            table: settings.context.table,
          },
          done: act.done && { ...act.done, record: recordOf(act.done) },
        },
        on: {
          preview: (inputs) => {
            const { player, ...ruled } = inputs;
            const result = applyRuling(table, ruleset, rulingId, countsFor(ruled));
            return result.errors ? { errors: result.errors } : { before: table, result };
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
      if (act.done) act.done.reveal = false;  // brought into view once
      return {
        children: renderRuling({
          config, ruleset, rulingId, walked, answers, others, act: actBlock, apply, record, favourite,
          notices: renderNotices(config, notices, { reload: ctx.reload }),
          counting: partMinuteRule(timeQuestionOf(ruleset, rulingId)?.time, roster.event.partMinute), shown: forPlayer,
        }),
        title: ruling.title,
      };
    },
  };
}
