/** The controller: reads the URL, loads ruleset data, asks the engine where we stand, and hands it to a view. */
import { el, replace } from './dom.js';
import { rulingPaths, sameIncident, walk } from './engine.js';
import { homeUrl, parse, wizardUrl } from './router.js';
import { load, save } from './store.js';
import { renderHome } from './views/home.js';
import { renderQuestion } from './views/question.js';
import { renderApply } from './views/apply.js';
import { renderLog } from './views/log.js';
import { renderRecord } from './views/record.js';
import { renderRuling } from './views/ruling.js';
import { renderTable } from './views/table.js';
import { findScreen, glossaryScreen } from './finder.js';

const CHOSEN_KEY = 'ruleset';

export function createController(config, view) {
  const loaded = new Map();
  let rendered = false;

  function fetchRuleset(id) {
    const summary = config.rulesets.find((s) => s.id === id);
    if (!summary) return Promise.resolve(null);
    if (!loaded.has(id)) {
      loaded.set(id, fetch(summary.url).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      }).catch((error) => {
        loaded.delete(id);
        throw error;
      }));
    }
    return loaded.get(id);
  }

  function show(children, title) {
    replace(view, children);
    document.title = title ? `${title} · ${config.appName}` : config.appName;
    // After a tap, move focus to the new heading so screen readers announce the new step; not on first load.
    if (rendered) view.querySelector('.screen-heading')?.focus();
    rendered = true;
  }

  function showMessage(id, text) {
    show([el('h1', { id, class: 'screen-heading', tabindex: '-1' }, text),
      el('p', {}, el('a', { class: 'button', href: homeUrl(config.lang), 'data-nav': true }, config.strings.start_over))]);
  }

  function syncLanguageLinks(pathname) {
    for (const link of document.querySelectorAll('.lang-link')) {
      const code = link.getAttribute('hreflang');
      link.setAttribute('href', pathname.replace(/^\/[a-z]{2}\//, `/${code}/`));
    }
  }

  async function render() {
    const route = parse(location.pathname);
    syncLanguageLinks(location.pathname);
    if (route.view === 'home') {
      show(renderHome({ config, chosenId: load(CHOSEN_KEY) }), '');
      return;
    }
    if (route.view === 'log') {
      const all = await allRulesets();
      show(renderLog({ config, rulesets: Object.fromEntries(all.map((r) => [r.id, r])), rerender: render }), config.strings.log.title);
      return;
    }
    if (route.view === 'glossary') {
      const screen = glossaryScreen({ config, chosenId: load(CHOSEN_KEY) });
      show(screen.children, screen.title);
      return;
    }
    let ruleset;
    try {
      ruleset = await fetchRuleset(route.rulesetId);
    } catch (error) {
      console.error(error);
      showMessage('load-error', config.strings.load_error);
      return;
    }
    if (!ruleset) {
      showMessage('not-found', config.strings.not_found);
      return;
    }
    save(CHOSEN_KEY, ruleset.id);
    if (route.view === 'table') {
      show(renderTable({ config, ruleset, rerender: render }), config.strings.calc.table_title);
      return;
    }
    if (route.view === 'search' || route.view === 'browse') {
      const screen = await findScreen(route.view, { config, ruleset, rulesets: await allRulesets(), go });
      show(screen.children, screen.title);
      if (screen.focus) view.querySelector(screen.focus)?.focus();
      return;
    }
    const answers = route.view === 'ruling' ? rulingPaths(ruleset)[route.rulingId] : route.answers;
    if (!answers) {
      showMessage('not-found', config.strings.not_found);
      return;
    }
    const walked = walk(ruleset, answers);
    if (walked.at.kind === 'invalid') {
      showMessage('not-found', config.strings.not_found);
      return;
    }
    if (walked.at.kind === 'question') {
      const onNumber = (value) => go(wizardUrl(config.lang, ruleset.id, [...answers, String(value)]));
      show(renderQuestion({ config, ruleset, walked, answers, onNumber }), ruleset.incidents[walked.at.id].question);
      return;
    }
    const others = await otherRulings(ruleset.id, walked.at.id);
    const numberAnswer = walked.trail.filter((step) => ruleset.incidents[step.id].number).pop()?.value;
    const apply = renderApply({ config, ruleset, rulingId: walked.at.id, numberAnswer });
    const record = renderRecord({ config, ruleset, rulingId: walked.at.id });
    show(renderRuling({ config, ruleset, rulingId: walked.at.id, walked, answers, others, apply, record }), ruleset.rulings[walked.at.id].title);
  }

  async function allRulesets() {
    return (await Promise.all(config.rulesets.map((s) => fetchRuleset(s.id).catch(() => null)))).filter(Boolean);
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
