import { describe, expect, it } from 'vitest';
import { attemptOrder } from '../../../main/core/bench/attemptOrder.ts';

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
});
