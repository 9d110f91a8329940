import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Store } from '../../../main/engine/store/Store.ts';
import { storeMigrations } from '../../../main/engine/store/migrations/index.ts';
import { sqlMigration, type Migration } from '../../../main/engine/store/migrations/migration.ts';
import { isKopaError } from '../../../main/core/errors.ts';
import { openSqlite } from '../../../native/sqlite/index.ts';
import { AuditRepository, auditHash, type AuditEntry } from '../../../main/engine/audit/AuditRepository.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const fixtureV1 = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'db', 'kopa-schema-v1.db');
const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

function expectRefusal(fn: () => unknown, code: string, text: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(isKopaError(caught), `expected a KopaError, got ${String(caught)}`).toBe(true);
  expect((caught as { code: string }).code).toBe(code);
  expect((caught as Error).message).toMatch(text);
}

describe('Store.open', () => {
  it('creates a new database at the latest schema, in WAL mode with foreign keys on', () => {
    const file = path.join(tempDir(), 'kopa.db');
    const store = Store.open(file);
    expect(store.schemaVersion).toBe(storeMigrations.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const concept of [
      'tools',
      'recordings',
      'snapshots',
      'audit_log',
      'edges',
      'edge_trials',
      'plans',
      'samples',
      'datasets',
      'tasks',
      'runs',
      'attempts',
      'chats',
      'messages',
      'models',
      'schema_migrations',
    ]) {
      expect(tables).toContain(concept);
    }
    store.close();
  });

  it('keeps the audit log append-only', () => {
    const store = Store.open(path.join(tempDir(), 'kopa.db'));
    store.db
      .prepare(
        `INSERT INTO audit_log (at, tool_id, method, host, path, args_hash, bytes, latency_ms, mode, prev_hash, hash)
                VALUES ('t', 'kma.x', 'GET', 'apis.data.go.kr', '/p', 'h', 1, 1, 'emulator', '0', 'a')`,
      )
      .run();
    expect(() => store.db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    expect(() => store.db.prepare("UPDATE audit_log SET host = 'evil'").run()).toThrow(/append-only/);
    store.close();
  });

  it('opens a database written by the first release and keeps its data', () => {
    const file = path.join(tempDir(), 'kopa.db');
    copyFileSync(fixtureV1, file);
    const store = Store.open(file);
    expect(store.schemaVersion).toBe(storeMigrations.length);
    expect(store.db.prepare('SELECT content FROM messages WHERE chat_id = ?').pluck().get('chat-1')).toBe('지금 종로구 기온은?');
    expect(store.db.prepare('SELECT path FROM models WHERE id = ?').pluck().get('m1')).toBe('/models/qwen.gguf');
    store.close();
  });

  it('migrates an older database forward step by step, keeping its rows and a copy from before', () => {
    const dir = tempDir();
    const file = path.join(dir, 'kopa.db');
    const v1: Migration = sqlMigration(1, 'people', 'CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT');
    const v2: Migration = sqlMigration(2, 'people.region', "ALTER TABLE people ADD COLUMN region TEXT NOT NULL DEFAULT '11'");
    const v3: Migration = { version: 3, name: 'backfill', up: (db) => db.prepare("UPDATE people SET region = '26' WHERE name = '부산'").run() };

    const old = Store.open(file, { migrations: [v1] });
    old.db.prepare('INSERT INTO people (name) VALUES (?), (?)').run('서울', '부산');
    old.close();

    const store = Store.open(file, { migrations: [v1, v2, v3] });
    expect(store.schemaVersion).toBe(3);
    expect(store.db.prepare('SELECT name, region FROM people ORDER BY id').all()).toEqual([
      { name: '서울', region: '11' },
      { name: '부산', region: '26' },
    ]);
    expect(store.db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([1, 2, 3]);
    expect(store.backupFile).toBeDefined();
    store.close();
    const backup = openSqlite(store.backupFile!, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(1);
    expect(backup.prepare('SELECT count(*) FROM people').pluck().get()).toBe(2);
    backup.close();
  });

  it('keeps an existing audit chain whole when migration 7 rebuilds the table without its hash index', () => {
    const file = path.join(tempDir(), 'kopa.db');
    const before = Store.open(file, { migrations: storeMigrations.slice(0, 6) });
    const entry = (i: number): AuditEntry => ({
      at: `2026-11-3${i % 2}T00:00:0${i}Z`,
      toolId: 'kma.getUltraSrtNcst',
      method: 'GET',
      host: 'apis.data.go.kr',
      path: '/p',
      argsHash: `h${i}`,
      resultCode: '00',
      errorKind: null,
      bytes: i,
      latencyMs: 1,
      mode: 'live',
    });
    // Written as the releases of that schema wrote them: the eleven fields, no origin.
    let prevHash = '0'.repeat(64);
    const written = [1, 2, 3, 4, 5].map((i) => {
      const e = entry(i);
      const hash = auditHash(prevHash, e);
      const seq = Number(
        before.db
          .prepare(
            'INSERT INTO audit_log (at, tool_id, method, host, path, args_hash, result_code, error_kind, bytes, latency_ms, mode, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(e.at, e.toolId, e.method, e.host, e.path, e.argsHash, e.resultCode, e.errorKind, e.bytes, e.latencyMs, e.mode, prevHash, hash).lastInsertRowid,
      );
      const row = { ...e, origin: null, seq, prevHash, hash };
      prevHash = hash;
      return row;
    });
    before.db.prepare("INSERT INTO meta (key, value) VALUES ('auditHead', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(prevHash);
    before.close();
    const after = Store.open(file);
    const audit = new AuditRepository(after.db);
    expect(audit.verify()).toMatchObject({ ok: true, entries: 5, head: written[4]!.hash });
    expect(audit.recent(5).reverse()).toEqual(written);
    expect(after.db.prepare("SELECT count(*) FROM sqlite_master WHERE tbl_name = 'audit_log' AND type = 'index'").pluck().get()).toBe(0);
    expect(() =>
      after.db
        .prepare(
          "INSERT OR REPLACE INTO audit_log SELECT seq, at, tool_id, method, 'evil.example', path, args_hash, result_code, error_kind, bytes, latency_ms, mode, prev_hash, hash, origin FROM audit_log WHERE seq = 2",
        )
        .run(),
    ).toThrow(/append-only/);
    audit.append(entry(6));
    expect(audit.verify()).toMatchObject({ ok: true, entries: 6 });
    after.close();
  });

  it('rolls a failing migration back and says so, leaving the earlier schema usable', () => {
    const file = path.join(tempDir(), 'kopa.db');
    const v1 = sqlMigration(1, 'a', 'CREATE TABLE a (x INTEGER) STRICT');
    Store.open(file, { migrations: [v1] }).close();
    const broken = sqlMigration(2, 'broken', 'CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);');
    expectRefusal(() => Store.open(file, { migrations: [v1, broken] }), 'MigrationFailed', /schema 2 \(broken\)/);
    const again = Store.open(file, { migrations: [v1] });
    expect(again.schemaVersion).toBe(1);
    expect(again.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'b'").pluck().get()).toBe(0);
    again.close();
  });

  it('refuses a database from a newer version and leaves it untouched', () => {
    const file = path.join(tempDir(), 'kopa.db');
    Store.open(file).close();
    const raw = openSqlite(file);
    raw.pragma(`user_version = ${storeMigrations.length + 5}`);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const before = sha(file);
    expectRefusal(
      () => Store.open(file),
      'NewerDatabase',
      new RegExp(`schema version ${storeMigrations.length + 5}.*newer|knows versions up to ${storeMigrations.length}`),
    );
    expect(sha(file)).toBe(before);
  });

  it("refuses an empty kopa.db, a folder in its place, a missing table, and another program's SQLite file, changing none of them", () => {
    const dir = tempDir();
    const empty = path.join(dir, 'empty.db');
    writeFileSync(empty, '');
    expectRefusal(() => Store.open(empty), 'CorruptDatabase', /it is empty \(0 bytes\)/);
    expect(readFileSync(empty)).toHaveLength(0);

    const folder = path.join(dir, 'folder.db');
    mkdirSync(folder);
    expectRefusal(() => Store.open(folder), 'DataDirUnavailable', /is not a file/);

    const dropped = path.join(dir, 'dropped.db');
    Store.open(dropped).close();
    const raw = openSqlite(dropped);
    raw.exec('DROP TABLE quota_usage');
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    expectRefusal(() => Store.open(dropped), 'CorruptDatabase', /its table quota_usage is missing/);

    const foreign = path.join(dir, 'foreign.db');
    const other = openSqlite(foreign);
    other.exec("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('someone else')");
    other.close();
    const before = sha(foreign);
    expectRefusal(() => Store.open(foreign), 'CorruptDatabase', /not one KOPA Studio wrote/);
    expect(sha(foreign)).toBe(before);
    expect(readFileSync(foreign)[18]).toBe(1);
    expect(existsSync(`${foreign}-wal`)).toBe(false);
  });

  it('creates a new database whole, leaving no temporary file', () => {
    const dir = tempDir();
    Store.open(path.join(dir, 'kopa.db')).close();
    expect(readdirSync(dir).filter((f) => f.includes('creating'))).toEqual([]);
  });

  it.each([
    ['not SQLite at all', (file: string) => writeFileSync(file, 'this is a spreadsheet, not a database\n'.repeat(50)), /not an SQLite database/],
    ['truncated', (file: string) => truncateSync(file, 4096 * 3), /truncated/],
    [
      'damaged inside',
      (file: string) => {
        const bytes = readFileSync(file);
        bytes.fill(0xab, 4096 * 2, 4096 * 4);
        writeFileSync(file, bytes);
      },
      /cannot be read/,
    ],
  ])('refuses a corrupt file (%s) with a clear error and never overwrites it', (_name, damage, text) => {
    const dir = tempDir();
    const file = path.join(dir, 'kopa.db');
    copyFileSync(fixtureV1, file);
    damage(file);
    const before = sha(file);
    expectRefusal(() => Store.open(file), 'CorruptDatabase', text);
    expect(sha(file)).toBe(before);
    expect(readdirSync(dir).filter((f) => f.includes('before-v'))).toEqual([]);
    expect(existsSync(file)).toBe(true);
  });
});
