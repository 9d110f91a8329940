// Recorded responses, grouped in named snapshots and keyed by the request hash, so that a replay answers with
// exactly the bytes the live API sent.
import { randomUUID } from 'node:crypto';
import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';
import type { SnapshotInfo } from '../../../api/contract.ts';
import { saidError } from '../../../core/i18n/saidError.ts';

export interface Recording {
  requestHash: string;
  toolId: string;
  specVersion: string;
  argsJson: string;
  httpStatus: number;
  contentType: string;
  body: Buffer;
  recordedAt: string;
  /** How long the live call took, reported again by every replay of it. */
  latencyMs: number;
}

interface RecordingRow {
  request_hash: string;
  tool_id: string;
  spec_version: string;
  args_json: string;
  http_status: number;
  content_type: string;
  body: Buffer;
  recorded_at: string;
  latency_ms: number;
}

const toRecording = (r: RecordingRow): Recording => ({
  requestHash: r.request_hash,
  toolId: r.tool_id,
  specVersion: r.spec_version,
  argsJson: r.args_json,
  httpStatus: r.http_status,
  contentType: r.content_type,
  body: r.body,
  recordedAt: r.recorded_at,
  latencyMs: r.latency_ms,
});

export class RecordingRepository {
  private readonly db: SqliteDatabase;
  private readonly findInSnapshot: SqliteStatement<[number, string], RecordingRow>;
  private readonly findLatest: SqliteStatement<[string], RecordingRow>;
  private readonly snapshotByName: SqliteStatement<[string], { id: number }>;
  private readonly upsert: SqliteStatement;

  constructor(db: SqliteDatabase) {
    this.db = db;
    this.findInSnapshot = db.prepare('SELECT * FROM recordings WHERE snapshot_id = ? AND request_hash = ?');
    this.findLatest = db.prepare('SELECT * FROM recordings WHERE request_hash = ? ORDER BY snapshot_id DESC, id DESC LIMIT 1');
    this.snapshotByName = db.prepare('SELECT id FROM snapshots WHERE name = ?');
    this.upsert =
      db.prepare(`INSERT INTO recordings (snapshot_id, request_hash, tool_id, spec_version, args_json, http_status, content_type, body, recorded_at, latency_ms)
      VALUES (@snapshotId, @requestHash, @toolId, @specVersion, @argsJson, @httpStatus, @contentType, @body, @recordedAt, @latencyMs)
      ON CONFLICT (snapshot_id, request_hash) DO UPDATE SET tool_id = excluded.tool_id, spec_version = excluded.spec_version, args_json = excluded.args_json,
        http_status = excluded.http_status, content_type = excluded.content_type, body = excluded.body, recorded_at = excluded.recorded_at, latency_ms = excluded.latency_ms`);
  }

  snapshotId(name: string): number | undefined {
    return this.snapshotByName.get(name)?.id;
  }

  ensureSnapshot(name: string, options: { description?: string; importedFrom?: string } = {}): number {
    if (name.startsWith(RecordingRepository.STAGING_PREFIX))
      throw saidError('Usage', { message: 'error.stagingName', vars: { prefix: RecordingRepository.STAGING_PREFIX } });
    const existing = this.snapshotId(name);
    if (existing !== undefined) return existing;
    const info = this.db
      .prepare('INSERT INTO snapshots (name, description, created_at, imported_from) VALUES (?, ?, ?, ?)')
      .run(name, options.description ?? null, new Date().toISOString(), options.importedFrom ?? null);
    return Number(info.lastInsertRowid);
  }

  /** Snapshots an import is filling; they hold nothing until the import finishes, and an interrupted one is dropped. */
  static readonly STAGING_PREFIX = '.importing-';

  /** Drops what imports that never finished left behind. */
  dropStaging(): void {
    this.db.prepare('DELETE FROM snapshots WHERE substr(name, 1, ?) = ?').run(RecordingRepository.STAGING_PREFIX.length, RecordingRepository.STAGING_PREFIX);
  }

  /** A new, empty staging snapshot for one import. */
  createStaging(): number {
    const info = this.db
      .prepare('INSERT INTO snapshots (name, description, created_at) VALUES (?, ?, ?)')
      .run(`${RecordingRepository.STAGING_PREFIX}${randomUUID()}`, 'an import in progress', new Date().toISOString());
    return Number(info.lastInsertRowid);
  }

  /**
   * Makes a staging snapshot's recordings the named snapshot's, in one statement group: renamed when the name is
   * free, merged (a recording of the same request replaced) when it exists. The staging snapshot is gone after.
   */
  promoteStaging(stagingId: number, name: string, importedFrom: string): number {
    const target = this.snapshotId(name);
    if (target === undefined) {
      this.db
        .prepare('UPDATE snapshots SET name = ?, imported_from = ?, description = ? WHERE id = ?')
        .run(name, importedFrom, `imported ${new Date().toISOString()}`, stagingId);
      return stagingId;
    }
    this.db
      .prepare(
        `INSERT INTO recordings (snapshot_id, request_hash, tool_id, spec_version, args_json, http_status, content_type, body, recorded_at, latency_ms)
        SELECT ?, request_hash, tool_id, spec_version, args_json, http_status, content_type, body, recorded_at, latency_ms FROM recordings WHERE snapshot_id = ? ORDER BY id
        ON CONFLICT (snapshot_id, request_hash) DO UPDATE SET tool_id = excluded.tool_id, spec_version = excluded.spec_version, args_json = excluded.args_json,
          http_status = excluded.http_status, content_type = excluded.content_type, body = excluded.body, recorded_at = excluded.recorded_at, latency_ms = excluded.latency_ms`,
      )
      .run(target, stagingId);
    this.db.prepare('DELETE FROM snapshots WHERE id = ?').run(stagingId);
    return target;
  }

  save(snapshotId: number, recording: Recording): void {
    this.upsert.run({ snapshotId, ...recording });
  }

  /** The recording in `snapshot`, or (without one) the most recent recording of the request in any snapshot. */
  find(requestHash: string, snapshot?: string): Recording | undefined {
    if (snapshot === undefined) {
      const row = this.findLatest.get(requestHash);
      return row ? toRecording(row) : undefined;
    }
    const id = this.snapshotId(snapshot);
    if (id === undefined) return undefined;
    const row = this.findInSnapshot.get(id, requestHash);
    return row ? toRecording(row) : undefined;
  }

  all(snapshotId: number): Recording[] {
    return (this.db.prepare('SELECT * FROM recordings WHERE snapshot_id = ? ORDER BY id').all(snapshotId) as RecordingRow[]).map(toRecording);
  }

  snapshots(): SnapshotInfo[] {
    return this.db
      .prepare(
        `SELECT s.id, s.name, s.description, s.created_at AS createdAt, s.imported_from AS importedFrom, count(r.id) AS recordings
                  FROM snapshots s LEFT JOIN recordings r ON r.snapshot_id = s.id WHERE substr(s.name, 1, ?) != ? GROUP BY s.id ORDER BY s.id`,
      )
      .all(RecordingRepository.STAGING_PREFIX.length, RecordingRepository.STAGING_PREFIX) as SnapshotInfo[];
  }
}
