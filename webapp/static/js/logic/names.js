/**
 * People's names compared as a referee reads them: "lea  muller", "Léa Müller" and "LEA-MULLER" are one name, so the
 * roster can refuse a second entry for the same person made by accident. Pure: no DOM, no storage.
 */

const PLAIN = /^[\x20-\x7E]*$/;

/** Letters that Unicode does not decompose into a base letter and a mark, folded by hand. */
const FOLDS = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * The comparable form of a name: lower case, accents and other marks removed, punctuation (hyphens, apostrophes,
 * dots) read as spaces, spaces collapsed. `normalizeName(' Léa  Müller-Ó’Neil ')` → `lea muller o neil`.
 */
export function normalizeName(name) {
  const text = String(name ?? '');
  // Plain ASCII (most names) has no accent or mark to remove: the same result, without the Unicode passes.
  if (PLAIN.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (char) => FOLDS[char])
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether two names are the same name once normalized (an empty name matches nothing). */
export function sameName(a, b) {
  const left = normalizeName(a);
  return left !== '' && left === normalizeName(b);
}
