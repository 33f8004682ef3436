/** A question's controller: the walk so far, and the next URL for a number answer. Questions use no stored data. */
import { wizardUrl } from '../logic/urls.js';
import { renderQuestion } from '../views/question.js';

export function createQuestionScreen(ctx, { ruleset, walked, answers }) {
  const { config } = ctx;
  return {
    live: false,
    async render() {
      const onNumber = (value) => ctx.go(wizardUrl(config.lang, ruleset.id, [...answers, String(value)]));
      return {
        children: renderQuestion({ config, ruleset, walked, answers, onNumber }),
        title: ruleset.incidents[walked.at.id].question,
      };
    },
  };
}
