/**
 * A player of an event's roster, entered once and picked everywhere after, so the log and the table count the same
 * person's offences. Pure: no DOM, no storage.
 *
 * Version 1: {id (made on the device), eventId, name, number?: text (a player number as printed, "A-12"), club?,
 * deleted?: true (a tombstone: the player left the roster, and the records that name them still read)}. A league's
 * events share their players: the roster of an event with a leagueId holds the players of every event of that league.
 * Version 2: sameAs?: id, the player this one is another id of (the event's server found the same name added on two
 * phones); see player-aliases.js.
 */
import { checkBoolean, checkId, checkText, isObject, join, problems, unknownKeys } from '../check.js';

export const MAX_NAME = 200;
export const MAX_NUMBER = 20;
export const MAX_CLUB = 200;
const FIELDS = ['id', 'eventId', 'name', 'number', 'club', 'deleted', 'sameAs'];

export function playerProblems(player, path = '') {
  const report = problems();
  if (!isObject(player)) {
    report.add(path, player === null ? 'null' : 'not_object');
    return report.found;
  }
  checkId(player.id, join(path, 'id'), report);
  checkId(player.eventId, join(path, 'eventId'), report);
  checkText(player.name, join(path, 'name'), report, { max: MAX_NAME, required: true });
  checkText(player.number, join(path, 'number'), report, { max: MAX_NUMBER, optional: true });
  checkText(player.club, join(path, 'club'), report, { max: MAX_CLUB, optional: true });
  checkBoolean(player.deleted, join(path, 'deleted'), report, { optional: true });
  if (player.sameAs !== undefined) checkId(player.sameAs, join(path, 'sameAs'), report);
  unknownKeys(player, FIELDS, path, report);
  return report.found;
}

export default {
  name: 'player',
  version: 2,
  keyOf: (player) => player?.id,
  validate: (player) => playerProblems(player),
  migrations: {
    1: (player) => player,  // version 2 adds the optional sameAs
  },
};
