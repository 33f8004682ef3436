/** The database, ready for use: opened, and the previous release's localStorage data migrated into it first. */
import { openDatabase } from './db.js';
import { migrateLegacy } from './legacy-migration.js';

let ready = null;

export function database() {
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
