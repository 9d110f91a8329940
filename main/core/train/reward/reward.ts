// A completion's reward under a preset, deterministic for the same inputs. Every preset pays for the outcome (an
// answer that commits to the expected value and that the completion's own results support): a preset that paid the
// golden calls in full whatever the answer would teach a policy to list candidates after them.
//   kopa     Σ wᵢ·componentᵢ with the documented weights (outcome 0.75; format, toolChoice, arguments, provenance and
//            execution 0.05 each), in [0, 1]: the process shapes the reward, it cannot carry it (golden calls with a
//            hedged answer: 0.25); weights may be given, and are recorded with the result;
//   toolrl   ToolRL's shape (Qian et al. 2025): format (0 or 1) + correctness in [−3, 3]. ToolRL scores calls only;
//            here the final answer is the last and heaviest action: correctness = −3 + 6·(0.4·calls + 0.6·outcome),
//            where calls is ToolRL's (Jaccard of tool names + Σ over the trajectory's calls of [Jaccard of parameter
//            names + equal values of the best unused same-named call]) / (1 + Σ (1 + parameters)), or, with no call
//            in the trajectory, 1 for none made and 0 otherwise; −3 when the format fails. Range [−3, 4], midpoint
//            0.5 (golden calls with a hedged answer: 0.4);
//   tool-n1  Tool-N1's binary reward (Zhang et al. 2025), extended to a final answer: 1 when the format holds, the
//            multiset of (tool, arguments) equals a trajectory's and the outcome holds, else 0;
//   outcome  the outcome component alone (the paper's outcome-only baseline).
// Arguments that say how to call rather than what to ask (paging, enumerated options) are left out of every
// comparison, as in every KOPA score, so a model that relies on a documented default is not punished.
import { canonicalJson } from '../../canonicalJson.ts';
import type { AttemptCall } from '../../bench/attempt.ts';
import type { MetricContext } from '../../bench/stepMetrics.ts';
import { normaliseText } from '../../text/koreanText.ts';
import type { TraceStep } from '../../plan/types.ts';
import { toolReply } from '../../synth/formats.ts';
import { readView } from '../../resultView/resultView.ts';
import { scoreComponents } from './components.ts';
import { completionCalls } from './completionCalls.ts';
import type { RewardCompletion, RewardComponent, RewardPreset, RewardReference, RewardResult } from './types.ts';

export const KOPA_WEIGHTS: Record<RewardComponent, number> = {
  format: 0.05,
  toolChoice: 0.05,
  arguments: 0.05,
  provenance: 0.05,
  execution: 0.05,
  outcome: 0.75,
};

/** ToolRL correctness: the share the calls carry; the final answer carries the rest. */
const TOOLRL_CALL_SHARE = 0.4;

export interface RewardOptions {
  preset: RewardPreset;
  /** kopa preset: weights in place of the documented ones (they need not sum to 1). */
  weights?: Partial<Record<RewardComponent, number>>;
}

/** A call as compared: its tool and the arguments that say what is asked, normalised. */
function essential(tool: string, args: Record<string, unknown>, metric: MetricContext): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args)
      .filter(([param]) => !metric.incidental(tool, param))
      .map(([param, value]) => [param, normaliseText(typeof value === 'string' ? value : canonicalJson(value))]),
  );
}

const jaccard = <T>(a: T[], b: T[]): number => {
  if (a.length === 0 && b.length === 0) return 1;
  const counts = new Map<T, number>();
  for (const x of a) counts.set(x, (counts.get(x) ?? 0) + 1);
  let shared = 0;
  for (const x of b) {
    const n = counts.get(x) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(x, n - 1);
    }
  }
  return shared / (a.length + b.length - shared);
};

/** ToolRL's score of the calls against one trajectory, in [0, 1]. */
function toolRlCalls(calls: AttemptCall[], steps: TraceStep[], metric: MetricContext): number {
  if (steps.length === 0) return calls.length === 0 ? 1 : 0;
  const predicted = calls.map((c) => ({ tool: c.tool, args: essential(c.tool, c.arguments, metric) }));
  const gold = steps.map((s) => ({ tool: s.tool, args: essential(s.tool, s.args, metric) }));
  let total = jaccard(
    predicted.map((p) => p.tool),
    gold.map((g) => g.tool),
  );
  let max = 1;
  const used = new Set<number>();
  for (const g of gold) {
    const names = Object.keys(g.args);
    max += 1 + names.length;
    const scored = predicted
      .map((p, i) => ({ i, p }))
      .filter(({ p, i }) => p.tool === g.tool && !used.has(i))
      .map(({ p, i }) => ({ i, score: jaccard(Object.keys(p.args), names) + names.filter((n) => p.args[n] === g.args[n]).length }));
    const best = scored.sort((a, b) => b.score - a.score)[0];
    if (best) {
      used.add(best.i);
      total += best.score;
    }
  }
  return total / max;
}

/** Whether the calls are the trajectory's calls, as multisets of (tool, essential arguments). */
function sameCalls(calls: AttemptCall[], steps: TraceStep[], metric: MetricContext): boolean {
  const key = (tool: string, args: Record<string, unknown>): string => canonicalJson([tool, essential(tool, args, metric)]);
  const a = calls.map((c) => key(c.tool, c.arguments)).sort();
  const b = steps.map((s) => key(s.tool, s.args)).sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/**
 * A trajectory as a completion can know it: each step's rows as its result view shows them (the first rows that fit,
 * empty fields left out), since a completion's calls are read back from the views it was shown.
 */
export function asShown(steps: TraceStep[]): TraceStep[] {
  return steps.map((step) => (step.ok ? { ...step, items: readView(toolReply(step)).rows } : step));
}

/** A reference's trajectories as shown, kept while the reference is: a trainer scores each sample's group of rollouts. */
const shownTrajectories = new WeakMap<TraceStep[][], TraceStep[][]>();

function trajectoriesAsShown(trajectories: TraceStep[][]): TraceStep[][] {
  let shown = shownTrajectories.get(trajectories);
  if (!shown) {
    shown = trajectories.map(asShown);
    shownTrajectories.set(trajectories, shown);
  }
  return shown;
}

export function rewardOf(completion: RewardCompletion, given: RewardReference, metric: MetricContext, options: RewardOptions): RewardResult {
  const reference = { ...given, trajectories: trajectoriesAsShown(given.trajectories) };
  const { attempt, malformed } = completionCalls(completion.messages, reference.offered);
  const scored = scoreComponents(attempt, malformed, reference, { ...metric, query: reference.query });
  const c = scored.components;
  switch (options.preset) {
    case 'kopa': {
      const weights = { ...KOPA_WEIGHTS, ...options.weights };
      const reward = (Object.keys(KOPA_WEIGHTS) as RewardComponent[]).reduce((sum, k) => sum + weights[k] * c[k], 0);
      return { preset: 'kopa', weights, reward, components: c, notes: scored.notes };
    }
    case 'toolrl': {
      const calls = Math.max(...reference.trajectories.map((steps) => toolRlCalls(attempt.calls, steps, metric)));
      const correctness = c.format === 0 ? -3 : -3 + 6 * (TOOLRL_CALL_SHARE * calls + (1 - TOOLRL_CALL_SHARE) * c.outcome);
      return { preset: 'toolrl', weights: { format: 1 }, reward: c.format + correctness, components: c, notes: scored.notes };
    }
    case 'tool-n1': {
      const exact = reference.trajectories.some((steps) => sameCalls(attempt.calls, steps, metric));
      if (!exact) scored.notes.push('the calls are not those of any trajectory');
      return { preset: 'tool-n1', weights: { format: 1 }, reward: c.format === 1 && exact && c.outcome === 1 ? 1 : 0, components: c, notes: scored.notes };
    }
    case 'outcome':
      return { preset: 'outcome', weights: { outcome: 1 }, reward: c.outcome, components: c, notes: scored.notes };
  }
}
