/**
 * The app: read the page's configuration, start the wizard, then set up offline use and install. The module for
 * offline use and install is imported once the first screen is on its way, so a first visit over HTTP/1.1 (six
 * requests at a time) does not wait for it before the app starts.
 */
import { createController } from './controller.js';
import { useGrammar } from '../logic/urls.js';
import { strictFormat } from '../views/dom.js';

const config = JSON.parse(document.getElementById('app-config').textContent);
config.appName = document.querySelector('.brand').textContent;
useGrammar(config.urls);
strictFormat(Boolean(config.strict));

const controller = createController(config, document.getElementById('view'));
// Once the first screen is shown, sync with the event's server, and again whenever the connection comes back (a
// static export has no server: no config.sync).
controller.start().then(() => config.sync && import('../services/sync.js'))
  .then((sync) => sync?.startAutoSync(config))
  .then(() => config.sync && import('./freshness.js'))
  .then((freshness) => freshness?.showFreshness(config, document.getElementById('freshness')))
  .catch((error) => console.error('sync', error));
import('./pwa.js')
  .then(({ registerServiceWorker, setUpInstall }) => {
    setUpInstall();
    return registerServiceWorker(config.strings, config.version, controller);
  })
  .catch((error) => console.error('service worker', error));
