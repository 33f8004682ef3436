/**
 * Bootstrap: let the browser paint the page's frame first (its styles are inline), then fetch the rest of the styles
 * and every module of the app at once, and start the app once the styles apply, so no screen shows unstyled.
 */
let started = false;

/** The styles past the first screen: added by script after the first paint, so they never hold it back (the CSP
 * allows no inline handler to load them otherwise). */
function addStylesheet() {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('../../css/app.css', import.meta.url).pathname;
  const applied = new Promise((resolve) => {
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });  // offline before it was cached: the app says so itself
  });
  document.head.append(link);
  return applied;
}

/** Ask for every module now (the page's head may already have), so they do not load level by level. */
function preloadModules() {
  const wanted = JSON.parse(document.getElementById('app-modules').textContent);
  const hinted = new Set([...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
  for (const href of wanted.filter((url) => !hinted.has(url))) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** The rulesets' data files, which every screen past home needs (named by their content, so cached for good). */
function dataUrls() {
  const { data } = JSON.parse(document.getElementById('app-config').textContent);
  return [data.structure, data.strings];
}

/**
 * Fetch the rulesets' data ahead of the app, where the app's own fetch finds it. `priority` is 'high' when a tap
 * waits for it, 'low' when it is only likely. A tap's data is a preload: the app's fetch, once it starts, joins it
 * while it is still on its way (a plain fetch() here was fetched a second time: traced under Slow 4G, the eager
 * referee's question waited for both).
 */
function prefetchData(priority) {
  for (const url of dataUrls()) {
    if (priority === 'low') {
      fetch(url, { priority }).catch(() => {});  // the app reports its own failures
      continue;
    }
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';  // what fetch() asks for on the same origin: the same request, so it is shared
    link.fetchPriority = priority;
    link.href = url;
    document.head.append(link);
  }
}

/**
 * The page may hold the home screen's links before the app is up. A tap on one from now on stays in the page: the URL
 * changes and "Loading…" shows until the app starts and draws that URL's screen (a reload would fetch everything
 * again), and the rulesets' data is asked for at once, beside the modules. Returns the function that stops this,
 * once the app's own handler is there.
 */
function holdTaps() {
  let prefetched = false;
  const onClick = (event) => {
    const link = event.target.closest('a[data-nav]');
    if (!link || event.defaultPrevented || event.button !== 0
      || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (!prefetched) prefetchData('high');
    prefetched = true;
    history.pushState({}, '', link.getAttribute('href'));
    const loading = document.getElementById('loading');
    loading.hidden = false;
    document.getElementById('view').replaceChildren(loading);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

const releaseTaps = holdTaps();
performance.mark('mjref:taps-held');  // from here a tap loads no other page (tests/benchmarks/perf.py reads it)

/**
 * A language tapped in the header: remembered for `/` (a cookie the server and the service worker read, kept a
 * year), and opened in place of the current history entry, so Back leaves the page instead of switching back.
 */
function switchLanguage(event) {
  const link = event.target.closest('a.lang-link');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `mjref-lang=${link.getAttribute('hreflang')}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  location.replace(link.href);
}

document.addEventListener('click', switchLanguage);

/** Say so in place of "Loading…" when the app cannot load (offline before it was ever cached). */
function showLoadError(error) {
  console.error('the app could not load', error);
  releaseTaps();  // the page's links work as plain links again
  const loading = document.getElementById('loading');
  loading.hidden = false;
  loading.textContent = JSON.parse(document.getElementById('app-config').textContent).strings.load_error;
  loading.dataset.state = 'error';
}

function start() {
  if (started) return;
  started = true;
  const styled = addStylesheet();
  preloadModules();
  styled.then(() => import('./app.js')).then(() => {
    releaseTaps();
    // Taps go to the app from now on, its first screen drawn or on its way (tests wait for it: `html[data-app]`).
    document.documentElement.dataset.app = 'ready';
    // Home's next tap is almost always a ruleset: have its data in the cache by then, not one round trip later.
    if (document.getElementById('ruleset-list')) prefetchData('low');
  }, showLoadError);
}

if (document.visibilityState === 'hidden') start();  // no frames are painted in a hidden tab
else requestAnimationFrame(() => setTimeout(start));
