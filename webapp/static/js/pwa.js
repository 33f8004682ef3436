/** Offline and install: registers the service worker, says when offline use is ready, offers updates and install. */

function setStatus(node, state, text) {
  node.dataset.state = state;
  node.textContent = text;
}

function offerUpdate(worker, strings) {
  const banner = document.getElementById('update-banner');
  document.getElementById('update-text').textContent = strings.update_available;
  const button = document.getElementById('update-button');
  button.textContent = strings.update_now;
  button.onclick = () => worker.postMessage('skip-waiting');
  banner.hidden = false;
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

/** Register the worker; `version` is this page's own, to compare with the worker that takes control of it. */
export async function registerServiceWorker(strings, version) {
  const status = document.getElementById('offline-status');
  if (!('serviceWorker' in navigator)) {
    setStatus(status, 'unsupported', strings.offline_unsupported);
    return;
  }
  setStatus(status, 'pending', strings.offline_pending);
  const hadController = Boolean(navigator.serviceWorker.controller);
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const watch = (worker) => {
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker, strings);
    });
  };
  if (registration.waiting && hadController) offerUpdate(registration.waiting, strings);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  navigator.serviceWorker.addEventListener('controllerchange', async () => {
    // An update the referee accepted, or a first visit whose worker brought a newer version than this page (deployed
    // in between): reload, so the page never runs a mix of old and new files.
    if (hadController || (await controllerVersion()) !== version) window.location.reload();
  });
  await navigator.serviceWorker.ready;
  setStatus(status, 'ready', strings.offline_ready);
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
