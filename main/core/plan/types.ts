// The plan language, shared by EDGE synthesis, benchmark tasks and rewards (docs/ARCHITECTURE.md §4). A plan is a
// sequence of tool calls; each argument is a literal or a JSONata expression over the results of earlier steps,
// so an expected answer is recomputed from whatever backend ran the plan instead of frozen at writing time.

/** An argument: a value the user gives, or an expression over earlier steps (and the step's `let` variables). */
export type PlanArg = { value: unknown } | { expr: string };

export interface PlanStep {
  /** s1, s2, …: the name the step's result has in later expressions. */
  id: string;
  tool: string;
  /**
   * Named JSONata expressions evaluated before the arguments and bound as $name: how a step picks the row an
   * earlier list hands it (first, the max or min by a field, one matching a value), once for all its arguments.
   */
  let?: Record<string, string>;
  args: Record<string, PlanArg>;
}

export const comparatorKinds = ['string', 'number', 'set', 'boolean', 'contains', 'decline'] as const;
export type ComparatorKind = (typeof comparatorKinds)[number];

/** What a text answer value is, where its digits alone cannot say (1719 a sunset, 7152 a bus route). */
export const textValueKinds = ['date', 'time', 'timeRange', 'text'] as const;
export type TextValueKind = (typeof textValueKinds)[number];

export interface AnswerSpec {
  /** JSONata over the trace's step results (s1, s2, …); unused for "decline". */
  expr: string;
  compare: ComparatorKind;
  /** For numbers: the largest difference still counted equal. Defaults to 0. */
  tolerance?: number;
  /**
   * How a text value of the answer is read (every text member of a set): a date, a clock time, a range of times, or
   * a name. Defaults to a date for YYYYMMDD and HH:MM a time, else a name (core/answer/shape.ts).
   */
  as?: TextValueKind;
}

export interface Plan {
  version: 1;
  steps: PlanStep[];
  answer: AnswerSpec;
}

/** One executed step: the concrete arguments and what came back (docs/ARCHITECTURE.md §4, Trace). */
export interface TraceStep {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  items: Record<string, unknown>[];
  totalCount: number | null;
  resultCode: string | null;
  errorKind: string | null;
  latencyMs: number;
  /** The handle (r1, r2, …) the result was shown with, when it succeeded; the query tool reads it, as `s2.handle`. */
  handle?: string;
  /** Counts the service reported beside its rows (NTS's `matched`), shown in the result as the agent saw it. */
  counts?: Record<string, number>;
}

export interface Trace {
  steps: TraceStep[];
  /** The answer computed from the steps, or undefined when a step failed or the expression found nothing. */
  answer: unknown;
  ok: boolean;
  /** Why the plan did not run to an answer. */
  failure?: string;
}
