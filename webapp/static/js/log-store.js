/** The incident log and the referee's current tournament, session and table, kept on the device. */
import { emptyLog } from './log.js';
import { load, save } from './store.js';

export function loadLog() {
  const stored = load('log');
  return stored && Array.isArray(stored.incidents) ? stored : emptyLog();
}

/** Save the log; false when the device refused (full storage), in which case the stored log is unchanged. */
export function saveLog(log) {
  return save('log', log);
}

export function loadContext() {
  return load('log-context', { tournament: '', session: '', table: '' });
}

export function saveContext(context) {
  return save('log-context', context);
}
