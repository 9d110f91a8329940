// EDGE's links: "these fields of one row of tool A, through this transform, are these parameters of tool B".
// A link is a candidate until executions prove it (verified) or disprove it (rejected); a verified link that
// stops working on re-verification is stale (docs/ARCHITECTURE.md §4, Edge).
import { fnv1a } from '../random.ts';

export const edgeStatuses = ['candidate', 'verified', 'rejected', 'stale'] as const;
export type EdgeStatus = (typeof edgeStatuses)[number];

/** Why a pair was proposed: the same value kind, a registered transform, or only similar names and formats. */
export type CandidateBasis = 'semantic' | 'transform' | 'lexical';

/** A dependency link, or one whose values only match in format (linkKind.ts decides which). */
export const linkKinds = ['dependency', 'format'] as const;
export type LinkKind = (typeof linkKinds)[number];

export interface EdgeKey {
  fromTool: string;
  /** Fields of one source row, in the order the transform reads them. */
  fromFields: string[];
  toTool: string;
  /** Parameters written, in the order the transform writes them. */
  toParams: string[];
  /** "identity" or a registered transform id. */
  transform: string;
}

export interface Candidate extends EdgeKey {
  id: string;
  basis: CandidateBasis;
  /** 0…1: how likely the link is before any execution (value kinds, names, descriptions). */
  score: number;
}

export interface Edge extends Candidate {
  /** A dependency, or a link that only matches in format (linkKind.ts); read from the catalog, not stored. */
  kind: LinkKind;
  status: EdgeStatus;
  /** Why it was rejected or went stale: the result codes its trials saw. */
  reason: string | null;
  trialsOk: number;
  trialsTotal: number;
  graphVersion: number | null;
  checkedAt: string | null;
  createdAt: string;
}

/** One execution of a link: A called, its values carried through the transform, B called with them. */
export interface EdgeTrial {
  edgeId: string;
  at: string;
  /** emulator, live or replay (with the snapshot). */
  backend: string;
  graphVersion: number | null;
  inputsHash: string;
  fromCode: string | null;
  toCode: string | null;
  ok: boolean;
  /** What was carried, for the evidence view. */
  sampleValues: Record<string, unknown>;
  /** Rows B returned; null in trials recorded before it was kept. */
  toRows: number | null;
  latencyMs: number;
}

/** A stable id for a link: the same key always gives the same id. */
export function edgeId(key: EdgeKey): string {
  const text = `${key.fromTool}|${key.fromFields.join('+')}|${key.toTool}|${key.toParams.join('+')}|${key.transform}`;
  return `e${fnv1a(text).toString(16).padStart(8, '0')}${fnv1a(`edge|${text}`).toString(16).padStart(8, '0').slice(0, 4)}`;
}

/** How a link reads in lists: juso.addrLinkApi.admCd ─[legalDong10→lawdCd5]→ molit.….LAWD_CD */
export function describeEdge(key: EdgeKey): string {
  const via = key.transform === 'identity' ? '→' : `─[${key.transform}]→`;
  return `${key.fromTool}.${key.fromFields.join('+')} ${via} ${key.toTool}.${key.toParams.join('+')}`;
}
