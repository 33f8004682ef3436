/** The database, ready for use: opened, and the previous release's localStorage data migrated into it first. A
 * connection the browser closed (db.js connectionLost) is replaced: the next call opens the database again. */
import { connectionGeneration, openDatabase } from './db.js';
import { migrateLegacy } from './legacy-migration.js';

let ready = null;
let readyFor = -1;  // the connection `ready` was made for

export function database() {
  if (readyFor !== connectionGeneration()) ready = null;
  readyFor = connectionGeneration();
  ready ??= openDatabase()
    .then(async (db) => {
      // A failed migration (storage full) leaves the old keys in place, to be migrated at the next start.
      await migrateLegacy(db).catch((error) => console.error('legacy data not migrated yet', error));
      return db;
    })
    .catch((error) => {
      ready = null;
      throw error;
    });
  return ready;
}
