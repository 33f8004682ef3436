/**
 * What the log screen shows, worked out from the stored log: the filters (event, session, table, player) and their
 * choices, and one card per player and ruleset with what their next offence costs. Pure: no DOM, no storage.
 * Escalation is always counted from the whole log; the filters only choose what is shown.
 */
import { byTime } from './log-file.js';
import { knownSessions } from './log.js';
import { playerRecord } from './player-record.js';
import { normalizeName } from './names.js';
import { eventIdOf } from './storage/kinds/event.js';

export const NO_FILTER = Object.freeze({ event: '', session: '', table: '', player: '' });

/** The name a record's player goes by now: the roster's (after a rename), or the name it was typed with. */
function currentName(everyone, item) {
  return (item.playerId && everyone.find((player) => player.id === item.playerId)?.name) || item.player.trim();
}

/** Who an incident is about, for counting (player-record.js isAbout): its roster player, or its typed name in its event. */
export function personOf(item, everyone) {
  const eventId = eventIdOf(item);
  return item.playerId ? { playerId: item.playerId, name: currentName(everyone, item), eventId } : { name: item.player.trim(), eventId };
}

/** The player filter's value for an incident's person: the roster id, or the typed name within its event. */
export function personFilterKey(item) {
  return item.playerId ? `id:${item.playerId}` : `name:${eventIdOf(item)}:${normalizeName(item.player)}`;
}

/** The incidents the filters let through (an empty filter lets everything through). */
export function filterIncidents(incidents, filters = NO_FILTER) {
  return incidents.filter((item) => (!filters.event || eventIdOf(item) === filters.event)
    && (!filters.session || item.session === filters.session)
    && (!filters.table || item.table === filters.table)
    && (!filters.player || personFilterKey(item) === filters.player));
}

const byText = (a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * The choices of each filter: {events: [id], sessions: [label], tables: [label], players: [{key, name}]}. Sessions
 * are the chosen event's own list first (or every event's), then any other session its incidents were recorded in.
 */
export function filterChoices(incidents, events, everyone, filters = NO_FILTER) {
  const inEvent = filters.event ? incidents.filter((item) => eventIdOf(item) === filters.event) : incidents;
  const listed = events.filter((event) => !filters.event || event.id === filters.event).flatMap((event) => event.sessions ?? []);
  const sessions = [...new Set([...listed, ...knownSessions(inEvent)])];
  const tables = [...new Set(inEvent.map((item) => item.table).filter(Boolean))].sort(byText);
  const players = new Map();
  for (const item of inEvent) players.set(personFilterKey(item), currentName(everyone, item));
  return {
    events: [...new Set([...events.map((event) => event.id), ...incidents.map(eventIdOf)])],
    sessions,
    tables,
    players: [...players].map(([key, name]) => ({ key, name })).sort((a, b) => byText(a.name, b.name)),
  };
}

/**
 * One card per person and ruleset among the shown incidents, by name: {key, rulesetId, player, playerId, count,
 * points, session, found}, where found is the person's record (player-record.js, over the whole log, in the session
 * filtered on, else the person's latest; `today`: the moment it is read).
 */
export function playerCards(rulesets, incidents, shown, everyone, filters = NO_FILTER, today = undefined) {
  const groups = new Map();
  for (const item of [...shown].sort(byTime)) {
    const key = `${item.rulesetId}:${personFilterKey(item)}`;
    const who = personOf(item, everyone);
    if (!groups.has(key)) groups.set(key, { key, rulesetId: item.rulesetId, player: who.name, playerId: item.playerId ?? '', who, count: 0, points: 0, session: '' });
    const group = groups.get(key);
    group.count += 1;
    group.points += item.points || 0;
    group.session = filters.session || item.session;
  }
  return [...groups.values()].sort((a, b) => byText(a.player, b.player) || a.rulesetId.localeCompare(b.rulesetId)).map(({ who, ...group }) => {
    const ruleset = rulesets[group.rulesetId];
    const found = ruleset ? playerRecord({ ruleset, incidents, who, session: group.session, at: today }) : { incidents: group.count };
    return { ...group, found };
  });
}
