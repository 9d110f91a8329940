// `kopa rollout` end to end on the tiny GGUF (random weights, a byte-level vocabulary, CPU): G trajectories per
// prompt through the real agent loop and llama.cpp, each scored by the reward, advantages that sum to zero within
// every group, the summary, the JSONL export, and a second run with the same settings that resumes instead of
// sampling again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RolloutGroup, RolloutRunResult } from '../../../main/api/contract.ts';
import type { Engine } from '../../../main/engine/Engine.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';
import { fileEngine } from '../../helpers/engine.ts';

let dir: string;
let engine: Engine;
let model: string;

beforeAll(async () => {
  dir = await verifiedDataDir({ keep: 'file' });
  engine = fileEngine({ dataDir: dir, emulator: { now: () => TEST_NOW }, llama: { gpu: false, threads: 1 } });
  await engine.call('synth.run', { count: 4, seed: 'rollout', name: 'prompts' });
  model = await writeTinyLlama({ contextLength: 8192 });
}, 300_000);

describe('kopa rollout on the tiny GGUF', () => {
  it('samples G scored trajectories per prompt, with advantages summing to zero, a summary and an export', async () => {
    const out = path.join(dir, 'groups.jsonl');
    const params = {
      model,
      dataset: 'prompts',
      groupSize: 3,
      prompts: 2,
      maxSteps: 2,
      maxTokens: 48,
      systemPrompt: 'Use tools.',
      resultTokens: 64,
      export: out,
    };
    const run: RolloutRunResult = await engine.call('rollout.run', params);
    expect(run.summary.groups).toBe(2);
    expect(run.summary.trajectories).toBe(6);
    const groups = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RolloutGroup);
    expect(groups).toHaveLength(2);
    for (const g of groups) {
      expect(g.rewards).toHaveLength(3);
      expect(g.trajectories).toHaveLength(3);
      expect(Math.abs(g.advantages.reduce((a, b) => a + b, 0))).toBeLessThan(1e-9);
      for (const t of g.trajectories) expect(t.messages[0]).toMatchObject({ role: 'user', content: g.query });
      for (const r of g.rewards) expect(r).toBeGreaterThanOrEqual(0);
    }
    expect(run.summary.zeroSpreadShare).toBeGreaterThanOrEqual(0);
    // The three trajectories of a group decode together: the model got a context of three sequences.
    expect(await engine.call('models.loaded', {})).toContainEqual(expect.objectContaining({ path: model, sequences: 3 }));
    expect(Object.values(run.summary.byLength).reduce((n, b) => n + b.groups, 0)).toBe(2);
    expect(run.summary.neverSolved.length + run.summary.alwaysSolved.length).toBeLessThanOrEqual(2);

    const again: RolloutRunResult = await engine.call('rollout.run', params);
    expect(again).toMatchObject({ runId: run.runId, resumed: true, summary: run.summary });
  }, 300_000);
});
