/**
 * Names that only might be the same person, asked of the head referee (merged or kept apart in one tap), never
 * merged by themselves: names equal once normalized are one player already (player-aliases.js, the server's
 * aliases). Pure: no DOM, no storage; screens/roster.js lists the pairs of the head referee's event.
 *
 * Kept conservative, since every pair shown is a question a busy head referee must answer, and a wrong "same person"
 * would add one player's strikes to another's. A pair is asked about only when:
 * - `letters`: the same letters in the same order once spaces are dropped ("MarcoPolo", "Marco Polo");
 * - `word_order`: the same words in another order ("Polo Marco", "Marco Polo");
 * - `initial`: as many words, the last one equal, and every other word equal or an initial of it ("M. Polo",
 *   "Marco Polo");
 * - `one_typo`: one letter added, removed, changed or two neighbours swapped, in names of at least 7 letters each
 *   (shorter names differ by one letter too often: "Ann Lee", "Ann Lea"), when both hold the same digits ("Table 1
 *   East", "Table 2 East" are two people).
 */
import { normalizeName } from './names.js';

const MIN_TYPO_LETTERS = 7;

const wordsOf = (name) => normalizeName(name).split(' ').filter(Boolean);
const digitsOf = (text) => text.replace(/\D/g, '');

/** Whether a and b differ by exactly one edit (insert, delete, substitute, or swap of two neighbours). */
export function oneEditApart(a, b) {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  const [restA, restB] = [a.slice(start), b.slice(start)];
  if (restA.slice(1) === restB.slice(1)) return true;  // one letter changed
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true;  // one letter added or removed
  return restA.length > 1 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2);
}

function initials(left, right) {
  if (left.length !== right.length || left.length < 2) return false;
  if (left[left.length - 1] !== right[right.length - 1]) return false;
  let initial = false;
  for (let index = 0; index < left.length - 1; index += 1) {
    const [a, b] = [left[index], right[index]];
    if (a === b) continue;
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    if (short.length !== 1 || long.length < 2 || long[0] !== short) return false;
    initial = true;
  }
  return initial;
}

/**
 * Why two names might be the same person: 'letters' | 'word_order' | 'initial' | 'one_typo', or null (not alike, or
 * the same name once normalized, which is one player already).
 */
export function mightBeSamePerson(a, b) {
  const [left, right] = [wordsOf(a), wordsOf(b)];
  if (!left.length || !right.length || left.join(' ') === right.join(' ')) return null;
  const [compactA, compactB] = [left.join(''), right.join('')];
  if (compactA === compactB) return 'letters';
  if ([...left].sort().join(' ') === [...right].sort().join(' ')) return 'word_order';
  if (initials(left, right)) return 'initial';
  if (Math.min(compactA.length, compactB.length) >= MIN_TYPO_LETTERS && digitsOf(compactA) === digitsOf(compactB)
    && oneEditApart(compactA, compactB)) return 'one_typo';
  return null;
}

/** The key of a pair of player ids kept apart, the same whichever comes first. */
export const pairKey = (idA, idB) => [idA, idB].sort().join(' ');

/**
 * The keys under which a name is filed, one family per reason, so that two names that might be the same person
 * always share a key (and most names that might not, never do):
 * - `l:` its letters without spaces (`letters`); `w:` its words sorted (`word_order`);
 * - `i:` its number of words, its last word and the first letter of each other word (`initial`);
 * - `t:` for names of MIN_TYPO_LETTERS letters or more, its letters without spaces and each string made by dropping
 *   one letter of them (`one_typo`: one letter added, removed or changed, or two neighbours swapped, leaves the two
 *   names sharing one of those strings).
 */
export function nameKeys(name) {
  const words = wordsOf(name);
  if (!words.length) return [];
  const compact = words.join('');
  const keys = [`l:${compact}`, `w:${[...words].sort().join(' ')}`];
  if (words.length >= 2) {
    keys.push(`i:${words.length}:${words[words.length - 1]}:${words.slice(0, -1).map((word) => word[0]).join('')}`);
  }
  if (compact.length >= MIN_TYPO_LETTERS) {
    keys.push(`t:${compact}`);
    for (let index = 0; index < compact.length; index += 1) {
      keys.push(`t:${compact.slice(0, index)}${compact.slice(index + 1)}`);
    }
  }
  return keys;
}

/**
 * The pairs of present players (not removed, not another id of a person) that might be the same person, minus the
 * pairs the head referee kept apart (`apart`: pair keys): [{first, second, reason}], in roster order. Only the names
 * that share a key (nameKeys) are compared, so a roster of 5,000 takes milliseconds, not the seconds comparing every
 * pair takes.
 */
export function possibleDuplicates(players, apart = []) {
  const kept = new Set(apart);
  const present = players.filter((player) => !player.deleted && !player.sameAs);
  const filed = new Map();  // key -> roster positions of the names filed under it
  present.forEach((player, index) => {
    for (const key of new Set(nameKeys(player.name))) {
      if (filed.has(key)) filed.get(key).push(index);
      else filed.set(key, [index]);
    }
  });
  const candidates = new Map();  // first position -> the later positions sharing a key with it
  for (const positions of filed.values()) {
    for (let a = 0; a < positions.length; a += 1) {
      for (let b = a + 1; b < positions.length; b += 1) {
        if (!candidates.has(positions[a])) candidates.set(positions[a], new Set());
        candidates.get(positions[a]).add(positions[b]);
      }
    }
  }
  const pairs = [];
  for (const firstIndex of [...candidates.keys()].sort((a, b) => a - b)) {
    const first = present[firstIndex];
    for (const secondIndex of [...candidates.get(firstIndex)].sort((a, b) => a - b)) {
      const second = present[secondIndex];
      if (kept.has(pairKey(first.id, second.id))) continue;
      const reason = mightBeSamePerson(first.name, second.name);
      if (reason) pairs.push({ first, second, reason });
    }
  }
  return pairs;
}
