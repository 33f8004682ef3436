/** The controller: reads the URL, loads ruleset data, asks the engine where we stand, and hands it to a view. */
import { el, replace } from './dom.js';
import { rulingPaths, sameIncident, walk } from './engine.js';
import { homeUrl, parse, wizardUrl } from './router.js';
import { assembleRulesets } from './ruleset-data.js';
import { load, save } from './store.js';
import { renderHome } from './views/home.js';
import { renderQuestion } from './views/question.js';

const CHOSEN_KEY = 'ruleset';

/** Screens past home and the questions load on first use, so a cold start fetches only what the first taps need. */
const screens = {
  ruling: async () => {
    const [ruling, apply, record] = await Promise.all(
      [import('./views/ruling.js'), import('./views/apply.js'), import('./views/record.js')]);
    return { ...ruling, ...apply, ...record };
  },
  log: () => import('./views/log.js'),
  table: () => import('./views/table.js'),
  finder: () => import('./finder.js'),
};

export function createController(config, view) {
  let loaded = null;  // the promise of every ruleset, whole, in this page's language
  let rendered = false;
  let renders = 0;  // counts renders, so only the latest one is shown

  async function fetchJson(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
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

  function show({ children, title = '', focus = null }) {
    replace(view, children);
    document.title = title ? `${title} · ${config.appName}` : config.appName;
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

  function syncLanguageLinks(pathname) {
    for (const link of document.querySelectorAll('.lang-link')) {
      const code = link.getAttribute('hreflang');
      link.setAttribute('href', pathname.replace(/^\/[a-z]{2}\//, `/${code}/`));
    }
  }

  /** Show the screen of the current URL; a slower earlier render never overwrites a newer one. */
  async function render() {
    const token = ++renders;
    syncLanguageLinks(location.pathname);
    let screen;
    try {
      screen = await screenFor(parse(location.pathname));
    } catch (error) {  // data or a screen's module could not be loaded (offline before the app was cached)
      console.error(error);
      screen = message('load-error', config.strings.load_error);
    }
    if (token === renders) show(screen);
  }

  /** The screen for a route, as {children, title, focus}. */
  async function screenFor(route) {
    if (route.view === 'home') return { children: renderHome({ config, chosenId: load(CHOSEN_KEY) }) };
    if (route.view === 'log') {
      const [{ renderLog }, all] = await Promise.all([screens.log(), allRulesets()]);
      const rulesets = Object.fromEntries(all.map((r) => [r.id, r]));
      return { children: renderLog({ config, rulesets, rerender: render }), title: config.strings.log.title };
    }
    if (route.view === 'glossary') return (await screens.finder()).glossaryScreen({ config, chosenId: load(CHOSEN_KEY) });
    const ruleset = await fetchRuleset(route.rulesetId);
    if (!ruleset) return message('not-found', config.strings.not_found);
    save(CHOSEN_KEY, ruleset.id);
    if (route.view === 'table') {
      const { renderTable } = await screens.table();
      return { children: renderTable({ config, ruleset, rerender: render }), title: config.strings.calc.table_title };
    }
    if (route.view === 'search' || route.view === 'browse') {
      const [{ findScreen }, rulesets] = await Promise.all([screens.finder(), allRulesets()]);
      return findScreen(route.view, { config, ruleset, rulesets, go });
    }
    const answers = route.view === 'ruling' ? rulingPaths(ruleset)[route.rulingId] : route.answers;
    const walked = answers && walk(ruleset, answers);
    if (!walked || walked.at.kind === 'invalid') return message('not-found', config.strings.not_found);
    if (walked.at.kind === 'question') {
      screens.ruling().catch(() => {});  // fetch the ruling screen while the referee answers
      const onNumber = (value) => go(wizardUrl(config.lang, ruleset.id, [...answers, String(value)]));
      return {
        children: renderQuestion({ config, ruleset, walked, answers, onNumber }),
        title: ruleset.incidents[walked.at.id].question,
      };
    }
    const [{ renderRuling, renderApply, renderRecord }, others] = await Promise.all(
      [screens.ruling(), otherRulings(ruleset.id, walked.at.id)]);
    const rulingId = walked.at.id;
    const numberAnswer = walked.trail.filter((step) => ruleset.incidents[step.id].number).pop()?.value;
    const apply = renderApply({ config, ruleset, rulingId, numberAnswer });
    const record = renderRecord({ config, ruleset, rulingId });
    return {
      children: renderRuling({ config, ruleset, rulingId, walked, answers, others, apply, record }),
      title: ruleset.rulings[rulingId].title,
    };
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
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(link.getAttribute('href'));
  }

  return {
    start() {
      document.addEventListener('click', onClick);
      window.addEventListener('popstate', render);
      return render();
    },
  };
}
