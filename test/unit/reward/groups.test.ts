// GRPO advantages within a group and what a set of groups says: advantages sum to zero, are scaled by the group's
// spread (TRL's "group") or not (Dr. GRPO's "none"), are all zero when every reward is equal; and the summary counts
// groups without spread and prompts always or never solved.
import { describe, expect, it } from 'vitest';
import { groupAdvantages, summariseGroups } from '../../../main/core/train/reward/groups.ts';

describe('rollout groups', () => {
  it('centres rewards within the group, scaled by its standard deviation or not', () => {
    const rewards = [1, 0.5, 0, 0.5];
    const scaled = groupAdvantages(rewards, 'group');
    expect(scaled.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
    const std = Math.sqrt((0.5 ** 2 * 2) / 4);
    expect(scaled[0]).toBeCloseTo(0.5 / (std + 1e-4), 12);
    expect(groupAdvantages(rewards, 'none')).toEqual([0.5, 0, -0.5, 0]);
    expect(groupAdvantages([0.3, 0.3, 0.3], 'group')).toEqual([0, 0, 0]);
  });

  it('summarises spread, groups without signal, and prompts always or never solved', () => {
    const s = summariseGroups([
      { sampleId: 1, kind: 'weather', length: 2, rewards: [1, 1], solved: [true, true] },
      { sampleId: 2, kind: 'weather', length: 3, rewards: [0, 1], solved: [false, true] },
      { sampleId: 3, kind: 'realestate', length: 3, rewards: [0.2, 0.2], solved: [false, false] },
    ]);
    expect(s).toMatchObject({ groups: 3, trajectories: 6, alwaysSolved: [1], neverSolved: [3] });
    expect(s.zeroSpreadShare).toBeCloseTo(2 / 3, 12);
    expect(s.rewardSpread).toBeCloseTo(0.5 / 3, 12);
    expect(s.byKind.weather).toMatchObject({ groups: 2, zeroSpreadShare: 0.5 });
    expect(s.byLength['3 steps']).toMatchObject({ groups: 2 });
  });
});
