/** Static hosting: sends `/` to the visitor's language, and lets the service worker answer deep links the host does
 * not know. */

const RETRIED_KEY = 'fallback-retried';

function languages() {
  return [...document.querySelectorAll('.lang-link')].map((link) => link.getAttribute('hreflang'));
}

/** The visitor's first language among ours, else the first of ours. */
export function preferredLanguage(ours, preferred) {
  const codes = preferred.map((tag) => tag.slice(0, 2).toLowerCase());
  return codes.find((code) => ours.includes(code)) || ours[0];
}

async function controlled() {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller) return;
  await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
}

/** A language path the host does not have: once the service worker controls the page, it serves that language's
 * shell. */
async function retryThroughServiceWorker() {
  const tried = sessionStorage.getItem(RETRIED_KEY) === location.pathname;
  if (tried || !('serviceWorker' in navigator)) {
    sessionStorage.removeItem(RETRIED_KEY);
    return;
  }
  const notFound = document.getElementById('not-found').closest('.view');
  const loading = document.getElementById('fallback-loading');
  notFound.hidden = true;
  loading.hidden = false;
  try {
    await controlled();
    sessionStorage.setItem(RETRIED_KEY, location.pathname);
    location.reload();
  } catch (error) {
    console.error('service worker', error);
    notFound.hidden = false;
    loading.hidden = true;
  }
}

/** The language the referee chose last (the cookie main.js sets when a language is tapped), or null. */
function chosenLanguage(ours) {
  const found = document.cookie.split('; ').find((pair) => pair.startsWith('mjref-lang='));
  const code = found?.slice('mjref-lang='.length);
  return ours.includes(code) ? code : null;
}

const ours = languages();
if (document.getElementById('choose-language')) {
  location.replace(`/${chosenLanguage(ours) ?? preferredLanguage(ours, navigator.languages || [navigator.language || ''])}/`);
} else if (document.getElementById('not-found') && ours.includes(location.pathname.split('/')[1])) {
  retryThroughServiceWorker();
}
