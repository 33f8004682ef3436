/**
 * The phone's event and roster, parts of the event screen (screens/event-page.js): the current event and its
 * players, read from the tab's model and written through its actions; a player being renamed keeps its form open
 * across refreshes; each player's status is their record (the model's recordOf).
 */
import { eventFromForm } from '../logic/roster-data.js';
import {
  addEarlierSuspension, addPlayer, addPlayers, chooseCurrentEvent, correctedNow, createEvent, createSharedEvent,
  removeEarlierSuspension, removePlayer, renamePlayer, syncNow, updateEvent,
} from '../model/actions.js';
import { tablePart } from '../model/model.js';
import { recordOf, sentOf, today } from '../model/selectors.js';
import { renderNotices } from '../views/notices.js';
import { renderRoster } from '../views/roster.js';

/** The event form's field of each field the server names in a refusal of a new event. */
const FORM_FIELD = {
  name: 'name', ruleset_id: 'rulesetId', starts_on: 'start', ends_on: 'end', sessions: 'sessions',
  display_name: 'display_name',
};

/**
 * A new event shared as it is created: checked as the phone's own events are, then created on the server, this phone
 * its head referee (services/sync-link.js), and made the current event. A shared event has a ruleset and days (today
 * when none is given). Refusals come back at the form's fields, or for the whole form (`share`: offline…).
 */
async function createShared(config, values, rulesetIds) {
  const made = eventFromForm(values, {}, rulesetIds);
  const errors = { ...made.errors };
  if (!values.rulesetId) errors.rulesetId ??= 'unknown_ruleset';
  if (!values.display_name?.trim()) errors.display_name = 'empty_name';
  if (Object.keys(errors).length) return { errors };
  const { event } = made;
  const start = event.dates?.start ?? today(new Date(correctedNow()));
  const created = await createSharedEvent(config, {
    name: event.name, ruleset_id: event.rulesetId, starts_on: start, ends_on: event.dates?.end ?? start,
    sessions: event.sessions ?? [], display_name: values.display_name.trim(),
  }, { keep: event.partMinute ? { partMinute: event.partMinute } : {} });
  if (created.ok) return created;
  if (created.errors) {
    return { errors: Object.fromEntries(Object.entries(created.errors)
      .map(([path, code]) => [FORM_FIELD[path.replace(/\[\d+\]$/, '')] ?? 'share', code])) };
  }
  return { errors: { share: created.problem ?? created.error ?? 'invalid' } };
}

/** shared(): told when a new event was shared as it was created (the event screen brings its invitations into view). */
export function createRosterScreen(ctx, { rulesets, shared = () => {} }) {
  const { config } = ctx;
  const kept = ctx.restored?.() ?? {};  // the forms open before a reload into an update
  const renaming = new Set(kept.renaming ?? []);  // ids of the players whose rename form is open
  const suspending = new Set(kept.suspending ?? []);  // ids of the players whose earlier-suspension form is open
  let roster = null;
  // What the referee's last action came to, said until the next one (a drawing of the screen for a change made
  // elsewhere keeps it): the player just added or renamed (with whether the server has them), a write the device
  // refused, what the pasted list added and skipped.
  let added = null;
  let renamed = null;
  let eventSaved = null;  // the event form just saved: 'event-edit' or 'event-new'
  let problem = null;
  let pasted = null;
  const said = () => {
    added = null;
    renamed = null;
    eventSaved = null;
    problem = null;
    pasted = null;
  };
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

  const actions = {
    async chooseEvent(id) {
      const chosen = await chooseCurrentEvent(id);
      problem = chosen.error ?? null;
      ctx.refresh();
    },
    saveEvent: async (values, rev) => after(await updateEvent(roster.event, values, rev, rulesetIds), () => {
      eventSaved = 'event-edit';
    }),
    async createEvent(values) {
      if (values.share !== 'on') {
        return after(await createEvent(values, rulesetIds), () => {
          eventSaved = 'event-new';
        });
      }
      return after(await createShared(config, values, rulesetIds), () => {
        shared();
        syncNow(config);
      });
    },
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
      await renamePlayer(player(id), values, rev || revOf(id)), () => {
        renaming.delete(id);
        renamed = id;
      }),
    openSuspension(id) {
      suspending.add(id);
      ctx.refresh();
    },
    closeSuspension(id) {
      suspending.delete(id);
      ctx.refresh();
    },
    addSuspension: async (id, values) => after(
      await addEarlierSuspension(id, values, today(new Date(correctedNow()))), () => suspending.delete(id)),
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
  // Each action of the referee starts with nothing said from the one before.
  const on = Object.fromEntries(Object.entries(actions).map(([name, action]) => [name, (...args) => {
    said();
    return action(...args);
  }]));

  return {
    /** The parts of the model this part shows (`sent`: whether a player just saved reached the server). */
    parts: ['log', 'roster', 'settings', 'sent', ...rulesets.map((ruleset) => tablePart(ruleset.id))],
    /** The rename forms open now, kept across a reload into an update. */
    keep: () => (renaming.size || suspending.size ? { renaming: [...renaming], suspending: [...suspending] } : null),
    /**
     * The phone's event and roster parts of the event screen, with their notices and the event itself; shareable: a
     * new event may be shared as it is created.
     */
    async render({ shareable = false } = {}) {
      const model = await ctx.model();
      const loaded = await model.load(this.parts);
      const { log, settings: { settings }, sent } = loaded;
      const sentNow = (id) => ({ sent: sentOf(sent, 'player', roster.all.find((item) => item.id === id)) });
      roster = loaded.roster;
      // Each player's status from their record (the one the log and table show): under the event's ruleset, else
      // under each ruleset they have incidents in, the gravest one shown.
      const at = new Date(correctedNow());
      const grave = { ok: 0, suspended: 1, banned: 2 };
      const session = settings.context?.session ?? '';
      const inRulesets = new Map();  // player id → the rulesets of their incidents
      for (const { incident } of log.entries) {
        if (!incident.playerId) continue;
        if (!inRulesets.has(incident.playerId)) inRulesets.set(incident.playerId, new Set());
        inRulesets.get(incident.playerId).add(incident.rulesetId);
      }
      // A player with suspensions from before is counted under each ruleset that bans after suspensions too.
      const banning = rulesets.filter((item) => item.discipline).map((item) => item.id);
      const recordFor = (player) => {
        const ids = roster.event.rulesetId ? [roster.event.rulesetId]
          : [...new Set([...(inRulesets.get(player.id) ?? []), ...(player.suspensions?.length ? banning : [])])];
        const records = ids.map((id) => rulesets.find((item) => item.id === id)).filter(Boolean)
          .map((ruleset) => recordOf({
            log, board: loaded[tablePart(ruleset.id)], ruleset, personId: player.id, session, at })).filter(Boolean);
        return records.sort((a, b) => grave[b.status.state] - grave[a.status.state])[0] ?? null;
      };
      const notices = await model.notices([{ kind: 'player' }, { kind: 'event' }, { kind: 'settings' }],
        [{ kind: 'player', status: roster.status }, { kind: 'player', status: 'newer', count: roster.newer.length },
          { kind: 'event', status: roster.eventStatus }, { kind: 'event', status: 'newer', count: roster.newerEvents.length }]);
      const view = {
        event: roster.event,
        eventRev: roster.events.find((entry) => entry.event.id === roster.event.id)?.rev ?? '',
        events: roster.events,
        defaultRuleset: roster.event.rulesetId ?? settings.ruleset,
        players: roster.players.map((entry) => ({
          ...entry, editing: renaming.has(entry.player.id), suspending: suspending.has(entry.player.id),
          record: recordFor(entry.player), renamed: renamed === entry.player.id ? sentNow(renamed) : null })),
        discipline: (roster.event.rulesetId ? rulesets.filter((item) => item.id === roster.event.rulesetId) : rulesets)
          .some((ruleset) => ruleset.discipline),
        added: added && { id: added, ...sentNow(added) }, eventSaved, shareable, problem, pasted,
      };
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
