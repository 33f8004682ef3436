/** URLs of the app: /<lang>/, /<lang>/<ruleset>/<answer>/..., /<lang>/<ruleset>/ruling/<id>, /<lang>/<ruleset>/table. */

export function parse(pathname) {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [lang, rulesetId, ...rest] = parts;
  if (!rulesetId) return { lang, view: 'home' };
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
