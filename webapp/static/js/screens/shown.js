/**
 * A ruling shown to a player (?show=player): in the page's language, which the referee picks for the player, without
 * the referee's tools. On the referee's phone (?back=<the referee's page>) one tap goes back to that page, in the
 * referee's language; a shared link has no way back, and its reader finds the referee's tools one link away. It reads
 * only how the current event counts part of a minute (for a lateness ruling), and writes nothing.
 */
import { partMinuteRule, timeQuestionOf } from '../logic/lateness.js';
import { appPathLanguage, inLanguage, playerViewUrl, rulingUrl } from '../logic/urls.js';
import { renderShownRuling } from '../views/ruling.js';

/** Whether this address shows its ruling to a player. */
export function shownToPlayer() {
  return new URLSearchParams(window.location.search).get('show') === 'player';
}

export function createShownScreen(ctx, { ruleset, rulingId }) {
  const { config } = ctx;
  return {
    live: false,
    async render() {
      const asked = new URLSearchParams(window.location.search).get('back');
      const backLang = appPathLanguage(asked);
      const back = backLang ? asked : '';
      const model = await ctx.model().catch(() => null);  // the event's counting, when this device can read it
      const event = model ? (await model.load(['events']).catch(() => null))?.events.current : null;
      const names = config.strings.in_languages;
      return {
        children: renderShownRuling({
          config, ruleset, rulingId,
          counting: partMinuteRule(timeQuestionOf(ruleset, rulingId)?.time, event?.partMinute),
          languages: config.urls.languages.map((code) => ({
            code, name: names[code].name, href: playerViewUrl(inLanguage(window.location.pathname, code), back) })),
          back: back ? { href: back, lang: backLang, label: names[backLang].back } : null,
          tools: rulingUrl(config.lang, ruleset.id, rulingId),
        }),
        title: ruleset.rulings[rulingId].title,
      };
    },
  };
}
