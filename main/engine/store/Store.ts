// The engine's SQLite database: opened in WAL mode with foreign keys on, checked before anything is written to it,
// migrated forward at open. A file this build cannot read (corrupt, truncated, not SQLite, or from a newer version)
// is refused with a clear error and left exactly as it was.
import { closeSync, existsSync, linkSync, mkdirSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { KopaError } from '../../core/errors.ts';
import { APP_VERSION } from '../../core/appInfo.ts';
import { isSqliteCorruption, openSqlite, sqliteErrorCode, type SqliteDatabase } from '../../../native/sqlite/index.ts';
import { storeMigrations, type Migration } from './migrations/index.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { requireNoLink } from '../files/noFollow.ts';

export interface StoreOptions {
  /** Schema steps to apply. Defaults to the app's own migrations. */
  migrations?: readonly Migration[];
  /** Run `PRAGMA quick_check` at open when the file is at most this many bytes. Defaults to 32 MiB. */
  quickCheckMaxBytes?: number;
  /** Copy an existing database aside (`VACUUM INTO`) before migrating it. Defaults to true. */
  backupBeforeMigrate?: boolean;
  /** Recorded with each applied migration. Defaults to the app version. */
  appVersion?: string;
  /** An SQLite binding built for Electron's ABI, when the engine runs inside Electron from a checkout. Defaults to none. */
  sqliteBinding?: string;
}

const defaults = {
  migrations: storeMigrations,
  quickCheckMaxBytes: 32 * 1024 * 1024,
  backupBeforeMigrate: true,
  appVersion: APP_VERSION,
} satisfies Omit<Required<StoreOptions>, 'sqliteBinding'>;

const SQLITE_MAGIC = 'SQLite format 3\0';

interface HeaderFacts {
  pageSize: number;
  /** Pages the header says the file holds, when that field is trustworthy. */
  pageCount: number | undefined;
}

function readHeader(file: string): HeaderFacts | 'not-sqlite' {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(100);
    const read = readSync(fd, header, 0, 100, 0);
    if (read < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) return 'not-sqlite';
    const raw = header.readUInt16BE(16);
    const pageSize = raw === 1 ? 65536 : raw;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return 'not-sqlite';
    // The in-header size is valid only when the "version-valid-for" number matches the change counter.
    const valid = header.readUInt32BE(92) === header.readUInt32BE(24);
    const pageCount = header.readUInt32BE(28);
    return { pageSize, pageCount: valid && pageCount > 0 ? pageCount : undefined };
  } finally {
    closeSync(fd);
  }
}

function corrupt(file: string, reason: string, cause?: unknown): KopaError {
  return saidError(
    'CorruptDatabase',
    { message: 'error.dbCorrupt', hint: 'error.dbCorrupt.hint', vars: { file, reason } },
    {
      details: { file, reason },
      cause,
    },
  );
}

export class Store implements Disposable {
  readonly db: SqliteDatabase;
  readonly file: string;
  readonly latestSchemaVersion: number;
  /** Where the pre-migration copy went, when this open migrated an existing database. */
  readonly backupFile: string | undefined;
  private closed = false;

  private constructor(db: SqliteDatabase, file: string, latest: number, backupFile: string | undefined) {
    this.db = db;
    this.file = file;
    this.latestSchemaVersion = latest;
    this.backupFile = backupFile;
  }

  static open(file: string, options: StoreOptions = {}): Store {
    const o = { ...defaults, ...options };
    const latest = checkMigrations(o.migrations);
    mkdirSync(path.dirname(file), { recursive: true });
    // SQLite follows a link at the database's or its journals' path; a planted link would take every write elsewhere.
    for (const f of [file, `${file}-wal`, `${file}-shm`]) requireNoLink(f);
    if (!existsSync(file)) createFresh(file, o);
    const stat = statSync(file);
    if (!stat.isFile()) {
      throw saidError('DataDirUnavailable', { message: 'error.dbNotFile', hint: 'error.dbNotFile.hint', vars: { file } }, { details: { file } });
    }
    // A database this build writes is never empty: it comes into being whole (createFresh), so an empty file is one
    // that lost its content, not a new one.
    if (stat.size === 0) throw corrupt(file, 'it is empty (0 bytes)');
    checkFileShape(file);

    let db: SqliteDatabase;
    try {
      db = openSqlite(file, { nativeBinding: o.sqliteBinding });
    } catch (error) {
      if (isSqliteCorruption(error)) throw corrupt(file, 'SQLite rejected the file', error);
      throw saidError(
        'DataDirUnavailable',
        { message: 'error.dbCannotOpen', hint: 'error.dbCannotOpen.hint', vars: { file, reason: (error as Error).message } },
        {
          details: { file },
          cause: error,
        },
      );
    }
    try {
      const version = readVersion(db, file, o.quickCheckMaxBytes);
      // Another program's SQLite file is refused before anything (not even WAL mode) is written to it.
      if (!hasTable(db, 'schema_migrations'))
        throw corrupt(file, 'it is an SQLite database, but not one KOPA Studio wrote (it has no schema_migrations table)');
      if (version > latest) {
        throw saidError(
          'NewerDatabase',
          { message: 'error.dbNewer', hint: 'error.dbNewer.hint', vars: { file, version, app: o.appVersion, latest } },
          {
            details: { file, schemaVersion: version, latestSchemaVersion: latest },
          },
        );
      }
      configure(db);
      const pending = o.migrations.filter((m) => m.version > version);
      let backupFile: string | undefined;
      if (pending.length > 0 && version > 0 && o.backupBeforeMigrate) backupFile = backup(db, file, version);
      for (const migration of pending) applyMigration(db, migration, o.appVersion, backupFile);
      checkTables(db, file, o.migrations);
      return new Store(db, file, latest, backupFile);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  get schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  [Symbol.dispose](): void {
    this.close();
  }

  /** Folds the WAL back into the main file so a copied data folder is complete, then closes. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.db.pragma('optimize');
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      this.db.close();
    }
  }
}

function checkMigrations(migrations: readonly Migration[]): number {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  return migrations.length;
}

function hasTable(db: SqliteDatabase, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/**
 * A new database comes into being whole: built and migrated under a temporary name, then linked into place, so a
 * process killed while creating it leaves no half-made (or empty) kopa.db behind.
 */
function createFresh(file: string, o: Pick<StoreOptions, 'sqliteBinding'> & { migrations: readonly Migration[]; appVersion: string }): void {
  const temp = `${file}.creating-${process.pid}`;
  for (const f of [temp, `${temp}-wal`, `${temp}-shm`]) rmSync(f, { force: true });
  const db = openSqlite(temp, { nativeBinding: o.sqliteBinding });
  try {
    configure(db);
    for (const migration of o.migrations) applyMigration(db, migration, o.appVersion, undefined);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  try {
    // link, not rename: a database another process created meanwhile is never replaced.
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    for (const f of [temp, `${temp}-wal`, `${temp}-shm`]) rmSync(f, { force: true });
  }
}

const expectedTables = new WeakMap<readonly Migration[], string[]>();

/** The tables and indexes the migrations make, from a scratch database migrated in memory. */
function tablesOf(migrations: readonly Migration[]): string[] {
  let names = expectedTables.get(migrations);
  if (!names) {
    const scratch = openSqlite(':memory:');
    try {
      for (const migration of migrations) applyMigration(scratch, migration, 'scratch', undefined);
      names = scratch
        .prepare("SELECT type || ' ' || name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY 1")
        .pluck()
        .all() as string[];
    } finally {
      scratch.close();
    }
    expectedTables.set(migrations, names);
  }
  return names;
}

/** Every table and index the schema version promises must be there: a database changed outside the app is refused. */
function checkTables(db: SqliteDatabase, file: string, migrations: readonly Migration[]): void {
  const present = new Set(db.prepare("SELECT type || ' ' || name FROM sqlite_master").pluck().all() as string[]);
  const missing = tablesOf(migrations).filter((name) => !present.has(name));
  if (missing.length > 0)
    throw corrupt(file, `its ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (the database was changed outside KOPA Studio)`);
}

function checkFileShape(file: string): void {
  const header = readHeader(file);
  if (header === 'not-sqlite') throw corrupt(file, 'it is not an SQLite database');
  const size = statSync(file).size;
  if (header.pageCount !== undefined && size < header.pageCount * header.pageSize) {
    throw corrupt(file, `it is truncated (${size} bytes, the header says ${header.pageCount * header.pageSize})`);
  }
}

function readVersion(db: SqliteDatabase, file: string, quickCheckMaxBytes: number): number {
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    if (statSync(file).size <= quickCheckMaxBytes) {
      const result = db.pragma('quick_check(1)', { simple: true });
      if (result !== 'ok') throw corrupt(file, `integrity check failed: ${String(result)}`);
    }
    return db.pragma('user_version', { simple: true }) as number;
  } catch (error) {
    if (error instanceof KopaError) throw error;
    if (isSqliteCorruption(error)) throw corrupt(file, (error as Error).message, error);
    throw error;
  }
}

function configure(db: SqliteDatabase): void {
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') throw saidError('DataDirUnavailable', { message: 'error.dbNoWal', hint: 'error.dbNoWal.hint', vars: { mode: String(mode) } });
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  // INSERT OR REPLACE then fires the delete triggers of the rows it replaces (the audit log's refuse it).
  db.pragma('recursive_triggers = ON');
}

function backup(db: SqliteDatabase, file: string, version: number): string {
  const target = `${file}.before-v${version + 1}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  db.prepare('VACUUM INTO ?').run(target);
  return target;
}

function applyMigration(db: SqliteDatabase, migration: Migration, appVersion: string, backupFile: string | undefined): void {
  try {
    db.transaction(() => {
      migration.up(db);
      db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL, app_version TEXT NOT NULL) STRICT`);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at, app_version) VALUES (?, ?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
        appVersion,
      );
      db.pragma(`user_version = ${migration.version}`);
    })();
  } catch (error) {
    throw saidError(
      'MigrationFailed',
      {
        message: 'error.migrationFailed',
        hint: backupFile ? 'error.migrationFailed.backup' : 'error.migrationFailed.hint',
        vars: { version: migration.version, name: migration.name, why: (error as Error).message, backup: backupFile ?? '' },
      },
      { details: { version: migration.version, code: sqliteErrorCode(error) }, cause: error },
    );
  }
}
