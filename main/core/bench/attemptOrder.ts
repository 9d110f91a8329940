// The order a run starts its attempts in.

/**
 * Attempts in the order they start: `concurrency` tasks at a time, their samples in turn (t1#1 t2#1 t1#2 t2#2 … for
 * two at once). As attempts take about as long, the attempts running together are of different tasks, and a task's
 * next sample starts about when its previous one ends, on the local model's sequence that still holds their shared
 * prefix (system prompt, tools, question): that prefix is evaluated about once per task, also in parallel runs.
 */
export function attemptOrder<T>(tasks: readonly T[], samples: number, concurrency: number): { task: T; sample: number }[] {
  const order: { task: T; sample: number }[] = [];
  for (let start = 0; start < tasks.length; start += concurrency) {
    const group = tasks.slice(start, start + concurrency);
    for (let sample = 1; sample <= samples; sample++) for (const task of group) order.push({ task, sample });
  }
  return order;
}
