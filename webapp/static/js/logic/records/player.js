/**
 * A player of an event's roster, entered once and picked everywhere after, so the log and the table count the same
 * person's offences. Pure: no DOM, no storage.
 *
 * Version 1: {id (made on the device), eventId, name, number?: text (a player number as printed, "A-12"), club?,
 * deleted?: true (a tombstone: the player left the roster, and the records that name them still read), note?}. The
 * fields but eventId and deleted follow webapp/schemas/player.schema.json, as the server's do. A league's
 * events share their players: the roster of an event with a leagueId holds the players of every event of that league.
 * Version 2: sameAs?: id, the player this one is another id of (the event's server found the same name added on two
 * phones); see player-aliases.js.
 * Version 3: suspensions?: [{start: YYYY-MM-DD, where?}], suspensions given outside the log (another event), which
 * count towards a ban (player-record.js); checked by the shared schema like the other fields.
 */
import { playerSchema } from './record-schemas.js';
import { schemaProblems } from './schema-check.js';
import { checkBoolean, checkId, isObject, join, problems } from './check.js';

export const MAX_NAME = playerSchema.properties.name.maxLength;
export const MAX_NUMBER = playerSchema.properties.number.maxLength;
export const MAX_CLUB = playerSchema.properties.club.maxLength;
export const MAX_SUSPENSIONS = playerSchema.properties.suspensions.maxItems;
export const MAX_WHERE = playerSchema.properties.suspensions.items.properties.where.maxLength;

/** Every problem of one roster player: its fields by the shared schema (as the server checks them), then its event,
 * its tombstone, and a name that is not only spaces. */
export function playerProblems(player, path = '') {
  const report = problems();
  if (!isObject(player)) {
    report.add(path, player === null ? 'null' : 'not_object');
    return report.found;
  }
  const { eventId, deleted, sameAs, ...body } = player;
  schemaProblems(playerSchema, body, path, report);
  if (body.id === undefined) report.add(join(path, 'id'), 'required');
  if (typeof body.name === 'string' && body.name && !body.name.trim()) report.add(join(path, 'name'), 'required');
  checkId(eventId, join(path, 'eventId'), report);
  checkBoolean(deleted, join(path, 'deleted'), report, { optional: true });
  if (sameAs !== undefined) checkId(sameAs, join(path, 'sameAs'), report);
  return report.found;
}

export default {
  name: 'player',
  version: 3,
  keyOf: (player) => player?.id,
  validate: (player) => playerProblems(player),
  migrations: {
    1: (player) => player,  // version 2 adds the optional sameAs
    2: (player) => player,  // version 3 adds the optional suspensions
  },
};
