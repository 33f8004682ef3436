/** Share a ruling: its title, penalty and scores line with the link, by the system share sheet where there is one, else
 * copied with a visible confirmation. */
import { el, listen } from './dom.js';

/** Copy the ruling's lines and link; says how it went (on.hand: 'copied' or 'failed'). */
async function copy(text, url, hand) {
  try {
    await navigator.clipboard.writeText(`${text}\n${url}`);
    hand('copied');
  } catch {
    hand('failed');
  }
}

/**
 * message: the ruling's lines that go with the link (its title, penalty and scores line), one per line; handed: how
 * the last share went ('shared', 'copied', 'failed' or null), kept by the screen so a drawing in between keeps it;
 * hand(state) tells the screen.
 */
export function shareBlock(config, path, title, message = [title], { handed = null, hand }) {
  const text = message.filter(Boolean).join('\n');
  const strings = config.strings.find;
  const url = new URL(path, location.origin).href;
  const said = {
    copied: [strings.share_copied],
    failed: [strings.share_failed, ' ', el('a', { href: url, id: 'share-url' }, url)],
  };
  const status = el('p', { id: 'share-status', class: 'share-status', role: 'status', 'data-state': handed }, said[handed] ?? []);
  const button = el('button', { type: 'button', id: 'share-button', class: 'button secondary' }, strings.share);
  listen(button, 'click', async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        hand('shared');
        return;
      } catch (error) {
        if (error.name === 'AbortError') return; // the reader closed the share sheet
      }
    }
    await copy(text, url, hand);
  });
  return el('div', { class: 'share', id: 'share' }, button, status);
}
