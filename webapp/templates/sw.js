/* Service worker: precaches the whole app for every language, serves it offline, keeps one cache per version. */
const VERSION = '{{ version }}';
const PREFIX = '{{ prefix }}';
const CACHE = PREFIX + VERSION;
const FETCHED = {{ fetched|safe }};  // cached one request each: the shells (with their headers), icons, ruleset data
const BUNDLE = {{ bundle|safe }};  // every other file of the app, in one JSON file
const IMMUTABLE = new Set({{ immutable|safe }});  // named by their content's hash
const LANGUAGES = {{ languages|safe }};

self.addEventListener('install', (event) => {
  // Install only finishes once everything is cached, so "ready offline" is true when it is shown.
  event.waitUntil(Promise.all([
    caches.open(CACHE).then((cache) => Promise.all([cache.addAll(FETCHED.map(fresh)), unpackBundle(cache)])),
    addStaticRoutes(event),
  ]));
});

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

/** The language a navigation belongs to: the URL's prefix, else the last one chosen, else the device's preference,
 * else English. */
async function languageOf(url) {
  const first = url.pathname.split('/')[1];
  if (LANGUAGES.includes(first)) return first;
  const chosen = await chosenLanguage();
  if (chosen) return chosen;
  const preferred = (self.navigator.languages || []).map((tag) => tag.slice(0, 2));
  return preferred.find((code) => LANGUAGES.includes(code)) || 'en';
}

/**
 * Every wizard URL is answered by its language's shell, as cached (no navigation preload: the shell never waits for
 * the network); the page reads its state from the URL.
 */
async function navigate(request) {
  const url = new URL(request.url);
  const lang = await languageOf(url);
  const shell = await (await cache()).match(`/${lang}/`);
  if (url.pathname === '/' && shell) return Response.redirect(`/${lang}/`, 302);
  if (shell && LANGUAGES.includes(url.pathname.split('/')[1])) return shell;
  try {
    return await fetch(request);
  } catch (error) {
    return shell || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  event.respondWith(cache().then((opened) => opened.match(request)).then((hit) => hit || fetch(request)));
});
