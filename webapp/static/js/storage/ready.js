/**
 * The database, ready for use: opened, the previous release's localStorage data migrated into it and the sync state
 * of each record out of the link's document (upgrade.js moveKnown) first; then, in the background, what is stored at
 * an older version rewritten at the current one (upgrade.js upgradeStored). A connection the browser closed (db.js
 * connectionLost) is replaced: the next call opens the database again.
 */
import { connectionGeneration, foundOlder, madeByThisOpen, openDatabase } from './db.js';
import { migrateLegacy } from './legacy-migration.js';
import { markUpgraded, moveKnown, upgradeStored, upgraded } from './upgrade.js';

const UPGRADE_AFTER_MS = 2000;  // the one-time rewrite of older items waits for the first screen (reads migrate)

let ready = null;
let readyFor = -1;  // the connection `ready` was made for

export function database() {
  if (readyFor !== connectionGeneration()) ready = null;
  readyFor = connectionGeneration();
  ready ??= openDatabase()
    .then(async (db) => {
      // A failed migration (storage full) leaves the old keys in place, to be migrated at the next start.
      await migrateLegacy(db).catch((error) => console.error('legacy data not migrated yet', error));
      if (madeByThisOpen()) markUpgraded();  // a database made now holds nothing older
      else if (foundOlder()) markUpgraded(false);  // an earlier app's database: its data may be older too
      if (!upgraded()) {  // the first start of a version that brings a new format (nothing to read otherwise)
        // Not moved (storage full): tried again at the next start; the link waits for it (services/sync-state.js).
        await moveKnown(db).catch((error) => console.error('sync state not moved to its own store yet', error));
        setTimeout(() => upgradeStored(db), UPGRADE_AFTER_MS);  // once the first screen is drawn
      }
      return db;
    })
    .catch((error) => {
      ready = null;
      throw error;
    });
  return ready;
}
