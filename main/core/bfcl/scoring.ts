// BFCL's relevance checks and aggregation (bfcl.md §4–5): per-category accuracy, then the non-live, live,
// hallucination and multi-turn summaries the leaderboard shows. A category not evaluated counts as 0, as upstream counts it.
import { isCallList } from './astChecker.ts';

/** Whether a decoded output holds a function call: a call list that is neither [] nor [{}]. */
export function hasCall(output: unknown): boolean {
  if (!isCallList(output)) return false;
  return !(output.length === 0 || (output.length === 1 && Object.keys(output[0]!).length === 0));
}

/** irrelevance / live_irrelevance pass with no call; live_relevance passes with any call. */
export function relevanceCorrect(category: string, output: unknown): boolean {
  return category === 'live_relevance' ? hasCall(output) : !hasCall(output);
}

export interface CategoryScore {
  category: string;
  correct: number;
  total: number;
  accuracy: number;
  /** 95 % bootstrap interval over the category's entries. */
  low: number;
  high: number;
}

export interface BfclSummary {
  nonLive: number;
  live: number;
  irrelevance: number;
  relevance: number;
  multiTurn: number;
  /** The V4 overall also needs the agentic categories, which are not scored here. */
  categories: CategoryScore[];
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function summarize(scores: CategoryScore[]): BfclSummary {
  const acc = (c: string): number => scores.find((s) => s.category === c)?.accuracy ?? 0;
  const simple = mean([acc('simple_python'), acc('simple_java'), acc('simple_javascript')]);
  const live = ['live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple'].map((c) => scores.find((s) => s.category === c));
  const liveCorrect = live.reduce((n, s) => n + (s?.correct ?? 0), 0);
  const liveTotal = live.reduce((n, s) => n + (s?.total ?? 0), 0);
  return {
    nonLive: mean([simple, acc('multiple'), acc('parallel'), acc('parallel_multiple')]),
    live: liveTotal ? liveCorrect / liveTotal : 0,
    irrelevance: mean([acc('irrelevance'), acc('live_irrelevance')]),
    relevance: acc('live_relevance'),
    multiTurn: mean(['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param', 'multi_turn_long_context'].map(acc)),
    categories: scores,
  };
}
