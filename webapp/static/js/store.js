/** Device storage for the referee's choices and data; a full or blocked storage is reported, never silent. */
const PREFIX = 'mjref.';

export function load(key, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch (error) {
    console.warn('storage read failed', key, error);
    return fallback;
  }
}

/** Save a value; return false when the device refused it (full or blocked storage). */
export function save(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.warn('storage write failed', key, error);
    return false;
  }
}
