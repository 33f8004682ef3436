/**
 * What the screens show that is worked out from the model's data, each fact in one function, so two screens that show
 * it read it from the same place. The only caller of player-record.js: a person's record comes from recordOf.
 * Everything here is pure over the parts the model loaded, and kept until those parts change (the model gives the
 * same objects back while nothing changed).
 */
import { seatIndex } from '../logic/calculator.js';
import { cardGroups, cardsOf, incidentsOf, NO_FILTER, personIndex } from '../logic/log-overview.js';
import { appliedByPerson, localDay, nextPoints, playerRecord } from '../logic/player-record.js';
import { personId, personIds } from '../logic/player-aliases.js';
import { eventIdOf } from '../logic/records/event.js';
import { recordSentState } from '../logic/sync-records.js';
import { replayHistory } from '../logic/table-history.js';

/** A function of one object argument remembered for that object (a part the model holds), the same while it is. */
function perObject(work) {
  const kept = new WeakMap();
  return (object, ...rest) => {
    if (!kept.has(object)) kept.set(object, work(object, ...rest));
    return kept.get(object);
  };
}

/** The log's incidents, each naming its person's id (aliases resolved by services/log.js), indexed by person. */
const incidentsIndex = perObject((log) => {
  const incidents = log.entries.map((entry) => entry.incident);
  return { incidents, index: personIndex(incidents), ids: personIds(log.players.items.map((item) => item.data)) };
});

/** The players of every event by id (removed ones and aliases included: a record may name any of them). */
const playersIndex = perObject((log) => new Map(log.players.items.map((item) => [item.id, item.data])));

/** A table's history replayed once, and its applied rulings by person. */
const replayed = perObject((board, ruleset) => {
  const replay = replayHistory(board.history, ruleset);
  return { replay, applied: appliedByPerson(replay, seatIndex) };
});

/** The table of a ruleset as it stands, replayed once per stored history. */
export function tableOf(board, ruleset) {
  return board.status === 'ok' ? replayed(board, ruleset).replay : null;
}

/**
 * The table of a ruleset as it stands, each seat named by its person's name now (a rename shows at once on every
 * screen), or null when the table cannot be read. The one place a seat's name is worked out.
 */
export function namedTable(board, ruleset, log) {
  const replay = tableOf(board, ruleset);
  if (!replay) return null;
  if (!named.has(replay)) named.set(replay, new WeakMap());
  const byLog = named.get(replay);
  if (!byLog.has(log)) {
    byLog.set(log, { ...replay.table,
      seats: replay.table.seats.map((seat) => ({ ...seat, name: personOf(log, seat.playerId)?.name ?? seat.name })) });
  }
  return byLog.get(log);
}

const named = new WeakMap();  // replay → log → the table with its seats' names now

/**
 * The person a player id names now: {id, name, eventId, deleted} (an alias names the person it was merged into), or
 * null for no id or an id the roster does not know.
 */
export function personOf(log, id) {
  if (!id) return null;
  const { ids } = incidentsIndex(log);
  const player = playersIndex(log).get(personId(ids, id));
  if (!player) return null;
  return { id: player.id, name: player.name, eventId: eventIdOf(player), deleted: Boolean(player.deleted),
    suspensions: player.suspensions ?? [] };
}

/**
 * A person's record under a ruleset at a moment (player-record.js): the log's incidents about them and the rulings
 * applied to them at that ruleset's table and not logged, each counted once. board: the ruleset's table part (or
 * null); session: the session being played; at: the moment (the server-corrected now, by default the caller's).
 * null when there is no such person: an unnamed seat counts nothing. adding: one more incident of theirs, not saved
 * yet (the record an action would leave, for its preview).
 */
export function recordOf({ log, board = null, ruleset, personId: id, session = '', at, adding = null }) {
  const person = personOf(log, id);
  if (!person) return null;
  return recordMemo(log, board, ruleset, person, session, localDay(at), at, adding);
}

const memo = new WeakMap();  // log → key → record: worked out once per person, session and day while the log stands

function recordMemo(log, board, ruleset, person, session, day, at, adding) {
  if (!memo.has(log)) memo.set(log, new Map());
  const tables = memo.get(log);
  const key = JSON.stringify([ruleset.id, person.id, person.name, person.suspensions, session, day, adding]);
  const boards = tables.get(key);
  if (boards?.board === board) return boards.record;
  const { index, ids } = incidentsIndex(log);
  // The suspensions given outside the log (another event) are on the person's record and count towards a ban.
  const who = { playerId: person.id, name: person.name, eventId: person.eventId, suspensions: person.suspensions };
  const incidents = [...incidentsOf(index, who), ...(adding ? [adding] : [])];
  const applied = [];
  if (board?.status === 'ok') {  // a step may name an id since merged into this person (an alias)
    for (const [seated, steps] of replayed(board, ruleset).applied) {
      if (personId(ids, seated) === person.id) applied.push(...steps);
    }
  }
  const record = playerRecord({ ruleset, incidents, applied, who, session, at });
  tables.set(key, { board, record });
  return record;
}

/**
 * The rulings of one kind applied to a person at a ruleset's table that no incident records yet, newest first: what a
 * "record only" written up later may say it records, so the person's record counts that offence once.
 */
export function unrecordedOf({ log, board, ruleset, personId: id, rulingId }) {
  const person = personOf(log, id);
  if (!person || board?.status !== 'ok') return [];
  const { ids } = incidentsIndex(log);
  const recorded = new Set(log.entries.flatMap(({ incident }) => [incident.id, incident.action]).filter(Boolean));
  const found = [];
  for (const [seated, steps] of replayed(board, ruleset).applied) {
    if (personId(ids, seated) !== person.id) continue;
    found.push(...steps.filter((step) => step.rulingId === rulingId && !recorded.has(step.action)));
  }
  return found.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** What the next incident of a ruling costs a person (player-record.js nextPoints), from their record. */
export const nextPointsOf = (ruleset, rulingId, record) => nextPoints(ruleset, rulingId, record);

/** Today on this device, the day a referee writes on paper (at: the server-corrected now). */
export const today = (at) => localDay(at);

/**
 * A person's record from incidents already picked (a big log's first page holds only its people's incidents): who is
 * {playerId?, name, eventId} as log-overview.js personOf gives it.
 */
export function recordFromIncidents({ ruleset, incidents, who, session = '', at }) {
  return playerRecord({ ruleset, incidents, who, session, at });
}

/**
 * The log's cards of some groups (log-overview.js cardGroups): each one's record over the person's incidents in the
 * log read (index: personIndex of it).
 */
export function logCards(rulesets, groups, index, at) {
  return cardsOf(groups, (group, who) => {
    const ruleset = rulesets[group.rulesetId];
    if (!ruleset) return null;
    return recordFromIncidents({ ruleset, incidents: incidentsOf(index, who), who, session: group.session, at });
  });
}

/** One card per person and ruleset among the shown incidents, each with its record over the whole log. */
export function playerCards(rulesets, incidents, shown, everyone, filters = NO_FILTER, at = undefined) {
  return logCards(rulesets, cardGroups(shown, everyone, filters), personIndex(incidents), at);
}

/**
 * The head referee's view of the event, from what this phone holds: each table's latest incidents (tables by their
 * latest incident, newest first; `latest` of each), and the persons suspended or banned and those one strike from a
 * suspension or a ban, each with their record (why: its strikes, its suspensions). boards: ruleset id → its table part
 * (the rulings applied there count too); session: the session being played; at: the server-corrected now.
 */
export function eventOverview({ log, boards = {}, rulesets, event, session = '', at, latest = 3 }) {
  const incidents = log.entries.map((entry) => entry.incident).filter((item) => eventIdOf(item) === event.id);
  const tables = new Map();
  for (const item of incidents) {
    const table = item.table?.trim() ?? '';
    if (!tables.has(table)) tables.set(table, []);
    tables.get(table).push(item);
  }
  const newestFirst = (items) => [...items].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const byTable = [...tables].map(([table, items]) => {
    const sorted = newestFirst(items);
    return { table, count: items.length, lastAt: sorted[0].at, latest: sorted.slice(0, latest) };
  }).sort((a, b) => Date.parse(b.lastAt) - Date.parse(a.lastAt));
  const ids = new Set(incidents.map((item) => item.playerId).filter(Boolean));
  for (const item of log.players.items) {
    if (eventIdOf(item.data) === event.id && item.data.suspensions?.length) ids.add(item.id);
  }
  const usable = rulesets.filter((ruleset) => ruleset.discipline
    && (!event.rulesetId || ruleset.id === event.rulesetId));
  const suspended = [];
  const nearly = [];
  for (const id of ids) {
    const person = personOf(log, id);
    if (!person || person.deleted) continue;
    for (const ruleset of usable) {
      const record = recordOf({ log, board: boards[ruleset.id] ?? null, ruleset, personId: id, session, at });
      if (!record?.strikes && !record?.suspensions.length) continue;
      const entry = { person, rulesetId: ruleset.id, record };
      if (record.status.state !== 'ok') suspended.push(entry);
      else if (record.nextStrike) nearly.push(entry);
    }
  }
  const byName = (a, b) => a.person.name.localeCompare(b.person.name);
  return { tables: byTable, suspended: suspended.sort(byName), nearly: nearly.sort(byName) };
}

/**
 * Whether a record this phone saved has reached the server, for its confirmation to say so: 'sent', 'waiting' (on
 * this phone, not sent yet), 'refused', or null when there is nothing to say (the phone shares nothing, or the record
 * is not the shared event's). sent: the model's `sent` part; record: the stored incident or roster player.
 */
export function sentOf(sent, kind, record) {
  if (!sent || !record) return null;
  const state = recordSentState(sent, kind, record);
  return state === 'local' ? null : state;
}
