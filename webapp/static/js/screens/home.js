/**
 * Home's controller: the chosen ruleset, shown at once from its copy (ctx.mirroredRuleset: a copy outside the
 * database), then from the stored settings (the tab's model, loaded after the first paint with the storage layer)
 * together with what happened to them if they were damaged.
 */
import { renderHome } from '../views/home.js';
import { renderNotices } from '../views/notices.js';

/** A ruling as a shortcut shows it: its title, and its ruleset's short name when that is not the chosen one. */
function shortcutTo(rulesets, chosenId, { rulesetId, rulingId }) {
  const ruleset = rulesets.find((candidate) => candidate.id === rulesetId);
  const ruling = ruleset && Object.hasOwn(ruleset.rulings, rulingId) ? ruleset.rulings[rulingId] : null;
  if (!ruling) return null;  // a ruling a newer ruleset no longer has
  return {
    rulesetId, rulingId, title: ruling.title,
    rulesetName: rulesetId === chosenId ? null : ruleset.short_name || ruleset.name,
  };
}

/** The chosen ruleset's common incidents, and the referee's favourites and recent rulings (ruleset data needed). */
async function loadShortcuts(ctx, model, chosenId) {
  const [rulesets, { shortcuts: { status, shortcuts } }, view] = await Promise.all(
    [ctx.rulesets(), model.load(['shortcuts']), import('../views/shortcuts.js')]);
  const chosen = rulesets.find((ruleset) => ruleset.id === chosenId);
  const toShortcut = (entry) => shortcutTo(rulesets, chosenId, entry);
  return {
    status,
    view,
    shortcuts: {
      common: (chosen?.common ?? []).map((rulingId) => toShortcut({ rulesetId: chosenId, rulingId })).filter(Boolean),
      favourites: shortcuts.favourites.map(toShortcut).filter(Boolean),
      recent: shortcuts.recent.map(toShortcut).filter(Boolean),
    },
  };
}

export function createHomeScreen(ctx) {
  let state = { chosenId: ctx.mirroredRuleset(), notices: [], shortcuts: null };
  let shortcutsView = null;  // views/shortcuts.js, loaded with the shortcuts' data
  let loading = null;

  async function load() {
    const [model, { chooseRuleset }] = await Promise.all([ctx.model(), import('../model/model.js')]);
    const { settings: { status, settings } } = await model.load(['settings']);
    // The copy is written first on every choice, so it is the latest one (its stored write may not have happened
    // if the page was left at once): bring the stored settings up to it.
    const chosenId = ctx.mirroredRuleset() ?? settings.ruleset;
    // A choice the device could not keep (storage full) is said, as on the ruleset's own screens.
    const chosen = chosenId !== settings.ruleset && status === 'ok' ? await chooseRuleset(chosenId) : null;
    const unsaved = chosen?.error === 'quota' ? [{ kind: 'settings', problem: 'quota' }] : [];
    const found = chosenId ? await loadShortcuts(ctx, model, chosenId) : { status: 'ok', shortcuts: null };
    shortcutsView = found.view ?? shortcutsView;
    const notices = await model.notices([{ kind: 'settings' }, { kind: 'shortcuts' }],
      [{ kind: 'settings', status }, { kind: 'shortcuts', status: found.status }], { space: false, extra: unsaved });
    const next = { chosenId, notices, shortcuts: found.shortcuts };
    if (JSON.stringify(next) !== JSON.stringify(state)) {
      state = next;
      ctx.refresh();
    }
  }

  return {
    live: true,
    parts: ['settings', 'shortcuts'],
    async render() {
      loading ??= load().catch((error) => console.error('settings', error)).finally(() => {
        loading = null;
      });
      return {
        children: renderHome({
          config: ctx.config, chosenId: state.chosenId,
          shortcuts: state.shortcuts && shortcutsView
            ? shortcutsView.renderShortcuts(ctx.config, state.shortcuts)
            : null,
          notices: renderNotices(ctx.config, state.notices, { reload: ctx.reload }),
        }),
      };
    },
  };
}
