/**
 * Offline and install: registers the service worker, says when offline use is ready, offers updates and install.
 *
 * An update loses nothing: when a new version is waiting, this tab first imports every screen and data file of its
 * own version (the new worker deletes the old cache when it takes over), then offers the update. Once the new
 * version takes over, a tab with nothing typed reloads into it; a tab holding unsaved input stays as it is, says an
 * update is ready, and reloads on a tap or as soon as its input is saved or cleared. A tap reloads with what was
 * typed kept for this tab (sessionStorage) and put back in its forms after the reload.
 */

import { setUpOfflineLanguages } from './offline-languages.js';

function setStatus(node, state, text) {
  node.dataset.state = state;
  node.textContent = text;
}

/** The version of the worker now controlling the page, as it says itself. */
function controllerVersion() {
  return new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.data?.version === undefined) return;
      navigator.serviceWorker.removeEventListener('message', onMessage);
      resolve(event.data.version);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker.controller?.postMessage('version');
  });
}

/**
 * Register the worker. `version` is this page's own, to compare with the worker that takes control of it; `app`
 * gives hasUnsavedInput() and prepareForUpdate() (import this version's lazily loaded files now).
 */
export async function registerServiceWorker(strings, version, app = {}) {
  const status = document.getElementById('offline-status');
  if (!('serviceWorker' in navigator)) {
    setStatus(status, 'unsupported', strings.offline_unsupported);
    return;
  }
  setStatus(status, 'pending', strings.offline_pending);
  const banner = document.getElementById('update-banner');
  const text = document.getElementById('update-text');
  const button = document.getElementById('update-button');
  const hadController = Boolean(navigator.serviceWorker.controller);
  let accepted = false;  // this tab's referee tapped "Update now"
  let offered = null;

  function showBanner(state, message, onTap) {
    banner.dataset.state = state;
    text.textContent = message;
    button.textContent = strings.update_now;
    button.onclick = onTap;
    banner.hidden = false;
  }

  function offerUpdate(worker) {
    offered ??= Promise.resolve(app.prepareForUpdate?.())
      .catch((error) => console.error('could not prepare for the update', error))
      .then(() => showBanner('available', strings.update_available, () => {
        accepted = true;
        worker.postMessage('skip-waiting');
      }));
  }

  /** Reload on the referee's tap: what was typed here is shown again after the reload. */
  function reloadKeepingInput() {
    app.keepDraft?.();
    window.location.reload();
  }

  /** The new version has taken over: reload now if nothing typed would be lost, else once it is saved or cleared. */
  function reloadWhenIdle() {
    if (accepted || !app.hasUnsavedInput?.()) {
      reloadKeepingInput();
      return;
    }
    showBanner('waiting-input', strings.data.update_waiting, reloadKeepingInput);
    const check = () => {
      if (!app.hasUnsavedInput()) window.location.reload();
    };
    for (const type of ['input', 'change', 'submit', 'click']) document.addEventListener(type, () => setTimeout(check), true);
    setInterval(check, 1000);  // a save completes after its submit event
  }

  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const watch = (worker) => {
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  };
  if (registration.waiting && hadController) offerUpdate(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  navigator.serviceWorker.addEventListener('controllerchange', async () => {
    // An update taking over, or a first visit whose worker brought a newer version than this page (deployed in
    // between): never run a mix of old and new files, and never lose what the referee typed.
    if (hadController) reloadWhenIdle();
    else if ((await controllerVersion()) !== version) reloadKeepingInput();
  });
  const ready = await navigator.serviceWorker.ready;
  setStatus(status, 'ready', strings.offline_ready);
  await setUpOfflineLanguages(ready, strings);
}

export function setUpInstall() {
  const button = document.getElementById('install-button');
  let deferred = null;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event;
    button.hidden = false;
  });
  button.addEventListener('click', async () => {
    if (!deferred) return;
    deferred.prompt();
    await deferred.userChoice;
    deferred = null;
    button.hidden = true;
  });
  window.addEventListener('appinstalled', () => { button.hidden = true; });
  const ios = /iphone|ipad|ipod/i.test(navigator.userAgent) && !window.navigator.standalone;
  document.getElementById('ios-help').hidden = !ios;
}
