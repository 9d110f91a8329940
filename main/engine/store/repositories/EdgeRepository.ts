// EDGE's links, their trials (the evidence) and the graph version, in the database. A link's identity is its
// key (tools, fields, parameters, transform); proposing again keeps what verification learned.
import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';
import type { Candidate, CandidateBasis, Edge, EdgeStatus, EdgeTrial } from '../../../core/edges/types.ts';
import type { LinkClassifier } from '../../../core/edges/linkKind.ts';

interface EdgeRow {
  id: string;
  from_tool: string;
  from_field: string;
  to_tool: string;
  to_param: string;
  transform_json: string;
  status: EdgeStatus;
  score: number;
  reason: string | null;
  trials_ok: number;
  trials_total: number;
  graph_version: number | null;
  checked_at: string | null;
  created_at: string;
  basis: CandidateBasis;
}

interface TrialRow {
  edge_id: string;
  at: string;
  backend: string;
  graph_version: number | null;
  inputs_hash: string;
  from_code: string | null;
  to_code: string | null;
  ok: number;
  sample_values_json: string;
  latency_ms: number;
  to_rows: number | null;
}

function toEdge(r: EdgeRow, classify: LinkClassifier): Edge {
  const key = {
    fromTool: r.from_tool,
    fromFields: r.from_field.split('+'),
    toTool: r.to_tool,
    toParams: r.to_param.split('+'),
    transform: JSON.parse(r.transform_json) as string,
  };
  return {
    id: r.id,
    ...key,
    kind: classify(key),
    basis: r.basis,
    score: r.score,
    status: r.status,
    reason: r.reason,
    trialsOk: r.trials_ok,
    trialsTotal: r.trials_total,
    graphVersion: r.graph_version,
    checkedAt: r.checked_at,
    createdAt: r.created_at,
  };
}

const toTrial = (r: TrialRow): EdgeTrial => ({
  edgeId: r.edge_id,
  at: r.at,
  backend: r.backend,
  graphVersion: r.graph_version,
  inputsHash: r.inputs_hash,
  fromCode: r.from_code,
  toCode: r.to_code,
  ok: r.ok === 1,
  sampleValues: JSON.parse(r.sample_values_json) as Record<string, unknown>,
  latencyMs: r.latency_ms,
  toRows: r.to_rows,
});

export interface EdgeFilter {
  status?: EdgeStatus;
  tool?: string;
}

export interface EdgeOutcome {
  status: EdgeStatus;
  reason: string | null;
  trialsOk: number;
  trialsTotal: number;
  /** The graph version in which the link last changed status. */
  graphVersion: number | null;
  checkedAt: string;
}

export class EdgeRepository {
  private readonly db: SqliteDatabase;
  private readonly insertEdge: SqliteStatement;
  private readonly updateOutcome: SqliteStatement;
  private readonly insertTrial: SqliteStatement;

  private readonly classify: LinkClassifier;

  /** `classify` tells dependencies from format-only links by the catalog the links are read against. */
  constructor(db: SqliteDatabase, classify: LinkClassifier) {
    this.db = db;
    this.classify = classify;
    this.insertEdge = db.prepare(`INSERT INTO edges (id, from_tool, from_field, to_tool, to_param, transform_json, status, score, basis, created_at)
      VALUES (@id, @fromTool, @fromField, @toTool, @toParam, @transformJson, 'candidate', @score, @basis, @createdAt)
      ON CONFLICT (id) DO UPDATE SET score = excluded.score, basis = excluded.basis`);
    this.updateOutcome = db.prepare(`UPDATE edges SET status = @status, reason = @reason, trials_ok = @trialsOk, trials_total = @trialsTotal,
      graph_version = @graphVersion, checked_at = @checkedAt WHERE id = @id`);
    this.insertTrial =
      db.prepare(`INSERT INTO edge_trials (edge_id, at, backend, graph_version, inputs_hash, from_code, to_code, ok, sample_values_json, latency_ms, to_rows)
      VALUES (@edgeId, @at, @backend, @graphVersion, @inputsHash, @fromCode, @toCode, @ok, @sampleValuesJson, @latencyMs, @toRows)`);
  }

  /** Adds new candidates; known links keep their status and evidence. Returns how many were new. */
  propose(candidates: Candidate[], now: Date): number {
    const before = this.count();
    const createdAt = now.toISOString();
    this.db.transaction(() => {
      for (const c of candidates) {
        this.insertEdge.run({
          id: c.id,
          fromTool: c.fromTool,
          fromField: c.fromFields.join('+'),
          toTool: c.toTool,
          toParam: c.toParams.join('+'),
          transformJson: JSON.stringify(c.transform),
          score: c.score,
          basis: c.basis,
          createdAt,
        });
      }
    })();
    return this.count() - before;
  }

  /** Candidates no verification has tried yet: new ones, or those a killed verification did not reach. */
  untried(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM edges WHERE status = 'candidate' AND checked_at IS NULL").get() as { n: number }).n;
  }

  count(filter: EdgeFilter = {}): number {
    const { where, params } = whereOf(filter);
    return (this.db.prepare(`SELECT count(*) AS n FROM edges ${where}`).get(...params) as { n: number }).n;
  }

  list(filter: EdgeFilter = {}): Edge[] {
    const { where, params } = whereOf(filter);
    return (this.db.prepare(`SELECT * FROM edges ${where} ORDER BY score DESC, id`).all(...params) as EdgeRow[]).map((r) => toEdge(r, this.classify));
  }

  /** By id, or by a unique prefix of it. */
  find(idOrPrefix: string): Edge[] {
    return (this.db.prepare("SELECT * FROM edges WHERE id = ? OR id LIKE ? || '%' ORDER BY id LIMIT 10").all(idOrPrefix, idOrPrefix) as EdgeRow[]).map((r) =>
      toEdge(r, this.classify),
    );
  }

  /** Links last checked before `before` (or never): what `verify --stale-after` re-checks. */
  checkedBefore(before: Date): Edge[] {
    return (
      this.db
        .prepare("SELECT * FROM edges WHERE status IN ('verified', 'stale') AND (checked_at IS NULL OR checked_at < ?) ORDER BY id")
        .all(before.toISOString()) as EdgeRow[]
    ).map((r) => toEdge(r, this.classify));
  }

  /** Stores a link's outcome and the trials behind it together: a kill never leaves an outcome without evidence. */
  record(edgeId: string, outcome: EdgeOutcome, trials: EdgeTrial[]): void {
    this.db.transaction(() => {
      for (const t of trials) this.insertTrial.run({ ...t, ok: t.ok ? 1 : 0, sampleValuesJson: JSON.stringify(t.sampleValues) });
      this.updateOutcome.run({ id: edgeId, ...outcome });
    })();
  }

  trials(edgeId: string, limit = 50): EdgeTrial[] {
    return (this.db.prepare('SELECT * FROM edge_trials WHERE edge_id = ? ORDER BY id DESC LIMIT ?').all(edgeId, limit) as TrialRow[]).map(toTrial);
  }

  graphVersion(): number {
    return (this.db.prepare('SELECT max(version) AS v FROM graph_versions').get() as { v: number | null }).v ?? 0;
  }

  /** A new graph version, when verification changed which links hold. */
  bumpGraphVersion(reason: string, now: Date): number {
    const version = this.graphVersion() + 1;
    this.db.prepare('INSERT INTO graph_versions (version, created_at, reason) VALUES (?, ?, ?)').run(version, now.toISOString(), reason);
    return version;
  }
}

function whereOf(filter: EdgeFilter): { where: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (filter.status) {
    clauses.push('status = ?');
    params.push(filter.status);
  }
  if (filter.tool) {
    clauses.push('(from_tool = ? OR to_tool = ?)');
    params.push(filter.tool, filter.tool);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
