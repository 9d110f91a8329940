// pass@k (Chen et al. 2021) and pass^k (τ-bench, Yao et al. 2024), from n attempts per task of which c passed: pass@k is the chance
// that at least one of k attempts drawn without replacement passes, 1 − C(n−c,k)/C(n,k) (the unbiased estimator
// of Chen et al. 2021), and pass^k the chance that all k pass, C(c,k)/C(n,k). Intervals are Wilson score intervals
// over tasks (below), honest at the small n of a level or an agency, where a percentile bootstrap says [0 %, 0 %].

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
  /** 95 % Wilson score interval over tasks (meanInterval). */
  low: number;
  high: number;
}

/** The normal quantile of each confidence level offered. */
const Z = { 0.9: 1.6448536, 0.95: 1.959964, 0.99: 2.5758293 } as const;

export interface IntervalOptions {
  /** The range each value lies in. Defaults to [0, 1] (a pass rate); a difference of two rates lies in [-1, 1]. */
  range?: readonly [number, number];
  /** Defaults to 0.95. */
  level?: keyof typeof Z;
}

/**
 * The mean of per-task values with the Wilson score interval of a proportion, n being the number of tasks. For values
 * that are 0 or 1 it is Wilson's interval itself; for rates in between it is wider than needed, since a value in
 * [0, 1] with mean p varies at most p(1 − p). Unlike a percentile bootstrap it never shrinks to a point: 0 of 4
 * tasks is [0 %, 49 %], 145 of 145 is [97.4 %, 100 %].
 */
export function meanInterval(values: number[], options: IntervalOptions = {}): Estimate {
  const [lower, upper] = options.range ?? [0, 1];
  const n = values.length;
  if (n === 0) return { value: 0, low: 0, high: 0 };
  const value = values.reduce((a, b) => a + b, 0) / n;
  const p = Math.min(1, Math.max(0, (value - lower) / (upper - lower)));
  const z = Z[options.level ?? 0.95];
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const back = (q: number): number => lower + Math.min(1, Math.max(0, q)) * (upper - lower);
  // The interval holds the mean exactly (at 0 of n and n of n its bound is the mean, whatever the rounding).
  return { value, low: Math.min(value, back(centre - half)), high: Math.max(value, back(centre + half)) };
}

export interface PassCurves {
  /** "pass@1", "pass@2", … up to the smallest n of any task. */
  passAt: Record<string, Estimate>;
  passHat: Record<string, Estimate>;
}

/** pass@k and pass^k for every k up to the fewest attempts any task has, averaged over tasks. */
export function passCurves(tasks: TaskCount[], options: IntervalOptions = {}): PassCurves {
  const passAt: Record<string, Estimate> = {};
  const passHat: Record<string, Estimate> = {};
  const maxK = tasks.length ? Math.min(...tasks.map((t) => t.n)) : 0;
  for (let k = 1; k <= maxK; k++) {
    passAt[`pass@${k}`] = meanInterval(
      tasks.map((t) => passAtK(t.n, t.c, k)),
      options,
    );
    passHat[`pass^${k}`] = meanInterval(
      tasks.map((t) => passHatK(t.n, t.c, k)),
      options,
    );
  }
  return { passAt, passHat };
}
