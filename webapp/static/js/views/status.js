/**
 * A player's status as every screen names it (seat, table panel, offender choice, record form, log card, roster): the
 * short words ("suspended until 9 Dec", dated with Intl in the page's language) and the data attributes tests and
 * styles read. It takes a record from player-record.js and works nothing out itself.
 */
import { format } from './dom.js';

/** An ISO day (a local day already) as the page's language writes it short: "9 Dec", "9 déc.", "9 dic". */
export function shortDay(lang, iso) {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** The status in a few words, '' when the player may play. status: a record's {state, until}. */
export function statusText(config, status) {
  const calc = config.strings.calc;
  if (!status || status.state === 'ok') return '';
  if (status.state === 'suspended') return format(calc.mark_suspended_until, { date: shortDay(config.lang, status.until) });
  return calc.mark_banned;
}

/** The attributes every element naming a player carries: data-status (ok, suspended, banned), data-strikes (those that
 * count in the window) and, while suspended, data-until. record: a player record, or null (no record: ok, 0). */
export function statusData(record) {
  const status = record?.status ?? { state: 'ok' };
  return {
    'data-status': status.state,
    'data-strikes': String(record?.strikes?.inWindow ?? 0),
    'data-until': status.until ?? undefined,
  };
}
