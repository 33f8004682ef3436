/**
 * The phone's event and roster, parts of the event screen (screens/event-page.js): the current event and its
 * players, through services/events.js and services/roster.js; a player being renamed keeps its form open across
 * refreshes; each player's status is their record.
 */
import { chooseCurrentEvent, createEvent, updateEvent } from '../services/events.js';
import { noticesFor } from '../services/health.js';
import { isAbout, localDay, playerRecord } from '../logic/player-record.js';
import { personOfPlayer } from '../logic/roster-data.js';
import { readLog } from '../services/log.js';
import { correctedNow } from '../services/server-clock.js';
import {
  addEarlierSuspension, addPlayer, addPlayers, readRoster, removeEarlierSuspension, removePlayer, renamePlayer,
} from '../services/roster.js';
import { readSettings } from '../services/settings.js';
import { renderNotices } from '../views/notices.js';
import { renderRoster } from '../views/roster.js';

export function createRosterScreen(ctx, { rulesets }) {
  const { config } = ctx;
  const renaming = new Set();  // ids of the players whose rename form is open
  const suspending = new Set();  // ids of the players whose earlier-suspension form is open
  let roster = null;
  let added = null;  // the player just added, said once
  let problem = null;  // a write the device refused, said once
  let pasted = null;  // what the pasted list added and skipped, said once
  const rulesetIds = rulesets.map((ruleset) => ruleset.id);
  const after = (result, then = () => {}) => {
    if (result.ok) {
      then(result);
      ctx.refresh();
    }
    return result;
  };
  const player = (id) => roster.all.find((item) => item.id === id);
  const revOf = (id) => roster.players.find((entry) => entry.player.id === id)?.rev ?? '';

  const on = {
    async chooseEvent(id) {
      const chosen = await chooseCurrentEvent(id);
      problem = chosen.error ?? null;
      ctx.refresh();
    },
    saveEvent: async (values, rev) => after(await updateEvent(roster.event, values, rev, rulesetIds)),
    createEvent: async (values) => after(await createEvent(values, rulesetIds)),
    addPlayer: async (values) => after(await addPlayer(roster.event.id, values), (result) => {
      added = result.player.id;
    }),
    async addPlayers(raw) {
      const result = await addPlayers(roster.event.id, raw);
      pasted = result.ok ? { added: result.added, skipped: result.skipped } : null;
      problem = result.error ?? null;
      ctx.refresh();
      return result;
    },
    openRename(id) {
      renaming.add(id);
      ctx.refresh();
    },
    closeRename(id) {
      renaming.delete(id);
      ctx.refresh();
    },
    renamePlayer: async (id, values, rev) => after(
      await renamePlayer(player(id), values, rev || revOf(id)), () => renaming.delete(id)),
    openSuspension(id) {
      suspending.add(id);
      ctx.refresh();
    },
    closeSuspension(id) {
      suspending.delete(id);
      ctx.refresh();
    },
    addSuspension: async (id, values) => after(
      await addEarlierSuspension(id, values, localDay()), () => suspending.delete(id)),
    async removeSuspension(id, start) {
      const removed = await removeEarlierSuspension(id, start);
      problem = removed.error ?? null;
      ctx.refresh();
    },
    async removePlayer(id, rev) {
      const removed = await removePlayer(id, rev);
      problem = removed.error ?? (removed.conflict ? 'conflict' : null);
      renaming.delete(id);
      ctx.refresh();
    },
  };

  return {
    /** The phone's event and roster parts of the event screen, with their notices and the event itself. */
    async render() {
      roster = await readRoster();
      const [{ settings }, log] = await Promise.all([readSettings(), readLog()]);
      // Each player's status from their record (the one the log and table show): under the event's ruleset, else
      // under each ruleset they have incidents in, the gravest one shown.
      const incidents = log.entries.map((entry) => entry.incident);
      const at = correctedNow();
      const grave = { ok: 0, suspended: 1, banned: 2 };
      const recordOf = (player) => {
        const who = personOfPlayer(player, roster.event.id);
        // (and, for a player with suspensions from before, under each ruleset that bans after suspensions)
        const banning = who.suspensions ? rulesets.filter((item) => item.discipline).map((item) => item.id) : [];
        const ids = roster.event.rulesetId ? [roster.event.rulesetId]
          : [...new Set([...incidents.filter((item) => isAbout(item, who)).map((item) => item.rulesetId), ...banning])];
        const records = ids.map((id) => rulesets.find((item) => item.id === id)).filter(Boolean)
          .map((ruleset) => playerRecord({ ruleset, incidents, who, session: settings.context.session, at }));
        return records.sort((a, b) => grave[b.status.state] - grave[a.status.state])[0] ?? null;
      };
      const notices = await noticesFor([{ kind: 'player' }, { kind: 'event' }, { kind: 'settings' }],
        [{ kind: 'player', status: roster.status }, { kind: 'player', status: 'newer', count: roster.newer.length },
          { kind: 'event', status: roster.eventStatus }, { kind: 'event', status: 'newer', count: roster.newerEvents.length }]);
      const view = {
        event: roster.event,
        eventRev: roster.events.find((entry) => entry.event.id === roster.event.id)?.rev ?? '',
        events: roster.events,
        defaultRuleset: roster.event.rulesetId ?? settings.ruleset,
        players: roster.players.map((entry) => ({
          ...entry, editing: renaming.has(entry.player.id), suspending: suspending.has(entry.player.id),
          record: recordOf(entry.player) })),
        discipline: (roster.event.rulesetId ? rulesets.filter((item) => item.id === roster.event.rulesetId) : rulesets)
          .some((ruleset) => ruleset.discipline),
        added, problem, pasted,
      };
      added = null;
      problem = null;
      pasted = null;
      return {
        parts: renderRoster({
          config,
          rulesets: rulesets.map((ruleset) => ({ id: ruleset.id, name: ruleset.short_name || ruleset.name })),
          view, on,
        }),
        notices: renderNotices(config, notices, { reload: ctx.reload }),
        event: roster.event,
      };
    },
  };
}
