/**
 * The device's side of keeping data: persistent storage (so the browser does not evict the log under pressure) and
 * how full storage is. The app asks for persistence after the first incident or table step it saves (browsers grant
 * it to sites the person uses; Firefox asks them), and the log's data section offers the same request on a tap.
 */
export const NEARLY_FULL = 0.9;  // warn from 90 % of the quota used

let asked = false;

/** true / false, or null when the browser cannot say. */
export async function persisted() {
  try {
    return navigator.storage?.persisted ? await navigator.storage.persisted() : null;
  } catch {
    return null;
  }
}

/** Ask the browser to keep the data; resolves to whether it is kept. */
export async function askPersistence() {
  try {
    return navigator.storage?.persist ? await navigator.storage.persist() : null;
  } catch {
    return null;
  }
}

/** After a save of the referee's data: ask once per page, unless already granted. */
export function persistAfterSave() {
  if (asked) return;
  asked = true;
  persisted().then((kept) => (kept === false ? askPersistence() : kept)).catch(() => {});
}

/** {usage, quota, nearlyFull} in bytes, or null when the browser cannot say. */
export async function estimate() {
  try {
    if (!navigator.storage?.estimate) return null;
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return { usage, quota, nearlyFull: quota > 0 && usage / quota >= NEARLY_FULL };
  } catch {
    return null;
  }
}
