/**
 * The ruling screen's controller: the card, "Apply to scores" (preview on the current table, the step added on
 * confirmation) and "Record in the log" (escalation from the log, the incident saved with the referee's context).
 */
import { applyRuling, formFields, inputFields, seatIndex } from '../calculator.js';
import { localDay } from '../discipline.js';
import { escalation, knownSessions, nextPoints } from '../log.js';
import { personFor } from '../roster-data.js';
import { noticesFor } from '../services/health.js';
import { recordIncident, readLog } from '../services/log.js';
import { readRoster } from '../services/roster.js';
import { readSettings } from '../services/settings.js';
import { addRecent, readShortcuts, toggleFavourite } from '../services/shortcuts.js';
import { addStep, currentTable, readBoard } from '../services/table.js';
import { renderApply } from '../views/apply.js';
import { renderNotices } from '../views/notices.js';
import { prefillRecord, renderRecord } from '../views/record.js';
import { renderRuling } from '../views/ruling.js';
import { favouriteButton } from '../views/shortcuts.js';

export function createRulingScreen(ctx, { ruleset, rulingId, walked, answers, others, extra = [] }) {
  const { config } = ctx;
  const ruling = ruleset.rulings[rulingId];
  const numberAnswer = walked?.trail.filter((step) => ruleset.incidents[step.id].number).pop()?.value;
  const recordedHere = new Set();  // incidents recorded on this screen (not counted again when the ruling is applied)
  // The ruling joins the recent ones once, when it is opened (not at each refresh); a failed write costs nothing here.
  const seen = addRecent(ruleset.id, rulingId).catch((error) => console.error('shortcuts', error));
  return {
    live: true,
    async render() {
      await seen;
      const [board, log, { status, settings }, roster, marks] = await Promise.all(
        [readBoard(ruleset), readLog(), readSettings(), readRoster(), readShortcuts()]);
      const notices = await noticesFor(
        [{ kind: 'settings' }, { kind: 'table', id: ruleset.id }, { kind: 'incident' }, { kind: 'player' }, { kind: 'event' },
          { kind: 'shortcuts' }],
        [{ kind: 'settings', status }, { kind: 'table', status: board.status }, { kind: 'incident', status: log.status },
          { kind: 'incident', status: 'newer', count: log.newer.length },
          { kind: 'player', status: 'newer', count: roster.newer.length }, { kind: 'event', status: 'newer', count: roster.newerEvents.length },
          { kind: 'shortcuts', status: marks.status }],
        { extra });
      const favourite = marks.status === 'ok' ? favouriteButton(config,
        marks.shortcuts.favourites.some((entry) => entry.rulesetId === ruleset.id && entry.rulingId === rulingId),
        { toggle: () => toggleFavourite(ruleset.id, rulingId) }) : null;
      let history = board.history;
      let table = board.status === 'ok' ? currentTable(ruleset, history) : null;
      let incidents = log.entries.map((entry) => entry.incident);

      const record = renderRecord({
        config,
        record: {
          status: log.status, values: settings.context, players: roster.players.map((entry) => entry.player.name),
          sessions: roster.event.sessions ?? null, knownSessions: knownSessions(incidents, roster.event.id),
          event: { id: roster.event.id, label: roster.event.name || config.strings.roster.local },
        },
        on: {
          escalation: ({ player, session }) => {
            const found = escalation({ incidents }, ruleset, personFor(roster.all, player, roster.event.id), session, localDay());
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
      // The offender's counts come from the log (one record with the table's marks), for a seat that names a player;
      // an incident recorded on this screen for this same offence is not counted twice.
      const countsFor = (inputs) => {
        const seat = table?.seats[seatIndex(inputs.offender)];
        const asks = inputFields(ruleset, ruling).some((field) => field.kind === 'counts');
        if (!asks || !seat || (!seat.name && !seat.playerId)) return inputs;
        const who = personFor(roster.all, seat.name, roster.event.id, seat.playerId || '');
        const earlier = incidents.filter((incident) => !recordedHere.has(incident.id));
        const logged = escalation({ incidents: earlier }, ruleset, who, settings.context.session, localDay()).counts;
        // Offences applied at the table but not recorded in the log still count, none of them twice.
        const counts = { session: Math.max(logged.session, seat.offences), carried: Math.max(logged.carried, seat.carriedOffences),
          strikes: Math.max(logged.strikes, seat.strikes) };
        return { ...inputs, counts };
      };
      const apply = renderApply({
        config, ruleset,
        apply: { status: board.status, table, fields: formFields(ruleset, ruling), numberAnswer },
        on: {
          preview: (inputs) => {
            const result = applyRuling(table, ruleset, rulingId, countsFor(inputs));
            return result.errors ? { errors: result.errors } : { before: table, result };
          },
          confirm: async (inputs) => {
            const saved = await addStep(ruleset, { kind: 'ruling', rulingId, inputs: countsFor(inputs) });
            if (saved.ok) {
              history = saved.history;
              table = currentTable(ruleset, history);
            }
            return saved;
          },
          record: (values) => prefillRecord(record, values),
        },
      });
      return {
        children: renderRuling({
          config, ruleset, rulingId, walked, answers, others, apply, record, favourite,
          notices: renderNotices(config, notices, { reload: ctx.reload }),
        }),
        title: ruling.title,
      };
    },
  };
}
