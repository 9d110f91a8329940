// Synthesis runs (datasets), their samples and the plans behind them. A run's counters are saved with every
// sample, so a killed run resumes where it stopped and draws the same walks it would have drawn.
import { createHash } from 'node:crypto';
import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';
import { canonicalJson } from '../../../core/canonicalJson.ts';
import type { SynthSample } from '../../../core/synth/types.ts';

export interface DatasetRow {
  id: number;
  name: string;
  status: 'running' | 'done' | 'failed';
  params: Record<string, unknown>;
  graphVersion: number | null;
  seed: string;
  backend: string;
  summary: Record<string, unknown> | null;
  createdAt: string;
  finishedAt: string | null;
}

interface DbDataset {
  id: number;
  name: string;
  status: DatasetRow['status'];
  params_json: string;
  graph_version: number | null;
  seed: string;
  backend: string;
  summary_json: string | null;
  created_at: string;
  finished_at: string | null;
}

const toDataset = (r: DbDataset): DatasetRow => ({
  id: r.id,
  name: r.name,
  status: r.status,
  params: JSON.parse(r.params_json) as Record<string, unknown>,
  graphVersion: r.graph_version,
  seed: r.seed,
  backend: r.backend,
  summary: r.summary_json ? (JSON.parse(r.summary_json) as Record<string, unknown>) : null,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

export class DatasetRepository {
  private readonly db: SqliteDatabase;
  private readonly insertPlan: SqliteStatement;
  private readonly insertSample: SqliteStatement;
  private readonly saveProgress: SqliteStatement;

  constructor(db: SqliteDatabase) {
    this.db = db;
    this.insertPlan = db.prepare('INSERT OR IGNORE INTO plans (id, signature, plan_json, created_at) VALUES (?, ?, ?, ?)');
    this.insertSample =
      db.prepare(`INSERT INTO samples (dataset_id, plan_id, ordinal, query_ko, answer_json, trace_json, alternatives_json, provenance_json, created_at)
      VALUES (@datasetId, @planId, @ordinal, @query, @answerJson, @traceJson, @alternativesJson, @provenanceJson, @createdAt)`);
    this.saveProgress = db.prepare('UPDATE datasets SET summary_json = ? WHERE id = ?');
  }

  /** The unfinished run with exactly these parameters, to resume. */
  findRunning(params: Record<string, unknown>): DatasetRow | undefined {
    const row = this.db.prepare("SELECT * FROM datasets WHERE status = 'running' AND params_json = ? ORDER BY id DESC LIMIT 1").get(canonicalJson(params)) as
      | DbDataset
      | undefined;
    return row ? toDataset(row) : undefined;
  }

  create(name: string, params: Record<string, unknown>, seed: string, backend: string, graphVersion: number, now: Date): DatasetRow {
    const info = this.db
      .prepare("INSERT INTO datasets (name, status, params_json, graph_version, seed, backend, created_at) VALUES (?, 'running', ?, ?, ?, ?, ?)")
      .run(name, canonicalJson(params), graphVersion, seed, backend, now.toISOString());
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): DatasetRow | undefined {
    const row = this.db.prepare('SELECT * FROM datasets WHERE id = ?').get(id) as DbDataset | undefined;
    return row ? toDataset(row) : undefined;
  }

  byName(name: string): DatasetRow | undefined {
    const row = this.db.prepare('SELECT * FROM datasets WHERE name = ? ORDER BY id DESC LIMIT 1').get(name) as DbDataset | undefined;
    return row ? toDataset(row) : undefined;
  }

  list(): DatasetRow[] {
    return (this.db.prepare('SELECT * FROM datasets ORDER BY id').all() as DbDataset[]).map(toDataset);
  }

  /** Keeps a sample and the run's counters in one transaction. */
  addSample(datasetId: number, sample: SynthSample, progress: Record<string, unknown>, now: Date): void {
    const planJson = canonicalJson(sample.walk.plan);
    const planId = createHash('sha256').update(planJson).digest('hex').slice(0, 32);
    this.db.transaction(() => {
      this.insertPlan.run(planId, sample.signature, planJson, now.toISOString());
      this.insertSample.run({
        datasetId,
        planId,
        ordinal: sample.ordinal,
        query: sample.query,
        answerJson: JSON.stringify({ value: sample.walk.trace.answer, text: sample.answerText, spec: sample.walk.plan.answer }),
        traceJson: JSON.stringify(sample.walk.trace),
        alternativesJson: JSON.stringify(sample.alternatives),
        provenanceJson: JSON.stringify({
          walk: {
            steps: sample.walk.steps,
            answer: sample.walk.answer,
            asOf: sample.walk.asOf,
            ...(sample.walk.statedAs ? { statedAs: sample.walk.statedAs } : {}),
          },
          phrasings: sample.phrasings,
          signature: sample.signature,
          graphVersion: sample.graphVersion,
          backend: sample.backend,
          ...(sample.intent ? { intent: sample.intent, register: sample.register } : {}),
          ...(sample.paraphrasedFrom ? { paraphrasedFrom: sample.paraphrasedFrom } : {}),
        }),
        createdAt: now.toISOString(),
      });
      this.saveProgress.run(JSON.stringify(progress), datasetId);
    })();
  }

  progress(datasetId: number, progress: Record<string, unknown>): void {
    this.saveProgress.run(JSON.stringify(progress), datasetId);
  }

  finish(datasetId: number, status: 'done' | 'failed', summary: Record<string, unknown>, now: Date): void {
    this.db
      .prepare('UPDATE datasets SET status = ?, summary_json = ?, finished_at = ? WHERE id = ?')
      .run(status, JSON.stringify(summary), now.toISOString(), datasetId);
  }

  sampleCount(datasetId: number): number {
    return (this.db.prepare('SELECT count(*) AS n FROM samples WHERE dataset_id = ?').get(datasetId) as { n: number }).n;
  }

  samples(datasetId: number): SynthSample[] {
    return (this.db.prepare(`${SAMPLE_SELECT} WHERE s.dataset_id = ? ORDER BY s.ordinal`).all(datasetId) as DbSample[]).map(toSample);
  }

  sample(datasetId: number, ordinal: number): SynthSample | undefined {
    const row = this.db.prepare(`${SAMPLE_SELECT} WHERE s.dataset_id = ? AND s.ordinal = ?`).get(datasetId, ordinal) as DbSample | undefined;
    return row ? toSample(row) : undefined;
  }
}

const SAMPLE_SELECT =
  'SELECT s.ordinal, s.query_ko, s.answer_json, s.trace_json, s.alternatives_json, s.provenance_json, p.plan_json FROM samples s JOIN plans p ON p.id = s.plan_id';

interface DbSample {
  ordinal: number;
  query_ko: string;
  answer_json: string;
  trace_json: string;
  alternatives_json: string;
  provenance_json: string;
  plan_json: string;
}

function toSample(r: DbSample): SynthSample {
  const provenance = JSON.parse(r.provenance_json) as {
    walk: Pick<SynthSample['walk'], 'steps' | 'answer' | 'asOf' | 'statedAs'>;
    phrasings: string[];
    signature: string;
    graphVersion: number;
    backend: string;
  } & Pick<SynthSample, 'intent' | 'register' | 'paraphrasedFrom'>;
  const answer = JSON.parse(r.answer_json) as { text: string };
  return {
    ordinal: r.ordinal,
    walk: { ...provenance.walk, plan: JSON.parse(r.plan_json) as SynthSample['walk']['plan'], trace: JSON.parse(r.trace_json) as SynthSample['walk']['trace'] },
    query: r.query_ko,
    phrasings: provenance.phrasings,
    answerText: answer.text,
    alternatives: JSON.parse(r.alternatives_json) as SynthSample['alternatives'],
    signature: provenance.signature,
    graphVersion: provenance.graphVersion,
    backend: provenance.backend,
    ...(provenance.intent ? { intent: provenance.intent, register: provenance.register } : {}),
    ...(provenance.paraphrasedFrom ? { paraphrasedFrom: provenance.paraphrasedFrom } : {}),
  };
}
