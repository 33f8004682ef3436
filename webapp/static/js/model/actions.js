/**
 * The referee's workflows that write, as the screens call them: each goes through its service (one write path per
 * workflow, validated and compare-and-set in storage), and storage's change notice then tells the model what to read
 * again. Screens read only through the model (model.js, selectors.js) and write only through here.
 */
export { applyAndRecord, applyOnly, recordOnly } from '../services/action.js';
export { addRecent, toggleFavourite } from '../services/shortcuts.js';
export { addStep, redoStep, resetBoard, saveFields, startSession, undoStep } from '../services/table.js';
export {
  deleteIncident, editIncident, indexFilter, mergeImport, planImport, recordIncident, replaceLog,
} from '../services/log.js';
export {
  addEarlierSuspension, addPlayer, addPlayers, removeEarlierSuspension, removePlayer, renamePlayer,
} from '../services/roster.js';
export { chooseCurrentEvent, createEvent, updateEvent } from '../services/events.js';
export {
  addAbsent, clearClock, markArrived, removeAbsent, restoreClock, startRound,
} from '../services/clock.js';
export { askToKeepData, clearSetAside, exportAside } from '../services/health.js';
export { chooseRuleset } from '../services/settings.js';
export { correctedNow } from '../services/server-clock.js';
export { leaveEvent, syncNow } from '../services/sync.js';
export { createEvent as createSharedEvent, invite, joinEvent, previewInvite } from '../services/sync-link.js';
export { keepApart, samePerson } from '../services/sync-duplicates.js';
export { discardChange, settleConflict } from '../services/sync-status.js';
export { keptDevices, listDevices, revokeDevice } from '../services/sync-devices.js';
