/** Data notices: what happened to stored data (set aside as damaged, saved by a newer version, storage full...). */
import { el, format } from './dom.js';
import { logUrl } from '../logic/urls.js';

/**
 * notices: [{kind: 'settings'|'table'|'incident'|'storage', problem, count}]; on.reload() reloads the app (to get the
 * newer version). Each notice has a stable id, notice-<kind>-<problem>, and data-kind / data-problem / data-count.
 */
export function renderNotices(config, notices, on = {}) {
  const s = config.strings.data;
  if (!notices.length) return null;
  return el('div', { class: 'data-notices', id: 'data-notices' }, notices.map((notice) => {
    const what = s[`what_${notice.kind}`] || notice.kind;
    // What the browser deleted, kind by kind: "incidents of the log (12), players of the roster (3)".
    const lost = (notice.lost ?? []).map((entry) => `${s[`what_${entry.kind}`] || entry.kind} (${entry.ids.length})`)
      .join(', ') || s.lost_nothing;
    const text = format(s[`notice_${notice.problem.replaceAll('-', '_')}`] || s.notice_damaged,
      { what, count: notice.count ?? 1, lost });
    const action = ['newer', 'closed', 'too-new'].includes(notice.problem) && on.reload
      ? el('button', { type: 'button', class: 'button secondary small', id: `notice-${notice.kind}-reload`, onclick: on.reload }, s.reload)
      : ['damaged', 'replaced'].includes(notice.problem)
        ? el('a', { href: `${logUrl(config.lang)}#data`, 'data-nav': true, class: 'notice-link' }, s.see_data)
        : null;
    return el('div', {
      class: 'data-notice', id: `notice-${notice.kind}-${notice.problem}`, role: 'alert',
      'data-notice': true, 'data-kind': notice.kind, 'data-problem': notice.problem, 'data-count': notice.count ?? 1,
    }, el('p', {}, text), action);
  }));
}
