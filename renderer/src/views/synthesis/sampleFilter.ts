// Which samples of a dataset the browser shows: by length (steps), a tool they call, whether they have an alternative
// trajectory, and the register of their request.
import type { SampleSummary } from '../../../../main/api/contract.ts';
import type { PlanStep } from '../../../../main/core/plan/types.ts';

export interface SampleFilter {
  minSteps: number | null;
  maxSteps: number | null;
  /** Part of a tool id. */
  tool: string;
  alternative: 'any' | 'with' | 'without';
  register: string | null;
}

export const ALL_SAMPLES: SampleFilter = { minSteps: null, maxSteps: null, tool: '', alternative: 'any', register: null };

export function filterSamples(samples: SampleSummary[], filter: SampleFilter): SampleSummary[] {
  const tool = filter.tool.trim().toLowerCase();
  return samples.filter(
    (s) =>
      (filter.minSteps === null || s.steps >= filter.minSteps) &&
      (filter.maxSteps === null || s.steps <= filter.maxSteps) &&
      (tool === '' || s.tools.some((t) => t.toLowerCase().includes(tool))) &&
      (filter.alternative === 'any' || (filter.alternative === 'with') === s.alternatives > 0) &&
      (filter.register === null || s.register === filter.register),
  );
}

/** The steps a plan's argument expression reads ("s1.items[0].region_cd" → s1). */
export function stepsRead(expr: string): string[] {
  return [...new Set([...expr.matchAll(/\bs(\d+)\b/g)].map((m) => `s${m[1]}`))];
}

/** The steps an argument of a plan step is carried from: those its expression reads, and those of the `let` variables it uses. */
export function argumentSources(step: PlanStep, param: string): string[] {
  const arg = step.args[param];
  if (!arg || !('expr' in arg)) return [];
  const lets = Object.entries(step.let ?? {}).filter(([name]) => new RegExp(`\\$${name}\\b`).test(arg.expr));
  return [...new Set([...stepsRead(arg.expr), ...lets.flatMap(([, expr]) => stepsRead(expr))])];
}
