// The EDGE graph: proposing links between tools, verifying them by execution, reading them.
import type { GatewayMode } from '../core/gateway/callResult.ts';
import type { CandidateBasis, Edge, EdgeStatus, EdgeTrial } from '../core/edges/types.ts';
import type { LinkKind } from '../core/edges/linkKind.ts';
import type { LinkWords } from '../core/edges/linkWords.ts';
import { z } from 'zod';
import { edgeStatuses } from '../core/edges/types.ts';
import { linkKinds } from '../core/edges/linkKind.ts';
import { empty, text, mode, type EmptyParams, type MethodSchemas } from './shared.ts';

export interface EdgeProposal {
  /** Candidates the catalog yields now. */
  candidates: number;
  /** Of those, links not known before. */
  added: number;
  byBasis: Record<CandidateBasis, number>;
}

export interface EdgeVerifyParams {
  /** Also re-check verified and stale links last checked longer ago than this many milliseconds. */
  staleAfterMs?: number;
  /** Trials per link (default 3) and how many must return data (default 2). */
  trials?: number;
  minOk?: number;
  /** Backend the calls go to. Defaults to emulator. */
  mode?: GatewayMode;
  snapshot?: string;
  /** ISO moment that time-dependent inputs are set for. Defaults to the backend's clock. */
  asOf?: string;
  /** Verify only these links (by id), whatever their status, instead of every candidate. */
  edges?: string[];
}

export interface EdgeVerifySummary {
  checked: number;
  verified: number;
  rejected: number;
  stale: number;
  /** Links whose source tool answered none of its seed inputs: they stay candidates. */
  untried: number;
  unaffordable: { edgeId: string; group: string }[];
  callsSpent: number;
  seconds: number;
  graphVersion: number;
  /** All links by status after the run. */
  totals: Record<EdgeStatus, number>;
  /** The verified links by kind: dependencies (what synthesis walks) and links that only match in format. */
  verifiedKinds: Record<LinkKind, number>;
}

export interface EdgeListing {
  graphVersion: number;
  edges: Edge[];
}

export interface EdgeDetail {
  edge: Edge;
  /** The link's tools and what it carries, named in both languages for its evidence in words. */
  words: LinkWords;
  /** Its latest trials, newest first. */
  trials: EdgeTrial[];
}

/** Parameters and result of each method. */
export interface EdgesMethods {
  'edges.propose': { params: EmptyParams; result: EdgeProposal };
  'edges.verify': { params: EdgeVerifyParams; result: EdgeVerifySummary };
  'edges.list': { params: { status?: EdgeStatus; tool?: string; kind?: LinkKind }; result: EdgeListing };
  'edges.show': { params: { id: string }; result: EdgeDetail };
}

export const edgesSchemas: MethodSchemas<EdgesMethods> = {
  'edges.propose': empty,
  'edges.verify': z
    .object({
      staleAfterMs: z.number().int().min(0).optional(),
      trials: z.number().int().min(1).max(20).optional(),
      minOk: z.number().int().min(1).max(20).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      asOf: z.iso.datetime({ offset: true }).optional(),
      edges: z.array(text).min(1).max(10_000).optional(),
    })
    .strict()
    .refine((p) => (p.minOk ?? 2) <= (p.trials ?? 3), { message: 'minOk cannot exceed trials' }),
  'edges.list': z.object({ status: z.enum(edgeStatuses).optional(), tool: text.optional(), kind: z.enum(linkKinds).optional() }).strict(),
  'edges.show': z.object({ id: text }).strict(),
};
