/** Home's controller: the chosen ruleset from the settings, and what happened to them if they were damaged. */
import { readSettings } from '../services/settings.js';
import { renderHome } from '../views/home.js';

export function createHomeScreen(ctx) {
  return {
    live: true,
    async render() {
      const { settings } = await readSettings();
      return { children: renderHome({ config: ctx.config, chosenId: settings.ruleset }) };
    },
  };
}
