/** Builds the search, browse and glossary screens: loads the synonyms once and keeps one search index per page. */
import { searchRuleset } from '../logic/coverage.js';
import { searchUrl } from '../logic/urls.js';
import { buildIndex, search } from '../logic/search.js';
import { renderBrowse } from '../views/browse.js';
import { renderGlossary } from '../views/glossary.js';
import { renderSearch } from '../views/search.js';

const SYNONYMS_URL = new URL('../../data/synonyms.json', import.meta.url);
let indexed = null;
let fetched = null;

/** The synonym groups, fetched once (also before an update, while this version's copy is still cached). */
export function synonyms() {
  fetched ??= fetch(SYNONYMS_URL).then((response) => (response.ok ? response.json() : {})).catch(() => ({}));
  return fetched;
}

/** The index of every loaded ruleset; built once, as the rulesets of a page do not change. */
function searchIndex(rulesets, tagLabels) {
  indexed ??= synonyms().then((groups) => buildIndex(rulesets, { tagLabels, synonyms: groups }));
  return indexed;
}

export function glossaryScreen({ config, chosenId }) {
  return { children: renderGlossary({ config, chosenId }), title: config.strings.find.glossary_title };
}

/** The search or browse screen of a ruleset, as {children, title, focus}. */
export async function findScreen(view, { config, ruleset, rulesets, go }) {
  const strings = config.strings.find;
  if (view === 'browse') return { children: renderBrowse({ config, ruleset }), title: strings.browse_title };
  const index = await searchIndex(rulesets, config.strings.tags);
  const params = new URLSearchParams(location.search);
  const children = renderSearch({
    config, ruleset, rulesets,
    query: params.get('q') || '',
    all: params.get('all') === '1',
    find: (query, all) => (all ? { hits: search(index, query), uncovered: [], elsewhere: [] }
      : searchRuleset(index, query, { rulesetId: ruleset.id })),
    onChange: (query, all) => history.replaceState(history.state, '', searchUrl(config.lang, ruleset.id, query, all)),
    onOpen: go,
  });
  return { children, title: strings.search_title, focus: '#search-input' };
}
