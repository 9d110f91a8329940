// A bench run on a local model evaluates each task's prefix (system prompt, tools, question) about once, also with
// attempts in parallel: its samples follow each other on the sequence that holds it. `--no-reuse-cache` evaluates
// every turn's whole conversation again and must answer exactly alike at temperature 0.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/engine/Engine.ts';
import { loadSuite } from '../../../main/engine/bench/suite.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { tempDir } from '../../helpers/tempDir.ts';

describe('bench runs reuse the cache', () => {
  it('evaluates far fewer prompt tokens with reuse, and answers alike without it', async () => {
    const engine = Engine.open({ dataDir: tempDir(), host: 'test', emulator: { now: () => TEST_NOW }, llama: { gpu: false, threads: 1 } });
    try {
      const model = await writeTinyLlama({ contextLength: 8192 });
      const tasks = loadSuite('kopa', engine.resourcesDir, engine.catalog())
        .tasks.slice(0, 2)
        .map((t) => t.id);
      // Grammar mode writes the offered tools into the prompt; the byte-level fixture spends a token per byte of it.
      const settings = { suite: 'kopa', tasks, model, samples: 3, temperature: 0, concurrency: 2, maxSteps: 2, maxTokens: 16, contextSize: 8192 };
      const reused = await engine.call('bench.run', { ...settings, runId: 'reused' });
      const cleared = await engine.call('bench.run', { ...settings, runId: 'cleared', reuseCache: false });
      expect([reused.ran, cleared.ran]).toEqual([6, 6]);
      const evaluated = (run: typeof reused): number => run.tokens.input - (run.tokens.cached ?? 0);
      console.log(`2 tasks × 3 samples at concurrency 2: ${evaluated(reused)} prompt tokens evaluated with reuse, ${evaluated(cleared)} without`);
      expect(evaluated(reused) * 3).toBeLessThan(evaluated(cleared));
      expect(reused.tokens.input).toBe(cleared.tokens.input);
      for (const task of tasks) {
        const said = async (run: string) =>
          (await engine.call('bench.attempts', { run, task })).attempts.map((a) => [a.sample, a.transcript.filter((m) => m.role === 'assistant')]);
        expect(await said('reused')).toEqual(await said('cleared'));
      }
    } finally {
      await engine.dispose();
    }
  }, 300_000);
});
