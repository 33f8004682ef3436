/**
 * The app's controller: reads the URL, loads ruleset data, and hands each screen to its own controller (screens/),
 * which reads the referee's data from the tab's one model (model/model.js, loaded with the first screen that needs
 * it) and renders through the views. When the model hears that stored data changed (this tab's write or another's),
 * the screen on show is drawn again only if it shows one of the parts that changed (its `parts`); a screen is drawn
 * in place (views/patch.js), so what the referee is typing or pressing stays as it is.
 */
import { el } from '../views/dom.js';
import { patch } from '../views/patch.js';
import { rulingPaths, sameIncident, walk } from '../logic/engine.js';
import { homeUrl, parse } from '../logic/urls.js';
import { assembleRulesets } from '../logic/ruleset-data.js';
import { createHomeScreen } from '../screens/home.js';
import { createQuestionScreen } from '../screens/question.js';
import { mirroredRuleset, mirrorRuleset } from '../storage/mirror.js';
import { draftsOf, restoreDrafts, unsavedForms } from '../views/form-state.js';

/** Where a tab keeps what was typed across its own reload into an update (sessionStorage: this tab only). */
const DRAFT_KEY = 'mjref-draft';

/**
 * What was kept for this page before a reload ({forms: typed input, ui: the editors the screen had open}), taken out
 * once read; null when there is none.
 */
function takeDraft() {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY);
    sessionStorage.removeItem(DRAFT_KEY);
    const draft = text && JSON.parse(text);
    return draft?.path === location.pathname && Array.isArray(draft.forms) ? draft : null;
  } catch {
    return null;
  }
}

/** A module or data file that could not be fetched: the one failure shown as "check your connection". */
class LoadError extends Error {}

const loadModule = (load) => () => load().catch((error) => {
  throw new LoadError(error.message, { cause: error });
});

let appNav = null;

/** Point the navigation bar at the current screen. Its module loads on first use: the page draws the bar already, so
 * the app does not wait for one more file before it starts (18 files are three rounds of six over HTTP/1.1). */
function syncNav(lang, view, rulesetId) {
  appNav ??= import('./navigation.js');
  appNav.then(({ syncAppNav }) => syncAppNav(lang, view, rulesetId), (error) => console.error('navigation', error));
}

/** Screens past home and the questions load on first use, so a cold start fetches only what the first taps need. */
const screens = {
  ruling: loadModule(() => import('../screens/ruling.js')),
  log: loadModule(() => import('../screens/log.js')),
  table: loadModule(() => import('../screens/table.js')),
  finder: loadModule(() => import('../screens/finder.js')),
  event: loadModule(() => import('../screens/event-page.js')),  // the event, its roster, invitations and clock
  join: loadModule(() => import('../screens/event.js')),
  model: loadModule(() => import('../model/model.js')),  // the storage layer: not needed to show home or a question
};

export function createController(config, view) {
  let loaded = null;  // the promise of every ruleset, whole, in this page's language
  let rendered = false;
  let renders = 0;  // counts renders, so only the latest one is shown
  let current = null;  // {path, screen, shown} of the screen on show (shown: drawn once already)
  let refreshing = null;
  // The last ruleset choice being saved: a screen outside the wizard reads the stored settings only once it is (a tap
  // on Event while a slow phone still loads the storage module must not find "no ruleset chosen"). The wizard's own
  // steps do not wait: they read no settings, and the choice would put the storage module before their first tap.
  let choosing = Promise.resolve();

  async function fetchJson(url) {
    let response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new LoadError(error.message, { cause: error });
    }
    if (!response.ok) throw new LoadError(`HTTP ${response.status}`);
    return response.json();
  }

  function loadRulesets() {
    loaded ??= Promise.all([fetchJson(config.data.structure), fetchJson(config.data.strings)])
      .then(([structure, strings]) => assembleRulesets(structure, strings, config.lang))
      .catch((error) => {
        loaded = null;  // let the next screen try again
        throw error;
      });
    return loaded;
  }

  async function fetchRuleset(id) {
    const all = await loadRulesets();
    return Object.hasOwn(all, id) ? all[id] : null;  // a URL segment such as "constructor" is no ruleset
  }

  function show({ children, title = '', focus = null }, { refresh = false } = {}) {
    patch(view, children);  // in place: what stays keeps its focus, typed text and a press on it
    view.dataset.drawn = 'app';  // the app's own screen, not the page's (the benchmarks time it)
    document.title = title ? `${title} · ${config.appName}` : config.appName;
    // What a screen brings into view once (a result, a form just opened): focused and scrolled to, after it is shown.
    const reveal = view.querySelector('[data-reveal]');
    if (reveal) {
      reveal.removeAttribute('data-reveal');
      reveal.focus({ preventScroll: true });
      reveal.closest('[data-reveal-box]')?.scrollIntoView({ block: 'nearest' });
      reveal.scrollIntoView({ block: 'nearest' });  // a box taller than the screen: its heading, at least
      return;
    }
    if (refresh) return;
    // After a tap, move focus to the new heading so screen readers announce the new step; not on first load.
    if (focus) view.querySelector(focus)?.focus();
    else if (rendered) view.querySelector('.screen-heading')?.focus();
    rendered = true;
  }

  function message(id, text) {
    return {
      children: [el('h1', { id, class: 'screen-heading', tabindex: '-1' }, text),
        el('p', {}, el('a', { class: 'button', href: homeUrl(config.lang), 'data-nav': true }, config.strings.start_over))],
    };
  }

  /** The header's languages lead to this same page, its query kept (a search, a ruling shown to a player). */
  function syncLanguageLinks(pathname) {
    for (const link of document.querySelectorAll('.lang-link')) {
      const code = link.getAttribute('hreflang');
      link.setAttribute('href', `${pathname.replace(/^\/[a-z]{2}\//, `/${code}/`)}${location.search}`);
    }
  }

  /** Show the screen of the current URL; a slower earlier render never overwrites a newer one. */
  async function render({ refresh = false } = {}) {
    const token = ++renders;
    const path = location.pathname;
    syncLanguageLinks(path);
    let shown;
    try {
      const route = parse(path);
      const screen = refresh && current?.path === path ? current.screen : await screenFor(route);
      if (token !== renders) return;
      syncNav(config.lang, route.view, mirroredRuleset());  // a ruleset's screen has just made it the one in use
      if (current?.screen !== screen) current = { path, screen, shown: false };
      shown = await screen.render();
    } catch (error) {
      console.error(error);
      // Only a module or data file that could not be fetched is a connection problem; stored data never throws here.
      shown = error instanceof LoadError ? message('load-error', config.strings.load_error) : message('screen-error', config.strings.screen_error);
      current = null;
    }
    if (token !== renders) return;
    // A refresh that overtakes the screen's first drawing (a change the screen's own opening made) is its first
    // showing: it takes the focus the screen asks for.
    show(shown, { refresh: refresh && Boolean(current?.shown) });
    if (current) current.shown = true;
    current?.screen.shown?.();
  }

  /** Whether the screen on show shows anything a change of the model names (its `parts`, a list or a function). */
  function shows(screen, change) {
    if (!screen?.parts) return false;
    if (change.all) return true;
    const parts = typeof screen.parts === 'function' ? screen.parts() : screen.parts;
    return parts.some((part) => change.parts.has(part)) || (change.parts.has('notices') && parts.length > 0);
  }

  /**
   * Show the current screen again (its own state changed, or it saved something); with a change of the model, only
   * when the screen shows what changed.
   */
  function refresh(change = null) {
    const screen = current?.screen;
    if (change && !shows(screen, change)) return refreshing ?? Promise.resolve(null);
    refreshing ??= Promise.resolve().then(() => {
      refreshing = null;
      if (current?.screen.live) return render({ refresh: true });
      return null;
    });
    return refreshing;
  }

  let modelMade = null;
  let restoredUi = null;  // the editors a screen had open before a reload into an update, for the first screen shown

  /** The tab's one model, loaded with the first screen that reads stored data; its changes redraw the screen. */
  function model() {
    modelMade ??= screens.model().then(({ tabModel }) => {
      const made = tabModel(config, { rulesets: allRulesets });
      made.subscribe((change) => refresh(change));
      return made;
    }).catch((error) => {
      modelMade = null;  // the next screen tries again
      throw error;
    });
    return modelMade;
  }

  const ctx = {
    config, go, refresh, model, mirroredRuleset, reload: () => window.location.reload(), rulesets: () => allRulesets(),
    /** The UI state kept for this screen across a reload (its open editors), given once. */
    restored: () => {
      const ui = restoredUi;
      restoredUi = null;
      return ui;
    },
  };

  /** The controller of a route's screen (an object whose render() gives {children, title, focus}). */
  async function screenFor(route) {
    if (!route.rulesetId) await choosing.catch(() => {});
    if (route.view === 'home') return createHomeScreen(ctx);
    if (route.view === 'log') {
      const [{ createLogScreen }, all] = await Promise.all([screens.log(), allRulesets()]);
      return createLogScreen(ctx, { rulesets: Object.fromEntries(all.map((r) => [r.id, r])) });
    }
    if (route.view === 'roster' || route.view === 'event') {  // one event screen; the roster's address shows its players
      const [{ createEventPage }, all] = await Promise.all([screens.event(), allRulesets()]);
      return createEventPage(ctx, { rulesets: all, section: route.view === 'roster' ? 'roster' : null });
    }
    if (route.view === 'join') {
      const { createJoinScreen } = await screens.join();
      return createJoinScreen(ctx);
    }
    if (route.view === 'glossary') {
      const [{ glossaryScreen }, made] = await Promise.all([screens.finder(), model()]);
      const { settings: { settings } } = await made.load(['settings']);
      return { render: async () => glossaryScreen({ config, chosenId: settings.ruleset }) };
    }
    const ruleset = await fetchRuleset(route.rulesetId);
    if (!ruleset) return { render: async () => message('not-found', config.strings.not_found) };
    mirrorRuleset(ruleset.id);  // home shows it at once; the stored settings follow
    const choice = screens.model().then(({ chooseRuleset }) => chooseRuleset(ruleset.id));
    choosing = choice;
    // A choice the device could not save is said on the screens that use stored data (questions only show rules).
    const choiceNotices = async () => ((await choice).error === 'quota' ? [{ kind: 'settings', problem: 'quota' }] : []);
    choice.catch((error) => console.error('settings', error));
    if (route.view === 'table') {
      const { createTableScreen } = await screens.table();
      return createTableScreen(ctx, { ruleset, extra: await choiceNotices() });
    }
    if (route.view === 'clock') {  // the event screen, its clock working for this ruleset and brought into view
      const [{ createEventPage }, all] = await Promise.all([screens.event(), allRulesets()]);
      return createEventPage(ctx, { rulesets: all, clockRuleset: ruleset, section: 'clock' });
    }
    if (route.view === 'search' || route.view === 'browse') {
      const [{ findScreen }, rulesets] = await Promise.all([screens.finder(), allRulesets()]);
      return { render: () => findScreen(route.view, { config, ruleset, rulesets, go }) };
    }
    const answers = route.view === 'ruling' ? rulingPaths(ruleset)[route.rulingId] : route.answers;
    const walked = answers && walk(ruleset, answers);
    if (!walked || walked.at.kind === 'invalid') return { render: async () => message('not-found', config.strings.not_found) };
    if (walked.at.kind === 'question') {
      screens.ruling().catch(() => {});  // fetch the ruling screen while the referee answers
      return createQuestionScreen(ctx, { ruleset, walked, answers });
    }
    const [{ createRulingScreen }, others] = await Promise.all([
      screens.ruling(), otherRulings(ruleset.id, walked.at.id)]);
    return createRulingScreen(ctx, {
      ruleset, rulingId: walked.at.id, walked, answers, others, extra: await choiceNotices() });
  }

  async function allRulesets() {
    const all = await loadRulesets().catch(() => ({}));
    return config.rulesets.map((summary) => all[summary.id]).filter(Boolean);
  }

  async function otherRulings(rulesetId, rulingId) {
    const all = await allRulesets();
    return sameIncident(all, rulesetId, rulingId)
      .map(({ ruleset, rulings }) => ({ ruleset: all.find((r) => r.id === ruleset), rulings }));
  }

  function go(url) {
    history.pushState({}, '', url);
    render();
  }

  function onClick(event) {
    const link = event.target.closest('a[data-nav]');
    if (!link || event.defaultPrevented || event.button !== 0
      || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(link.getAttribute('href'));
  }

  return {
    start() {
      document.addEventListener('click', onClick);
      window.addEventListener('popstate', () => render());
      const draft = takeDraft();
      restoredUi = draft?.ui ?? null;
      const shown = render().then(() => draft && restoreDrafts(view, draft.forms));
      shown.then(() => screens.model()).then(({ rememberLanguage }) => rememberLanguage(config.lang))
        .catch(() => {});
      return shown;
    },
    /**
     * Keep what was typed in this tab, and the editors the screen has open, across the reload that is about to
     * happen (an update tapped here).
     */
    keepDraft() {
      try {
        const forms = draftsOf(view);
        const ui = current?.screen?.keep?.() ?? null;
        if (!forms.length && !ui) return;
        sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ path: location.pathname, forms, ui }));
      } catch (error) {
        console.error('typed input could not be kept for the reload', error);
      }
    },
    /** Whether the referee has typed something not saved yet (an update then waits for it). */
    hasUnsavedInput: () => unsavedForms(view).length > 0,
    /** Import every screen's module and the ruleset data now, while this version's files are still cached. */
    prepareForUpdate: () => Promise.all([...Object.values(screens).map((load) => load()), loadRulesets(),
      screens.finder().then((finder) => finder.synonyms())]),
  };
}
