/**
 * The head referee's view of the event, the first part of the event screen on a head's phone (screens/event-page.js):
 * each table's latest incidents, who is suspended and who is one strike from it (with why), the conflicts and possible
 * duplicates to settle, and every phone and referee with its last contact and what it still has to send, with a
 * revoke. All but the phones comes from what this phone holds (the tab's model), so it works offline and is current
 * within seconds of any phone's sync (live sync brings their records); the phones' list is the server's, asked again
 * every few seconds while on show, and kept for offline with its age.
 */
import { correctedNow, keptDevices, listDevices, revokeDevice } from '../model/actions.js';
import { tablePart } from '../model/model.js';
import { eventOverview } from '../model/selectors.js';
import { format } from '../views/dom.js';
import { renderOverview } from '../views/overview.js';

const ASK_EVERY_MS = 15_000;  // the phones' list is asked again this often while the view is on show

export function createOverviewScreen(ctx, { rulesets }) {
  const { config } = ctx;
  const tables = rulesets.map((ruleset) => tablePart(ruleset.id));
  let devices = null;  // {devices, at}: the server's last list, or the copy kept on this phone
  let problem = null;  // why the last ask failed ('offline', 'auth'…), said beside the list's age
  let asking = null;
  let askedAt = 0;
  let eventId = null;
  let timer = null;
  let notice = null;  // a revocation refused, said until the next action

  const ask = () => {
    if (asking) return asking;
    askedAt = Date.now();
    asking = listDevices(config).then((found) => {
      problem = found.ok ? null : found.problem ?? found.error ?? 'refused';
      if (found.ok) devices = { devices: found.devices, at: found.at };
    }).finally(() => {
      asking = null;
      if (document.getElementById('event-overview')) ctx.refresh();
    });
    return asking;
  };
  /** While the view is on show, its phones' list is asked again now and then (its records come by live sync). */
  const keepAsking = () => {
    timer ??= setInterval(() => {
      if (!document.getElementById('event-overview')) {
        clearInterval(timer);
        timer = null;
      } else if (navigator.onLine) ask();
    }, ASK_EVERY_MS);
  };
  const on = {
    async revoke(device) {
      notice = null;
      if (!window.confirm(format(config.strings.event.ov_confirm_revoke, { name: device.displayName }))) return;
      const done = await revokeDevice(config, device.id);
      if (done.ok && devices) {
        devices = { ...devices, devices: devices.devices.map((item) => (item.id === device.id ? done.device : item)) };
      } else notice = done.problem ?? done.error ?? 'refused';
      ctx.refresh();
    },
    refresh: () => {
      notice = null;
      ask();
    },
  };

  return {
    parts: ['log', 'roster', 'sync', 'settings', ...tables],
    /** The view's part of the event screen, or null on a phone that is not the event's head referee's. */
    async render() {
      const model = await ctx.model();
      const loaded = await model.load(this.parts);
      const { log, roster, sync: status, settings: { settings } } = loaded;
      if (status.link?.role !== 'head') return null;
      if (eventId !== status.link.server.eventId) {
        eventId = status.link.server.eventId;
        devices = keptDevices(eventId);
      }
      if (Date.now() - askedAt > ASK_EVERY_MS && navigator.onLine) ask();
      keepAsking();
      const now = correctedNow();
      const overview = eventOverview({
        log, rulesets, event: roster.event, session: settings.context?.session ?? '', at: new Date(now),
        boards: Object.fromEntries(rulesets.map((ruleset) => [ruleset.id, loaded[tablePart(ruleset.id)]])),
      });
      return renderOverview({
        config, rulesets, overview, now,
        sync: { conflicts: status.conflicts?.length ?? 0, duplicates: status.duplicates?.length ?? 0 },
        devices: devices && { ...devices, problem, asking: Boolean(asking) }, notice, on,
      });
    },
  };
}
