// KOPA-Bench tasks (resources/bench/task.schema.json) and what a run records per attempt. A task's expected
// answer is not stored: the reference plan is executed on the backend the agent used and the answer computed
// from that trace, so a task stays right while live data moves on.
import type { Plan } from '../plan/types.ts';
import type { Judgement } from '../answer/judge.ts';

export const ABILITIES = [
  'sequential',
  'fan-out selection',
  'fan-in',
  'conversion',
  'temporal reasoning',
  'aggregation',
  'fault recovery',
  'declining',
] as const;
export type Ability = (typeof ABILITIES)[number];

/** Failures a task injects, as an API really fails: an HTTP 5xx, no answer in time, a body cut short. */
export const FAULT_KINDS = ['serverError', 'timeout', 'malformed'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  tool: string;
  /** Which call of that tool fails, counting from 1 within one attempt. */
  call: number;
  kind: FaultKind;
}

export interface BenchTask {
  id: string;
  query_ko: string;
  query_en?: string;
  /** The moment the question is asked (ISO 8601 with offset): the agent's "now" and the emulator's clock. */
  asOf: string;
  /** Tool ids the agent sees, the distractors included. */
  tools: string[];
  plan: Plan;
  /** Number of steps the reference plan takes. */
  level: number;
  abilities: Ability[];
  faults?: FaultSpec[];
  tags?: string[];
  /**
   * How the request states a literal the user would not write as the API wants it, keyed "s1.param": "내과" for
   * dgsbjtCd "01". The omitted-value lint then looks for these words instead of the value.
   */
  statedAs?: Record<string, string>;
  /** For a "number" answer given in a unit (만원 for MOLIT deal amounts), so "8억 2,500만원" compares with 82500. */
  unit?: string;
}

export interface Suite {
  name: string;
  /** The suite's version from its suite.json (KOPA-Bench: "2"), or null for a suite without one. */
  version: string | null;
  /** SHA-256 of the tasks' canonical JSON, in file order. */
  hash: string;
  tasks: BenchTask[];
}

export const FAILURE_KINDS = [
  'backend error',
  'unparseable output',
  'truncated output',
  'no committed answer',
  'failed to decline',
  'no call',
  'step cap or loop',
  'unrecovered API error',
  'invalid arguments',
  'wrong tool',
  'invented value',
  'premature answer',
  'wrong final answer',
  'ungrounded answer',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Where an argument value of the agent's calls came from. */
export type Provenance = 'user' | 'tool' | 'invented';

export interface StepMetrics {
  toolPrecision: number;
  toolRecall: number;
  toolF1: number;
  /** Reference arguments the agent's matching calls gave the same value, over all reference arguments. */
  argumentAccuracy: number;
  provenance: Record<Provenance, number>;
  /** Values the agent invented, as "tool.param=value". */
  invented: string[];
  stepsUsed: number;
  stepsNeeded: number;
  /** Injected faults the attempt met, and how many of them it got past by calling again successfully. */
  faultsMet: number;
  faultsRecovered: number;
}

export interface AttemptVerdict {
  pass: boolean;
  /** A pass the attempt's own calls support (grounding.ts); false for every fail. */
  grounded: boolean;
  failure: FailureKind | null;
  /** Why, in a sentence: the judgement of the claim or the failure's evidence. */
  detail: string;
  /** The claim as the judge read it, in the expected value's form (20251009, 230000), where it could be read. */
  read?: unknown;
  /** The message states a value of the claim's kind that is not the claim (a lint, not a verdict). */
  inconsistent?: boolean;
  /** `detail` in the message catalogue, to be said in the reader's language. */
  detailSaid: Judgement['said'];
  expected: unknown;
  metrics: StepMetrics;
}

/** The suite a benchmark runs where none is named: KOPA-Bench, bundled. */
export const DEFAULT_SUITE = 'kopa';
