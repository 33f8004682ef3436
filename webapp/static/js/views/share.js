/** Share a ruling: its title, penalty and scores line with the link, by the system share sheet where there is one, else
 * copied with a visible confirmation. */
import { el, listen } from './dom.js';

async function copy(text, url, status, strings) {
  try {
    await navigator.clipboard.writeText(`${text}\n${url}`);
    status.dataset.state = 'copied';
    status.replaceChildren(strings.share_copied);
  } catch (error) {
    status.dataset.state = 'failed';
    status.replaceChildren(strings.share_failed, ' ', el('a', { href: url, id: 'share-url' }, url));
  }
}

/** message: the ruling's lines that go with the link (its title, penalty and scores line), one per line. */
export function shareBlock(config, path, title, message = [title]) {
  const text = message.filter(Boolean).join('\n');
  const strings = config.strings.find;
  const status = el('p', { id: 'share-status', class: 'share-status', role: 'status' });
  const button = el('button', { type: 'button', id: 'share-button', class: 'button secondary' }, strings.share);
  listen(button, 'click', async () => {
    const url = new URL(path, location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        status.dataset.state = 'shared';
        return;
      } catch (error) {
        if (error.name === 'AbortError') return; // the reader closed the share sheet
      }
    }
    await copy(text, url, status, strings);
  });
  return el('div', { class: 'share', id: 'share' }, button, status);
}
