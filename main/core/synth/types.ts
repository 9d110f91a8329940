// What EDGE synthesis produces: a plan walked over verified links, executed to a trace, described so that a
// Korean request and an answer can be written from it.
import type { Plan, Trace } from '../plan/types.ts';
import type { RowCondition } from '../resultView/queryRows.ts';

/** intents: questions people ask, planned from the goal back to what they state; walk: random walks of the graph. */
export const synthStrategies = ['intents', 'walk'] as const;
export type SynthStrategy = (typeof synthStrategies)[number];

/**
 * How a step picks one row of an earlier list: the only one; the max or min by a field; the one with a value, or with
 * the stated names; the nearest (by a distance field, or measured from `origin`); the latest or earliest by a date;
 * the first on or after a day ("다음 공휴일"). The walk synthesizer also picks the first row.
 */
export interface Selection {
  kind: 'only' | 'first' | 'max' | 'min' | 'match' | 'stated' | 'nearest' | 'latest' | 'earliest' | 'next';
  field?: string;
  /** The field's Korean label, for the request. */
  label?: string;
  /** For match: the value the row has (the request states it). */
  value?: unknown;
  /** For stated: the fields the row names the stated values in. */
  match?: { field: string; value: unknown }[];
  /** For nearest without a distance field: the stated point and the row's coordinate fields. */
  origin?: { lat: number; lon: number; latField: string; lonField: string };
  /** For next: the first value kept (today, written as the field writes dates). */
  from?: string | number;
  /** Conditions the picked row meets besides ("월세 없는 계약"). */
  where?: RowCondition[];
  /** The service returns rows in this pick's order (AirKorea's newest measurement first): the first row is it. */
  byOrder?: boolean;
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
  /**
   * How the request says values it does not write as the API wants them, by "s1.param" or "s3.where.field", as a
   * benchmark task's statedAs: "관광지" for contentTypeId 12; "" for one the request need not say (today, in "다음").
   */
  statedAs?: Record<string, string>;
}

export const registers = ['formal', 'polite', 'casual'] as const;
export type Register = (typeof registers)[number];

/** Another verified trajectory that reaches the same answer (diversification). */
export interface Alternative {
  plan: Plan;
  tools: string[];
  edgeIds: string[];
  /** Its own execution, which reached the sample's answer. */
  trace?: Trace;
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
  /** The intent the request asks (intent synthesis), and the register of its first phrasing. */
  intent?: string;
  register?: Register;
  /** The templated request a model rewrote into `query` (the paraphrase pass), when it did. */
  paraphrasedFrom?: string;
}
