/**
 * A question's controller: the walk so far, and the next URL for a number answer. Questions use no stored data, but
 * for a question of time (a lateness), which reads how the current event counts part of a minute.
 */
import { partMinuteRule } from '../logic/lateness.js';
import { wizardUrl } from '../logic/urls.js';
import { renderQuestion } from '../views/question.js';

/** How part of a minute counts for a question of time: the current event's setting, else the ruleset's default. */
async function countingFor(time) {
  if (!time) return null;
  const { currentEvent } = await import('../services/events.js');  // only this question loads the storage layer
  const event = await currentEvent().catch(() => null);
  return partMinuteRule(time, event?.partMinute);
}

export function createQuestionScreen(ctx, { ruleset, walked, answers }) {
  const { config } = ctx;
  return {
    live: false,
    async render() {
      const onNumber = (value) => ctx.go(wizardUrl(config.lang, ruleset.id, [...answers, String(value)]));
      const counting = await countingFor(ruleset.incidents[walked.at.id].number?.time);
      return {
        children: renderQuestion({ config, ruleset, walked, answers, onNumber, counting }),
        title: ruleset.incidents[walked.at.id].question,
      };
    },
  };
}
