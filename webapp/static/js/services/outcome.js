/** What a write came to, in the terms screens use: {ok}, {conflict: 'changed'|'deleted', rev}, or {error: code}. */

/** The revision a form was made from, as stored in its data-rev attribute ('' when the item did not exist). */
export function revOf(text) {
  return text === '' || text === undefined || text === null ? null : Number(text);
}

/** The form of a revision for a data-rev attribute. */
export function revText(rev) {
  return rev === null || rev === undefined ? '' : String(rev);
}

export function outcome(result, done = () => ({})) {
  if (result.ok) return { ok: true, ...done(result) };
  if (result.refused === 'conflict') return { conflict: result.current ? 'changed' : 'deleted', rev: revText(result.current?.rev) };
  return { error: result.refused ?? result.error };
}
