/** The app: read the page's configuration, start the wizard, then set up offline use and install. */
import { createController } from './controller.js';
import { registerServiceWorker, setUpInstall } from './pwa.js';
import { useGrammar } from './router.js';

const config = JSON.parse(document.getElementById('app-config').textContent);
config.appName = document.querySelector('.brand').textContent;
useGrammar(config.urls);

const controller = createController(config, document.getElementById('view'));
controller.start();
// Sync with the event's server when the app opens and when the connection comes back (not in a static export).
if (config.sync) import('./services/sync.js').then(({ startAutoSync }) => startAutoSync(config)).catch((error) => console.error('sync', error));
setUpInstall();
registerServiceWorker(config.strings, config.version, controller).catch((error) => console.error('service worker', error));
