/**
 * What the log screen shows, worked out from the stored log: the filters (event, session, table, player) and their
 * choices, and one card per player and ruleset (its record, the model's selectors.js). Pure: no DOM, no storage.
 * Escalation is always counted from the whole log; the filters only choose what is shown.
 */
import { knownSessions } from './log.js';
import { normalizeName } from './names.js';
import { eventIdOf } from './records/event.js';

export const NO_FILTER = Object.freeze({ event: '', session: '', table: '', player: '' });

/** Roster players by id (given a Map, it is used as it is): looked up once per incident, never searched. */
export function playersById(everyone) {
  return everyone instanceof Map ? everyone : new Map(everyone.map((player) => [player.id, player]));
}

/** The name a record's player goes by now: the roster's (after a rename), or the name it was typed with. */
function currentName(players, item) {
  return (item.playerId && players.get(item.playerId)?.name) || item.player.trim();
}

/** Who an incident is about, for counting (player-record.js isAbout): its roster player, or its typed name in its
 * event. everyone: the roster players, as a list or as playersById's Map (the Map when called for many incidents). */
export function personOf(item, everyone) {
  const eventId = eventIdOf(item);
  if (!item.playerId) return { name: item.player.trim(), eventId };
  const players = playersById(everyone);
  const suspensions = players.get(item.playerId)?.suspensions;  // given outside the log: they count towards a ban
  const person = { playerId: item.playerId, name: currentName(players, item), eventId };
  return suspensions?.length ? { ...person, suspensions } : person;
}

const typedKey = (eventId, name) => `${eventId}:${normalizeName(name)}`;

/**
 * Each person's incidents, built once per read of the log, so a card's escalation counts from that person's few
 * incidents instead of searching the whole log: {byPlayerId: Map id → [incident], byTypedName: Map → [incident]}.
 */
export function personIndex(incidents) {
  const byPlayerId = new Map();
  const byTypedName = new Map();
  for (const item of incidents) {
    const [map, key] = item.playerId
      ? [byPlayerId, item.playerId]
      : [byTypedName, typedKey(eventIdOf(item), item.player)];
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(item);
  }
  return { byPlayerId, byTypedName };
}

/** Every incident that may be about this person (player-record.js isAbout picks among them): their roster id's, and
 * the ones typed under their name in their event. */
export function incidentsOf(index, who) {
  const typed = index.byTypedName.get(typedKey(who.eventId ?? '', who.name)) ?? [];
  return who.playerId ? [...(index.byPlayerId.get(who.playerId) ?? []), ...typed] : typed;
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

/** Incidents oldest first, each one's time parsed once (a big log's sort would parse every time at each comparison). */
export function oldestFirst(items) {
  const times = new Map(items.map((item) => [item, Date.parse(item.at)]));
  return [...items].sort((a, b) => times.get(a) - times.get(b));
}

// One collator for every comparison: localeCompare with options builds one per call (most of a big log's sort).
const byText = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;

/**
 * The choices of each filter: {events: [id], sessions: [label], tables: [label], players: [{key, name}]}. Sessions
 * are the chosen event's own list first (or every event's), then any other session its incidents were recorded in.
 */
export function filterChoices(incidents, events, everyone, filters = NO_FILTER) {
  const inEvent = filters.event ? incidents.filter((item) => eventIdOf(item) === filters.event) : incidents;
  const byId = playersById(everyone);
  const listed = events.filter((event) => !filters.event || event.id === filters.event)
    .flatMap((event) => event.sessions ?? []);
  const sessions = [...new Set([...listed, ...knownSessions(inEvent)])];
  const tables = [...new Set(inEvent.map((item) => item.table).filter(Boolean))].sort(byText);
  const players = new Map();
  for (const item of inEvent) players.set(personFilterKey(item), currentName(byId, item));
  return {
    events: [...new Set([...events.map((event) => event.id), ...incidents.map(eventIdOf)])],
    sessions,
    tables,
    players: [...players].map(([key, name]) => ({ key, name })).sort((a, b) => byText(a.name, b.name)),
  };
}

/**
 * One group per person and ruling's ruleset among the shown incidents, by name: {key, rulesetId, player, playerId,
 * count, points, session, who}, where session is the one filtered on, else the person's latest. Cheap: no counting.
 * `oldest`: the shown incidents are oldest first already (oldestFirst of the whole log, filtered: the same order), so
 * a big log's 20,000 are not sorted again at each drawing.
 */
export function cardGroups(shown, everyone, filters = NO_FILTER, { oldest = false } = {}) {
  const byId = playersById(everyone);
  const groups = new Map();
  for (const item of oldest ? shown : oldestFirst(shown)) {
    const key = `${item.rulesetId}:${personFilterKey(item)}`;
    if (!groups.has(key)) {
      const who = personOf(item, byId);
      groups.set(key, { key, rulesetId: item.rulesetId, player: who.name, playerId: item.playerId ?? '', who, count: 0, points: 0, session: '' });
    }
    const group = groups.get(key);
    group.count += 1;
    group.points += item.points || 0;
    group.session = filters.session || item.session;
  }
  return [...groups.values()].sort((a, b) => byText(a.player, b.player) || a.rulesetId.localeCompare(b.rulesetId));
}

/**
 * The cards of some groups (the ones on screen), each with found: what the next offence costs, worked out by
 * recordFor(group, who) (the model's selector, counting over the person's incidents in the whole log), or the count
 * alone when it gives nothing (a ruleset the app no longer has).
 */
export function cardsOf(groups, recordFor) {
  return groups.map(({ who, ...group }) => ({ ...group, found: recordFor(group, who) ?? { incidents: group.count } }));
}
