/**
 * The tab's one model: the referee's stored data, read once and held in memory for every screen. It is the only
 * reader of storage for the screens. Storage tells it what changed (a write of this tab or of another, by kind and
 * id); it forgets those parts, reads them again when next asked, and tells its listeners which parts changed, so the
 * screen on show redraws only when it shows one of them.
 *
 * Parts: settings, log (incidents and the players they name), roster (the current event's), events, shortcuts,
 * clock, health (the log's data section), sync (the shared event's state), sent (what the server has of the shared
 * event's records: a confirmation says whether its record reached it), and table:<ruleset id> (a ruleset's table
 * history). load(parts) → {[part]: value}: each value is the same object as long as it did not change, so
 * what is worked out from it (selectors.js) is worked out once per change.
 */
import { readSettings } from '../services/settings.js';
import { onChange, onOwnChange } from '../storage/changes.js';

export { chooseRuleset, rememberLanguage } from '../services/settings.js';

// The services each part is read through, imported when a screen first asks for it: home needs the settings only.
const health = () => import('../services/health.js');
const log = () => import('../services/log.js');

/** Which stored kinds each part is read from. A table part is read from its own table only. */
const KINDS_OF = {
  settings: ['settings'],
  log: ['incident', 'player'],
  roster: ['player', 'event', 'settings'],
  events: ['event', 'settings'],
  shortcuts: ['shortcuts'],
  clock: ['clock'],
  health: null,  // every kind: it lists what was set aside anywhere
  sync: ['sync', 'syncRecord', 'incident', 'player', 'event', 'settings'],
  sent: ['sync', 'syncRecord'],
};

const TABLE = 'table:';
const LOG_CHUNK = 500;  // incidents and players read at a time

/** The parts a change message names: {parts: Set, all: true} for a message naming no items (storage closed…). */
function partsNamed(message, held) {
  if (!message.changed) return { parts: new Set(held), all: true };
  const parts = new Set();
  for (const name of held) {
    if (name.startsWith(TABLE)) {
      const id = name.slice(TABLE.length);
      if (message.changed.some((item) => item.kind === 'table' && (item.id === id || item.id === null))) parts.add(name);
      continue;
    }
    const kinds = KINDS_OF[name];
    if (!kinds || message.changed.some((item) => kinds.includes(item.kind))) parts.add(name);
  }
  if (message.quarantine) parts.add('notices');
  return { parts, all: false };
}

/**
 * options: rulesets() → a promise of every ruleset (a table part's history is read with its ruleset); readers:
 * part → () → promise of its value, over the stored ones (the tests hold a read back); hear(heard): how change
 * messages reach the model (storage's, of this tab and of others, unless the tests hand their own).
 */
export function createModel(config, { rulesets = async () => [], readers: given = {}, hear = listenToStorage } = {}) {
  const cache = new Map();  // part → {promise}: the read under way or done, until a change names the part
  const listeners = new Set();
  let notices = new Map();  // what a screen's notices were worked out to, until anything changes
  let version = 0;  // counts the changes heard: selectors key their work on it

  const rulesetOf = async (id) => (await rulesets()).find((ruleset) => ruleset.id === id);

  const readers = {
    settings: () => readSettings(),
    // A big log is read a part at a time, letting the page answer between parts (the referee's taps first); the
    // screen that asks may pace the parts itself (the log screen: behind its own drawing).
    log: async ({ between = () => new Promise((go) => setTimeout(go)) } = {}) => (await log())
      .readLog({ chunk: LOG_CHUNK, between }),
    roster: async () => {
      const [{ readRoster }, held] = await Promise.all([import('../services/roster.js'), get('log')]);
      return readRoster(null, { read: held.players });
    },
    events: async () => (await import('../services/events.js')).readEvents(),
    shortcuts: async () => (await import('../services/shortcuts.js')).readShortcuts(),
    clock: async () => (await import('../services/clock.js')).readClock(),
    health: async () => {
      const [{ readHealth }, held] = await Promise.all([health(), get('log')]);
      return readHealth({ read: { incident: held, player: held.players } });
    },
    sync: async () => (await import('../services/sync-status.js')).syncStatus(config),
    // Nothing is shared where the app has no server (sync.js syncAvailable): nothing to read.
    sent: async () => (config.sync?.api ? (await import('../services/sync-state.js')).sentStates() : null),
    ...given,
  };

  function readerOf(name) {
    if (readers[name]) return readers[name];
    if (name.startsWith(TABLE)) {
      return async () => {
        const [ruleset, { readHistory }] = await Promise.all([rulesetOf(name.slice(TABLE.length)), import('../services/table.js')]);
        if (!ruleset) throw new Error(`no ruleset ${name}`);
        return readHistory(ruleset);
      };
    }
    throw new Error(`no part ${name}`);
  }

  /** A part's value: the one held, else read now (again if a change named it while it was being read). */
  async function get(name, options) {
    for (;;) {
      let entry = cache.get(name);
      if (!entry) {
        entry = { promise: readerOf(name)(options), read: false };
        cache.set(name, entry);
        const made = entry;
        made.promise.then(() => { made.read = true; }, () => {
          if (cache.get(name) === made) cache.delete(name);
        });
      }
      const value = await entry.promise;
      if (cache.get(name) === entry) return value;
    }
  }

  /** Forget what a change message names and tell the listeners. */
  function heard(message) {
    const { parts, all } = partsNamed(message, [...cache.keys()]);
    for (const name of parts) cache.delete(name);
    version += 1;
    notices = new Map();
    const change = { parts, all, items: message.changed ?? null, message };
    for (const listener of listeners) listener(change);
  }

  hear(heard);

  return {
    /** {[part]: value} of the parts named (a table part: `table:<ruleset id>`); options.between: what a part read a
     * piece at a time (the log) waits for before each next piece, when this load starts its read. */
    async load(names, options = {}) {
      const values = await Promise.all(names.map((name) => get(name, options)));
      return Object.fromEntries(names.map((name, index) => [name, values[index]]));
    },
    /** How many changes were heard: a selector's work is kept for one version. */
    get version() {
      return version;
    },
    /** Listen to changes: listener({parts, all, items}); returns a function that stops listening. */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * A screen's notices (services/health.js noticesFor), worked out once until anything changes: scope, statuses
     * and options as noticesFor takes them.
     */
    notices(scope, statuses = [], options = {}) {
      const key = JSON.stringify([scope, statuses, options]);
      if (!notices.has(key)) notices.set(key, health().then(({ noticesFor }) => noticesFor(scope, statuses, options)));
      return notices.get(key);
    },
    /**
     * Whether a part is held, read to its end: a screen then works from it rather than reading a page apart. A part
     * still being read is not: a big log's background read waits behind the screen, which must not wait for it.
     */
    holds: (name) => cache.get(name)?.read === true,
    /** The data's health without reading every kind (a big log's first page shows it; the whole read follows). */
    healthNow: async () => (await health()).readHealth({ scan: false }),
    /** A big log's newest page through the indexes (services/log.js readLogStart): a page, not held. */
    logStart: async (limit, only, known) => (await log()).readLogStart(limit, only, known),
    /** How many incidents the log holds, counted through its index. */
    logSize: async () => (await log()).logSize(),
  };
}

/** Hear storage's change messages: this tab's writes and other tabs'. */
function listenToStorage(heard) {
  onChange(heard);
  onOwnChange(heard);
}

/** The part name of a ruleset's table. */
export const tablePart = (rulesetId) => `${TABLE}${rulesetId}`;

let theModel = null;

/** The tab's one model (made on first use). */
export function tabModel(config, options) {
  theModel ??= createModel(config, options);
  return theModel;
}
