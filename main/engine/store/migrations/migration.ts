import type { SqliteDatabase } from '../../../../native/sqlite/index.ts';

/** One step of the schema. Versions start at 1 and have no gaps; a released migration is never edited. */
export interface Migration {
  version: number;
  name: string;
  up: (db: SqliteDatabase) => void;
}

/** A migration that is plain SQL. */
export function sqlMigration(version: number, name: string, sql: string): Migration {
  return { version, name, up: (db) => db.exec(sql) };
}
