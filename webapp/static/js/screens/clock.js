/**
 * The lateness clock's controller, a part of the event screen (screens/event-page.js): the stored clock (one for the
 * device, held by the tab's model), the current ruleset's lateness question found by its data (lateness.js), and the
 * clock's workflows; the
 * screen is shown again after each change.
 */
import { hasLatenessRuling, LATE_TAG, latenessQuestion, partMinuteRule } from '../logic/lateness.js';
import { MAX_PLAYERS } from '../logic/records/clock.js';
import { addAbsent, clearClock, markArrived, removeAbsent, restoreClock, startRound } from '../model/actions.js';
import { renderClock } from '../views/clock.js';
import { renderNotices } from '../views/notices.js';

export function createClockScreen(ctx, { ruleset }) {
  const { config } = ctx;
  const question = latenessQuestion(ruleset);
  const lateness = {
    question,
    rulingId: Object.keys(ruleset.rulings).find((id) => ruleset.rulings[id].tag === LATE_TAG) ?? null,
    covered: hasLatenessRuling(ruleset),
  };
  // Starting the round again asks first (everyone's minutes go back to 0), and can be undone once: the clock as it
  // was is kept here until then.
  const ui = { ask: false, undo: null };
  const done = (result) => {
    if (result.ok) ctx.refresh();
    return result;
  };
  let nameError = null;  // the add form's error, shown again when another tab's change redraws the screen
  return {
    parts: ['clock'],
    /** The clock's part of the event screen, with its notices; event: the current event (its lateness counting). */
    async render({ event = null } = {}) {
      const model = await ctx.model();
      const { clock: { status, clock } } = await model.load(['clock']);
      const notices = await model.notices([{ kind: 'clock' }], [{ kind: 'clock', status }]);
      const on = {
        start: async () => {
          if (clock.startedAt && !ui.ask) {
            ui.ask = true;
            ctx.refresh();
            return { ok: true };
          }
          ui.ask = false;
          const at = new Date().toISOString();
          const result = await startRound(at);
          ui.undo = result.ok && clock.startedAt ? { previous: clock, restartedAt: at } : null;
          return done(result);
        },
        cancelStart: () => {
          ui.ask = false;
          ctx.refresh();
        },
        undoStart: async () => {
          const result = await restoreClock(ui.undo.previous, ui.undo.restartedAt);
          if (result.ok) ui.undo = null;
          return done(result);
        },
        add: async (name) => {
          const found = await addAbsent(name);
          const result = found.errors?.name === 'too_many' ? { ...found, max: MAX_PLAYERS } : found;
          nameError = result.errors ? { code: result.errors.name, max: result.max } : null;
          return done(result);
        },
        arrived: async (id) => done(await markArrived(id)),
        remove: async (id) => done(await removeAbsent(id)),
        clear: async () => done(await clearClock()),
      };
      return {
        children: renderClock({
          config, ruleset, clock: { status, ...clock }, on, ui, nameError,
          lateness: { ...lateness, counting: partMinuteRule(question?.time, event?.partMinute) } }),
        notices: renderNotices(config, notices, { reload: ctx.reload }),
      };
    },
  };
}
