// Benchmark runs and their attempts. Each attempt is one row written when it finishes, so a run killed at any
// moment keeps every finished attempt and resumes with the rest; the suite's tasks are kept beside the runs so
// reports can show a task's request and reference plan later.
import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';
import type { BenchTask } from '../../../core/bench/types.ts';
import type { BenchAttemptRow, BenchManifest, BenchRunRow, BenchRunSummary } from '../../../api/contract.ts';

interface DbRun {
  id: string;
  suite: string;
  status: BenchRunRow['status'];
  manifest_json: string;
  summary_json: string | null;
  created_at: string;
  finished_at: string | null;
}

interface DbAttempt {
  task_id: string;
  attempt: number;
  transcript_json: string;
  calls_json: string;
  answer: string | null;
  verdict: BenchAttemptRow['verdict'];
  failure: string | null;
  metrics_json: string;
  tokens_in: number;
  tokens_out: number;
  duration_ms: number;
  finished_at: string;
}

const toRun = (r: DbRun): BenchRunRow => ({
  id: r.id,
  suite: r.suite,
  status: r.status,
  manifest: JSON.parse(r.manifest_json) as BenchManifest,
  summary: r.summary_json ? (JSON.parse(r.summary_json) as BenchRunSummary) : null,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

const toAttempt = (r: DbAttempt): BenchAttemptRow => ({
  taskId: r.task_id,
  sample: r.attempt,
  transcript: JSON.parse(r.transcript_json) as BenchAttemptRow['transcript'],
  calls: JSON.parse(r.calls_json) as BenchAttemptRow['calls'],
  answer: r.answer,
  verdict: r.verdict,
  failure: r.failure as BenchAttemptRow['failure'],
  ...(JSON.parse(r.metrics_json) as Pick<
    BenchAttemptRow,
    'detail' | 'detailSaid' | 'grounded' | 'expected' | 'metrics' | 'stoppedBy' | 'claim' | 'read' | 'inconsistent'
  >),
  tokensIn: r.tokens_in,
  tokensOut: r.tokens_out,
  ms: r.duration_ms,
  finishedAt: r.finished_at,
});

export class BenchRepository {
  private readonly db: SqliteDatabase;
  private readonly insertAttempt: SqliteStatement;

  constructor(db: SqliteDatabase) {
    this.db = db;
    this.insertAttempt =
      // An attempt the backend could not run is kept (it counts as a failure) and replaced when a resume runs it again.
      db.prepare(`INSERT INTO attempts (run_id, task_id, attempt, transcript_json, calls_json, answer, verdict, failure, metrics_json, tokens_in, tokens_out, duration_ms, finished_at)
      VALUES (@runId, @taskId, @sample, @transcript, @calls, @answer, @verdict, @failure, @metrics, @tokensIn, @tokensOut, @ms, @finishedAt)
      ON CONFLICT (run_id, task_id, attempt) DO UPDATE SET transcript_json = excluded.transcript_json, calls_json = excluded.calls_json,
        answer = excluded.answer, verdict = excluded.verdict, failure = excluded.failure, metrics_json = excluded.metrics_json,
        tokens_in = excluded.tokens_in, tokens_out = excluded.tokens_out, duration_ms = excluded.duration_ms, finished_at = excluded.finished_at
      WHERE attempts.verdict = 'error'`);
  }

  saveTasks(suite: string, suiteHash: string, tasks: BenchTask[]): void {
    const upsert = this.db.prepare(
      'INSERT INTO tasks (suite, id, suite_hash, task_json) VALUES (?, ?, ?, ?) ON CONFLICT (suite, id) DO UPDATE SET suite_hash = excluded.suite_hash, task_json = excluded.task_json',
    );
    this.db.transaction(() => {
      for (const task of tasks) upsert.run(suite, task.id, suiteHash, JSON.stringify(task));
    })();
  }

  tasks(suite: string): { task: BenchTask; suiteHash: string }[] {
    return (this.db.prepare('SELECT task_json, suite_hash FROM tasks WHERE suite = ?').all(suite) as { task_json: string; suite_hash: string }[]).map((r) => ({
      task: JSON.parse(r.task_json) as BenchTask,
      suiteHash: r.suite_hash,
    }));
  }

  createRun(id: string, suite: string, manifest: BenchManifest, at: Date): void {
    this.db
      .prepare("INSERT INTO runs (id, suite, status, manifest_json, created_at) VALUES (?, ?, 'running', ?, ?)")
      .run(id, suite, JSON.stringify(manifest), at.toISOString());
  }

  run(id: string): BenchRunRow | undefined {
    const row = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as DbRun | undefined;
    return row ? toRun(row) : undefined;
  }

  runs(): BenchRunRow[] {
    return (this.db.prepare('SELECT * FROM runs ORDER BY created_at DESC').all() as DbRun[]).map(toRun);
  }

  setStatus(id: string, status: BenchRunRow['status'], summary: BenchRunSummary | null, at: Date | null): void {
    this.db
      .prepare('UPDATE runs SET status = ?, summary_json = ?, finished_at = ? WHERE id = ?')
      .run(status, summary ? JSON.stringify(summary) : null, at ? at.toISOString() : null, id);
  }

  addAttempt(runId: string, row: BenchAttemptRow): void {
    this.insertAttempt.run({
      runId,
      taskId: row.taskId,
      sample: row.sample,
      transcript: JSON.stringify(row.transcript),
      calls: JSON.stringify(row.calls),
      answer: row.answer,
      verdict: row.verdict,
      failure: row.failure,
      metrics: JSON.stringify({
        detail: row.detail,
        ...(row.detailSaid ? { detailSaid: row.detailSaid } : {}),
        ...(row.grounded !== undefined ? { grounded: row.grounded } : {}),
        ...(row.claim !== undefined ? { claim: row.claim } : {}),
        ...(row.read !== undefined ? { read: row.read } : {}),
        ...(row.inconsistent ? { inconsistent: true } : {}),
        expected: row.expected ?? null,
        metrics: row.metrics,
        stoppedBy: row.stoppedBy,
      }),
      tokensIn: row.tokensIn,
      tokensOut: row.tokensOut,
      ms: row.ms,
      finishedAt: row.finishedAt,
    });
  }

  /** (task, sample) pairs already finished; an attempt the backend could not run is not, and a resume runs it again. */
  finished(runId: string): Set<string> {
    return new Set(
      (
        this.db.prepare("SELECT task_id, attempt FROM attempts WHERE run_id = ? AND verdict != 'error'").all(runId) as { task_id: string; attempt: number }[]
      ).map((r) => `${r.task_id}#${r.attempt}`),
    );
  }

  attempts(runId: string, taskId?: string): BenchAttemptRow[] {
    if (taskId !== undefined)
      return (this.db.prepare('SELECT * FROM attempts WHERE run_id = ? AND task_id = ? ORDER BY attempt').all(runId, taskId) as DbAttempt[]).map(toAttempt);
    return (this.db.prepare('SELECT * FROM attempts WHERE run_id = ? ORDER BY task_id, attempt').all(runId) as DbAttempt[]).map(toAttempt);
  }
}
