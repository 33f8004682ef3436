/**
 * URLs of the app: /<lang>/, /<lang>/<page>, /<lang>/<ruleset>/<answer>/..., /<lang>/<ruleset>/<screen>,
 * /<lang>/<ruleset>/ruling/<id>. The words (languages, pages, screens, "ruling") are defined once, on the server
 * (webapp/url_grammar.py), and come in the page's config as `urls`: app.js hands them over with useGrammar() before
 * anything is routed, so this module never repeats them.
 */

let grammar = null;

/** Take the URL grammar the server gives in the page: {languages, pages, rulesetPages, ruling}. */
export function useGrammar(urls) {
  grammar = urls;
}

function words() {
  if (!grammar) throw new Error('urls.js: call useGrammar(config.urls) first');
  return grammar;
}

/** The view whose URL word this segment is, or undefined. */
function viewOf(views, segment) {
  return Object.keys(views).find((view) => views[view] === segment);
}

export function parse(pathname) {
  const { pages, rulesetPages, ruling } = words();
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [lang, rulesetId, ...rest] = parts;
  if (!rulesetId) return { lang, view: 'home' };
  const page = viewOf(pages, rulesetId);
  if (page && !rest.length) return { lang, view: page };
  const screen = viewOf(rulesetPages, rest[0]);
  if (screen && rest.length === 1) return { lang, view: screen, rulesetId };
  if (rest[0] === ruling) return { lang, view: 'ruling', rulesetId, rulingId: rest[1] || '' };
  return { lang, view: 'wizard', rulesetId, answers: rest };
}

export function wizardUrl(lang, rulesetId, answers = []) {
  const tail = answers.map(encodeURIComponent).join('/');
  return `/${lang}/${rulesetId}/${tail ? `${tail}` : ''}`;
}

export function rulingUrl(lang, rulesetId, rulingId) {
  return `/${lang}/${rulesetId}/${words().ruling}/${encodeURIComponent(rulingId)}`;
}

export function homeUrl(lang) {
  return `/${lang}/`;
}

export function tableUrl(lang, rulesetId) {
  return `/${lang}/${rulesetId}/${words().rulesetPages.table}`;
}

/** The lateness clock of a ruleset (it hands minutes to that ruleset's lateness ruling). */
export function clockUrl(lang, rulesetId) {
  return `/${lang}/${rulesetId}/${words().rulesetPages.clock}`;
}

export function logUrl(lang) {
  return `/${lang}/${words().pages.log}`;
}

/** The roster and events screen. */
export function rosterUrl(lang) {
  return `/${lang}/${words().pages.roster}`;
}

/** The search screen; the query and the "all rulesets" switch ride in the query string. */
export function searchUrl(lang, rulesetId, query = '', all = false) {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (all) params.set('all', '1');
  const search = params.toString();
  return `/${lang}/${rulesetId}/${words().rulesetPages.search}${search ? `?${search}` : ''}`;
}

export function browseUrl(lang, rulesetId) {
  return `/${lang}/${rulesetId}/${words().rulesetPages.browse}`;
}

export function glossaryUrl(lang) {
  return `/${lang}/${words().pages.glossary}`;
}

/** The event screen: create or join an event, sync, invite, settle conflicts. */
export function eventUrl(lang) {
  return `/${lang}/${words().pages.event}`;
}

/**
 * A ruling shown to a player: the same page with ?show=player, and, on the referee's phone, the referee's page to go
 * back to (back: a path of the app, as appPathLanguage accepts it).
 */
export function playerViewUrl(pathname, back = '') {
  const params = new URLSearchParams({ show: 'player' });
  if (back) params.set('back', back);
  return `${pathname}?${params}`;
}

/** The language of a page of this app that a path names (/en/wrc-2015/...), or null for anything else: another
 * site, a protocol-relative address, no language of the app. */
export function appPathLanguage(path) {
  const match = /^\/([a-z]{2})\/(?!\/)/.exec(typeof path === 'string' ? path : '');
  return match && words().languages.includes(match[1]) && !path.includes('\\') ? match[1] : null;
}

/** The same page in another language: /en/wrc-2015/ruling/r_late → /fr/wrc-2015/ruling/r_late. */
export function inLanguage(pathname, lang) {
  return pathname.replace(/^\/[a-z]{2}\//, `/${lang}/`);
}
