/**
 * The table screen's model: the stored data the screen shows (the board, the log, the roster, the settings and the
 * notices about them), read once and kept in memory. A write made here gives the new board back; another tab's change
 * makes the model forget only the parts it names, and the next load re-reads only those. UI-only state (an open
 * seat, a form) is the screen's, never the model's: showing it again reads nothing.
 *
 * Contract (see docs/architecture.md, "A screen's model"): load() → the parts, each read at most once per change;
 * changed(message) → whether the screen shows anything the message names; took(saved) keeps a write's board;
 * forget(...parts) drops the parts this screen's own write changed elsewhere (a player added to the roster).
 */
import { noticesFor } from '../services/health.js';
import { readLog } from '../services/log.js';
import { readRoster } from '../services/roster.js';
import { readSettings } from '../services/settings.js';
import { readHistory } from '../services/table.js';

/** Which parts a stored kind feeds: the log names players, the roster's event is chosen in the settings. */
const PARTS_OF = {
  table: ['board'],
  incident: ['log'],
  player: ['log', 'roster'],
  event: ['roster'],
  settings: ['settings', 'roster'],
};

/** The stored parts the model reads (the tests hand in their own, to hold a read back). */
const storedParts = (ruleset, extra) => ({
  board: () => readHistory(ruleset),
  log: readLog,
  roster: () => readRoster(),
  settings: readSettings,
  notices: (board) => noticesFor([{ kind: 'table', id: ruleset.id }], [{ kind: 'table', status: board.status }],
    { extra }),
});

export function createTableModel(ruleset, { extra = [], readers = storedParts(ruleset, extra) } = {}) {
  const { notices: readNotices, ...partReaders } = readers;
  let parts = {};  // part → its promise, read once until forgotten
  let notices = null;  // the notices' promise, worked out again whenever a part was read again
  let last = null;  // the last load: the same object as long as nothing changed
  let generation = 0;  // counts what was forgotten: a load that saw it change while it read does not become `last`

  const forgetPart = (...names) => {
    for (const name of names) delete parts[name];
    notices = null;
    generation += 1;
  };

  return {
    /**
     * {board, log, roster, settings, notices}: the same object again when nothing changed since the last load. A
     * load overtaken by a change (another tab wrote while it read) reads again what the change named, so an older
     * read finishing last is never kept as the current one.
     */
    async load() {
      for (;;) {
        const startedAt = generation;
        let stale = !last || !notices;
        for (const [part, reader] of Object.entries(partReaders)) {
          if (parts[part]) continue;
          parts[part] = reader();
          stale = true;
        }
        if (!stale) return last;
        const [board, log, roster, { settings }] = await Promise.all(
          [parts.board, parts.log, parts.roster, parts.settings]);
        if (startedAt !== generation) continue;
        notices ??= readNotices(board);
        const shown = { board, log, roster, settings, notices: await notices };
        if (startedAt !== generation) continue;
        last = shown;
        return last;
      }
    },
    /** Forget what another tab's change names; true when the screen shows any of it (it is then shown again). */
    changed(message) {
      if (!message.changed) {  // storage closed or blocked, entries set aside: everything is read again
        parts = {};
        notices = null;
        generation += 1;
        return true;
      }
      let shown = false;
      for (const { kind, id } of message.changed) {
        if (kind === 'table' && id !== ruleset.id && id !== null) continue;  // another ruleset's table
        for (const part of PARTS_OF[kind] ?? []) {
          forgetPart(part);
          shown = true;
        }
      }
      if (message.quarantine) {
        notices = null;
        generation += 1;
        shown = true;
      }
      return shown;
    },
    /** Keep the board a write of this screen gave back ({ok, history, rev}). */
    took(saved) {
      if (saved.history) parts.board = Promise.resolve({ status: 'ok', history: saved.history, rev: saved.rev });
      else delete parts.board;  // read the board as it is now
      notices = null;
      generation += 1;
    },
    forget: forgetPart,
  };
}
