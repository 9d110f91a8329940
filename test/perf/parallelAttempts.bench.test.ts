// Bench attempts on a local model, one at a time and four at once: with --concurrency 4 the model gets a context of
// four sequences, so llama.cpp decodes the four attempts' tokens in one batch and a finished attempt's sequence
// takes the next attempt at once. Same tasks, same tiny GGUF (random weights, CPU); prints wall time and
// attempts/s for each and the ratio.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../main/engine/Engine.ts';
import { loadSuite } from '../../main/engine/bench/suite.ts';
import { writeTinyLlama } from '../../native/gguf/tinyLlama.ts';
import { TEST_NOW } from '../helpers/emulatorArgs.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { sized } from './smoke.ts';

describe('parallel bench attempts on a local model', () => {
  it('runs the same attempts with 1 and 4 sequences', async () => {
    const engine = Engine.open({ dataDir: tempDir(), host: 'test', emulator: { now: () => TEST_NOW }, llama: { gpu: false } });
    try {
      await measure(engine);
    } finally {
      await engine.dispose();
    }
  });
});

async function measure(engine: Engine): Promise<void> {
  const model = await writeTinyLlama({ contextLength: 8192 });
  const tasks = loadSuite('kopa', engine.resourcesDir, engine.catalog())
    .tasks.slice(0, sized(16, 2))
    .map((t) => t.id);
  const seconds: Record<number, number> = {};
  for (const concurrency of [1, 4]) {
    const run = await engine.call('bench.run', {
      suite: 'kopa',
      tasks,
      model,
      samples: 1,
      concurrency,
      maxSteps: 2,
      maxTokens: 24,
      runId: `parallel-${concurrency}`,
    });
    expect(run.ran).toBe(tasks.length);
    seconds[concurrency] = run.seconds;
    console.log(
      `bench on the tiny GGUF, ${tasks.length} attempts at concurrency ${concurrency}: ${run.seconds.toFixed(2)} s, ${(tasks.length / run.seconds).toFixed(2)} attempts/s`,
    );
  }
  const loaded = await engine.call('models.loaded', {});
  expect(loaded.map((m) => m.sequences).sort()).toEqual([1, 4]);
  console.log(`parallel attempts: ${(seconds[1]! / seconds[4]!).toFixed(2)}× the attempts/s of one at a time (4 sequences of one context)`);
}
