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

function start() {
  if (started) return;
  started = true;
  preloadModules();
  import('./app.js').catch((error) => console.error('the app could not load', error));
}

if (document.visibilityState === 'hidden') start();  // no frames are painted in a hidden tab
else requestAnimationFrame(() => setTimeout(start));
