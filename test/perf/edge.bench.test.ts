// Goals of the EDGE issue (docs/ARCHITECTURE.md §7): verifying every candidate link of the catalog against the
// emulator in under 20 s here, and at least 1,000 verified trajectories a minute without an LLM. Prints what it
// measured.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../main/engine/Engine.ts';
import { TEST_NOW } from '../helpers/emulatorArgs.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { verifiedDataDir } from '../helpers/verifiedGraph.ts';
import { SMOKE, sized } from './smoke.ts';

describe('EDGE throughput', () => {
  it('verifies every candidate, then synthesizes trajectories', async () => {
    // The smoke run takes the run's verified graph and verifies 60 of its links again: the same path, a fraction of
    // the calls.
    const engine = Engine.open({ dataDir: SMOKE ? await verifiedDataDir() : tempDir(), emulator: { now: () => TEST_NOW } });
    try {
      const again = SMOKE ? { edges: (await engine.call('edges.list', {})).edges.slice(0, 60).map((e) => e.id) } : {};
      let t = performance.now();
      const verify = await engine.call('edges.verify', again);
      const verifySeconds = (performance.now() - t) / 1000;
      console.log(
        `verify: ${verify.checked} candidates (3 trials each) in ${verifySeconds.toFixed(2)} s, ${verify.callsSpent} calls; ${verify.verified} verified, ${verify.rejected} rejected (goal < 20 s)`,
      );
      // Both strategies in the same run: questions planned from intents (the default) beside random walks.
      for (const strategy of ['intents', 'walk'] as const) {
        t = performance.now();
        const count = sized(1000, 40);
        const run = await engine.call('synth.run', { count, seed: `bench-${strategy}`, strategy });
        const seconds = (performance.now() - t) / 1000;
        expect(run.summary.kept).toBe(count);
        const trajectories = run.summary.kept + run.summary.samplesWithAlternatives;
        console.log(
          `synthesis (${strategy}): ${run.summary.kept} samples in ${seconds.toFixed(2)} s including seeding = ${Math.round((run.summary.kept / seconds) * 60)}/min (goal ≥ 1000/min); loop alone ${run.summary.perMinute}/min; ${run.summary.distinctSequences} distinct tool sequences; ${run.summary.attempts} attempts${strategy === 'intents' ? `; at least ${trajectories} verified trajectories (${run.summary.samplesWithAlternatives} samples with alternatives)` : ''}`,
        );
      }
    } finally {
      await engine.dispose();
    }
  });
});
