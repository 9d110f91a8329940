// Benchmarks run in full with `npm run perf`, and once in a smoke mode inside `npm test` (KOPA_PERF_SMOKE=1: small
// counts, the same code paths), so that a broken benchmark fails CI instead of rotting unseen.
export const SMOKE = process.env.KOPA_PERF_SMOKE === '1';

/** `full` normally, `small` in the smoke run. */
export const sized = (full: number, small: number): number => (SMOKE ? small : full);
