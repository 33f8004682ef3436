/** The device's settings: the chosen ruleset, the last language, the referee's tournament, session and table, and the
 * current event. */
import { onChange } from '../storage/changes.js';
import { defaultSettings } from '../storage/kinds/settings.js';
import { mirrorRuleset } from '../storage/mirror.js';
import { read, write } from '../storage/repository.js';
import { outcome } from './outcome.js';

export const SETTINGS_ID = 'main';
let known = null;  // the settings as last read or written by this page
let writing = Promise.resolve();  // this page's settings writes, in order: a read waits for them
onChange(() => {
  known = null;
});

/** {status, settings}: status 'ok', or why the stored settings cannot be used ('newer', 'unavailable', 'closed'). */
export async function readSettings() {
  await writing;
  const found = await read('settings', SETTINGS_ID);
  if (found.status === 'ok') known = found.data;
  if (found.status === 'missing') known = defaultSettings();
  const status = found.status === 'missing' ? 'ok' : found.status;
  return { status, settings: status === 'ok' ? known : defaultSettings() };
}

/** Change some settings on top of whatever is stored now (another tab's changes are kept). */
function update(patch) {
  const done = writing.then(() => write('settings', SETTINGS_ID, (current) => {
    const settings = current?.data ?? defaultSettings();
    return Object.entries(patch).every(([key, value]) => JSON.stringify(settings[key]) === JSON.stringify(value))
      ? undefined : { ...settings, ...patch };
  })).then((result) => {
    if (result.ok) known = result.data ?? known;
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

/** Make an event the current one (null: the built-in local event); new incidents go to it. */
export async function chooseEvent(id) {
  if (known && (known.currentEvent ?? null) === id) return { ok: true };
  return update({ currentEvent: id });
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

/** The write that remembers the referee's context with a new incident (in the incident's own transaction). */
export function contextOp(context) {
  return {
    kind: 'settings', id: SETTINGS_ID, optional: true,
    change: (current) => {
      const settings = current?.data ?? defaultSettings();
      return JSON.stringify(settings.context) === JSON.stringify(context) ? undefined : { ...settings, context };
    },
  };
}
