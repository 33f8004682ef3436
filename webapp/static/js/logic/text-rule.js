/**
 * The one rule for user text, as the server applies it (webapp/events/text_rule.py): Unicode scalar values only (no
 * lone surrogate: half an emoji), NFC, no control character (tab and line breaks only where a text may have several
 * lines), no bidi embedding, override or isolate (they turn the text around it), and not only invisible characters.
 * Pure: no DOM, no storage.
 */
const SURROGATE = /[\uD800-\uDFFF]/u;  // with the u flag, only a surrogate that is not half of a pair
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
const SPACES = '\t\n\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000';
const ONLY_SPACES = new RegExp(`^[${SPACES}]+$`, 'u');
// Characters that show nothing: zero-width ones, marks and fillers. A text of these and spaces reads as nothing.
const ONLY_INVISIBLE = new RegExp(`^[${SPACES}\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2064\u3164\uFE00-\uFE0F\uFEFF\uFFA0]*$`, 'u');

/** The code of what breaks the rule in `value` (a string), or null. `lines`: tab and line breaks are allowed. */
export function textProblem(value, { lines = false } = {}) {
  if (SURROGATE.test(value)) return 'not_unicode';
  if ((lines ? CONTROL_IN_TEXT : CONTROL).test(value)) return 'control_character';
  if (BIDI_CONTROL.test(value)) return 'bidi_control';
  if (value.normalize('NFC') !== value) return 'not_nfc';
  if (value && !ONLY_SPACES.test(value) && ONLY_INVISIBLE.test(value)) return 'invisible';
  return null;
}

/** An opaque id: scalar values and no control character (it is compared as it is, never normalized). */
export function idProblem(value) {
  if (SURROGATE.test(value)) return 'not_unicode';
  if (CONTROL.test(value)) return 'control_character';
  return null;
}

const ANY_SURROGATE = /[\uD800-\uDFFF]/;  // without the u flag: either half of a pair

/** Length in characters (code points), as JSON Schema and the server count it: an emoji is one. Text with no
 * surrogate (most text) is counted without being split. */
export const charCount = (value) => (ANY_SURROGATE.test(value) ? [...value].length : value.length);
