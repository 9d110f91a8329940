// Which links and tools the graph view draws: links by status, kind (a dependency or only a format match), basis
// (why they were proposed) and agency; with a focused tool, only it, its neighbours and the links between them.
import type { CandidateBasis, Edge, EdgeStatus } from '../../../../main/core/edges/types.ts';
import { linkKinds, type LinkKind } from '../../../../main/core/edges/linkKind.ts';

export interface GraphFilter {
  statuses: EdgeStatus[];
  /** Format-only links are left out unless asked for: "verified" then means a real dependency. */
  links: LinkKind[];
  kinds: CandidateBasis[];
  /** Only links with an end at a tool of this agency. */
  agency: string | null;
  /** Only this tool's neighbourhood. */
  focus: string | null;
}

export const ALL_STATUSES: EdgeStatus[] = ['verified', 'candidate', 'stale', 'rejected'];
export const ALL_KINDS: CandidateBasis[] = ['semantic', 'transform', 'lexical'];
export const DEFAULT_FILTER: GraphFilter = { statuses: ['verified', 'candidate', 'stale'], links: ['dependency'], kinds: ALL_KINDS, agency: null, focus: null };

export interface VisibleGraph {
  edges: Edge[];
  /** Tools drawn at full strength; the others are drawn faint. */
  lit: Set<string>;
}

export function visibleGraph(edges: Edge[], agencyOf: (tool: string) => string | undefined, filter: GraphFilter): VisibleGraph {
  const kept = edges.filter(
    (e) =>
      filter.statuses.includes(e.status) &&
      filter.links.includes(e.kind) &&
      filter.kinds.includes(e.basis) &&
      (filter.agency === null || agencyOf(e.fromTool) === filter.agency || agencyOf(e.toTool) === filter.agency) &&
      (filter.focus === null || e.fromTool === filter.focus || e.toTool === filter.focus),
  );
  const lit = new Set<string>();
  if (filter.focus !== null) {
    lit.add(filter.focus);
    for (const e of kept) lit.add(e.fromTool).add(e.toTool);
  } else if (filter.agency !== null) {
    for (const e of kept) lit.add(e.fromTool).add(e.toTool);
  }
  return { edges: kept, lit };
}

/** Links by status, and verified links by kind (a real dependency or only a format match): the filters' counts. */
export interface EdgeCounts {
  byStatus: Record<EdgeStatus, number>;
  verifiedKinds: Record<LinkKind, number>;
}

export function edgeCounts(edges: Edge[]): EdgeCounts {
  return {
    byStatus: Object.fromEntries(ALL_STATUSES.map((s) => [s, edges.filter((e) => e.status === s).length])) as Record<EdgeStatus, number>,
    verifiedKinds: Object.fromEntries(linkKinds.map((k) => [k, edges.filter((e) => e.status === 'verified' && e.kind === k).length])) as Record<
      LinkKind,
      number
    >,
  };
}
