// The order a run starts its attempts in.

/**
 * Attempts in the order a run means to start them: `concurrency` tasks at a time, their samples in turn (t1#1 t2#1
 * t1#2 t2#2 … for two at once), so that the attempts running together are of different tasks. Workers take from it
 * with `takeNextAttempt`, which keeps a task's samples following each other on the local model's sequence that still
 * holds their shared prefix (system prompt, tools, question): that prefix is evaluated about once per task, also in
 * parallel runs.
 */
export function attemptOrder<T>(tasks: readonly T[], samples: number, concurrency: number): { task: T; sample: number }[] {
  const order: { task: T; sample: number }[] = [];
  for (let start = 0; start < tasks.length; start += concurrency) {
    const group = tasks.slice(start, start + concurrency);
    for (let sample = 1; sample <= samples; sample++) for (const task of group) order.push({ task, sample });
  }
  return order;
}

/**
 * Takes from `pending` the attempt a worker that just ran `previous` starts next: its task's next sample (that task's
 * prefix is still on the sequence the worker just freed), else the first attempt of a task no other worker is on,
 * else the first left. Picking by task rather than by position keeps each task on one sequence however long its
 * attempts take, also when a slow attempt lets another worker run ahead.
 */
export function takeNextAttempt<T extends { task: unknown }>(
  pending: T[],
  previous: T['task'] | undefined,
  running: (task: T['task']) => boolean,
): T | undefined {
  let index = previous === undefined ? -1 : pending.findIndex((a) => a.task === previous);
  if (index < 0) index = pending.findIndex((a) => !running(a.task));
  if (index < 0) index = pending.length ? 0 : -1;
  return index < 0 ? undefined : pending.splice(index, 1)[0];
}
