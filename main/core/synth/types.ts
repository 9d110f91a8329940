// What EDGE synthesis produces: a plan walked over verified links, executed to a trace, described so that a
// Korean request and an answer can be written from it.
import type { Plan, Trace } from '../plan/types.ts';

/** How a step picks one row of an earlier list: the only one, the first, the max or min by a field, or the one with a value. */
export interface Selection {
  kind: 'only' | 'first' | 'max' | 'min' | 'match';
  field?: string;
  /** The field's Korean label, for the request. */
  label?: string;
  /** For match: the value the row has (the request states it). */
  value?: unknown;
}

/** A value the user gives, and how the request says it ("지난달", "'강남구 역삼동'"). */
export interface Mention {
  step: string;
  param: string;
  tag: string;
  value: unknown;
  text: string;
}

export interface WalkInput {
  /** The step the values come from. */
  from: string;
  edgeId: string;
  selection: Selection;
}

export interface WalkStep {
  id: string;
  tool: string;
  inputs: WalkInput[];
  mentions: Mention[];
}

export interface WalkAnswer {
  kind: 'field' | 'count';
  step: string;
  field?: string;
  label: string;
  unit?: string;
  /** The answer field's value kind, for saying it well (times as 14:00, dates as 2025년 3월 1일). */
  valueKind?: string;
  selection: Selection;
}

export interface Walk {
  steps: WalkStep[];
  answer: WalkAnswer;
  plan: Plan;
  trace: Trace;
  /** The moment time-relative values ("지금", "지난달") refer to. */
  asOf: string;
}

export const registers = ['formal', 'polite', 'casual'] as const;
export type Register = (typeof registers)[number];

/** Another verified trajectory that reaches the same answer (diversification). */
export interface Alternative {
  plan: Plan;
  tools: string[];
  edgeIds: string[];
}

export interface SynthSample {
  ordinal: number;
  walk: Walk;
  /** The request, first phrasing; `phrasings` holds every one written. */
  query: string;
  phrasings: string[];
  /** The final answer as the assistant says it. */
  answerText: string;
  alternatives: Alternative[];
  signature: string;
  graphVersion: number;
  backend: string;
}
