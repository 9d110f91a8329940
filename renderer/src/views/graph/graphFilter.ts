// Which links and tools the graph view draws: links by status, kind (the basis they were proposed on) and agency;
// with a focused tool, only it, its neighbours and the links between them.
import type { CandidateBasis, Edge, EdgeStatus } from '../../../../main/core/edge/types.ts';

export interface GraphFilter {
  statuses: EdgeStatus[];
  kinds: CandidateBasis[];
  /** Only links with an end at a tool of this agency. */
  agency: string | null;
  /** Only this tool's neighbourhood. */
  focus: string | null;
}

export const ALL_STATUSES: EdgeStatus[] = ['verified', 'candidate', 'stale', 'rejected'];
export const ALL_KINDS: CandidateBasis[] = ['semantic', 'transform', 'lexical'];
export const DEFAULT_FILTER: GraphFilter = { statuses: ['verified', 'candidate', 'stale'], kinds: ALL_KINDS, agency: null, focus: null };

export interface VisibleGraph {
  edges: Edge[];
  /** Tools drawn at full strength; the others are drawn faint. */
  lit: Set<string>;
}

export function visibleGraph(edges: Edge[], agencyOf: (tool: string) => string | undefined, filter: GraphFilter): VisibleGraph {
  const kept = edges.filter(
    (e) =>
      filter.statuses.includes(e.status) &&
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
