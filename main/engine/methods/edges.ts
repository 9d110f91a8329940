// Engine API methods of EDGE: propose candidate links from the catalog, verify them by execution, list and show.
import type { EdgeDetail, EdgeProposal, EdgeVerifyParams, EdgeVerifySummary, CallOptions } from '../../api/contract.ts';
import { proposeCandidates } from '../../core/edge/candidates.ts';
import { edgeStatuses, type CandidateBasis, type EdgeStatus } from '../../core/edge/types.ts';
import type { EngineServices } from '../EngineServices.ts';
import { EdgeRepository } from '../store/repositories/EdgeRepository.ts';
import { Verifier } from '../edge/verifier.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export function proposeEdges(engine: EngineServices): EdgeProposal {
  const { catalog, vocabulary } = engine.catalogInfo();
  const candidates = proposeCandidates(catalog.list(), vocabulary);
  const added = new EdgeRepository(engine.store.db).propose(candidates, new Date());
  const byBasis: Record<CandidateBasis, number> = { semantic: 0, transform: 0, lexical: 0 };
  for (const c of candidates) byBasis[c.basis]++;
  return { candidates: candidates.length, added, byBasis };
}

export async function verifyEdges(engine: EngineServices, params: EdgeVerifyParams, options: CallOptions): Promise<EdgeVerifySummary> {
  proposeEdges(engine);
  const repo = new EdgeRepository(engine.store.db);
  const mode = params.mode ?? 'emulator';
  const gateway = engine.gateway();
  const verifier = new Verifier(engine.catalog(), repo, (tool, args) => gateway.call(tool, args, { mode, snapshot: params.snapshot, signal: options.signal }));
  const summary = await verifier.verify({
    trials: params.trials,
    minOk: params.minOk,
    staleAfterMs: params.staleAfterMs,
    only: params.edges,
    budget: mode === 'live' || mode === 'record' ? gateway.quotaLeft() : undefined,
    backend: mode === 'replay' ? `replay:${params.snapshot ?? '*'}` : mode,
    asOf: params.asOf ? new Date(params.asOf) : engine.clock(mode),
    signal: options.signal,
    onProgress: options.onProgress,
  });
  const totals = Object.fromEntries(edgeStatuses.map((s) => [s, repo.count({ status: s })])) as Record<EdgeStatus, number>;
  return { ...summary, totals };
}

export function showEdge(engine: EngineServices, id: string): EdgeDetail {
  const repo = new EdgeRepository(engine.store.db);
  const found = repo.find(id);
  if (found.length === 0) throw saidError('NotFound', { message: 'error.noLink', hint: 'error.noLink.hint', vars: { id } });
  if (found.length > 1 && !found.some((e) => e.id === id)) {
    throw saidError('Usage', {
      message: 'error.ambiguousLink',
      hint: 'error.ambiguousLink.hint',
      vars: { id, n: found.length, ids: found.map((e) => e.id).join(', ') },
    });
  }
  const edge = found.find((e) => e.id === id) ?? found[0]!;
  return { edge, trials: repo.trials(edge.id) };
}
