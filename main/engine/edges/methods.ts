// Engine API methods of EDGE: propose candidate links from the catalog, verify them by execution, list and show.
import type { EdgeDetail, EdgeProposal, EdgeVerifyParams, EdgeVerifySummary, CallOptions, EdgesMethods } from '../../api/contract.ts';
import { proposeCandidates } from '../../core/edges/candidates.ts';
import { edgeStatuses, type CandidateBasis, type EdgeStatus } from '../../core/edges/types.ts';
import { linkKinds, type LinkKind } from '../../core/edges/linkKind.ts';
import { linkWords } from '../../core/edges/linkWords.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { edgeStore } from './edgeStore.ts';
import { Verifier } from './verifier.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export function proposeEdges(engine: EngineServices): EdgeProposal {
  const { catalog, vocabulary } = engine.catalogInfo();
  const candidates = proposeCandidates(catalog.list(), vocabulary);
  const added = edgeStore(engine).propose(candidates, new Date());
  const byBasis: Record<CandidateBasis, number> = { semantic: 0, transform: 0, lexical: 0 };
  for (const c of candidates) byBasis[c.basis]++;
  return { candidates: candidates.length, added, byBasis };
}

export async function verifyEdges(engine: EngineServices, params: EdgeVerifyParams, options: CallOptions): Promise<EdgeVerifySummary> {
  proposeEdges(engine);
  const repo = edgeStore(engine);
  const mode = params.mode ?? 'emulator';
  const gateway = engine.gateway();
  const verifier = new Verifier(engine.catalog(), repo, (tool, args) =>
    gateway.call(tool, args, { mode, snapshot: params.snapshot, signal: options.signal, origin: 'verify' }),
  );
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
  const verified = repo.list({ status: 'verified' });
  const verifiedKinds = Object.fromEntries(linkKinds.map((k) => [k, verified.filter((e) => e.kind === k).length])) as Record<LinkKind, number>;
  return { ...summary, totals, verifiedKinds };
}

export function showEdge(engine: EngineServices, id: string): EdgeDetail {
  const repo = edgeStore(engine);
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
  const { catalog, vocabulary } = engine.catalogInfo();
  return { edge, words: linkWords(edge, (tool) => catalog.get(tool), vocabulary), trials: repo.trials(edge.id) };
}

/** The EDGE graph's API methods. */
export const edgesMethods = (engine: EngineServices): MethodHandlers<EdgesMethods> => ({
  'edges.propose': async () => proposeEdges(engine),
  'edges.verify': (params, options) => verifyEdges(engine, params, options),
  'edges.list': async ({ status, tool, kind }) => {
    const repo = edgeStore(engine);
    return { graphVersion: repo.graphVersion(), edges: repo.list({ status, tool }).filter((e) => kind === undefined || e.kind === kind) };
  },
  'edges.show': async ({ id }) => showEdge(engine, id),
});
