// Rollout groups as GRPO uses them: G trajectories of one prompt, each with its reward, and its advantage within the
// group, A_i = (r_i − mean) / (std + 1e-4) (TRL's scale_rewards "group"), or r_i − mean ("none", Dr. GRPO). And what a
// set of groups says about whether the data can teach this model anything: the reward's mean and spread, the share
// of groups whose rewards are all equal (no signal: every advantage is 0), and which prompts are always or never
// solved.
import { mean } from '../../mean.ts';

export const advantageScales = ['group', 'none'] as const;
export type AdvantageScale = (typeof advantageScales)[number];

const EPSILON = 1e-4;

/** The population standard deviation, as TRL computes a group's. */
const std = (xs: number[]): number => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};

export function groupAdvantages(rewards: number[], scale: AdvantageScale): number[] {
  const m = mean(rewards);
  const s = std(rewards);
  return rewards.map((r) => (scale === 'group' ? (r - m) / (s + EPSILON) : r - m));
}

export interface RolloutGroupFacts {
  sampleId: number;
  /** What kind of question it is (the intent's family, e.g. "weather"), for the breakdown. */
  kind: string;
  /** Steps of the reference trajectory. */
  length: number;
  rewards: number[];
  /** Whether each trajectory's final answer was right (the outcome component). */
  solved: boolean[];
}

export interface RolloutBreakdown {
  groups: number;
  rewardMean: number;
}

export interface RolloutSummary {
  groups: number;
  trajectories: number;
  rewardMean: number;
  /** The mean of the groups' standard deviations: how much G samples of one prompt differ. */
  rewardSpread: number;
  /** Groups whose rewards are all equal: nothing to learn from them. */
  zeroSpreadShare: number;
  byKind: Record<string, RolloutBreakdown & { zeroSpreadShare: number }>;
  byLength: Record<string, RolloutBreakdown & { zeroSpreadShare: number }>;
  alwaysSolved: number[];
  neverSolved: number[];
}

const flat = (g: RolloutGroupFacts): boolean => g.rewards.every((r) => Math.abs(r - g.rewards[0]!) < 1e-12);

function breakdown(groups: RolloutGroupFacts[], keyOf: (g: RolloutGroupFacts) => string): Record<string, RolloutBreakdown & { zeroSpreadShare: number }> {
  const by = new Map<string, RolloutGroupFacts[]>();
  for (const g of groups) by.set(keyOf(g), [...(by.get(keyOf(g)) ?? []), g]);
  return Object.fromEntries(
    [...by]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, list]) => [
        key,
        { groups: list.length, rewardMean: mean(list.flatMap((g) => g.rewards)), zeroSpreadShare: list.filter(flat).length / list.length },
      ]),
  );
}

export function summariseGroups(groups: RolloutGroupFacts[]): RolloutSummary {
  return {
    groups: groups.length,
    trajectories: groups.reduce((n, g) => n + g.rewards.length, 0),
    rewardMean: mean(groups.flatMap((g) => g.rewards)),
    rewardSpread: mean(groups.map((g) => std(g.rewards))),
    zeroSpreadShare: groups.length ? groups.filter(flat).length / groups.length : 0,
    byKind: breakdown(groups, (g) => g.kind),
    byLength: breakdown(groups, (g) => `${g.length} steps`),
    alwaysSolved: groups.filter((g) => g.solved.length > 0 && g.solved.every(Boolean)).map((g) => g.sampleId),
    neverSolved: groups.filter((g) => !g.solved.some(Boolean)).map((g) => g.sampleId),
  };
}
