// `kopa bench validate`: every task's reference plan runs on the chosen backend and must give a non-empty
// expected answer (or, for a decline task, confirm that the data is absent) from what a model would see: every
// argument and the answer must be computable from the result views (a plan that reads a row the view hid fails,
// naming the step and the row). And the lints must find nothing. Each multi-step plan is also run with each link
// perturbed (chainSensitivity.ts): a task whose answer survives a wrong chain is reported.
import type { BenchTaskCheck, BenchValidation, Progress } from '../../api/contract.ts';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { GatewayMode } from '../../core/gateway/callResult.ts';
import { lintTask } from '../../core/bench/lints.ts';
import type { BenchTask, Suite } from '../../core/bench/types.ts';
import { STANDARD_RESULT_TOKENS, type ViewOptions } from '../../core/resultView/resultView.ts';
import { agenciesOf, lintContext } from './catalogFacts.ts';
import type { ToolCaller } from './faultInjector.ts';
import { referenceTrace } from './reference.ts';
import { chainSensitivity } from './chainSensitivity.ts';

export interface ValidateOptions {
  catalog: Catalog;
  mode: GatewayMode;
  /** The result view plans must be solvable within. Defaults to the standard view. */
  view?: ViewOptions;
  /** The caller for one task (its moment set). */
  callerFor: (task: BenchTask) => ToolCaller;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

const count = (into: Record<string, number>, key: string): void => {
  into[key] = (into[key] ?? 0) + 1;
};

export function distribution(suite: Suite, catalog: Catalog): BenchValidation['distribution'] {
  const out: BenchValidation['distribution'] = { levels: {}, abilities: {}, agencies: {}, tags: {} };
  for (const task of suite.tasks) {
    count(out.levels, String(task.level));
    task.abilities.forEach((a) => count(out.abilities, a));
    agenciesOf(catalog, task).forEach((a) => count(out.agencies, a));
    (task.tags ?? []).forEach((t) => count(out.tags, t));
  }
  return out;
}

export async function validateSuite(suite: Suite, options: ValidateOptions): Promise<BenchValidation> {
  const started = performance.now();
  const lintCtx = lintContext(options.catalog, options.view);
  const results: BenchTaskCheck[] = new Array(suite.tasks.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < suite.tasks.length && !options.signal?.aborted) {
      const index = next++;
      const task = suite.tasks[index]!;
      const trace: Awaited<ReturnType<typeof referenceTrace>> = await referenceTrace(task, options.callerFor(task), {
        catalog: options.catalog,
        view: options.view,
        visible: true,
      }).catch((error: unknown) => ({ steps: [], answer: undefined, ok: false, failure: (error as Error).message }));
      const lints = trace.ok ? lintTask(task, trace.steps, lintCtx) : [];
      const call = options.callerFor(task);
      const chain = trace.ok
        ? await chainSensitivity(task.plan, trace, { call: (tool, args) => call(tool, args), catalog: options.catalog, view: options.view })
        : undefined;
      const hidden = trace.hidden ? { hidden: { step: trace.hidden.step, what: trace.hidden.what, row: trace.hidden.row } } : {};
      results[index] = {
        id: task.id,
        solvable: trace.ok,
        expected: trace.answer ?? null,
        ...(trace.failure ? { failure: trace.failure } : {}),
        ...hidden,
        lints,
        calls: trace.steps.length,
        ...(chain && chain.links > 0 ? { chain } : {}),
      };
      options.onProgress?.({ stage: 'validate', done: ++done, total: suite.tasks.length });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  const finished = results.filter(Boolean);
  return {
    suite: suite.name,
    suiteVersion: suite.version,
    suiteHash: suite.hash,
    resultTokens: options.view?.tokenBudget ?? STANDARD_RESULT_TOKENS,
    mode: options.mode,
    tasks: suite.tasks.length,
    solvable: finished.filter((r) => r.solvable).length,
    failing: finished.filter((r) => !r.solvable || r.lints.length > 0).map((r) => r.id),
    insensitive: finished.filter((r) => (r.chain?.insensitive.length ?? 0) > 0).map((r) => r.id),
    results: finished,
    distribution: distribution(suite, options.catalog),
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
}
