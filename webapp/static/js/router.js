/** URLs of the app: /<lang>/, /<lang>/<ruleset>/<answer>/..., /<lang>/<ruleset>/ruling/<id>, /<lang>/<ruleset>/table. */

export function parse(pathname) {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [lang, rulesetId, ...rest] = parts;
  if (!rulesetId) return { lang, view: 'home' };
  if (rulesetId === 'log' && !rest.length) return { lang, view: 'log' };
  if (rulesetId === 'glossary' && !rest.length) return { lang, view: 'glossary' };
  if ((rest[0] === 'search' || rest[0] === 'browse') && rest.length === 1) return { lang, view: rest[0], rulesetId };
  if (rest[0] === 'table' && rest.length === 1) return { lang, view: 'table', rulesetId };
  if (rest[0] === 'ruling') return { lang, view: 'ruling', rulesetId, rulingId: rest[1] || '' };
  return { lang, view: 'wizard', rulesetId, answers: rest };
}

export function wizardUrl(lang, rulesetId, answers = []) {
  const tail = answers.map(encodeURIComponent).join('/');
  return `/${lang}/${rulesetId}/${tail ? `${tail}` : ''}`;
}

export function rulingUrl(lang, rulesetId, rulingId) {
  return `/${lang}/${rulesetId}/ruling/${encodeURIComponent(rulingId)}`;
}

export function homeUrl(lang) {
  return `/${lang}/`;
}

export function tableUrl(lang, rulesetId) {
  return `/${lang}/${rulesetId}/table`;
}

export function logUrl(lang) {
  return `/${lang}/log`;
}

/** The search screen; the query and the "all rulesets" switch ride in the query string. */
export function searchUrl(lang, rulesetId, query = '', all = false) {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (all) params.set('all', '1');
  const search = params.toString();
  return `/${lang}/${rulesetId}/search${search ? `?${search}` : ''}`;
}

export function browseUrl(lang, rulesetId) {
  return `/${lang}/${rulesetId}/browse`;
}

export function glossaryUrl(lang) {
  return `/${lang}/glossary`;
}
