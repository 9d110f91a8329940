// Two runs on the same tasks compared task by task: the mean of the per-task differences in pass rate, its
// interval (a Wilson score interval over the differences' range, honest at a few tasks), and a two-sided p-value from a paired sign-flip permutation test (exact up to 16 tasks
// that differ, Monte Carlo with a fixed seed beyond), which needs no normality and suits 0/1-heavy data.
import { Rng } from '../random.ts';
import { meanInterval, type Estimate } from './passAtK.ts';

export interface PairedResult {
  tasks: number;
  /** Tasks where A did better, where B did, and where they tie. */
  aBetter: number;
  bBetter: number;
  ties: number;
  /** Mean of (B − A) per-task pass rates, with its 95 % interval. */
  difference: Estimate;
  pValue: number;
  method: 'exact sign-flip' | 'monte-carlo sign-flip';
}

export function pairedTest(a: number[], b: number[], options: { seed?: number; resamples?: number } = {}): PairedResult {
  if (a.length !== b.length) throw new RangeError('paired samples must have the same length');
  const diffs = a.map((x, i) => b[i]! - x);
  const nonZero = diffs.filter((d) => d !== 0);
  const observed = Math.abs(nonZero.reduce((s, d) => s + d, 0));
  let pValue: number;
  let method: PairedResult['method'];
  const atLeast = (sum: number): boolean => Math.abs(sum) >= observed - 1e-12;
  if (nonZero.length <= 16) {
    method = 'exact sign-flip';
    let hits = 0;
    const total = 2 ** nonZero.length;
    for (let mask = 0; mask < total; mask++) {
      let sum = 0;
      for (let i = 0; i < nonZero.length; i++) sum += mask & (1 << i) ? -nonZero[i]! : nonZero[i]!;
      if (atLeast(sum)) hits++;
    }
    pValue = hits / total;
  } else {
    method = 'monte-carlo sign-flip';
    const rng = Rng.for(options.seed ?? 1, 'sign-flip', nonZero.length);
    const resamples = options.resamples ?? 20_000;
    let hits = 0;
    for (let r = 0; r < resamples; r++) {
      let sum = 0;
      for (const d of nonZero) sum += rng.next() < 0.5 ? -d : d;
      if (atLeast(sum)) hits++;
    }
    // The observed labelling counts as one of the permutations, so p is never 0.
    pValue = (hits + 1) / (resamples + 1);
  }
  return {
    tasks: diffs.length,
    aBetter: diffs.filter((d) => d < 0).length,
    bBetter: diffs.filter((d) => d > 0).length,
    ties: diffs.length - nonZero.length,
    difference: meanInterval(diffs, { range: [-1, 1] }),
    pValue,
    method,
  };
}
