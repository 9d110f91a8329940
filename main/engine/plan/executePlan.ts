// Runs a plan: each step's `let` selections and arguments are evaluated over the results of the steps before it,
// the tool is called through an episode (so results get the handles r1, r2, … that the query tool reads, exactly as
// in an agent's episode), and the concrete call is kept. The answer is then computed from the trace, so whoever
// re-runs a plan against the same backend gets the same answer.
//
// With `visible`, the plan must also be solvable from what a model sees (main/core/plan/visibility.ts): a plan
// whose argument or answer is not determined by the rows each result view shows fails, naming the step, the
// expression and the row it needed.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { CallResult } from '../../core/gateway/callResult.ts';
import { evaluate } from '../../core/plan/expressions.ts';
import type { Plan, PlanStep, Trace, TraceStep } from '../../core/plan/types.ts';
import { answerHidden, describeHidden, stepHidden, stepResults, type HiddenRead, type StepResults } from '../../core/plan/visibility.ts';
import { EpisodeResults } from '../../core/resultView/EpisodeResults.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';

export type PlanCaller = (tool: string, args: Record<string, unknown>) => Promise<CallResult>;

/** What a plan runs with: the tools (the gateway in the run's mode), the catalog, and the result view. */
export interface PlanTools {
  call: PlanCaller;
  catalog: Catalog;
  /** The view handles are shown through and `visible` checks against. Defaults to the standard view. */
  view?: ViewOptions;
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

export function traceStep(step: PlanStep, args: Record<string, unknown>, result: CallResult, handle: string | null = null): TraceStep {
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
    ...(handle ? { handle } : {}),
    ...(result.counts ? { counts: result.counts } : {}),
  };
}

export interface ExecuteOptions {
  /** A failed call that still counts as a result and lets the plan go on (a search that found nothing, as evidence). */
  accept?: (result: CallResult) => boolean;
  /** Also require every argument (and, through finishTrace, the answer) to be determined by the rows views show. */
  visible?: boolean;
  /** One argument of one step replaced by a given value after it is resolved (a chain's link perturbed). */
  override?: { step: string; arg: string; value: unknown };
}

export interface StepsOutcome {
  steps: TraceStep[];
  failure?: string;
  hidden?: HiddenRead;
}

/** Runs the steps in order; stops at the first step that cannot be resolved or whose call fails (unless accepted). */
export async function executeSteps(plan: Plan, tools: PlanTools, options: ExecuteOptions = {}): Promise<StepsOutcome> {
  const episode = new EpisodeResults((tool, args) => tools.call(tool, args), { catalog: tools.catalog, view: tools.view });
  const steps: TraceStep[] = [];
  for (const step of plan.steps) {
    if (options.visible) {
      const hidden = await stepHidden(step, steps, tools.view ?? {});
      if (hidden) return { steps, failure: describeHidden(hidden), hidden };
    }
    const resolved = await resolveArgs(step, stepResults(steps));
    if ('failure' in resolved) return { steps, failure: resolved.failure };
    if (options.override?.step === step.id) resolved.args[options.override.arg] = options.override.value;
    const { result, view } = await episode.run(step.tool, resolved.args);
    steps.push(traceStep(step, resolved.args, result, view.handle));
    if (!result.ok && !options.accept?.(result))
      return { steps, failure: `${step.id} (${step.tool}) failed: ${result.error?.kind ?? 'error'} ${result.error?.message ?? ''}`.trim() };
  }
  return { steps };
}

export async function executePlan(plan: Plan, tools: PlanTools, options: ExecuteOptions = {}): Promise<Trace & { hidden?: HiddenRead }> {
  const { steps, failure, hidden } = await executeSteps(plan, tools, options);
  if (failure) return { steps, answer: undefined, ok: false, failure, ...(hidden ? { hidden } : {}) };
  return finishTrace(plan, steps, options.visible ? (tools.view ?? {}) : undefined);
}

/** The answer of a fully executed plan; with `visible`, it must also be determined by the rows shown. */
export async function finishTrace(plan: Plan, steps: TraceStep[], visible?: ViewOptions): Promise<Trace & { hidden?: HiddenRead }> {
  if (plan.answer.compare === 'decline') return { steps, answer: null, ok: true };
  const answer = await evaluate(plan.answer.expr, stepResults(steps));
  const empty = answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0);
  if (empty) return { steps, answer: undefined, ok: false, failure: `the answer expression found nothing (${plan.answer.expr})` };
  const hidden = visible ? await answerHidden(plan.answer.expr, steps, visible) : undefined;
  if (hidden) return { steps, answer: undefined, ok: false, failure: describeHidden(hidden), hidden };
  return { steps, answer, ok: true };
}
