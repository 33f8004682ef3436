/**
 * A question's controller: the walk so far, and the next URL for a number answer. Questions use no stored data, but
 * for a question of time (a lateness), which reads how the current event counts part of a minute.
 */
import { wizardUrl } from '../logic/urls.js';
import { renderQuestion } from '../views/question.js';

/**
 * The form of a question of time, counting part of a minute as the current event says, else as the ruleset's default;
 * null for any other question. Its modules (and the storage layer) load for this question only: not on the first
 * screen's way.
 */
async function timeFormFor(ctx, node, onNumber) {
  if (!node.number?.time) return null;
  const [model, { partMinuteRule }, { timeForm }] = await Promise.all([
    ctx.model().catch(() => null), import('../logic/lateness.js'), import('../views/time-form.js')]);
  const event = model ? (await model.load(['events']).catch(() => null))?.events.current : null;
  return timeForm(ctx.config, node, partMinuteRule(node.number.time, event?.partMinute), onNumber);
}

export function createQuestionScreen(ctx, { ruleset, walked, answers }) {
  const { config } = ctx;
  return {
    live: false,
    async render() {
      const onNumber = (value) => ctx.go(wizardUrl(config.lang, ruleset.id, [...answers, String(value)]));
      const form = await timeFormFor(ctx, ruleset.incidents[walked.at.id], onNumber);
      return {
        children: renderQuestion({ config, ruleset, walked, answers, onNumber, form }),
        title: ruleset.incidents[walked.at.id].question,
      };
    },
  };
}
