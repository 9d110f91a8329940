// Rewards per second for 3-step trajectories, computed in the engine and through the service's HTTP endpoint in
// batches, as a trainer calls it (goal: at least 1,000 rewards/s; the gateway's own replay rate is printed by
// gateway.bench in the same `npm run perf`). Prints what it measured; it does not fail on timing.
import { performance } from 'node:perf_hooks';
import { describe, it } from 'vitest';
import { toTrainerMessages } from '../../main/core/reward/trainerMessages.ts';
import { referenceMessages } from '../../main/core/reward/referenceMessages.ts';
import { rewardOf } from '../../main/core/reward/reward.ts';
import { Engine } from '../../main/engine/Engine.ts';
import { sampleReference } from '../../main/engine/reward/sampleReference.ts';
import { DatasetRepository } from '../../main/engine/store/repositories/DatasetRepository.ts';
import { startEnvService } from '../../main/host/envService.ts';
import { TEST_NOW } from '../helpers/emulatorArgs.ts';
import { fileTempDir } from '../helpers/tempDir.ts';
import { sized } from './smoke.ts';

describe('rewards', () => {
  it('rewards/s of 3-step trajectories, in the engine and over HTTP', async () => {
    const engine = Engine.open({ dataDir: fileTempDir(), host: 'test', emulator: { now: () => TEST_NOW } });
    await engine.call('synth.run', { count: sized(300, 30), seed: 'reward-bench', name: 'bench' });
    const samples = new DatasetRepository(engine.store.db).samples(1).filter((s) => s.walk.trace.steps.length === 3);
    const catalog = engine.catalog();
    const cases = samples.map((s) => ({ s, ...sampleReference(s, catalog), messages: referenceMessages(s.walk.trace.steps, s.answerText) }));
    const rounds = Math.max(1, Math.ceil(sized(3000, 30) / Math.max(1, cases.length)));
    let t = performance.now();
    let n = 0;
    for (let r = 0; r < rounds; r++) {
      for (const c of cases) {
        rewardOf({ messages: c.messages }, c.reference, c.metric, { preset: 'kopa' });
        n++;
      }
    }
    const inEngine = n / ((performance.now() - t) / 1000);

    const service = await startEnvService(engine, { mode: 'emulator', dataset: 'bench' });
    const batch = cases.map((c) => ({ sample_id: c.s.ordinal, completion: toTrainerMessages(c.messages) }));
    t = performance.now();
    let m = 0;
    for (let r = 0; r < rounds; r++) {
      const res = await fetch(`${service.url}/v1/reward`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items: batch }),
      });
      m += ((await res.json()) as { rewards: unknown[] }).rewards.length;
    }
    const overHttp = m / ((performance.now() - t) / 1000);
    await service.close();
    await engine.dispose();
    console.log(
      `rewards of ${cases.length} distinct 3-step trajectories: ${inEngine.toFixed(0)}/s in the engine, ${overHttp.toFixed(0)}/s over HTTP in batches of ${batch.length} (goal ≥ 1,000/s)`,
    );
  });
});
