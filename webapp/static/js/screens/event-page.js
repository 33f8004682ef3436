/**
 * The event screen's controller: one screen for the phone's event with its days, sessions and roster
 * (screens/roster.js), the event shared with other referees and its invitations (screens/event.js), and the lateness
 * clock of the ruleset in use (screens/clock.js). Each part keeps its own controller; this one puts them in order and
 * says which section the address asked for (/roster: the players, /<ruleset>/clock: the clock).
 */
import { renderEventPage, SECTIONS } from '../views/event-page.js';
import { createClockScreen } from './clock.js';
import { createEventScreen } from './event.js';
import { createOverviewScreen } from './overview.js';
import { createRosterScreen } from './roster.js';

/**
 * rulesets: every ruleset, whole; clockRuleset: the ruleset the clock works for when the address names one (else the
 * one in use); section: the section to bring into view ('roster', 'clock'), or null for the top.
 */
export function createEventPage(ctx, { rulesets, clockRuleset = null, section = null }) {
  const { config } = ctx;
  // A new event just shared as it was created: its invitations are brought into view once they show (no swipes).
  let reveal = null;
  let revealed = false;
  const shared = createEventScreen(ctx, { rulesets: Object.fromEntries(rulesets.map((r) => [r.id, r])) });
  const local = createRosterScreen(ctx, { rulesets, shared: () => { reveal = 'invitations'; } });
  const overview = createOverviewScreen(ctx, { rulesets });  // the head referee's view, first on a head's phone
  let clock = null;  // {id, screen}: the clock of one ruleset, made again when the ruleset in use changes

  /** The clock's controller for the ruleset of the address, else the one in use; null when none is chosen. */
  const clockFor = (rulesetId) => {
    const ruleset = clockRuleset ?? rulesets.find((item) => item.id === rulesetId);
    if (!ruleset) return null;
    if (clock?.id !== ruleset.id) clock = { id: ruleset.id, screen: createClockScreen(ctx, { ruleset }) };
    return clock.screen;
  };
  const focusOf = SECTIONS.find((item) => item.name === section)?.heading;

  return {
    live: true,
    /** What the event screen shows: its parts' parts of the model. */
    parts: () => [...new Set([...overview.parts, ...local.parts, ...shared.parts, ...(clock?.screen.parts ?? [])])],
    /** The editors its parts have open, kept across a reload into an update. */
    keep: () => local.keep(),
    /** Once the invitations were brought into view, not again at the next drawing. */
    shown() {
      if (revealed) reveal = null;
    },
    async render() {
      const model = await ctx.model();
      const { settings: { settings }, sync } = await model.load(['settings', 'sync']);
      // A new event may be shared as it is created where the app has a server and this phone is in no shared event.
      const shareable = !sync.off && !sync.link && sync.status === 'missing';
      revealed = Boolean(reveal) && sync.link?.role === 'head';
      const roster = await local.render({ shareable });
      const [top, timer, now] = await Promise.all([
        shared.render({ local: roster.event }), clockFor(settings.ruleset)?.render({ event: roster.event }),
        overview.render()]);
      return {
        children: renderEventPage({
          config,
          parts: {
            overview: now, local: roster.parts.event, roster: roster.parts.players,
            shared: top.parts.shared, invitations: top.parts.invitations, clock: timer?.children ?? null,
          },
          notices: [roster.notices, top.notices, timer?.notices],
          reveal: revealed ? reveal : null,
        }),
        title: config.strings.event.title,
        focus: focusOf ? `#${focusOf}` : null,
      };
    },
  };
}
