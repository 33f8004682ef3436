/**
 * Home's controller: the chosen ruleset, shown at once from its copy, then from the stored settings (loaded after
 * the first paint, with the storage layer) together with what happened to them if they were damaged.
 */
import { mirroredRuleset } from '../storage/mirror.js';
import { renderHome } from '../views/home.js';
import { renderNotices } from '../views/notices.js';

export function createHomeScreen(ctx) {
  let state = { chosenId: mirroredRuleset(), notices: [] };
  let loading = null;

  async function load() {
    const [{ chooseRuleset, readSettings }, { noticesFor }] = await Promise.all(
      [import('../services/settings.js'), import('../services/health.js')]);
    const { status, settings } = await readSettings();
    // The copy is written first on every choice, so it is the latest one (its stored write may not have happened
    // if the page was left at once): bring the stored settings up to it.
    const chosenId = mirroredRuleset() ?? settings.ruleset;
    if (chosenId !== settings.ruleset && status === 'ok') await chooseRuleset(chosenId);
    const notices = await noticesFor([{ kind: 'settings' }], [{ kind: 'settings', status }], { space: false });
    const next = { chosenId, notices };
    if (JSON.stringify(next) !== JSON.stringify(state)) {
      state = next;
      ctx.refresh();
    }
  }

  return {
    live: true,
    async render() {
      loading ??= load().catch((error) => console.error('settings', error)).finally(() => {
        loading = null;
      });
      return {
        children: renderHome({
          config: ctx.config, chosenId: state.chosenId, notices: renderNotices(ctx.config, state.notices, { reload: ctx.reload }),
        }),
      };
    },
  };
}
