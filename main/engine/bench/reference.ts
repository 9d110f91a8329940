// A task's expected answer, computed now from the backend the agent uses: the reference plan runs (without the
// task's injected faults) and its answer expression reads the trace. For a decline task the plan gathers the
// evidence (a search that finds nothing is a result, not a failure) and the expression must hold for declining
// to be the right outcome.
import { evaluate } from '../../core/plan/expressions.ts';
import type { Trace } from '../../core/plan/types.ts';
import type { BenchTask } from '../../core/bench/types.ts';
import { executePlan, executeSteps, stepResults } from '../plan/executePlan.ts';
import type { ToolCaller } from './faultInjector.ts';

export const DECLINE = 'decline';

export async function referenceTrace(task: BenchTask, call: ToolCaller): Promise<Trace> {
  if (task.plan.answer.compare !== 'decline') return executePlan(task.plan, (tool, args) => call(tool, args));
  const { steps, failure } = await executeSteps(task.plan, (tool, args) => call(tool, args), { accept: (result) => result.error?.kind === 'NoData' });
  if (failure) return { steps, answer: undefined, ok: false, failure };
  const holds = await evaluate(task.plan.answer.expr, stepResults(steps));
  return holds === true ? { steps, answer: DECLINE, ok: true } : { steps, answer: undefined, ok: false, failure: `declining is not right here: ${task.plan.answer.expr} is ${JSON.stringify(holds ?? null)}` };
}
