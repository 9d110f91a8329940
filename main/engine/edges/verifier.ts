// Verification by execution: a link holds only when, over several trials with different values, tool A's
// fields carried through the transform make tool B answer with data. Every trial is kept as evidence; a link
// that held and stops holding goes stale, and the graph version moves on.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { isRemote, type ToolSpec } from '../../core/catalog/types.ts';
import type { EdgeVerifySummary, Progress } from '../../api/contract.ts';
import { evaluate, fieldRef } from '../../core/plan/expressions.ts';
import { bindingExpression } from '../../core/edges/transforms.ts';
import type { Edge, EdgeStatus, EdgeTrial } from '../../core/edges/types.ts';
import type { CallResult, Item } from '../../core/gateway/callResult.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import type { EdgeRepository } from '../store/repositories/EdgeRepository.ts';
import { SeedBook, type ToolCaller } from './seedBook.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface VerifyOptions {
  /** Trials per link. Defaults to 3. */
  trials?: number;
  /** Trials that must return data for the link to hold. Defaults to 2. */
  minOk?: number;
  /** Also re-check verified and stale links last checked longer ago than this. Defaults to none. */
  staleAfterMs?: number;
  /** Check only these links (by id), whatever their status, instead of the candidates. */
  only?: string[];
  /** Links checked at once. Defaults to 8. */
  concurrency?: number;
  /** Calls each quota group may still spend; groups not named are unlimited (the emulator and replay). */
  budget?: Map<string, number>;
  /** Written into every trial: emulator, live, replay:SNAPSHOT. */
  backend: string;
  asOf: Date;
  now?: () => Date;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/** What a run checked and found (the engine API adds the totals of every link and the verified ones' kinds). */
export type VerifySummary = Omit<EdgeVerifySummary, 'totals' | 'verifiedKinds'>;

/** Binds the link's parameters from one source row; undefined when the row lacks a field. */
export async function bindFromRow(
  edge: Pick<Edge, 'fromFields' | 'toParams' | 'transform'>,
  row: Item,
  target: ToolSpec,
): Promise<Record<string, unknown> | undefined> {
  if (edge.fromFields.some((f) => row[f] === undefined || row[f] === null || row[f] === '')) return undefined;
  const fieldExprs = edge.fromFields.map((f) => `$row.${fieldRef(f)}`);
  const out: Record<string, unknown> = {};
  for (const [i, param] of edge.toParams.entries()) {
    const value = await evaluate(bindingExpression(edge.transform, fieldExprs, i), null, { row });
    if (value === undefined || value === null || value === '') return undefined;
    out[param] = target.parameters.properties[param]?.type === 'array' && !Array.isArray(value) ? [value] : value;
  }
  return out;
}

function tally(codes: string[]): string {
  const counts = new Map<string, number>();
  for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([c, n]) => (n > 1 ? `${c} ×${n}` : c)).join(', ');
}

export class Verifier {
  private readonly catalog: Catalog;
  private readonly repo: EdgeRepository;
  private readonly call: ToolCaller;
  private calls = 0;

  constructor(catalog: Catalog, repo: EdgeRepository, call: ToolCaller) {
    this.catalog = catalog;
    this.repo = repo;
    // Many links carry the same value into the same tool (every district code into one pharmacy search): within a
    // run such a request is asked once, which halves the calls a verification spends of a daily quota. A failure
    // that may pass when tried again is not kept.
    const asked = new Map<string, Promise<CallResult>>();
    this.call = (tool, args) => {
      const key = `${tool} ${canonicalJson(args)}`;
      const known = asked.get(key);
      if (known) return known;
      this.calls++;
      const answer = call(tool, args).then(
        (result) => {
          if (result.error?.retryable) asked.delete(key);
          return result;
        },
        (error: unknown) => {
          asked.delete(key);
          throw error;
        },
      );
      asked.set(key, answer);
      return answer;
    };
  }

  private onlyThese(ids: string[]): Edge[] {
    return ids.map((id) => {
      const found = this.repo.find(id).find((e) => e.id === id);
      if (!found) throw saidError('NotFound', { message: 'error.noLink', hint: 'error.noLink.hint', vars: { id } });
      return found;
    });
  }

  async verify(options: VerifyOptions): Promise<VerifySummary> {
    const started = performance.now();
    const now = options.now ?? (() => new Date());
    const pending = new Map((options.only ? this.onlyThese(options.only) : this.repo.list({ status: 'candidate' })).map((e) => [e.id, e]));
    if (options.staleAfterMs !== undefined) for (const e of this.repo.checkedBefore(new Date(now().getTime() - options.staleAfterMs))) pending.set(e.id, e);
    const trials = options.trials ?? 3;
    const { affordable, unaffordable } = this.plan([...pending.values()], trials, options.budget);
    const seeds = new SeedBook({ catalog: this.catalog, call: this.call, asOf: options.asOf });
    options.onProgress?.({ stage: 'seeds', message: 'finding inputs that make each tool answer', said: { key: 'job.msg.seeds' } });
    await seeds.prepare(affordable.flatMap((e) => [e.fromTool, e.toTool]));

    let runVersion: number | undefined;
    const summary: VerifySummary = {
      checked: 0,
      verified: 0,
      rejected: 0,
      stale: 0,
      untried: 0,
      unaffordable,
      callsSpent: 0,
      seconds: 0,
      graphVersion: this.repo.graphVersion(),
    };
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < affordable.length) {
        if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.verifyStopped', vars: { done: summary.checked, total: affordable.length } });
        const edge = affordable[next++]!;
        const { ok, evidence, reason } = await this.trial(edge, seeds, trials, options);
        if (evidence.length === 0 && seeds.of(edge.fromTool).length === 0) {
          // Nothing was carried, so nothing was learned: the link stays as it was, with the reason.
          this.repo.record(
            edge.id,
            {
              status: edge.status,
              reason,
              trialsOk: edge.trialsOk,
              trialsTotal: edge.trialsTotal,
              graphVersion: edge.graphVersion,
              checkedAt: edge.checkedAt ?? now().toISOString(),
            },
            [],
          );
          summary.untried++;
          summary.checked++;
          options.onProgress?.({ stage: 'verify', done: summary.checked, total: affordable.length });
          continue;
        }
        const status: Exclude<EdgeStatus, 'candidate'> =
          ok >= (options.minOk ?? 2) ? 'verified' : edge.status === 'verified' || edge.status === 'stale' ? 'stale' : 'rejected';
        const changed = status !== edge.status;
        if (changed) runVersion ??= this.repo.bumpGraphVersion(`verification on ${options.backend}`, now());
        const graphVersion = changed ? runVersion! : edge.graphVersion;
        this.repo.record(
          edge.id,
          { status, reason: status === 'verified' ? null : reason, trialsOk: ok, trialsTotal: evidence.length, graphVersion, checkedAt: now().toISOString() },
          evidence.map((t) => ({ ...t, graphVersion: runVersion ?? summary.graphVersion })),
        );
        summary.checked++;
        summary[status]++;
        options.onProgress?.({ stage: 'verify', done: summary.checked, total: affordable.length });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
    summary.callsSpent = this.calls;
    summary.seconds = Math.round((performance.now() - started) / 10) / 100;
    summary.graphVersion = runVersion ?? summary.graphVersion;
    return summary;
  }

  /** Which links the quotas can pay for (their target's calls; sources are shared), best scored first. */
  private plan(
    edges: Edge[],
    trials: number,
    budget: Map<string, number> | undefined,
  ): { affordable: Edge[]; unaffordable: { edgeId: string; group: string }[] } {
    const ordered = [...edges].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    if (!budget) return { affordable: ordered, unaffordable: [] };
    const left = new Map(budget);
    const affordable: Edge[] = [];
    const unaffordable: { edgeId: string; group: string }[] = [];
    for (const edge of ordered) {
      const target = this.catalog.require(edge.toTool);
      const group = isRemote(target) ? target.quota?.group : undefined;
      const remaining = group === undefined ? undefined : left.get(group);
      if (remaining !== undefined && remaining < trials) {
        unaffordable.push({ edgeId: edge.id, group: group! });
        continue;
      }
      if (remaining !== undefined) left.set(group!, remaining - trials);
      affordable.push(edge);
    }
    return { affordable, unaffordable };
  }

  private async trial(edge: Edge, seeds: SeedBook, trials: number, options: VerifyOptions): Promise<{ ok: number; evidence: EdgeTrial[]; reason: string }> {
    const sources = seeds.of(edge.fromTool);
    const target = this.catalog.require(edge.toTool);
    const evidence: EdgeTrial[] = [];
    const failures: string[] = [];
    let ok = 0;
    if (sources.length === 0)
      return { ok: 0, evidence, reason: `not tried: ${edge.fromTool} answered none of the inputs it was tried with, so there was nothing to carry` };
    const used = new Set<string>();
    for (let t = 0; t < trials; t++) {
      const source = sources[t % sources.length]!;
      const rows = source.result.items;
      let bound: Record<string, unknown> | undefined;
      for (let k = 0; k < rows.length && !bound; k++) {
        const candidate = await bindFromRow(edge, rows[(t + k * trials) % rows.length]!, target);
        // Different values in each trial where the source offers them.
        if (candidate && (!used.has(JSON.stringify(candidate)) || k === rows.length - 1)) bound = candidate;
      }
      if (!bound) {
        failures.push(`no ${edge.fromFields.join('+')} in ${edge.fromTool}'s rows`);
        continue;
      }
      used.add(JSON.stringify(bound));
      const started = performance.now();
      const result = await this.call(edge.toTool, { ...seeds.baseArgs(edge.toTool), ...bound });
      const passed = result.ok && result.items.length > 0;
      if (passed) ok++;
      else failures.push(result.ok ? 'no rows' : `${result.error?.kind ?? 'failed'}${result.resultCode ? ` (${result.resultCode})` : ''}`);
      evidence.push({
        edgeId: edge.id,
        at: (options.now ?? (() => new Date()))().toISOString(),
        backend: options.backend,
        graphVersion: null,
        inputsHash: result.requestHash,
        fromCode: source.result.resultCode,
        toCode: result.resultCode ?? result.error?.kind ?? null,
        ok: passed,
        sampleValues: bound,
        toRows: result.ok ? result.items.length : null,
        latencyMs: Math.round((performance.now() - started) * 1000) / 1000,
      });
    }
    return { ok, evidence, reason: `${trials - ok} of ${trials} trials failed: ${tally(failures)}` };
  }
}
