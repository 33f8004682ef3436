/*
 * Service worker: precaches the app in the languages this phone uses, serves it offline, keeps one cache per version.
 * A first visit keeps its own language; a language opened online, or asked for from the footer, is kept from then on,
 * and an update keeps every language the previous version kept.
 */
const VERSION = '{{ version }}';
const PREFIX = '{{ prefix }}';
const CACHE = PREFIX + VERSION;
const COMMON = {{ common|safe }};  // cached one request each, whatever the language: the rulesets' structure
const BY_LANGUAGE = {{ by_language|safe }};  // each language's shell (with its headers) and rulesets' strings
const BUNDLE = {{ bundle|safe }};  // every other file of the app, in one JSON file
const IMMUTABLE = new Set({{ immutable|safe }});  // named by their content's hash
const LANGUAGES = {{ languages|safe }};

self.addEventListener('install', (event) => {
  // Install only finishes once everything is cached, so "ready offline" is true when it is shown.
  event.waitUntil(Promise.all([
    Promise.all([caches.open(CACHE), languagesToKeep()]).then(([cache, languages]) => Promise.all([
      cache.addAll([...COMMON, ...languages.flatMap((lang) => BY_LANGUAGE[lang])].map(fresh)),
      unpackBundle(cache),
    ])),
    addStaticRoutes(event),
  ]));
});

/** The languages kept in any of this app's caches (an update keeps them all). */
async function keptBefore() {
  const kept = new Set();
  for (const key of (await caches.keys()).filter((name) => name.startsWith(PREFIX))) {
    const old = await caches.open(key);
    for (const lang of LANGUAGES) if (await old.match(`/${lang}/`)) kept.add(lang);
  }
  return kept;
}

/** The languages to keep offline: those kept before, those of the open pages, the one chosen last; else the
 * device's. */
async function languagesToKeep() {
  const kept = await keptBefore();
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    const first = new URL(client.url).pathname.split('/')[1];
    if (LANGUAGES.includes(first)) kept.add(first);
  }
  const chosen = await chosenLanguage();
  if (chosen) kept.add(chosen);
  if (!kept.size) kept.add(preferredLanguage());
  return LANGUAGES.filter((lang) => kept.has(lang));
}

/** Keep more languages offline: each one's shell and strings, together or not at all (the shell says it is kept). */
async function keepLanguages(languages) {
  const store = await cache();
  const missing = [];
  for (const lang of languages.filter((code) => LANGUAGES.includes(code))) {
    if (!(await store.match(`/${lang}/`))) missing.push(lang);
  }
  await store.addAll(missing.flatMap((lang) => BY_LANGUAGE[lang]).map(fresh));
}

/** The languages this version's cache keeps. */
async function keptLanguages() {
  const store = await cache();
  const kept = [];
  for (const lang of LANGUAGES) if (await store.match(`/${lang}/`)) kept.push(lang);
  return kept;
}

/** This version's copy of a URL: from the server, except a file named by its hash, which the HTTP cache may hold. */
function fresh(url) {
  return new Request(url, { cache: IMMUTABLE.has(url) ? 'default' : 'reload' });
}

/** The app's text files arrive together (one request, one compressed stream); each is cached under its own URL. */
async function unpackBundle(cache) {
  const response = await fetch(fresh(BUNDLE));
  if (!response.ok) throw new Error(`${BUNDLE}: HTTP ${response.status}`);
  const { files } = await response.json();
  await Promise.all(files.map(({ url, type, body }) => cache.put(url, new Response(body, { headers: { 'Content-Type': type } }))));
}

/**
 * Where the browser supports it (static routing), scripts, styles and data come straight from this version's cache,
 * without waking this worker: a slow phone starts faster. A file missing from the cache falls back to the network.
 */
function addStaticRoutes(event) {
  if (!event.addRoutes || typeof URLPattern === 'undefined') return Promise.resolve();
  const fromCache = (pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: { cacheName: CACHE } });
  return event.addRoutes([fromCache('/static/*'), fromCache('/data/*')]).catch(() => {});
}

let opened = null;

/** This version's cache, opened once while this worker runs: a request answered from it waits for nothing else. */
function cache() {
  opened ??= caches.open(CACHE);
  return opened;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith(PREFIX) && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  if (event.data === 'version' && event.source) event.source.postMessage({ version: VERSION });
  if (event.data?.type === 'keep-languages') {
    // Answered on the port the page gave: the languages kept now, or the reason the download failed.
    const [port] = event.ports;
    event.waitUntil(keepLanguages(event.data.languages)
      .then(keptLanguages)
      .then((languages) => port.postMessage({ languages }), (error) => port.postMessage({ error: String(error) })));
  }
  if (event.data === 'kept-languages') {
    const [port] = event.ports;
    event.waitUntil(keptLanguages().then((languages) => port.postMessage({ languages })));
  }
});

/** The language the referee chose last (the cookie main.js sets), where the worker can read cookies. */
async function chosenLanguage() {
  try {
    const cookie = await self.cookieStore?.get('mjref-lang');
    return LANGUAGES.includes(cookie?.value) ? cookie.value : null;
  } catch (error) {
    return null;
  }
}

/** The device's preferred language among the app's, else English. */
function preferredLanguage() {
  const preferred = (self.navigator.languages || []).map((tag) => tag.slice(0, 2));
  return preferred.find((code) => LANGUAGES.includes(code)) || 'en';
}

/** The language a navigation belongs to: the URL's prefix, else the last one chosen, else the device's preference,
 * else English. */
async function languageOf(url) {
  const first = url.pathname.split('/')[1];
  if (LANGUAGES.includes(first)) return first;
  return (await chosenLanguage()) || preferredLanguage();
}

/**
 * Every wizard URL is answered by its language's shell, as cached (no navigation preload: the shell never waits for
 * the network); the page reads its state from the URL. A language this phone does not keep yet is downloaded and
 * kept first, then answered the same way; offline, its pages open home in a language kept, which says why.
 */
async function navigate(event) {
  const url = new URL(event.request.url);
  const lang = await languageOf(url);
  const shell = await (await cache()).match(`/${lang}/`);
  const inLanguage = LANGUAGES.includes(url.pathname.split('/')[1]);
  if (url.pathname === '/' && shell) return Response.redirect(`/${lang}/`, 302);
  if (shell && inLanguage) return shell;
  if (inLanguage) {
    try {
      await keepLanguages([lang]);  // its shell and strings, which the page needs at once anyway
      return await (await cache()).match(`/${lang}/`);
    } catch (error) {
      // offline, or the server failed: as below
    }
  }
  try {
    return await fetch(event.request);
  } catch (error) {
    if (shell) return shell;
    const kept = (await keptLanguages())[0];
    return kept ? Response.redirect(`/${kept}/?not-offline=${lang}`, 302) : Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  event.respondWith(cache().then((opened) => opened.match(request)).then((hit) => hit || fetch(request)));
});
