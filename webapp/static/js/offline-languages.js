/**
 * The languages this phone keeps for offline use. A first visit keeps its own language only (three languages would
 * double what it downloads); the footer offers to keep the others, and says so when an offline page was opened in a
 * language not kept (the service worker then opens home in a language kept, with `?not-offline=<lang>`).
 */

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

/** Show which languages are kept (`data-languages`), and a button to keep the others while any is missing. */
export async function setUpOfflineLanguages(registration, strings) {
  const node = document.getElementById('offline-languages');
  if (!node) return;
  const button = document.getElementById('keep-languages');
  const text = node.querySelector('.offline-languages-text');
  reportMissing(node, strings);
  const worker = registration.active;
  if (!worker) return;
  const all = appLanguages();
  const show = (kept) => {
    node.dataset.languages = kept.join(' ');
    button.hidden = all.every((lang) => kept.includes(lang));
  };
  show((await ask(worker, 'kept-languages')).languages);
  button.textContent = strings.offline_keep_languages;
  button.addEventListener('click', async () => {
    button.disabled = true;
    node.dataset.state = 'keeping';
    const answer = await ask(worker, { type: 'keep-languages', languages: all });
    button.disabled = false;
    if (answer.error) {
      node.dataset.state = 'failed';
      text.textContent = strings.offline_keep_failed;
      return;
    }
    node.dataset.state = 'kept';
    delete node.dataset.missing;
    text.textContent = strings.offline_languages_kept;
    show(answer.languages);
  });
}
