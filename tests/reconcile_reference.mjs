// The import's duplicate-name guard as it was before players were indexed by name (log-file.js reconcileImport
// compared every file player with every present one): the reference the indexed one must agree with
// (tests/test_log.py). Run: node reconcile_reference.mjs <players> <seed> → {same, cases, first difference}.
import { reconcileImport } from '../webapp/static/js/logic/log-file.js';
import { normalizeName } from '../webapp/static/js/logic/names.js';
import { eventIdOf, LOCAL_EVENT_ID } from '../webapp/static/js/logic/records/event.js';

/** The pairwise guard, as it stood (commit 7248c78). */
export function pairwiseReconcile(parsed, device) {
  const events = new Set([
    LOCAL_EVENT_ID, ...device.events.map((event) => event.id), ...parsed.events.map((event) => event.id)]);
  for (const [index, incident] of parsed.incidents.entries()) {
    if (incident.eventId !== undefined && incident.eventId !== null && !events.has(incident.eventId)) {
      return { error: 'unknown_event', path: `incidents/${index}/eventId` };
    }
  }
  const known = device.players.filter((player) => !player.deleted);
  const byId = new Set(device.players.map((player) => player.id));
  const sameAs = new Map();
  const players = [];
  for (const player of parsed.players) {
    const twin = byId.has(player.id) || player.deleted
      ? null
      : known.find((other) => eventIdOf(other) === eventIdOf(player)
        && normalizeName(other.name) === normalizeName(player.name));
    if (twin) {
      sameAs.set(player.id, twin.id);
      continue;
    }
    players.push(player);
    if (!player.deleted) known.push(player);
  }
  const incidents = parsed.incidents.map((incident) => (sameAs.has(incident.playerId)
    ? {
      ...incident, playerId: sameAs.get(incident.playerId),
      player: known.find((p) => p.id === sameAs.get(incident.playerId)).name,
    }
    : incident));
  return { incidents, players, events: parsed.events };
}

/** A small seeded random number generator (mulberry32), so a failing case can be run again. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Names that are one name once normalized, names that only look alike, and names that normalize to nothing.
const NAMES = ['Léa Müller', 'lea muller', 'LEA-MULLER', 'Lea Muller.', 'Léa Mülller', 'Ann', 'ann', 'Anne', 'Ånn',
  'Bob Chen', 'bob  chen', 'Chen Bob', '???', '!!!', 'Øyvind', 'oyvind', 'Straße', 'strasse', 'Ĳssel', 'Kenji Sato'];
const EVENTS = ['local', 'e1', 'e2', undefined];

/** A device and a file drawn at random: shared ids, tombstones, events with and without, names that collide. */
export function drawCase(rand, size) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const player = (prefix, n) => {
    const eventId = pick(EVENTS);
    return { id: rand() < 0.15 ? `d${Math.floor(rand() * size)}` : `${prefix}${n}`, ...(eventId ? { eventId } : {}),
      name: pick(NAMES), ...(rand() < 0.1 ? { deleted: true } : {}) };
  };
  const unique = (list) => [...new Map(list.map((item) => [item.id, item])).values()];
  const device = unique(Array.from({ length: size }, (_, n) => player('d', n)));
  const filePlayers = unique(Array.from({ length: size }, (_, n) => player('f', n)));
  const incidents = Array.from({ length: size * 2 }, (_, n) => {
    const named = rand() < 0.8 ? pick(filePlayers) : null;
    return { id: `i${n}`, at: '2026-10-01T09:00:00.000Z', eventId: pick(['local', 'e1', 'e2']),
      player: named ? named.name : pick(NAMES), ...(named ? { playerId: named.id } : {}), rulesetId: 'wrc-2015',
      rulingId: 'r_late', points: null };
  });
  return {
    parsed: { incidents, players: filePlayers, events: [{ id: 'e2', name: 'Cup', rulesetId: null }] },
    device: { players: device, events: [{ id: 'e1', name: 'League day', rulesetId: null }] },
  };
}

if (process.argv[1]?.endsWith('reconcile_reference.mjs')) {
  const size = Number(process.argv[2] ?? 200);
  const rand = random(Number(process.argv[3] ?? 1));
  let cases = 0;
  let merged = 0;
  for (let round = 0; round < 20; round += 1) {
    const { parsed, device } = drawCase(rand, size);
    const before = JSON.stringify(pairwiseReconcile(parsed, device));
    const now = await reconcileImport(parsed, device, { between: async () => {} });
    cases += 1;
    merged += parsed.players.length - (now.players?.length ?? parsed.players.length);
    if (JSON.stringify(now) !== before) {
      process.stdout.write(JSON.stringify({ same: false, cases, round, size }));
      process.exit(0);
    }
  }
  process.stdout.write(JSON.stringify({ same: true, cases, merged }));
}
