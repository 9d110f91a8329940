// pass@k (Chen et al. 2021) and pass^k (τ-bench, Yao et al. 2024), from n attempts per task of which c passed: pass@k is the chance
// that at least one of k attempts drawn without replacement passes, 1 − C(n−c,k)/C(n,k) (the unbiased estimator
// of Chen et al. 2021), and pass^k the chance that all k pass, C(c,k)/C(n,k). Intervals are percentile
// bootstraps over tasks, seeded, so a report is reproducible.
import { Rng } from '../random.ts';

/** C(n, k) / C(m, k) as a product, exact enough for any n a run has and free of overflow. */
function binomialRatio(top: number, bottom: number, k: number): number {
  if (k > top) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r *= (top - i) / (bottom - i);
  return r;
}

export function passAtK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  if (n - c < k) return 1;
  return 1 - binomialRatio(n - c, n, k);
}

export function passHatK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  return binomialRatio(c, n, k);
}

function checkCounts(n: number, c: number, k: number): void {
  if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k)) || n < 1 || c < 0 || c > n || k < 1 || k > n) {
    throw new RangeError(`pass@k needs 1 ≤ k ≤ n and 0 ≤ c ≤ n (got n=${n}, c=${c}, k=${k})`);
  }
}

export interface TaskCount {
  n: number;
  c: number;
}

export interface Estimate {
  value: number;
  /** 95 % percentile bootstrap interval over tasks. */
  low: number;
  high: number;
}

export interface BootstrapOptions {
  /** Resamples. Defaults to 2,000. */
  resamples?: number;
  /** Defaults to 1. */
  seed?: number;
  /** Defaults to 0.95. */
  level?: number;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The mean of per-task values with a percentile bootstrap interval (tasks resampled with replacement). */
export function bootstrapMean(values: number[], options: BootstrapOptions = {}): Estimate {
  const value = mean(values);
  if (values.length === 0) return { value: 0, low: 0, high: 0 };
  const rng = Rng.for(options.seed ?? 1, 'bootstrap', values.length);
  const resamples = options.resamples ?? 2000;
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += values[Math.floor(rng.next() * values.length)]!;
    means.push(sum / values.length);
  }
  means.sort((a, b) => a - b);
  const alpha = (1 - (options.level ?? 0.95)) / 2;
  return { value, low: quantile(means, alpha), high: quantile(means, 1 - alpha) };
}

export interface PassCurves {
  /** "pass@1", "pass@2", … up to the smallest n of any task. */
  passAt: Record<string, Estimate>;
  passHat: Record<string, Estimate>;
}

/** pass@k and pass^k for every k up to the fewest attempts any task has, averaged over tasks. */
export function passCurves(tasks: TaskCount[], options: BootstrapOptions = {}): PassCurves {
  const passAt: Record<string, Estimate> = {};
  const passHat: Record<string, Estimate> = {};
  const maxK = tasks.length ? Math.min(...tasks.map((t) => t.n)) : 0;
  for (let k = 1; k <= maxK; k++) {
    passAt[`pass@${k}`] = bootstrapMean(
      tasks.map((t) => passAtK(t.n, t.c, k)),
      options,
    );
    passHat[`pass^${k}`] = bootstrapMean(
      tasks.map((t) => passHatK(t.n, t.c, k)),
      options,
    );
  }
  return { passAt, passHat };
}
