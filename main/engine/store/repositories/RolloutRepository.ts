// Rollout runs and their groups. A group is saved as soon as its G trajectories are scored, so a killed run resumes
// with the prompts it had not finished.
import type { SqliteDatabase } from '../../../../native/sqlite/index.ts';
import { canonicalJson } from '../../../core/canonicalJson.ts';

export interface RolloutRunRow {
  id: string;
  datasetId: number;
  params: Record<string, unknown>;
  status: 'running' | 'done';
  summary: Record<string, unknown> | null;
  createdAt: string;
  finishedAt: string | null;
}

interface DbRun {
  id: string;
  dataset_id: number;
  params_json: string;
  status: 'running' | 'done';
  summary_json: string | null;
  created_at: string;
  finished_at: string | null;
}

const toRun = (r: DbRun): RolloutRunRow => ({
  id: r.id,
  datasetId: r.dataset_id,
  params: JSON.parse(r.params_json) as Record<string, unknown>,
  status: r.status,
  summary: r.summary_json ? (JSON.parse(r.summary_json) as Record<string, unknown>) : null,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

export class RolloutRepository {
  private readonly db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.db = db;
  }

  run(id: string): RolloutRunRow | undefined {
    const row = this.db.prepare('SELECT * FROM rollout_runs WHERE id = ?').get(id) as DbRun | undefined;
    return row ? toRun(row) : undefined;
  }

  list(): RolloutRunRow[] {
    return (this.db.prepare('SELECT * FROM rollout_runs ORDER BY created_at DESC').all() as DbRun[]).map(toRun);
  }

  /** The run with this id, created when it does not exist yet. */
  open(id: string, datasetId: number, params: Record<string, unknown>, now: Date): RolloutRunRow {
    this.db
      .prepare("INSERT OR IGNORE INTO rollout_runs (id, dataset_id, params_json, status, created_at) VALUES (?, ?, ?, 'running', ?)")
      .run(id, datasetId, canonicalJson(params), now.toISOString());
    return this.run(id)!;
  }

  saveGroup(runId: string, sampleId: number, group: unknown, now: Date): void {
    this.db
      .prepare('INSERT OR REPLACE INTO rollout_groups (run_id, sample_id, group_json, created_at) VALUES (?, ?, ?, ?)')
      .run(runId, sampleId, JSON.stringify(group), now.toISOString());
  }

  groups<T>(runId: string): T[] {
    return (this.db.prepare('SELECT group_json FROM rollout_groups WHERE run_id = ? ORDER BY sample_id').all(runId) as { group_json: string }[]).map(
      (r) => JSON.parse(r.group_json) as T,
    );
  }

  finish(runId: string, summary: unknown, now: Date): void {
    this.db
      .prepare("UPDATE rollout_runs SET status = 'done', summary_json = ?, finished_at = ? WHERE id = ?")
      .run(JSON.stringify(summary), now.toISOString(), runId);
  }
}
