/**
 * The head referee's view of the event (screens/overview.js): the tables and their latest incidents, the persons
 * suspended or one strike from it with why, what there is to settle, and the phones and referees with their last
 * contact, what each still has to send, and a revoke. Render only.
 */
import { el, format } from './dom.js';
import { agoText, pluralForm } from '../logic/format.js';
import { domId } from './dom.js';
import { shortDay, statusData, statusText } from './status.js';

/** One incident in a line: its ruling's title, its player, how long ago. */
function incidentLine(config, rulesets, item, now) {
  const ruling = rulesets.find((ruleset) => ruleset.id === item.rulesetId)?.rulings[item.rulingId];
  const s = config.strings.event;
  return el('li', { 'data-incident': item.id },
    format(s.ov_incident, { ruling: ruling?.title ?? item.rulingId, player: item.player,
      ago: agoText(config.lang, config.strings.freshness.just_now, item.at, now) }));
}

function tablesPart(config, rulesets, tables, now) {
  const s = config.strings.event;
  if (!tables.length) return el('p', { id: 'ov-no-incident' }, s.ov_none);
  return el('ul', { class: 'overview-tables', id: 'ov-tables' }, tables.map((table) => el('li', {
    'data-table': table.table, 'data-last': table.lastAt,
  },
  el('strong', {}, table.table ? format(s.ov_table, { table: table.table }) : s.ov_no_table), ' ',
  el('span', { class: 'choice-meta' }, format(s.ov_last, {
    ago: agoText(config.lang, config.strings.freshness.just_now, table.lastAt, now) })),
  el('ul', {}, table.latest.map((item) => incidentLine(config, rulesets, item, now))))));
}

/** A person with their status and why: the strikes that count, the suspension's end, what one more strike does. */
function personLine(config, { person, record }) {
  const { strings, lang } = config;
  const said = statusText(config, record.status) || (record.nextStrike === 'ban' ? strings.event.ov_next_ban
    : strings.event.ov_next_suspension);
  const why = record.strikes ? format(strings.log.strikes_counting, {
    today: record.strikes.today, window: record.strikes.inWindow, days: record.strikes.days }) : '';
  const earlier = record.suspensions.filter((item) => item.reason === 'earlier').length;
  return el('li', { 'data-person': person.id, ...statusData(record), 'data-next-strike': record.nextStrike ?? undefined },
    el('strong', {}, person.name), ` — ${said}`,
    record.status.until ? ` (${shortDay(lang, record.status.until)})` : '',
    why ? el('span', { class: 'choice-meta' }, ` ${why}`) : null,
    earlier ? el('span', { class: 'choice-meta' }, ` ${format(strings.event.ov_earlier, { count: earlier })}`) : null);
}

function peoplePart(config, overview) {
  const s = config.strings.event;
  const list = (id, title, entries) => [el('h3', { id: `${id}-title` }, title),
    entries.length ? el('ul', { id, class: 'overview-people' }, entries.map((entry) => personLine(config, entry)))
      : el('p', { id: `${id}-none` }, s.ov_nobody)];
  return [...list('ov-suspended', s.ov_suspended, overview.suspended), ...list('ov-nearly', s.ov_nearly, overview.nearly)];
}

function settlePart(config, sync) {
  const { strings, lang } = config;
  const s = strings.event;
  if (!sync.conflicts && !sync.duplicates) return el('p', { id: 'ov-nothing-to-settle' }, s.ov_nothing_to_settle);
  const count = (forms, n) => format(pluralForm(lang, forms, n), { count: n });
  return el('p', { id: 'ov-settle', 'data-conflicts': sync.conflicts, 'data-duplicates': sync.duplicates },
    [sync.conflicts ? count(s.ov_conflicts, sync.conflicts) : null,
      sync.duplicates ? count(s.ov_duplicates, sync.duplicates) : null].filter(Boolean).join(' · '), ' ',
    el('a', { href: '#event-shared', class: 'inline-link', id: 'ov-settle-link' }, s.ov_settle));
}

function devicePart(config, devices, now, on) {
  const { strings, lang } = config;
  const s = strings.event;
  const ago = (iso) => agoText(lang, strings.freshness.just_now, iso, now);
  if (!devices) return el('p', { id: 'ov-devices-none' }, s.ov_devices_unknown);
  const items = devices.devices.map((device) => {
    const contact = device.lastContactAt ? format(s.ov_contact, { ago: ago(device.lastContactAt) }) : s.ov_never;
    const pending = device.pending ? format(pluralForm(lang, s.ov_pending, device.pending), { count: device.pending }) : '';
    return el('li', {
      id: domId('ov-device', device.id), 'data-device': device.id, 'data-role': device.role,
      'data-revoked': String(device.revoked), 'data-pending': device.pending ?? undefined,
      'data-contact': device.lastContactAt ?? undefined,
    },
    el('strong', {}, device.displayName), ` (${s.roles[device.role] ?? device.role})`,
    device.thisPhone ? el('span', { class: 'choice-meta' }, ` · ${s.ov_this_phone}`) : null, ' ',
    el('span', { class: 'choice-meta' }, device.revoked ? s.ov_revoked : [contact, pending].filter(Boolean).join(' · ')),
    !device.revoked && !device.thisPhone ? el('button', {
      type: 'button', class: 'button secondary small', id: domId('ov-revoke', device.id),
      onclick: () => on.revoke(device),
    }, s.ov_revoke) : null);
  });
  const age = devices.problem ? format(s.ov_devices_kept, { ago: ago(devices.at) })
    : format(s.ov_devices_said, { ago: ago(devices.at) });
  return [el('p', { class: 'help', id: 'ov-devices-age', 'data-problem': devices.problem ?? undefined }, age),
    el('ul', { class: 'overview-devices', id: 'ov-devices' }, items)];
}

/**
 * overview: selectors.js eventOverview's {tables, suspended, nearly}; sync: {conflicts, duplicates} (counts);
 * devices: {devices, at, problem, asking} or null (never read from the server on this phone); notice: a revocation
 * refused; now: the server-corrected time. on.revoke(device), on.refresh().
 */
export function renderOverview({ config, rulesets, overview, sync, devices, notice, now, on }) {
  const s = config.strings.event;
  return [
    el('h3', { id: 'ov-tables-title' }, s.ov_tables), tablesPart(config, rulesets, overview.tables, now),
    ...peoplePart(config, overview),
    el('h3', { id: 'ov-settle-title' }, s.ov_settle_title), settlePart(config, sync),
    el('h3', { id: 'ov-devices-title' }, s.ov_devices),
    notice ? el('p', { class: 'field-error', role: 'alert', id: 'ov-notice', 'data-problem': notice },
      s.problems?.[notice] ?? s.ov_refused) : null,
    ...[devicePart(config, devices, now, on)].flat(),
    el('button', { type: 'button', class: 'button secondary', id: 'ov-ask', onclick: () => on.refresh(),
      'aria-busy': devices?.asking ? 'true' : undefined }, s.ov_ask),
  ];
}
