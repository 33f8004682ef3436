/**
 * Possible duplicates, for the head referee: the event's roster players the server has whose names only might be
 * the same person (possible-duplicates.js), each answered in one tap. "Same person" asks the server to make the
 * second an alias of the first (POST …/players/merge, the path exact names take), then syncs, so every phone reads
 * the alias; "not the same person" keeps the pair apart in the sync state, never asked again on this phone.
 */
import { pairKey, possibleDuplicates } from '../logic/possible-duplicates.js';
import { SYNC_ID } from '../logic/records/sync.js';
import { list, write } from '../storage/repository.js';
import { eventCall, refusal } from './sync-client.js';
import { readLink } from './sync-link.js';
import { syncNow, withSyncLock } from './sync.js';

let asked = null;  // {signature, pairs}: the last answer, kept while the roster and the pairs kept apart are the same

/** What the pairs depend on, as one text: each player's id, name, removal and alias, and the pairs kept apart. */
const signatureOf = (players, apart) => JSON.stringify([players.map((player) => [player.id, player.name,
  Boolean(player.deleted), player.sameAs ?? null]), apart]);

/** The pairs to ask the head referee about ([] for anyone else): [{first, second, reason}]. Worked out again only
 * when the roster or the pairs kept apart changed (the event screen asks at every render). */
export async function duplicatesToAsk(link) {
  if (link?.credential.role !== 'head') return [];
  const players = await list('player');
  if (players.status !== 'ok') return [];
  const known = players.items.map((item) => item.data).filter((player) => link.known[player.id]?.kind === 'player'
    && !link.known[player.id].aliasOf);
  const apart = link.apart ?? [];
  const signature = signatureOf(known, apart);
  if (asked?.signature !== signature) asked = { signature, pairs: possibleDuplicates(known, apart) };
  return asked.pairs;
}

/** "Same person": the second player becomes another id of the first's person on the server, then this phone syncs. */
export async function samePerson(config, firstId, secondId) {
  const { link } = await readLink();
  if (!link) return { error: 'storage' };
  const answer = await eventCall(config, link, 'POST', '/players/merge', { player_id: secondId, into: firstId });
  if (answer.problem || answer.status !== 200) return refusal(answer);
  return syncNow(config);
}

/** "Not the same person": the pair is kept apart (stored with the event's sync state, so it is not asked again). */
export function keepApart(firstId, secondId) {
  const key = pairKey(firstId, secondId);
  return withSyncLock(async () => {
    const result = await write('sync', SYNC_ID, (current) => (current
      ? { ...current.data, apart: [...new Set([...(current.data.apart ?? []), key])] } : undefined));
    return result.ok ? { ok: true } : { error: 'storage' };
  });
}
