// Rates as people read them in the evaluation views: one decimal, and an estimate always with its interval.
import type { BenchEstimate } from '../../../../main/api/contract.ts';

export const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

export const withInterval = (e: BenchEstimate): string => `${percent(e.value)} [${percent(e.low)}, ${percent(e.high)}]`;
