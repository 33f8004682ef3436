/**
 * One person, one player: a roster player the event's server found to be another player under a second id (the same
 * name added on two phones) keeps that id as an alias (`sameAs`). Reading resolves every id to the person's, so
 * the log, the table and escalation (progressive points, strikes) count one person, whichever phone added the
 * player first. Pure: no DOM, no storage; services/log.js and services/roster.js apply it when they read.
 */

const MAX_CHAIN = 20;  // an alias of an alias is followed this far; a loop ends where it started

/** id → the id of the person it names (itself when it is nobody's alias). */
export function personIds(players) {
  const byId = new Map(players.map((player) => [player.id, player]));
  const resolved = new Map();
  for (const player of players) {
    let id = player.id;
    for (let step = 0; step < MAX_CHAIN && byId.get(id)?.sameAs && byId.get(id).sameAs !== player.id; step += 1) {
      id = byId.get(id).sameAs;
    }
    resolved.set(player.id, id);
  }
  return resolved;
}

/** The id of the person a player id names. */
export const personId = (ids, id) => ids.get(id) ?? id;

/**
 * The roster as the screens read it: an alias is not a player of its own (it reads as a removed one, so records
 * naming it still find a name, and no list or picker offers it).
 */
export function rosterPlayers(players) {
  return players.map((player) => (player.sameAs && !player.deleted ? { ...player, deleted: true } : player));
}

/** Incidents as the screens read them: each roster player id resolved to the person's. */
export function personIncidents(incidents, players) {
  const ids = personIds(players);
  return incidents.map((incident) => {
    if (!incident.playerId) return incident;
    const id = personId(ids, incident.playerId);
    return id === incident.playerId ? incident : { ...incident, playerId: id };
  });
}
