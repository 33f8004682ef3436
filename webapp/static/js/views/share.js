/** Share a ruling: the system share sheet where there is one, else the link copied with a visible confirmation. */
import { el } from '../dom.js';

async function copy(url, status, strings) {
  try {
    await navigator.clipboard.writeText(url);
    status.dataset.state = 'copied';
    status.replaceChildren(strings.share_copied);
  } catch (error) {
    status.dataset.state = 'failed';
    status.replaceChildren(strings.share_failed, ' ', el('a', { href: url, id: 'share-url' }, url));
  }
}

export function shareBlock(config, path, title) {
  const strings = config.strings.find;
  const status = el('p', { id: 'share-status', class: 'share-status', role: 'status' });
  const button = el('button', { type: 'button', id: 'share-button', class: 'button secondary' }, strings.share);
  button.addEventListener('click', async () => {
    const url = new URL(path, location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        status.dataset.state = 'shared';
        return;
      } catch (error) {
        if (error.name === 'AbortError') return; // the reader closed the share sheet
      }
    }
    await copy(url, status, strings);
  });
  return el('div', { class: 'share', id: 'share' }, button, status);
}
