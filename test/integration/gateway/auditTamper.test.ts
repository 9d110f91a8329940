// Rewriting the audit log with SQL alone, as someone with the database file and no secret would: replacing an
// entry by insert, cutting the last entries and moving the recorded head, emptying the log, swapping the table for
// an empty one, dropping the append-only triggers, and rewriting the whole chain consistently. Each is refused by
// the database or found by `kopa audit verify`, which checks the chain, its triggers and the checkpoints kept
// outside the database.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite, type SqliteDatabase } from '../../../native/sqlite/index.ts';
import { Engine } from '../../../main/engine/Engine.ts';
import { auditHash, GENESIS_HASH, type AuditEntry } from '../../../main/engine/audit/AuditRepository.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

/** A data folder whose audit log has 120 entries and a checkpoint file written as it grew. */
async function folderWithLog(): Promise<string> {
  const dir = tempDir();
  const engine = Engine.open({ dataDir: dir, emulator: { now: () => TEST_NOW } });
  for (let i = 0; i < 120; i++)
    await engine.call('gateway.call', { tool: 'kasi.getRestDeInfo', args: { solYear: '2025', solMonth: String((i % 12) + 1).padStart(2, '0') } });
  await engine.dispose();
  return dir;
}

async function verify(dir: string): Promise<{ code: number; verdict: { ok: boolean; entries: number; problems?: { message: string }[] } }> {
  const run = await runKopa(['--json', '--data-dir', dir, 'audit', 'verify']);
  return { code: run.code, verdict: JSON.parse(run.stdout) as { ok: boolean; entries: number; problems?: { message: string }[] } };
}

function tamper(dir: string, fn: (db: SqliteDatabase) => void): void {
  const db = openSqlite(path.join(dir, 'kopa.db'));
  try {
    fn(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

const TRIGGERS = `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'x'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'x'); END;
CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log WHEN NEW.seq <> -1 AND NEW.seq <= (SELECT coalesce(max(seq), 0) FROM audit_log) BEGIN SELECT RAISE(ABORT, 'x'); END;`;
const DROP_TRIGGERS = 'DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; DROP TRIGGER audit_log_no_replace;';

describe('the audit log against SQL tampering', () => {
  it('is intact and anchored outside the database after 120 calls', async () => {
    const dir = await folderWithLog();
    const lines = readFileSync(path.join(dir, 'audit-checkpoints.jsonl'), 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ entries: 120, seq: 120 });
    expect(await verify(dir)).toMatchObject({ code: 0, verdict: { ok: true, entries: 120, checkpoints: lines.length } });
  }, 60_000);

  it('refuses INSERT OR REPLACE of an existing entry, even from a connection without recursive triggers', async () => {
    const dir = await folderWithLog();
    expect(() =>
      tamper(dir, (db) =>
        db
          .prepare(
            "INSERT OR REPLACE INTO audit_log (seq, at, tool_id, method, host, path, args_hash, result_code, error_kind, bytes, latency_ms, mode, prev_hash, hash) SELECT seq, at, tool_id, method, 'evil.example', path, args_hash, result_code, error_kind, bytes, latency_ms, mode, prev_hash, hash FROM audit_log WHERE seq = 5",
          )
          .run(),
      ),
    ).toThrow(/append-only/);
    expect((await verify(dir)).verdict.ok).toBe(true);
  }, 60_000);

  const attacks: [string, (db: SqliteDatabase) => void, RegExp][] = [
    [
      'cutting the last entries and moving the recorded head',
      (db) => {
        db.exec(DROP_TRIGGERS);
        db.exec('DELETE FROM audit_log WHERE seq > 110');
        const head = (db.prepare('SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as { hash: string }).hash;
        db.prepare("UPDATE meta SET value = ? WHERE key = 'auditHead'").run(head);
        db.exec(TRIGGERS);
      },
      /checkpoint/,
    ],
    [
      'emptying the log',
      (db) => {
        db.exec(DROP_TRIGGERS);
        db.exec("DELETE FROM audit_log; DELETE FROM meta WHERE key = 'auditHead';");
        db.exec(TRIGGERS);
      },
      /checkpoint/,
    ],
    [
      'swapping the table for an empty one',
      (db) => {
        db.exec('ALTER TABLE audit_log RENAME TO audit_log_hidden');
        db.exec(
          'CREATE TABLE audit_log (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, tool_id TEXT NOT NULL, method TEXT NOT NULL, host TEXT NOT NULL, path TEXT NOT NULL, args_hash TEXT NOT NULL, result_code TEXT, error_kind TEXT, bytes INTEGER NOT NULL, latency_ms REAL NOT NULL, mode TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, origin TEXT) STRICT',
        );
        db.exec("DELETE FROM meta WHERE key = 'auditHead'");
      },
      /trigger|checkpoint/,
    ],
    ['dropping the append-only triggers', (db) => db.exec(DROP_TRIGGERS), /trigger audit_log_no_update is missing/],
    [
      'rewriting the whole chain so that it agrees with itself',
      (db) => {
        db.exec(DROP_TRIGGERS);
        const rows = db.prepare('SELECT * FROM audit_log ORDER BY seq').all() as Record<string, unknown>[];
        let prev = GENESIS_HASH;
        for (const r of rows) {
          const entry: AuditEntry = {
            at: r.at as string,
            toolId: r.tool_id as string,
            method: r.method as string,
            host: r.seq === 7 ? 'evil.example' : (r.host as string),
            path: r.path as string,
            argsHash: r.args_hash as string,
            resultCode: r.result_code as string | null,
            errorKind: r.error_kind as string | null,
            bytes: r.bytes as number,
            latencyMs: r.latency_ms as number,
            mode: r.mode as string,
            origin: r.origin as AuditEntry['origin'],
          };
          const hash = auditHash(prev, entry);
          db.prepare('UPDATE audit_log SET host = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(entry.host, prev, hash, r.seq);
          prev = hash;
        }
        db.prepare("UPDATE meta SET value = ? WHERE key = 'auditHead'").run(prev);
        db.exec(TRIGGERS);
      },
      /checkpoint/,
    ],
  ];

  for (const [name, attack, finding] of attacks) {
    it(`finds ${name}`, async () => {
      const dir = await folderWithLog();
      copyFileSync(path.join(dir, 'audit-checkpoints.jsonl'), path.join(dir, 'checkpoints.before'));
      tamper(dir, attack);
      const { code, verdict } = await verify(dir);
      expect(code).toBe(1);
      expect(verdict.ok).toBe(false);
      expect(verdict.problems!.map((p) => p.message).join('\n')).toMatch(finding);
      expect(existsSync(path.join(dir, 'audit-checkpoints.jsonl'))).toBe(true);
    }, 60_000);
  }
});
