// The local runtime on a model of real shape (Qwen2.5-0.5B's layers, widths, heads and vocabulary; random Q8_0
// weights; test/fixtures/gguf/realShapeModel.ts), where tokens/s mean what they would for that model on this
// machine: prompt and generation rates, a chat turn (the agent loop's path) beside a raw completion, the aggregate of
// 1/2/4/8 sequences, speculative decoding by prompt lookup, and a KOPA-Bench run of 4 tasks × 2 samples with and without cache reuse (prompt tokens
// evaluated, from node-llama-cpp's token meter, and wall time). Each figure is printed beside its baseline.
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../main/engine/Engine.ts';
import { loadSuite } from '../../main/engine/bench/suite.ts';
import { LlamaRuntime } from '../../native/llama/index.ts';
import { speedCheck } from '../../native/llama/speedCheck.ts';
import { MODEL_SHAPES, shapeParameterCount, writeRealShapeModel } from '../fixtures/gguf/realShapeModel.ts';
import { TEST_NOW } from '../helpers/emulatorArgs.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { sized, SMOKE } from './smoke.ts';

const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

/** Smoke mode only checks that the benchmark runs: the same widths with 2 of the 24 layers (the draft's own file). */
const SMOKE_SHAPE = SMOKE ? { layers: 2 } : {};

describe('a model of real shape', () => {
  it('speed of the runtime and the agent loop', async () => {
    const started = performance.now();
    const modelPath = await writeRealShapeModel(SMOKE_SHAPE);
    console.log(
      `model: Qwen2.5-0.5B shape${SMOKE ? ' (2 of 24 layers: smoke)' : ''}, ${(shapeParameterCount(MODEL_SHAPES['qwen2.5-0.5b']) / 1e6).toFixed(0)} M parameters, Q8_0, ${(statSync(modelPath).size / 2 ** 20).toFixed(0)} MiB (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const runtime = await LlamaRuntime.create({ gpu: false });
    try {
      // A draft of the same vocabulary and widths with 2 of the 24 layers: about what a 0.5B draft is to a 7B model in
      // cost. Its random weights guess unlike the model's, so this measures what drafting costs when guesses fail.
      const draftModel = await writeRealShapeModel({ layers: 2 });
      const r = await speedCheck(runtime, modelPath, {
        generate: sized(128, 8),
        sequences: SMOKE ? [1, 2] : [1, 2, 4, 8],
        rounds: SMOKE ? 1 : undefined,
        draftModel,
      });
      console.log(`runtime: ${r.backend}, ${r.threads} threads, llama.cpp ${r.llamaCpp}`);
      console.log(`prompt processing: ${r.promptTokensPerSecond} tokens/s (${r.promptTokens} tokens); generation: ${r.generationTokensPerSecond} tokens/s`);
      console.log(
        `chat turn (the agent loop's path): ${r.agentLoop.tokensPerSecond} tokens/s = ${r.agentLoop.ratio.toFixed(2)}× the raw completion's ${r.generationTokensPerSecond} (goal ≥ 0.95), plus ${r.agentLoop.turnOverheadMs} ms once per turn`,
      );
      console.log(
        `raw completion under the turn's grammar: ${r.constrained.tokensPerSecond} tokens/s = ${r.constrained.ratio.toFixed(2)}× the raw (the grammar's cost on random weights); the chat turn = ${r.constrained.agentLoopRatio.toFixed(2)}× it (the loop's own cost)`,
      );
      for (const s of r.speculation)
        console.log(
          `speculative decoding (${s.kind.startsWith('draft:') ? 'draft model, 2 layers' : s.kind}): ${Math.round(s.acceptance * 100)} % of ${s.guesses} guessed tokens confirmed, ${s.speedUp}× the speed without`,
        );
      const one = r.parallel[0]!.tokensPerSecond;
      for (const p of r.parallel)
        console.log(`${p.sequences} parallel sequence(s): ${p.tokensPerSecond} generated tokens/s in total, ${ratio(p.tokensPerSecond, one)} one sequence's`);
      expect(r.parallel.length).toBeGreaterThan(0);
    } finally {
      await runtime.dispose();
    }
  });

  it('a bench run with and without cache reuse', { timeout: 1_800_000 }, async () => {
    const engine = Engine.open({ dataDir: tempDir(), host: 'test', emulator: { now: () => TEST_NOW }, llama: { gpu: false } });
    try {
      const model = await writeRealShapeModel(SMOKE_SHAPE);
      const tasks = loadSuite('kopa', engine.resourcesDir, engine.catalog())
        .tasks.slice(0, sized(4, 1))
        .map((t) => t.id);
      const settings = {
        suite: 'kopa',
        tasks,
        model,
        samples: sized(2, 1),
        temperature: 0,
        concurrency: sized(2, 1),
        maxSteps: 2,
        maxTokens: sized(8, 4),
        contextSize: 4096,
      };
      const reused = await engine.call('bench.run', { ...settings, runId: 'reused' });
      const cleared = await engine.call('bench.run', { ...settings, runId: 'cleared', reuseCache: false });
      expect([reused.ran, cleared.ran]).toEqual([tasks.length * settings.samples, tasks.length * settings.samples]);
      const size = `${tasks.length} tasks × ${settings.samples} samples at concurrency ${settings.concurrency}`;
      const evaluated = (run: typeof reused): number => run.tokens.input - (run.tokens.cached ?? 0);
      console.log(`bench, ${size}, with reuse: ${evaluated(reused)} prompt tokens evaluated, ${reused.tokens.output} generated, ${reused.seconds} s`);
      console.log(`bench, ${size}, without: ${evaluated(cleared)} prompt tokens evaluated, ${cleared.tokens.output} generated, ${cleared.seconds} s`);
      console.log(`reuse: ${ratio(evaluated(cleared), evaluated(reused))} less prefill (goal ≥ 3×), ${ratio(cleared.seconds, reused.seconds)} less wall time`);
    } finally {
      await engine.dispose();
    }
  });
});
