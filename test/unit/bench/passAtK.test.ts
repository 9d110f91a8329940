// pass@k and pass^k against values worked out by hand from the binomial formulas, including the edges a run
// meets (k = n, no attempt passed, every attempt passed), and the bootstrap interval's basic guarantees.
import { describe, expect, it } from 'vitest';
import { meanInterval, passAtK, passCurves, passHatK } from '../../../main/core/bench/passAtK.ts';

describe('pass@k = 1 − C(n−c,k)/C(n,k)', () => {
  it.each([
    [4, 1, 1, 1 - 3 / 4],
    [4, 1, 2, 1 - 3 / 6],
    [4, 2, 2, 1 - 1 / 6],
    [10, 3, 5, 1 - 21 / 252],
    [5, 2, 3, 1 - 1 / 10],
  ])('n=%i c=%i k=%i', (n, c, k, expected) => {
    expect(passAtK(n, c, k)).toBeCloseTo(expected, 12);
  });

  it('is 1 once fewer than k attempts failed, including k = n with one pass', () => {
    expect(passAtK(4, 1, 4)).toBe(1);
    expect(passAtK(3, 1, 3)).toBe(1);
    expect(passAtK(4, 2, 3)).toBe(1);
  });

  it('is 0 when nothing passed and 1 when everything did, for every k', () => {
    for (let k = 1; k <= 4; k++) {
      expect(passAtK(4, 0, k)).toBe(0);
      expect(passAtK(4, 4, k)).toBe(1);
    }
  });

  it('refuses counts that make no sense', () => {
    expect(() => passAtK(4, 5, 1)).toThrow(RangeError);
    expect(() => passAtK(4, 1, 5)).toThrow(RangeError);
    expect(() => passAtK(0, 0, 1)).toThrow(RangeError);
  });
});

describe('pass^k = C(c,k)/C(n,k)', () => {
  it.each([
    [4, 1, 1, 1 / 4],
    [4, 2, 2, 1 / 6],
    [5, 3, 2, 3 / 10],
    [4, 3, 3, 1 / 4],
    [3, 1, 3, 0],
  ])('n=%i c=%i k=%i', (n, c, k, expected) => {
    expect(passHatK(n, c, k)).toBeCloseTo(expected, 12);
  });

  it('is 0 when nothing passed and 1 when everything did; at k = n it is 1 only if all passed', () => {
    for (let k = 1; k <= 4; k++) {
      expect(passHatK(4, 0, k)).toBe(0);
      expect(passHatK(4, 4, k)).toBe(1);
    }
    expect(passHatK(4, 3, 4)).toBe(0);
  });

  it('pass^1 equals pass@1: both are c/n', () => {
    expect(passHatK(7, 3, 1)).toBeCloseTo(passAtK(7, 3, 1), 12);
  });
});

describe('curves over tasks with Wilson intervals', () => {
  it('averages per-task values for every k up to the fewest attempts', () => {
    const curves = passCurves([
      { n: 4, c: 4 },
      { n: 4, c: 0 },
      { n: 4, c: 1 },
    ]);
    expect(Object.keys(curves.passAt)).toEqual(['pass@1', 'pass@2', 'pass@3', 'pass@4']);
    expect(curves.passAt['pass@1']!.value).toBeCloseTo((1 + 0 + 0.25) / 3, 12);
    expect(curves.passAt['pass@2']!.value).toBeCloseTo((1 + 0 + 0.5) / 3, 12);
    expect(curves.passHat['pass^2']!.value).toBeCloseTo((1 + 0 + 0) / 3, 12);
    for (const e of [...Object.values(curves.passAt), ...Object.values(curves.passHat)]) {
      expect(e.low).toBeLessThanOrEqual(e.value);
      expect(e.high).toBeGreaterThanOrEqual(e.value);
      expect(e.low).toBeGreaterThanOrEqual(0);
      expect(e.high).toBeLessThanOrEqual(1);
    }
  });

  it("is Wilson's interval for 0/1 values, never a point when every task agrees, and narrows with more tasks", () => {
    // Wilson's interval for 6 of 8 (z = 1.96): [0.409, 0.929].
    const values = [1, 0, 1, 1, 0, 1, 1, 1];
    const few = meanInterval(values);
    expect(few.value).toBe(0.75);
    expect(few.low).toBeCloseTo(0.4093, 3);
    expect(few.high).toBeCloseTo(0.9285, 3);
    // 0 of 4 tasks is no certainty of 0 %, nor 145 of 145 of 100 %.
    expect(meanInterval([0, 0, 0, 0])).toMatchObject({ value: 0, low: 0 });
    expect(meanInterval([0, 0, 0, 0]).high).toBeCloseTo(0.49, 2);
    expect(meanInterval(Array.from({ length: 145 }, () => 1)).low).toBeCloseTo(0.974, 3);
    const many = meanInterval(Array.from({ length: 20 }, () => values).flat());
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it('keeps a difference of two rates within [-1, 1], and not a point when every task moved the same way', () => {
    const all = meanInterval([1, 1, 1, 1, 1, 1, 1, 1], { range: [-1, 1] });
    expect(all.value).toBe(1);
    expect(all.high).toBeCloseTo(1, 12);
    expect(all.low).toBeLessThan(0.5);
    const mixed = meanInterval([1, -1, 0, 0], { range: [-1, 1] });
    expect(mixed.low).toBeGreaterThanOrEqual(-1);
    expect(mixed.low).toBeLessThan(0);
    expect(mixed.high).toBeGreaterThan(0);
  });
});
