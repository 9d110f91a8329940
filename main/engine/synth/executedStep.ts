// A step of a trajectory as synthesis runs it, and what can be read of its rows: the plan step, what the request
// says of it, what ran, and the rows the result view showed a model.
import type { PlanStep, TraceStep } from '../../core/plan/types.ts';
import type { WalkStep } from '../../core/synth/types.ts';

export type Row = Record<string, unknown>;

export interface ExecutedStep {
  plan: PlanStep;
  walk: WalkStep;
  trace: TraceStep;
  /** The rows the result view shows. */
  visible: Row[];
}

export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/** Every row the API has is in the view. */
export const complete = (d: ExecutedStep): boolean =>
  d.visible.length === d.trace.items.length && d.trace.items.length === (d.trace.totalCount ?? d.trace.items.length);

/** The response holds every row the API has (some may be hidden by the view): the query tool reaches them all. */
export const whole = (d: ExecutedStep): boolean => d.trace.items.length === (d.trace.totalCount ?? d.trace.items.length);
