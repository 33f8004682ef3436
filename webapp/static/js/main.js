/** Bootstrap: let the browser paint the page's frame first, then fetch every module of the app at once and start it. */
let started = false;

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

/** Say so in place of "Loading…" when the app cannot load (offline before it was ever cached). */
function showLoadError(error) {
  console.error('the app could not load', error);
  const loading = document.getElementById('loading');
  loading.textContent = JSON.parse(document.getElementById('app-config').textContent).strings.load_error;
  loading.dataset.state = 'error';
}

function start() {
  if (started) return;
  started = true;
  preloadModules();
  import('./app.js').catch(showLoadError);
}

if (document.visibilityState === 'hidden') start();  // no frames are painted in a hidden tab
else requestAnimationFrame(() => setTimeout(start));
