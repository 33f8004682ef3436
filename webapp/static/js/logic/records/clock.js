/**
 * The lateness clock: when the round started and the players who were absent then, each with the time they
 * arrived once they do. One document, id 'main'. Pure: no DOM, no storage.
 *
 * Version 1: {startedAt: date or null, players: [{id, name, arrivedAt: date or null}]}, at most MAX_PLAYERS players.
 */
import { checkDate, checkId, checkText, isObject, join, problems, unknownKeys } from './check.js';

export const MAX_PLAYERS = 16;
const PLAYER_KEYS = ['id', 'name', 'arrivedAt'];

export function defaultClock() {
  return { startedAt: null, players: [] };
}

function playerProblems(player, path, report) {
  if (!isObject(player)) {
    report.add(path, player === null ? 'null' : 'not_object');
    return;
  }
  checkId(player.id, join(path, 'id'), report);
  checkText(player.name, join(path, 'name'), report, { max: 500, required: true });
  if (player.arrivedAt !== null) checkDate(player.arrivedAt, join(path, 'arrivedAt'), report);
  unknownKeys(player, PLAYER_KEYS, path, report);
}

export function clockProblems(data) {
  const report = problems();
  if (!isObject(data)) {
    report.add('', data === null ? 'null' : 'not_object');
    return report.found;
  }
  if (data.startedAt !== null) checkDate(data.startedAt, 'startedAt', report);
  if (!Array.isArray(data.players)) report.add('players', data.players === undefined ? 'missing' : 'not_a_list');
  else {
    if (data.players.length > MAX_PLAYERS) report.add('players', 'too_long');
    data.players.forEach((player, index) => {
      playerProblems(player, join('players', index), report);
      if (isObject(player) && data.players.findIndex((other) => other?.id === player.id) < index) report.add(join('players', index), 'duplicate');
    });
  }
  unknownKeys(data, ['startedAt', 'players'], '', report);
  return report.found;
}

/** Keep the start if it is good and every good player; the rest starts empty. */
function salvage(data) {
  if (!isObject(data)) return null;
  const result = defaultClock();
  if (!clockProblems({ ...result, startedAt: data.startedAt ?? null }).length) {
    result.startedAt = data.startedAt ?? null;
  }
  for (const player of Array.isArray(data.players) ? data.players : []) {
    const report = problems();
    playerProblems(player, '', report);
    if (!report.found.length && !result.players.some((kept) => kept.id === player.id)
      && result.players.length < MAX_PLAYERS) result.players.push(player);
  }
  return result;
}

export default {
  name: 'clock',
  version: 1,
  validate: clockProblems,
  salvage,
  migrations: {},
};
