/**
 * The log screen's controller: one card per player with the next offence first, the incidents newest first, both
 * filtered by event, session, table and player; editors kept open across refreshes, import (error, plan, merge or
 * replace) and export.
 */
import { localDay } from '../discipline.js';
import { download } from '../dom.js';
import { escalation, knownSessions } from '../log.js';
import { filterChoices, filterIncidents, NO_FILTER, personOf, playerCards } from '../log-view.js';
import { personFor, rosterOf } from '../roster-data.js';
import { eventIdOf } from '../storage/kinds/event.js';
import { incidentsCsv } from '../csv-export.js';
import { byTime, parseExport, reconcileImport, toJson } from '../log-file.js';
import { askToKeepData, clearSetAside, exportAside, noticesFor, readHealth } from '../services/health.js';
import {
  deleteIncident, editIncident, mergeImport, planImport, readLog, replaceLog,
} from '../services/log.js';
import { readRoster } from '../services/roster.js';
import { renderNotices } from '../views/notices.js';
import { describeIncident, renderLog } from '../views/log.js';

export function createLogScreen(ctx, { rulesets }) {
  const { config } = ctx;
  const editors = new Map();  // incident id → the incident as it was when its editor opened (kept if deleted elsewhere)
  let importState = null;
  let importing = null;  // the incidents of the file being imported
  let importingRoster = null;  // its players and events
  let incidents = [];
  let roster = null;
  let filters = { ...NO_FILTER };
  const eventOf = (id) => roster.events.find((entry) => entry.event.id === id)?.event ?? { id };

  const show = (state) => {
    importState = state;
    ctx.refresh();
  };

  const on = {
    filter(name, value) {
      filters = { ...filters, [name]: value };
      if (name === 'event') filters = { ...filters, session: '', table: '', player: '' };  // another event's choices
      ctx.refresh();
    },
    clearFilters() {
      filters = { ...NO_FILTER };
      ctx.refresh();
    },
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
      const saved = await editIncident(editors.get(id), { ...values, lang: config.lang }, rev);
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
      const read = parseExport(text);
      const device = read.error ? null : await readRoster();
      const parsed = read.error ? read
        : reconcileImport(read, { players: device.everyone, events: device.events.map((entry) => entry.event) });
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
      const events = roster.events.map((entry) => entry.event);
      const editorOf = (incident, rev, problem) => {
        const event = eventOf(incident.eventId ?? 'local');
        return { values: incident, rev, players: known, problem, sessions: event.sessions ?? null,
          knownSessions: knownSessions(incidents, event.id) };
      };
      const shown = filterIncidents(incidents, filters);
      const entries = log.entries.filter(({ incident }) => shown.includes(incident)).map(({ incident, rev }) => ({
        incident, rev, name: personOf(incident, roster.everyone).name,
        editor: editors.has(incident.id) ? editorOf(incident, rev) : null,
      }));
      for (const [id, snapshot] of editors) {  // an incident deleted in another tab while being edited here
        if (!incidents.some((item) => item.id === id)) {
          entries.push({ incident: snapshot, rev: '', name: snapshot.player, deleted: true, editor: editorOf(snapshot, '', 'deleted') });
        }
      }
      entries.sort((a, b) => byTime(b.incident, a.incident));
      const view = {
        status: log.status, entries, total: incidents.length, filters, choices: filterChoices(incidents, events, roster.everyone, filters),
        events: roster.events, currentEvent: roster.event.id,
        cards: playerCards(rulesets, incidents, shown, roster.everyone, filters, localDay()), importState, health,
        notices: renderNotices(config, notices, { reload: ctx.reload }),
      };
      return { children: renderLog({ config, rulesets, view, on }), title: config.strings.log.title };
    },
  };
}
