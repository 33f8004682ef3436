/**
 * The log screen's controller: one card per player with the next offence first, the incidents newest first, both
 * filtered by event, session, table and player; editors kept open across refreshes, import (error, plan, merge or
 * replace) and export. A big log stays quick: it is read and indexed once per change of the data (a filter or "show
 * more" reuses it), and only a page of cards is drawn, each counted from its player's own incidents. A log of more
 * than BIG incidents shows its newest page first, read through the database's indexes with its people's records
 * (the model's logStart), then reads the whole log a part at a time (the model's log), and shows it all.
 */
import { download } from '../views/dom.js';
import { knownSessions } from '../logic/log.js';
import {
  cardGroups, cardsOf, filterChoices, filterIncidents, NO_FILTER, oldestFirst, personIndex, personOf, playersById,
} from '../logic/log-overview.js';
import { personFor, rosterOf } from '../logic/roster-data.js';
import { eventIdOf } from '../logic/records/event.js';
import { incidentsCsv } from '../logic/csv-export.js';
import { byTime, parseExport, reconcileImport, toJson } from '../logic/log-file.js';
import {
  askToKeepData, clearSetAside, correctedNow, deleteIncident, editIncident, exportAside, indexFilter, mergeImport,
  planImport, recordIncident, replaceLog,
} from '../model/actions.js';
import { tablePart } from '../model/model.js';
import { nextPointsOf, personOf as personNamed, recordFromIncidents, recordOf, sentOf } from '../model/selectors.js';
import { buildIndex, search } from '../logic/search.js';
import { renderLogAdd } from '../views/log-add.js';
import { renderNotices } from '../views/notices.js';
import { describeIncident, renderLog } from '../views/log.js';

const PAGE = 50;  // cards and incidents drawn at a time; "show more" draws as many again
const BIG = 2000;  // incidents from which the log's first page is shown before the whole log is read
const CHUNK = 300;  // items read at a time when the whole of a big log is read after its first page
const QUIET = 300;  // ms the screen stays as drawn before the whole log's read goes on (the referee's next tap first)


/**
 * What the referee waits for goes first: while a render of the screen runs, until its result is on screen and for
 * QUIET ms after (the referee may tap the next filter), the whole log's read in the background waits before each
 * next part and step (`turn`), so a filter's page of a big log, read through the indexes, has the page to itself.
 */
function foreground() {
  let running = 0;
  let resting = null;  // the timer that lets the background go on once the page has been quiet for QUIET ms
  const waiting = [];
  const release = () => {
    resting = null;
    for (const go of waiting.splice(0)) go();
  };
  const drawn = () => new Promise((resolve) => {
    const late = setTimeout(resolve, 100);  // a hidden tab draws no frame
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(late);
      resolve();
    }));
  });
  const done = (rest) => {
    running -= 1;
    if (running) return;
    clearTimeout(resting);
    resting = null;
    if (rest) resting = setTimeout(release, QUIET);
    else release();
  };
  return {
    async first(work) {
      running += 1;
      clearTimeout(resting);
      resting = null;
      try {
        return await work();
      } finally {
        drawn().then(() => done(true));
      }
    },
    /** Inside `first`: wait for the background read itself (the render needs the whole log), letting it run now. */
    async behind(reading) {
      done(false);
      try {
        return await reading;
      } finally {
        running += 1;
      }
    },
    /** The background's next part: after a task, and only once nothing waits for the screen (checked then). */
    turn: () => new Promise((resolve) => {
      const go = () => (running || resting ? waiting.push(go) : resolve());
      setTimeout(go);
    }),
  };
}

/** The filters' choices depend on the chosen event only: worked out once per read of the data and event. */
function choicesIn(read, eventId, work) {
  if (!read.choices.has(eventId)) read.choices.set(eventId, work());
  return read.choices.get(eventId);
}

/** The filters' choices of an event in a read (every event's: ''). */
function choicesOf(read, eventId) {
  return choicesIn(read, eventId, () => partialChoices(read.partial, filterChoices(read.incidents,
    read.roster.events.map((entry) => entry.event), read.players, { ...NO_FILTER, event: eventId })));
}

/** The sessions an event's incidents name, oldest first (the record forms offer them): once per read and event. */
function sessionsIn(read, eventId) {
  if (!read.sessions.has(eventId)) read.sessions.set(eventId, knownSessions(read.incidents, eventId));
  return read.sessions.get(eventId);
}

/** The read's incidents oldest first (the cards take each person's latest session): sorted once per read. */
function oldestIn(read) {
  read.oldest ??= oldestFirst(read.incidents);
  return read.oldest;
}

/** One card group per person and ruleset among what some filters show (cardGroups): kept for the last filters read. */
function groupsOf(read, filters) {
  const key = JSON.stringify(filters);
  if (read.groups?.key !== key) {
    const passes = new Set(filterIncidents(read.incidents, filters));
    read.groups = { key, groups: cardGroups(oldestIn(read).filter((item) => passes.has(item)), read.players, filters,
      { oldest: true }) };
  }
  return read.groups.groups;
}

/** A big log's page: its tables and sessions are every one in the log (its players, those of the page). */
function partialChoices(partial, choices) {
  if (!partial) return choices;
  const byText = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;
  return { ...choices, tables: [...partial.tables].sort(byText),
    sessions: [...new Set([...choices.sessions, ...partial.sessions])] };
}

/** The time of each incident, parsed once, and the entries newest first (the order the list shows them in). */
function newestFirst(entries) {
  const times = new Map(entries.map((entry) => [entry, Date.parse(entry.incident.at)]));
  return [...entries].sort((a, b) => times.get(b) - times.get(a));
}

export function createLogScreen(ctx, { rulesets }) {
  const { config } = ctx;
  const editors = new Map();  // incident id → the incident as it was when its editor opened (kept if deleted elsewhere)
  let importState = null;
  let importing = null;  // the incidents of the file being imported
  let importingRoster = null;  // its players and events
  let incidents = [];
  let roster = null;
  let filters = { ...NO_FILTER };
  let pages = { cards: PAGE, incidents: PAGE };
  let read = null;  // the last read of the data, indexed: {log, health, notices, ordered, players, byPerson, heard}
  let reuse = false;  // the next render only changes what is shown (filters, pages): the last read serves
  const eventOf = (id) => roster.events.find((entry) => entry.event.id === id)?.event ?? { id };
  let model = null;  // the tab's one model, from the first render on
  const tableParts = Object.keys(rulesets).map(tablePart);
  /**
   * A person's record under a ruleset, as every screen reads it: the model's recordOf for a roster player when the
   * whole log is read (the rulings applied at that ruleset's table and not logged count too); from the incidents read
   * for a name typed before the roster, or while a big log's first page is all that is read.
   */
  const recordFor = (ruleset, who, session) => {
    const at = new Date(correctedNow());
    if (who.playerId && !read.partial && personNamed(read.log, who.playerId)) {
      const board = read.tables[ruleset.id] ?? null;
      return recordOf({ log: read.log, board, ruleset, personId: who.playerId, session, at });
    }
    return recordFromIncidents({ ruleset, incidents, who, session, at });
  };
  // The screen's own restored editors (an update reloaded the tab while they were open).
  for (const [id, snapshot] of ctx.restored()?.editors ?? []) editors.set(id, snapshot);
  // "Add an incident": the ruleset and the ruling picked by search, then the record form (kept across refreshes).
  const adding = { open: false, rulesetId: null, query: '', rulingId: null };
  // The incident the referee's last action saved ({kind: 'added' | 'edited', id}): "saved in the log", with whether
  // it reached the server, said until the referee's next action (a drawing for a change made elsewhere keeps it).
  let saved = null;
  let index = null;  // the search index of every ruleset, built when the referee first searches

  const show = (state) => {
    importState = state;
    ctx.refresh();
  };

  const actions = {
    filter(name, value) {
      filters = { ...filters, [name]: value };
      if (name === 'event') filters = { ...filters, session: '', table: '', player: '' };  // another event's choices
      pages = { cards: PAGE, incidents: PAGE };
      reuse = true;
      ctx.refresh();
    },
    clearFilters() {
      filters = { ...NO_FILTER };
      pages = { cards: PAGE, incidents: PAGE };
      reuse = true;
      ctx.refresh();
    },
    more(list) {
      pages = { ...pages, [list]: pages[list] + PAGE };
      reuse = true;
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
    recordOf(rulesetId, { player, session }, eventId) {
      const ruleset = rulesets[rulesetId];
      if (!ruleset) return null;
      const who = personFor(
        rosterOf(roster.everyone, eventOf(eventId), roster.events.map((entry) => entry.event)), player, eventId);
      return recordFor(ruleset, who, session);
    },
    toggleAdd(open) {
      adding.open = open;
      ctx.refresh();
    },
    chooseRuleset(id) {
      adding.rulesetId = id;
      ctx.refresh();
    },
    findRulings(rulesetId, query) {
      adding.query = query;
      index ??= buildIndex(Object.values(rulesets), { tagLabels: config.strings.tags });
      return search(index, query, { rulesetIds: [rulesetId], limit: 8 });
    },
    pickRuling(rulesetId, rulingId) {
      Object.assign(adding, { rulesetId, rulingId });
      ctx.refresh();
    },
    unpickRuling() {
      adding.rulingId = null;
      ctx.refresh();
    },
    addedRecordOf({ player, session }) {
      const ruleset = rulesets[adding.rulesetId];
      const found = recordFor(ruleset, personFor(roster.all, player, roster.event.id), session);
      return { ...found, points: nextPointsOf(ruleset, adding.rulingId, found) };
    },
    async saveAdded(values) {
      const done = await recordIncident(values, { rulesetId: adding.rulesetId, rulingId: adding.rulingId });
      if (done.ok) {
        Object.assign(adding, { open: false, rulingId: null, query: '' });
        saved = { kind: 'added', id: done.incident.id };
        ctx.refresh();
      }
      return done;
    },
    async saveEdit(id, values, rev) {
      const done = await editIncident(editors.get(id), { ...values, lang: config.lang }, rev);
      if (done.ok) {
        editors.delete(id);
        saved = { kind: 'edited', id };
        ctx.refresh();
      }
      return done;
    },
    async remove(id, rev) {
      const removed = await deleteIncident(id, rev);
      if (removed.ok) ctx.refresh();
      return removed;
    },
    exportJson: async () => {
      await complete();
      const named = new Set(incidents.map((item) => item.playerId).filter(Boolean));
      const players = roster.everyone.filter((player) => named.has(player.id));
      const used = new Set([...incidents.map(eventIdOf), ...players.map(eventIdOf)]);
      const events = roster.events.filter((entry) => used.has(entry.event.id) && entry.rev !== '').map((entry) => entry.event);
      download('incidents.json', 'application/json', toJson(incidents, { players, events }));
    },
    exportCsv: async () => download('incidents.csv', 'text/csv', incidentsCsv(await complete().then(() => incidents), {
      locale: config.lang, headers: config.strings.csv.headers, winds: config.strings.winds,
      describe: (item) => {
        const { ruleset, penalty, title, section } = describeIncident(rulesets, item);
        return { ruleset: ruleset?.short_name || ruleset?.name, penalty, title, section };
      },
    })),
    async importFile(text) {
      const between = () => new Promise((resolve) => setTimeout(resolve));  // the page answers while a big file is read
      const read = await parseExport(text, { between });
      const device = read.error ? null : (await model.load(['log', 'roster'])).roster;
      const parsed = read.error ? read
        : await reconcileImport(read, { players: device.everyone, events: device.events.map((entry) => entry.event) },
          { between });
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
  // Each action of the referee starts with nothing said from the one before (what only reads, as a form is typed
  // in, is no action).
  const reading = new Set(['recordOf', 'addedRecordOf', 'findRulings']);
  const on = Object.fromEntries(Object.entries(actions).map(([name, action]) => [name, reading.has(name) ? action
    : (...args) => {
      saved = null;
      return action(...args);
    }]));

  let whole = null;  // the whole log being read after a big log's first page: the promise of readData's result

  const renders = foreground();

  /**
   * Read the log, the roster and the data's health, and index them once for every render until the data changes;
   * read in parts (`chunk`), each part and step waits for its turn behind what the referee waits for.
   */
  async function readData({ chunk = 0 } = {}) {
    const seen = model.version;
    const turn = chunk ? renders.turn : async () => {};
    await turn();
    // First: reading sets aside what is damaged, which the data section lists.
    const loaded = await model.load(['log', 'roster', 'health', ...tableParts], { between: turn });
    const { log, roster, health } = loaded;
    await turn();
    const notices = await model.notices([{ kind: 'incident' }, { kind: 'settings' }, { kind: 'table' }, { kind: 'player' },
      { kind: 'event' }, { kind: 'shortcuts' }, { kind: 'clock' }],
    [{ kind: 'incident', status: log.status }, ...health.newer]);
    await turn();
    const ordered = newestFirst(log.entries);
    await turn();
    const incidents = log.entries.map((entry) => entry.incident);
    const tables = Object.fromEntries(Object.keys(rulesets).map((id) => [id, loaded[tablePart(id)]]));
    const done = { log, health, notices, ordered, players: playersById(roster.everyone), tables,
      byPerson: personIndex(incidents), choices: new Map(), sessions: new Map(), heard: seen, roster, incidents };
    await turn();  // what the screen works out once per read, each in a step of its own
    choicesOf(done, filters.event);
    await turn();
    sessionsIn(done, roster.event.id);
    await turn();
    oldestIn(done);
    await turn();
    groupsOf(done, filters);
    return done;
  }

  /**
   * A big log's newest page and its people's records, through the indexes (nothing else of the log is read), as
   * readData shapes its result (`partial`: the filters' choices and the list hold this page only); null when the log
   * is not big, or a filter or an editor needs the whole log.
   */
  async function readStart() {
    const only = indexFilter(filters);
    const seen = model.version;
    // Another page of the same data (a filter, "show more"): its counts, events, health and notices are the same.
    const same = read?.partial && read.heard === seen ? read : null;
    if (only === false || editors.size || (!same && (model.holds('log') || await model.logSize() <= BIG))) return null;
    const [start, events, health] = await Promise.all([model.logStart(pages.incidents, only, same?.partial),
      same ? { events: same.roster.events, current: same.roster.event } : model.load(['events']).then((found) => found.events),
      same?.health ?? model.healthNow()]);
    const notices = same && start.status === same.log.status ? same.notices
      : await model.notices([{ kind: 'incident' }, { kind: 'settings' }, { kind: 'table' }, { kind: 'player' },
        { kind: 'event' }, { kind: 'shortcuts' }, { kind: 'clock' }], [{ kind: 'incident', status: start.status }]);
    const roster = {
      events: events.events, event: events.current, players: [], all: start.players, everyone: start.players };
    const shown = new Set(start.entries.map((entry) => entry.incident.id));
    const others = start.theirs.filter((item) => !shown.has(item.id));
    const incidents = [...start.entries.map((entry) => entry.incident), ...others];
    const log = { status: start.status, entries: start.entries, newer: start.newer };
    return { log, health, notices, ordered: start.entries, players: playersById(start.players), tables: {},
      byPerson: personIndex(incidents), choices: new Map(), sessions: new Map(), heard: seen, roster, incidents,
      partial: { total: start.total, shown: start.shown, tables: start.tables, sessions: start.sessions,
        counts: start.counts, aliases: start.aliases } };
  }

  /** The whole log, read a part at a time once a big log's first page is shown; the screen is drawn again with it. */
  function readWhole() {
    const reading = readData({ chunk: CHUNK });
    whole = reading;
    reading.then(async (done) => {
      await renders.turn();  // drawn in a task of its own, after what the referee waits for
      if (whole !== reading) return;  // the data changed meanwhile: a newer read replaces this one
      whole = null;
      adopt(done);
      reuse = true;
      ctx.refresh();
    }, () => {
      if (whole === reading) whole = null;
    });
    return reading;
  }

  /** Show a read from now on: its log and roster serve the handlers (editors, exports, the record form). */
  function adopt(next) {
    read = next;
    ({ roster, incidents } = next);
  }

  /** The whole log's read, waited for (an export, a filter or "show more" while a big log's first page is shown). */
  async function complete() {
    if (read?.partial) adopt(await (whole ?? readWhole()));
  }

  return {
    live: true,
    parts: () => ['log', 'roster', 'health', 'settings', ...tableParts, ...(saved ? ['sent'] : [])],
    render: () => renders.first(draw),
    /** The editors open now, kept across a reload into an update (Update now keeps what is typed in them). */
    keep: () => (editors.size ? { editors: [...editors] } : null),
  };

  /** The screen's content: read what the data's last read does not hold, then work out what is shown. */
  async function draw() {
    model ??= await ctx.model();
    if (!reuse || !read || read.heard !== model.version) {
      whole = null;
      read = null;  // the data changed: nothing of the last read serves
      const start = await readStart();
      // The whole log waited for (a filter or an editor needs it): a background read of it goes on meanwhile.
      adopt(start ?? await renders.behind(readData()));
      if (start) readWhole();
    } else if (read.partial) {  // another page or filter of a big log not read yet: through the indexes if it can
      const start = await readStart();
      if (start) adopt(start);
      else await renders.behind(complete());
    }
    reuse = false;
    const { health, notices, ordered, players } = read;
    // The incident just saved here, and whether the server has it (the model's `sent`, held while it is said).
    const sent = saved ? sentOf((await model.load(['sent'])).sent, 'incident', incidents.find((item) => item.id === saved.id)) : null;
    const known = roster.players.map((entry) => entry.player.name);
    const editorOf = (incident, rev, problem) => {
      const event = eventOf(incident.eventId ?? 'local');
      return { values: incident, rev, players: known, problem, sessions: event.sessions ?? null,
        knownSessions: sessionsIn(read, event.id) };
    };
    const shown = filterIncidents(incidents, filters);
    const passes = new Set(shown);
    const listed = ordered.filter(({ incident }) => passes.has(incident));
    // A page of the list, and any incident being edited further down (its editor stays open).
    const entries = listed.filter(({ incident }, position) => position < pages.incidents || editors.has(incident.id))
      .map(({ incident, rev }) => ({
        incident, rev, name: personOf(incident, players).name,
        editor: editors.has(incident.id) ? editorOf(incident, rev) : null,
        saved: saved?.kind === 'edited' && saved.id === incident.id ? { sent } : null,
      }));
    for (const [id, snapshot] of editors) {  // an incident deleted in another tab while being edited here
      if (!incidents.some((item) => item.id === id)) {
        entries.push({ incident: snapshot, rev: '', name: snapshot.player, deleted: true, editor: editorOf(snapshot, '', 'deleted') });
      }
    }
    entries.sort((a, b) => byTime(b.incident, a.incident));
    // A big log's first page holds the people it shows and their whole records: their cards are as the whole log's.
    const groups = groupsOf(read, filters);
    const total = read.partial?.total ?? incidents.length;
    const view = {
      status: read.log.status, entries, shownCount: read.partial?.shown ?? listed.length,
      moreIncidents: (read.partial?.shown ?? listed.length) > pages.incidents,
      total, complete: !read.partial,
      filters, choices: choicesOf(read, filters.event),
      events: roster.events, currentEvent: roster.event.id,
      cards: cardsOf(groups.slice(0, pages.cards), (group, who) => (rulesets[group.rulesetId]
        ? recordFor(rulesets[group.rulesetId], who, group.session) : null)),
      moreCards: groups.length > pages.cards,
      importState, health,
      notices: renderNotices(config, notices, { reload: ctx.reload }),
    };
    adding.rulesetId ??= roster.event.rulesetId ?? Object.keys(rulesets)[0];
    const addBlock = renderLogAdd({
      config, rulesets,
      adding: { ...adding, done: saved?.kind === 'added' ? { id: saved.id, sent } : null, form: {
        values: {}, players: known, sessions: roster.event.sessions ?? null,
        knownSessions: sessionsIn(read, roster.event.id),
        event: { id: roster.event.id, label: roster.event.name || config.strings.roster.local },
      } },
      on: { ...on, recordOf: on.addedRecordOf },
    });
    return {
      children: renderLog({ config, rulesets, view: { ...view, addBlock }, on }), title: config.strings.log.title,
    };
  }
}
