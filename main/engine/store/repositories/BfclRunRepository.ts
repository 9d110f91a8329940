// BFCL runs and their scores (the check's summary, failures included), newest first.
import type { SqliteDatabase } from '../../../../native/sqlite/index.ts';
import type { BfclCheckSummary, BfclRunDetail, BfclRunRow } from '../../../api/contract.ts';
import { canonicalJson } from '../../../core/canonicalJson.ts';

interface DbRun {
  id: string;
  model: string;
  backend: string;
  data_dir: string;
  out_dir: string;
  params_json: string;
  scores_json: string;
  seconds: number;
  created_at: string;
}

function toDetail(r: DbRun): BfclRunDetail {
  const params = JSON.parse(r.params_json) as BfclRunDetail['params'];
  return {
    id: r.id,
    model: r.model,
    backend: r.backend,
    dataDir: r.data_dir,
    outDir: r.out_dir,
    params,
    seconds: r.seconds,
    createdAt: r.created_at,
    scores: JSON.parse(r.scores_json) as BfclCheckSummary,
  };
}

/** A run as a list shows it: its scores without the failures' list, and how many failed. */
function toRow(detail: BfclRunDetail): BfclRunRow {
  const { failures, ...scores } = detail.scores;
  return { ...detail, scores: { ...scores, failed: failures.length } };
}

export class BfclRunRepository {
  private readonly db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.db = db;
  }

  save(run: BfclRunDetail): void {
    this.db
      .prepare(
        'INSERT INTO bfcl_runs (id, model, backend, data_dir, out_dir, params_json, scores_json, seconds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(run.id, run.model, run.backend, run.dataDir, run.outDir, canonicalJson(run.params), JSON.stringify(run.scores), run.seconds, run.createdAt);
  }

  list(): BfclRunRow[] {
    return (this.db.prepare('SELECT * FROM bfcl_runs ORDER BY created_at DESC, id').all() as DbRun[]).map((r) => toRow(toDetail(r)));
  }

  get(id: string): BfclRunDetail | undefined {
    const row = this.db.prepare('SELECT * FROM bfcl_runs WHERE id = ?').get(id) as DbRun | undefined;
    return row ? toDetail(row) : undefined;
  }
}
