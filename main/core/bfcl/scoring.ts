// BFCL's relevance checks and aggregation, as upstream's bfcl_eval/eval_checker/eval_runner_helper.py (ShishirPatil/
// gorilla) computes them: per-category accuracy, then the non-live, live, hallucination and multi-turn summaries the
// leaderboard shows. A category not evaluated counts as 0, as upstream counts it.
import { isCallList } from './astChecker.ts';
import { MULTI_TURN_CATEGORIES, type BfclCategory } from './categories.ts';
import { mean } from '../mean.ts';

const SIMPLE = ['simple_python', 'simple_java', 'simple_javascript'] as const satisfies readonly BfclCategory[];

/** The categories each leaderboard aggregate averages over (non-live averages the three simple ones first). */
export const aggregateCategories = {
  nonLive: [...SIMPLE, 'multiple', 'parallel', 'parallel_multiple'],
  live: ['live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple'],
  irrelevance: ['irrelevance', 'live_irrelevance'],
  relevance: ['live_relevance'],
  multiTurn: MULTI_TURN_CATEGORIES,
} as const satisfies Record<string, readonly BfclCategory[]>;

export type BfclAggregate = keyof typeof aggregateCategories;

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
  /** 95 % Wilson interval over the category's entries. */
  low: number;
  high: number;
}

export interface BfclSummary {
  /** Unweighted mean of simple (itself the mean of python, java, javascript), multiple, parallel, parallel_multiple. */
  nonLive: number;
  /** Entry-weighted accuracy over the four live AST categories. */
  live: number;
  /** Mean of irrelevance and live_irrelevance. */
  irrelevance: number;
  relevance: number;
  /** Unweighted mean of the four multi-turn categories (base, miss_func, miss_param, long_context). */
  multiTurn: number;
  /**
   * The V4 overall: 10 % non-live, 10 % live, 10 % irrelevance, 30 % multi-turn, 40 % agentic. The agentic categories
   * (web search, memory) are not scored here, so they count 0, as BFCL counts any category not run.
   */
  overall: number;
  categories: CategoryScore[];
}

export function summarize(scores: CategoryScore[]): BfclSummary {
  const acc = (c: string): number => scores.find((s) => s.category === c)?.accuracy ?? 0;
  const simple = mean(SIMPLE.map(acc));
  const liveScores = aggregateCategories.live.map((c) => scores.find((s) => s.category === c));
  const liveCorrect = liveScores.reduce((n, s) => n + (s?.correct ?? 0), 0);
  const liveTotal = liveScores.reduce((n, s) => n + (s?.total ?? 0), 0);
  const nonLive = mean([simple, acc('multiple'), acc('parallel'), acc('parallel_multiple')]);
  const live = liveTotal ? liveCorrect / liveTotal : 0;
  const irrelevance = mean(aggregateCategories.irrelevance.map(acc));
  const multiTurn = mean(aggregateCategories.multiTurn.map(acc));
  const agentic = 0;
  return {
    nonLive,
    live,
    irrelevance,
    relevance: acc('live_relevance'),
    multiTurn,
    overall: 0.1 * nonLive + 0.1 * live + 0.1 * irrelevance + 0.3 * multiTurn + 0.4 * agentic,
    categories: scores,
  };
}
