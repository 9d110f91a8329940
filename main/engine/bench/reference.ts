// A task's expected answer, computed now from the backend the agent uses: the reference plan runs (without the
// task's injected faults) and its answer expression reads the trace. For a decline task the plan gathers the
// evidence (a search that finds nothing is a result, not a failure) and the expression must hold for declining
// to be the right outcome.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { evaluate } from '../../core/plan/expressions.ts';
import type { Trace } from '../../core/plan/types.ts';
import type { BenchTask } from '../../core/bench/types.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';
import { answerHidden, describeHidden, stepResults, type HiddenRead } from '../../core/plan/visibility.ts';
import { executePlan, executeSteps } from '../plan/executePlan.ts';
import type { ToolCaller } from './faultInjector.ts';

export const DECLINE = 'decline';

export interface ReferenceOptions {
  catalog: Catalog;
  /** The view the agent is shown results through. Defaults to the standard view. */
  view?: ViewOptions;
  /** Require the plan to be solvable from what that view shows (kopa bench validate). */
  visible?: boolean;
}

export async function referenceTrace(task: BenchTask, call: ToolCaller, options: ReferenceOptions): Promise<Trace & { hidden?: HiddenRead }> {
  const tools = { call: (tool: string, args: Record<string, unknown>) => call(tool, args), catalog: options.catalog, view: options.view };
  if (task.plan.answer.compare !== 'decline') return executePlan(task.plan, tools, { visible: options.visible });
  const { steps, failure, hidden } = await executeSteps(task.plan, tools, { accept: (result) => result.error?.kind === 'NoData', visible: options.visible });
  if (failure) return { steps, answer: undefined, ok: false, failure, ...(hidden ? { hidden } : {}) };
  const holds = await evaluate(task.plan.answer.expr, stepResults(steps));
  if (holds !== true)
    return { steps, answer: undefined, ok: false, failure: `declining is not right here: ${task.plan.answer.expr} is ${JSON.stringify(holds ?? null)}` };
  const unseen = options.visible ? await answerHidden(task.plan.answer.expr, steps, options.view ?? {}) : undefined;
  if (unseen) return { steps, answer: undefined, ok: false, failure: describeHidden(unseen), hidden: unseen };
  return { steps, answer: DECLINE, ok: true };
}
