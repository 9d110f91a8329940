// Jobs as rows: created running, their latest progress written as they go (throttled by the runner), and finished
// once with a result or an error. Rows of a process that died while running read as interrupted.
import type { SqliteDatabase } from '../../../../native/sqlite/index.ts';
import type { JobInfo, JobStatus, Progress } from '../../../api/contract.ts';
import type { ErrorPayload } from '../../../core/errors.ts';
import { processAlive } from '../processAlive.ts';

interface DbJob {
  id: string;
  method: string;
  params_json: string;
  status: JobStatus;
  owner_pid: number;
  progress_json: string | null;
  result_json: string | null;
  error_json: string | null;
  resumed_from: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** Jobs resumed from this one that run or are done: it has been taken up. */
  taken: number;
}

/** Every column, and whether a later job has taken the row up (a resume that runs or ran to its end). */
const SELECT_JOBS = "SELECT j.*, (SELECT COUNT(*) FROM jobs r WHERE r.resumed_from = j.id AND r.status IN ('running', 'done')) AS taken FROM jobs j";

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function toInfo(r: DbJob, resumable: (method: string) => boolean): JobInfo {
  return {
    id: r.id,
    method: r.method as JobInfo['method'],
    params: JSON.parse(r.params_json) as Record<string, unknown>,
    status: r.status,
    progress: parse<Progress>(r.progress_json),
    result: parse<unknown>(r.result_json),
    error: parse<ErrorPayload>(r.error_json),
    resumable: r.status !== 'running' && r.status !== 'done' && r.taken === 0 && resumable(r.method),
    resumedFrom: r.resumed_from,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  };
}

export class JobRepository {
  private readonly db: SqliteDatabase;
  private readonly resumable: (method: string) => boolean;

  constructor(db: SqliteDatabase, resumable: (method: string) => boolean) {
    this.db = db;
    this.resumable = resumable;
  }

  create(job: { id: string; method: string; params: unknown; resumedFrom?: string }, at: Date): JobInfo {
    const now = at.toISOString();
    this.db
      .prepare('INSERT INTO jobs (id, method, params_json, status, owner_pid, resumed_from, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(job.id, job.method, JSON.stringify(job.params), 'running', process.pid, job.resumedFrom ?? null, now, now);
    return this.get(job.id)!;
  }

  /**
   * Creates the job that resumes `from`, unless another job already took it up: checked and written in one immediate
   * transaction, so of two resumers (two windows, two terminals, two processes) exactly one wins. Undefined for the loser.
   */
  claimResume(from: string, job: { id: string; method: string; params: unknown }, at: Date): JobInfo | undefined {
    const claim = this.db.transaction(() => {
      if (!this.get(from)?.resumable) return undefined;
      return this.create({ ...job, resumedFrom: from }, at);
    });
    return claim.immediate();
  }

  /** The job running or done that resumed `from`, if any. */
  resumedBy(from: string): JobInfo | undefined {
    const row = this.db.prepare(`${SELECT_JOBS} WHERE j.resumed_from = ? AND j.status IN ('running', 'done') ORDER BY j.created_at DESC LIMIT 1`).get(from) as
      | DbJob
      | undefined;
    return row ? toInfo(row, this.resumable) : undefined;
  }

  progress(id: string, progress: Progress, at: Date): void {
    this.db
      .prepare("UPDATE jobs SET progress_json = ?, updated_at = ? WHERE id = ? AND status = 'running'")
      .run(JSON.stringify(progress), at.toISOString(), id);
  }

  finish(id: string, outcome: { status: Exclude<JobStatus, 'running'>; result?: unknown; error?: ErrorPayload }, at: Date): JobInfo {
    const now = at.toISOString();
    this.db
      .prepare('UPDATE jobs SET status = ?, result_json = ?, error_json = ?, updated_at = ?, finished_at = ? WHERE id = ?')
      .run(
        outcome.status,
        outcome.result === undefined ? null : JSON.stringify(outcome.result),
        outcome.error ? JSON.stringify(outcome.error) : null,
        now,
        now,
        id,
      );
    return this.get(id)!;
  }

  get(id: string): JobInfo | undefined {
    const row = this.db.prepare(`${SELECT_JOBS} WHERE j.id = ?`).get(id) as DbJob | undefined;
    return row ? toInfo(row, this.resumable) : undefined;
  }

  /** Newest first. */
  list(limit = 100): JobInfo[] {
    return (this.db.prepare(`${SELECT_JOBS} ORDER BY j.created_at DESC, j.rowid DESC LIMIT ?`).all(limit) as DbJob[]).map((r) => toInfo(r, this.resumable));
  }

  /** Marks the running jobs of processes that are gone as interrupted; how many. */
  recoverInterrupted(at: Date, alive: (pid: number) => boolean = processAlive): number {
    const stale = (this.db.prepare("SELECT id, owner_pid FROM jobs WHERE status = 'running'").all() as { id: string; owner_pid: number }[]).filter(
      (r) => !alive(r.owner_pid),
    );
    for (const { id } of stale) this.finish(id, { status: 'interrupted' }, at);
    return stale.length;
  }
}
