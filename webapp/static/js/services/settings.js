/** The device's settings: the chosen ruleset, the last language, the referee's tournament, session and table, and the
 * current event. */
import { concerns, onChange, onOwnChange } from '../storage/changes.js';
import { defaultSettings } from '../logic/records/settings.js';
import { mirrorRuleset } from '../storage/mirror.js';
import { read, write } from '../storage/repository.js';
import { outcome } from './outcome.js';

export const SETTINGS_ID = 'main';
// The settings as last read or written by this page, kept until a write (this tab's or another's) names them: every
// screen and the events read them, and a page's start once read them four times.
let known = null;
let forgotten = 0;  // how many times `known` was forgotten: a read that started before keeps nothing
let writing = Promise.resolve();  // this page's settings writes, in order: a read waits for them
const forget = (message) => {
  if (!concerns(message, { kind: 'settings', id: SETTINGS_ID })) return;
  known = null;
  forgotten += 1;
};
onChange(forget);
onOwnChange(forget);

/** {status, settings}: status 'ok', or why the stored settings cannot be used ('newer', 'unavailable', 'closed'). */
export async function readSettings() {
  await writing;
  if (known) return { status: 'ok', settings: known };
  const before = forgotten;
  const found = await read('settings', SETTINGS_ID);
  const settings = found.status === 'ok' ? found.data : defaultSettings();
  const status = found.status === 'missing' ? 'ok' : found.status;
  if (status === 'ok' && before === forgotten) known = settings;
  return { status, settings };
}

/** Change some settings on top of whatever is stored now (another tab's changes are kept). */
function update(patch) {
  let stored = null;  // the settings as the write found them (kept when the write changes nothing)
  const done = writing.then(() => write('settings', SETTINGS_ID, (current) => {
    const settings = current?.data ?? defaultSettings();
    stored = settings;
    return Object.entries(patch).every(([key, value]) => JSON.stringify(settings[key]) === JSON.stringify(value))
      ? undefined : { ...settings, ...patch };
  })).then((result) => {
    if (result.ok) known = result.data ?? stored ?? known;
    return outcome(result);
  });
  writing = done.catch(() => {});
  return done;
}

/** Remember the ruleset the referee is using (written only when it changes). */
export async function chooseRuleset(id) {
  mirrorRuleset(id);  // the copy home shows at once is always the latest choice
  if (known?.ruleset === id) return { ok: true };
  return update({ ruleset: id });
}

/** Remember the page's language (written only when it changes). */
export async function rememberLanguage(lang) {
  if (known?.lang === lang) return { ok: true };
  return update({ lang });
}

/** The write that makes an event the current one, inside another write's transaction (a new event). */
export function currentEventOp(id) {
  return {
    kind: 'settings', id: SETTINGS_ID, optional: true,
    change: (current) => {
      const settings = current?.data ?? defaultSettings();
      return settings.currentEvent === id ? undefined : { ...settings, currentEvent: id };
    },
  };
}

/**
 * The write that remembers the referee's context (in another write's transaction: a new incident, a new session):
 * the context, or a function of the context stored now that gives the new one.
 */
export function contextOp(context) {
  return {
    kind: 'settings', id: SETTINGS_ID, optional: true,
    change: (current) => {
      const settings = current?.data ?? defaultSettings();
      const next = typeof context === 'function' ? context(settings.context) : context;
      return JSON.stringify(settings.context) === JSON.stringify(next) ? undefined : { ...settings, context: next };
    },
  };
}
