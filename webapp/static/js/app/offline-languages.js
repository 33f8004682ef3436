/**
 * The languages this phone keeps for offline use. A first visit precaches its own language only (the budget of a
 * first visit); once the app is ready and the phone idle, the other languages are fetched in the background, so a
 * referee who opened /en/ once can show a French player the ruling in French with no signal. A browser that asks to
 * save data (Save-Data, sent to the server and marked on the footer, or navigator.connection.saveData) fetches
 * nothing more: the footer keeps its button for that phone. The footer says which languages are kept, and says so
 * when an offline page was opened in a language not kept (the service worker then opens home in a language kept,
 * with `?not-offline=<lang>`).
 */
import { format } from '../views/dom.js';

const IDLE_TIMEOUT_MS = 3000;  // at most this long after the app is ready, even on a phone that is never idle

/** Ask the active service worker something on a port of its own, and wait for its answer. */
function ask(worker, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

/** Every language of the app, as the page's language switch lists them (the page's own included). */
function appLanguages() {
  const others = [...document.querySelectorAll('a.lang-link[hreflang]')].map((link) => link.getAttribute('hreflang'));
  return [...new Set([document.documentElement.lang, ...others])];
}

/** Whether the browser asks to save data: the server saw Save-Data on the shell, or the browser says so now. */
function savesData(node) {
  return node.dataset.saveData === 'on' || navigator.connection?.saveData === true;
}

/** Run once the page is idle (after the app has started and drawn), or after IDLE_TIMEOUT_MS at the latest. */
function whenIdle(run) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, IDLE_TIMEOUT_MS);
}

/** The kept languages in words, in the page's language: "anglais et français". */
function languageNames(kept) {
  const lang = document.documentElement.lang;
  const names = new Intl.DisplayNames([lang], { type: 'language' });
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(kept.map((code) => names.of(code)));
}

/** Say, once, that the page asked for offline was in a language not kept, and take the mark out of the URL. */
function reportMissing(node, strings) {
  const url = new URL(location.href);
  const missing = url.searchParams.get('not-offline');
  if (!missing) return;
  node.dataset.missing = missing;
  node.querySelector('.offline-languages-text').textContent = strings.offline_language_missing;
  url.searchParams.delete('not-offline');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/**
 * Show which languages are kept (`data-languages` and the footer's words), keep the others in the background unless
 * the browser saves data, and offer a button to keep them while any is missing.
 */
export async function setUpOfflineLanguages(registration, strings) {
  const node = document.getElementById('offline-languages');
  if (!node) return;
  const button = document.getElementById('keep-languages');
  const text = node.querySelector('.offline-languages-text');
  const worker = registration.active;
  if (!worker) {
    reportMissing(node, strings);
    return;
  }
  const all = appLanguages();
  const show = (kept) => {
    node.dataset.languages = kept.join(' ');
    const every = all.every((lang) => kept.includes(lang));
    button.hidden = every;
    text.textContent = every
      ? strings.offline_languages_kept
      : format(strings.offline_languages_list, { languages: languageNames(kept) });
  };
  show((await ask(worker, 'kept-languages')).languages);
  reportMissing(node, strings);
  button.textContent = strings.offline_keep_languages;

  /** Keep every language; `background` fails quietly (the button stays), a tap says why it failed. */
  const keep = async (background) => {
    button.disabled = true;
    node.dataset.state = background ? 'keeping-in-background' : 'keeping';
    const answer = await ask(worker, { type: 'keep-languages', languages: all });
    button.disabled = false;
    if (answer.error) {
      node.dataset.state = background ? 'background-failed' : 'failed';
      if (!background) text.textContent = strings.offline_keep_failed;
      return;
    }
    node.dataset.state = 'kept';
    delete node.dataset.missing;
    show(answer.languages);
  };
  button.addEventListener('click', () => keep(false));
  if (button.hidden || savesData(node)) return;
  whenIdle(() => {
    if (!button.hidden && !savesData(node) && node.dataset.state !== 'keeping') keep(true);
  });
}
