/** The log screen: every incident, the per-player summary with escalation, export, import and print. */
import { el } from '../dom.js';
import { formatNumber } from '../format.js';
import { escalation, fromJson, removeIncident, toCsv, toJson } from '../log.js';
import { loadLog, saveLog } from '../log-store.js';
import { rulingUrl } from '../router.js';
import { heading } from './common.js';
import { escalationLines, recordForm, today } from './record.js';

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function describe(rulesets, item) {
  const ruleset = rulesets[item.rulesetId];
  const ruling = ruleset?.rulings[item.rulingId];
  return {
    ruleset,
    penalty: ruling ? ruleset.penalties[ruling.penalty].label : '',
    title: ruling ? ruling.title : item.rulingId,
    section: ruling ? ruling.section : '',
  };
}

function incidentCard(config, rulesets, item, rerender) {
  const { strings, lang } = config;
  const log = strings.log;
  const { ruleset, penalty, title, section } = describe(rulesets, item);
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.at));
  const editor = el('div', { class: 'editor' });
  const card = el('li', { class: 'incident', 'data-incident': item.id },
    el('h2', { class: 'incident-title' }, `${item.player}${item.seat ? ` (${item.seat})` : ''} — ${penalty}`),
    el('p', {}, ruleset ? el('a', { href: rulingUrl(lang, item.rulesetId, item.rulingId), 'data-nav': true }, title) : title),
    el('dl', { class: 'incident-facts' },
      el('dt', {}, log.when), el('dd', {}, when),
      el('dt', {}, log.ruleset), el('dd', {}, ruleset?.short_name || item.rulesetId),
      el('dt', {}, log.section), el('dd', {}, section),
      item.tournament ? [el('dt', {}, log.tournament), el('dd', {}, item.tournament)] : null,
      item.session ? [el('dt', {}, log.session), el('dd', {}, item.session)] : null,
      item.table ? [el('dt', {}, log.table), el('dd', {}, item.table)] : null,
      item.points !== null && item.points !== undefined ? [el('dt', {}, log.points), el('dd', { 'data-points': item.points }, formatNumber(lang, item.points))] : null,
      item.note ? [el('dt', {}, log.note), el('dd', { class: 'note' }, item.note)] : null),
    el('div', { class: 'incident-actions no-print' },
      ruleset ? el('button', {
        type: 'button', class: 'button secondary small', id: `edit-${item.id}`,
        onclick: () => editor.replaceChildren(recordForm({ config, ruleset, rulingId: item.rulingId, incident: item, onSaved: rerender })),
      }, log.edit) : null,
      el('button', {
        type: 'button', class: 'button secondary small', id: `delete-${item.id}`,
        onclick: () => {
          if (!window.confirm(log.confirm_delete)) return;
          if (saveLog(removeIncident(loadLog(), item.id))) rerender();
        },
      }, log.delete)),
    editor);
  return card;
}

function summary(config, rulesets, entries) {
  const { strings, lang } = config;
  const log = strings.log;
  const groups = new Map();
  for (const item of entries) {
    const key = `${item.rulesetId}\u0000${item.player.trim().toLowerCase()}`;
    if (!groups.has(key)) groups.set(key, { rulesetId: item.rulesetId, player: item.player.trim(), count: 0, points: 0, session: item.session });
    const group = groups.get(key);
    group.count += 1;
    group.points += item.points || 0;
    group.session = item.session;
  }
  const rows = [...groups.values()].sort((a, b) => a.player.localeCompare(b.player)).map((group) => {
    const ruleset = rulesets[group.rulesetId];
    const found = ruleset ? escalation({ incidents: entries }, ruleset, group.player, group.session, today()) : { incidents: group.count };
    return el('tr', { 'data-player': group.player, 'data-ruleset': group.rulesetId },
      el('th', { scope: 'row' }, group.player),
      el('td', {}, ruleset?.short_name || group.rulesetId),
      el('td', { 'data-count': group.count }, String(group.count)),
      el('td', { 'data-points-total': group.points }, formatNumber(lang, group.points)),
      el('td', {}, el('ul', { class: 'escalation' }, escalationLines(strings, found))));
  });
  return el('table', { class: 'scores-table summary', id: 'log-summary' },
    el('caption', {}, log.summary),
    el('thead', {}, el('tr', {}, [log.player, log.ruleset, log.count, log.points, log.next].map((text) => el('th', { scope: 'col' }, text)))),
    el('tbody', {}, rows));
}

export function renderLog({ config, rulesets, rerender }) {
  const { strings } = config;
  const log = strings.log;
  const current = loadLog();
  const status = el('div', { id: 'log-status', role: 'status' });
  const fileInput = el('input', { type: 'file', id: 'import-file', accept: 'application/json,.json', class: 'file-input' });
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files[0];
    if (!file) return;
    const parsed = fromJson(await file.text());
    fileInput.value = '';
    if (parsed.error) {
      status.replaceChildren(el('p', { class: 'field-error', id: 'import-error', 'data-error': parsed.error }, log[`import_${parsed.error}`]));
      return;
    }
    if (loadLog().incidents.length && !window.confirm(log.confirm_import)) return;
    if (!saveLog(parsed.log)) {
      status.replaceChildren(el('p', { class: 'field-error', id: 'import-error', 'data-error': 'storage' }, strings.calc.storage_full));
      return;
    }
    rerender();
  });
  const csv = () => toCsv(current, (item) => {
    const { penalty, title, section } = describe(rulesets, item);
    return { penalty, title, section };
  });
  const entries = [...current.incidents].sort((a, b) => b.at.localeCompare(a.at));
  return [
    heading(log.title, 'log-heading'),
    el('div', { class: 'log-actions no-print' },
      el('button', { type: 'button', class: 'button secondary', id: 'export-csv', onclick: () => download('incidents.csv', 'text/csv', csv()) }, log.export_csv),
      el('button', { type: 'button', class: 'button secondary', id: 'export-json', onclick: () => download('incidents.json', 'application/json', toJson(current)) }, log.export_json),
      el('label', { class: 'button secondary', for: 'import-file' }, log.import_json), fileInput,
      el('button', { type: 'button', class: 'button secondary', id: 'print-log', onclick: () => window.print() }, log.print)),
    status,
    entries.length ? summary(config, rulesets, current.incidents) : null,
    entries.length
      ? el('ol', { class: 'incidents', id: 'incidents' }, entries.map((item) => incidentCard(config, rulesets, item, rerender)))
      : el('p', { id: 'log-empty' }, log.empty),
  ].filter(Boolean);
}
