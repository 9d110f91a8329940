// Runs a plan through the gateway: each step's `let` selections and arguments are evaluated over the results of
// the steps before it, the tool is called, and the concrete call is kept. The answer is then computed from the
// trace, so whoever re-runs a plan against the same backend gets the same answer.
import type { CallResult } from '../../core/gateway/callResult.ts';
import { evaluate } from '../../core/plan/expressions.ts';
import type { Plan, PlanStep, Trace, TraceStep } from '../../core/plan/types.ts';

export type PlanCaller = (tool: string, args: Record<string, unknown>) => Promise<CallResult>;

/** What expressions see: each finished step's rows and total, by step id. */
export type StepResults = Record<string, { items: Record<string, unknown>[]; totalCount: number | null }>;

export function stepResults(steps: TraceStep[]): StepResults {
  return Object.fromEntries(steps.map((s) => [s.id, { items: s.items, totalCount: s.totalCount }]));
}

/** The concrete arguments of a step, or why they cannot be had (a selection found no row). */
export async function resolveArgs(step: PlanStep, results: StepResults): Promise<{ args: Record<string, unknown> } | { failure: string }> {
  const vars: Record<string, unknown> = {};
  for (const [name, expr] of Object.entries(step.let ?? {})) {
    const value = await evaluate(expr, results, vars);
    if (value === undefined) return { failure: `${step.id}: $${name} selects nothing (${expr})` };
    vars[name] = value;
  }
  const args: Record<string, unknown> = {};
  for (const [name, arg] of Object.entries(step.args)) {
    const value = 'value' in arg ? arg.value : await evaluate(arg.expr, results, vars);
    if (value === undefined) return { failure: `${step.id}: ${name} has no value (${'expr' in arg ? arg.expr : ''})` };
    args[name] = value;
  }
  return { args };
}

export function traceStep(step: PlanStep, args: Record<string, unknown>, result: CallResult): TraceStep {
  return {
    id: step.id,
    tool: step.tool,
    args,
    ok: result.ok,
    items: result.items,
    totalCount: result.totalCount,
    resultCode: result.resultCode,
    errorKind: result.error?.kind ?? null,
    latencyMs: result.latencyMs,
  };
}

export interface ExecuteOptions {
  /** A failed call that still counts as a result and lets the plan go on (a search that found nothing, as evidence). */
  accept?: (result: CallResult) => boolean;
}

/** Runs the steps in order; stops at the first step that cannot be resolved or whose call fails (unless accepted). */
export async function executeSteps(plan: Plan, call: PlanCaller, options: ExecuteOptions = {}): Promise<{ steps: TraceStep[]; failure?: string }> {
  const steps: TraceStep[] = [];
  for (const step of plan.steps) {
    const resolved = await resolveArgs(step, stepResults(steps));
    if ('failure' in resolved) return { steps, failure: resolved.failure };
    const result = await call(step.tool, resolved.args);
    steps.push(traceStep(step, resolved.args, result));
    if (!result.ok && !options.accept?.(result)) return { steps, failure: `${step.id} (${step.tool}) failed: ${result.error?.kind ?? 'error'} ${result.error?.message ?? ''}`.trim() };
  }
  return { steps };
}

export async function executePlan(plan: Plan, call: PlanCaller): Promise<Trace> {
  const { steps, failure } = await executeSteps(plan, call);
  return failure ? { steps, answer: undefined, ok: false, failure } : finishTrace(plan, steps);
}

/** The answer of a fully executed plan. */
export async function finishTrace(plan: Plan, steps: TraceStep[]): Promise<Trace> {
  if (plan.answer.compare === 'decline') return { steps, answer: null, ok: true };
  const answer = await evaluate(plan.answer.expr, stepResults(steps));
  const empty = answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0);
  return empty ? { steps, answer: undefined, ok: false, failure: `the answer expression found nothing (${plan.answer.expr})` } : { steps, answer, ok: true };
}
