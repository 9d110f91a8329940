import { describe, expect, it } from 'vitest';
import { attemptOrder, takeNextAttempt } from '../../../main/core/bench/attemptOrder.ts';

const ids = (order: { task: string; sample: number }[]): string[] => order.map((a) => `${a.task}#${a.sample}`);

describe('attempt order', () => {
  it('runs one task’s samples back to back when attempts run one at a time', () => {
    expect(ids(attemptOrder(['a', 'b'], 2, 1))).toEqual(['a#1', 'a#2', 'b#1', 'b#2']);
  });

  it('interleaves the samples of as many tasks as run at once', () => {
    expect(ids(attemptOrder(['a', 'b', 'c'], 2, 2))).toEqual(['a#1', 'b#1', 'a#2', 'b#2', 'c#1', 'c#2']);
  });

  it('covers every task and sample exactly once', () => {
    const order = ids(attemptOrder(['a', 'b', 'c', 'd', 'e'], 3, 4));
    expect(order).toHaveLength(15);
    expect(new Set(order).size).toBe(15);
  });

  it('keeps a task on the worker that ran its previous sample, whichever worker finishes first', () => {
    const pending = attemptOrder(['a', 'b'], 3, 2);
    const running = new Set<string>();
    const take = (previous: string | undefined) => takeNextAttempt(pending, previous, (t) => running.has(t));
    expect(take(undefined)).toEqual({ task: 'a', sample: 1 });
    running.add('a');
    expect(take(undefined)).toEqual({ task: 'b', sample: 1 });
    // b#1 finished before a#1: its worker goes on with b, not with a#2 (whose prefix is on a's busy sequence).
    expect(take('b')).toEqual({ task: 'b', sample: 2 });
    expect(take('b')).toEqual({ task: 'b', sample: 3 });
    // With b done, that worker helps with a rather than stand idle.
    expect(take('b')).toEqual({ task: 'a', sample: 2 });
    expect(take('a')).toEqual({ task: 'a', sample: 3 });
    expect(take('a')).toBeUndefined();
  });

  it('starts a worker on a task no other worker is on', () => {
    const pending = attemptOrder(['a', 'b', 'c'], 2, 2);
    expect(takeNextAttempt(pending, undefined, (t) => t === 'a')).toEqual({ task: 'b', sample: 1 });
    expect(takeNextAttempt(pending, 'b', () => true)).toEqual({ task: 'b', sample: 2 });
    expect(takeNextAttempt(pending, 'b', (t) => t === 'a')).toEqual({ task: 'c', sample: 1 });
  });
});
