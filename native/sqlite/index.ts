// The only import site of better-sqlite3. The engine's store works against these types, so a change of driver
// touches this folder alone.
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;
export type SqliteStatement<P extends unknown[] | object = unknown[], R = unknown> = Database.Statement<P, R>;
export type SqliteTransaction<F extends (...args: never[]) => unknown> = Database.Transaction<F>;

export interface OpenSqliteOptions {
  /** Open without write access. Defaults to false. */
  readonly?: boolean;
  /** Fail instead of creating a new file. Defaults to false. */
  fileMustExist?: boolean;
  /** How long a statement waits for another connection's lock, in ms. Defaults to 5000. */
  busyTimeoutMs?: number;
  /** A better_sqlite3.node built for another runtime's ABI (Electron's). Defaults to the one installed for Node. */
  nativeBinding?: string;
}

const defaults = { readonly: false, fileMustExist: false, busyTimeoutMs: 5000 } satisfies Omit<Required<OpenSqliteOptions>, 'nativeBinding'>;

export function openSqlite(file: string, options: OpenSqliteOptions = {}): SqliteDatabase {
  const o = { ...defaults, ...options };
  return new Database(file, { readonly: o.readonly, fileMustExist: o.fileMustExist, timeout: o.busyTimeoutMs, nativeBinding: o.nativeBinding });
}

/** SQLite result codes that mean the file is not a usable database. */
const corruptionCodes = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_INDEX']);

export function isSqliteCorruption(error: unknown): boolean {
  return error instanceof Database.SqliteError && corruptionCodes.has(error.code);
}

export function sqliteErrorCode(error: unknown): string | undefined {
  return error instanceof Database.SqliteError ? error.code : undefined;
}
