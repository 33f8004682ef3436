/**
 * The log screen's controller: incidents newest first, the summary per player with escalation, editors kept open
 * across refreshes, import (error, plan, merge or replace) and export.
 */
import { localDay } from '../discipline.js';
import { download } from '../dom.js';
import { escalation, personKey } from '../log.js';
import { personFor, rosterOf } from '../roster-data.js';
import { eventIdOf } from '../storage/kinds/event.js';
import { incidentsCsv } from '../csv-export.js';
import { byTime, parseExport, toJson } from '../log-file.js';
import { askToKeepData, clearSetAside, exportAside, noticesFor, readHealth } from '../services/health.js';
import {
  deleteIncident, editIncident, mergeImport, planImport, readLog, replaceLog,
} from '../services/log.js';
import { playerName, readRoster } from '../services/roster.js';
import { renderNotices } from '../views/notices.js';
import { describeIncident, renderLog } from '../views/log.js';

/** Who an incident is about, for counting: its roster player (current name), or its typed name in its event. */
function personOf(item, everyone) {
  const eventId = eventIdOf(item);
  return item.playerId ? { playerId: item.playerId, name: playerName(everyone, item.playerId, item.player), eventId }
    : { name: item.player.trim(), eventId };
}

/** One row per person and ruleset: count, points, and what the next offence costs. */
function summaryRows(rulesets, incidents, everyone) {
  const groups = new Map();
  for (const item of [...incidents].sort(byTime)) {
    const key = `${item.rulesetId}\u0000${personKey(item)}\u0000${item.playerId ? '' : eventIdOf(item)}`;
    const who = personOf(item, everyone);
    if (!groups.has(key)) groups.set(key, { rulesetId: item.rulesetId, player: who.name, who, count: 0, points: 0, session: item.session });
    const group = groups.get(key);
    group.count += 1;
    group.points += item.points || 0;
    group.session = item.session;
  }
  return [...groups.values()].sort((a, b) => a.player.localeCompare(b.player)).map((group) => {
    const ruleset = rulesets[group.rulesetId];
    const found = ruleset ? escalation({ incidents }, ruleset, group.who, group.session, localDay()) : { incidents: group.count };
    return { ...group, found };
  });
}

export function createLogScreen(ctx, { rulesets }) {
  const { config } = ctx;
  const editors = new Map();  // incident id → the incident as it was when its editor opened (kept if deleted elsewhere)
  let importState = null;
  let importing = null;  // the incidents of the file being imported
  let importingRoster = null;  // its players and events
  let incidents = [];
  let roster = null;
  const eventOf = (id) => roster.events.find((entry) => entry.event.id === id)?.event ?? { id };

  const show = (state) => {
    importState = state;
    ctx.refresh();
  };

  const on = {
    openEditor(id) {
      editors.set(id, incidents.find((item) => item.id === id));
      ctx.refresh();
    },
    closeEditor(id) {
      editors.delete(id);
      ctx.refresh();
    },
    escalation(rulesetId, { player, session }, eventId) {
      const ruleset = rulesets[rulesetId];
      return ruleset ? escalation({ incidents }, ruleset, personFor(rosterOf(roster.everyone, eventOf(eventId), roster.events.map((entry) => entry.event)), player, eventId), session, localDay()) : null;
    },
    async saveEdit(id, values, rev) {
      const saved = await editIncident(editors.get(id), values, rev);
      if (saved.ok) {
        editors.delete(id);
        ctx.refresh();
      }
      return saved;
    },
    async remove(id, rev) {
      const removed = await deleteIncident(id, rev);
      if (removed.ok) ctx.refresh();
      return removed;
    },
    exportJson: () => {
      const named = new Set(incidents.map((item) => item.playerId).filter(Boolean));
      const players = roster.everyone.filter((player) => named.has(player.id));
      const used = new Set([...incidents.map(eventIdOf), ...players.map(eventIdOf)]);
      const events = roster.events.filter((entry) => used.has(entry.event.id) && entry.rev !== '').map((entry) => entry.event);
      download('incidents.json', 'application/json', toJson(incidents, { players, events }));
    },
    exportCsv: () => download('incidents.csv', 'text/csv', incidentsCsv(incidents, {
      locale: config.lang, headers: config.strings.csv.headers, winds: config.strings.winds,
      describe: (item) => {
        const { ruleset, penalty, title, section } = describeIncident(rulesets, item);
        return { ruleset: ruleset?.short_name || ruleset?.name, penalty, title, section };
      },
    })),
    async importFile(text) {
      const parsed = parseExport(text);
      if (parsed.error) {
        show({ error: parsed.error, path: parsed.path });
        return;
      }
      importing = parsed.incidents;
      importingRoster = { players: parsed.players, events: parsed.events };
      const plan = await planImport(importing);
      if (plan.empty) show(await mergeImport(plan, [], importingRoster));  // nothing to merge with: the file is the log
      else show({ plan });
    },
    async merge(take) {
      const merged = await mergeImport(importState.plan, take, importingRoster);
      // The log changed since the plan was made (another tab): plan again and show it for a new choice.
      show(merged.changed ? { plan: await planImport(importing) } : merged);
    },
    async replace() {
      show(await replaceLog(importing, importingRoster));
    },
    cancelImport: () => show(null),
    exportQuarantine: async () => download('set-aside.json', 'application/json', await exportAside()),
    async clearQuarantine() {
      await clearSetAside();
      ctx.refresh();
    },
    async persist() {
      await askToKeepData();
      ctx.refresh();
    },
  };

  return {
    live: true,
    async render() {
      const log = await readLog();  // first: reading sets aside what is damaged, which the data section then lists
      roster = await readRoster();
      const health = await readHealth();
      const notices = await noticesFor([{ kind: 'incident' }, { kind: 'settings' }, { kind: 'table' }, { kind: 'player' }, { kind: 'event' },
        { kind: 'shortcuts' }, { kind: 'clock' }],
        [{ kind: 'incident', status: log.status }, ...health.newer]);
      incidents = log.entries.map((entry) => entry.incident);
      const known = roster.players.map((entry) => entry.player.name);
      const entries = log.entries.map(({ incident, rev }) => ({
        incident, rev,
        editor: editors.has(incident.id) ? { values: incident, rev, players: known } : null,
      }));
      for (const [id, snapshot] of editors) {  // an incident deleted in another tab while being edited here
        if (!incidents.some((item) => item.id === id)) {
          entries.push({ incident: snapshot, rev: '', deleted: true, editor: { values: snapshot, rev: '', players: known, problem: 'deleted' } });
        }
      }
      entries.sort((a, b) => byTime(b.incident, a.incident));
      const view = {
        entries, summary: summaryRows(rulesets, incidents, roster.everyone), importState, health,
        notices: renderNotices(config, notices, { reload: ctx.reload }),
      };
      return { children: renderLog({ config, rulesets, view, on }), title: config.strings.log.title };
    },
  };
}
