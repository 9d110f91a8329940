// Values a plan carries from one step to the next (codes, ids) that a request names anyway: a user could not
// have known them, so a request that states one gives the answer's path away. Synthesis gates and benchmark
// lints both refuse such requests.
import type { Plan, TraceStep } from './types.ts';

/** The strings, numbers and booleans inside a value (a query tool's conditions are objects in an array). */
export function primitives(value: unknown): (string | number | boolean)[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(primitives);
  if (typeof value === 'object') return Object.values(value).flatMap(primitives);
  return [value as string | number | boolean];
}

/**
 * Carried values (4+ characters, so "11" in "11시" is no leak) that appear in the request and were not stated.
 * `speakable` says which parameters take a kind of value a person could state themselves (a station's name, which is
 * often its district's: "영등포구"); those are no leak, only codes and ids a person could not know.
 */
export function leakedValues(
  plan: Plan,
  steps: TraceStep[],
  stated: Set<string>,
  query: string,
  speakable: (tool: string, param: string) => boolean = () => false,
): string[] {
  const carried = new Set<string>();
  const byId = new Map(plan.steps.map((s) => [s.id, s]));
  for (const step of steps) {
    const planned = byId.get(step.id);
    if (!planned) continue;
    for (const [name, arg] of Object.entries(planned.args)) {
      if (!('expr' in arg) || speakable(step.tool, name)) continue;
      for (const v of primitives(step.args[name])) if (String(v).length >= 4) carried.add(String(v));
    }
  }
  // A value the user stated may come back from a call and be passed on; saying it again is no leak.
  return [...carried].filter((v) => !stated.has(v) && query.includes(v));
}
