/** Bootstrap: let the browser paint the page's frame first, then fetch every module of the app at once and start it. */
let started = false;

/** Hint modules the page has not hinted yet, so they load at once rather than level by level. */
function hint(urls) {
  const hinted = new Set([...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
  for (const href of urls.filter((url) => !hinted.has(url))) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

function whenIdle(task) {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 500);
}

function start() {
  if (started) return;
  started = true;
  const modules = JSON.parse(document.getElementById('app-modules').textContent);
  hint(modules.start);
  import('./app.js')
    // the screens opened later come from the same version as this page, and open at once
    .then(() => whenIdle(() => hint(modules.later)))
    .catch((error) => console.error('the app could not load', error));
}

if (document.visibilityState === 'hidden') start();  // no frames are painted in a hidden tab
else requestAnimationFrame(() => setTimeout(start));
