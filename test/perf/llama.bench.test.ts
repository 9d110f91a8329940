// Local inference speed through native/llama (native/llama/speedCheck.ts, what scripts/gpu-check.mjs prints):
// prompt processing and generation tokens/s, the aggregate of 1, 2, 4 and 8 parallel sequences in one context, and a
// chat turn's generation beside a raw completion's. KOPA_BENCH_GGUF names a real model (on a GPU machine, a model of
// realistic size); without it the suite's tiny GGUF runs on CPU. KOPA_BENCH_GPU=false forces the CPU.
import { describe, expect, it } from 'vitest';
import { LlamaRuntime } from '../../native/llama/index.ts';
import { speedCheck } from '../../native/llama/speedCheck.ts';
import { writeTinyLlama } from '../../native/gguf/tinyLlama.ts';
import { sized, SMOKE } from './smoke.ts';

const GENERATE = Number(process.env.KOPA_BENCH_TOKENS ?? sized(128, 16));

describe('llama.cpp speed', () => {
  it('prompt processing, generation, parallel sequences and the chat turn', async () => {
    const modelPath = process.env.KOPA_BENCH_GGUF ?? (await writeTinyLlama());
    const gpu = process.env.KOPA_BENCH_GPU === 'false' ? false : 'auto';
    const runtime = await LlamaRuntime.create({ gpu, ...(process.env.KOPA_BENCH_GGUF ? {} : { threads: 1 }) });
    try {
      const r = await speedCheck(runtime, modelPath, { generate: GENERATE, sequences: SMOKE ? [1, 2] : [1, 2, 4, 8] });
      console.log(
        `runtime: ${r.backend} ${r.devices.join(', ')}, ${r.threads} threads, llama.cpp ${r.llamaCpp}, ${r.gpuLayers} layers offloaded; model ${r.model}`,
      );
      console.log(`prompt processing: ${r.promptTokensPerSecond} tokens/s (${r.promptTokens} tokens)`);
      console.log(`generation: ${r.generationTokensPerSecond} tokens/s`);
      for (const s of r.speculation)
        console.log(
          `speculative decoding (${s.kind}): ${Math.round(s.acceptance * 100)} % of ${s.guesses} guessed tokens confirmed, ${s.speedUp}× the speed without`,
        );
      for (const p of r.parallel) console.log(`${p.sequences} parallel sequence(s): ${p.tokensPerSecond} generated tokens/s in total (${p.tokens} tokens)`);
      console.log(
        `chat turn (the agent loop's path): ${r.agentLoop.tokensPerSecond} tokens/s, ${r.agentLoop.ratio}× the raw completion's, plus ${r.agentLoop.turnOverheadMs} ms once per turn`,
      );
      console.log(
        `raw completion under the turn's grammar: ${r.constrained.tokensPerSecond} tokens/s, ${r.constrained.ratio.toFixed(2)}× the raw; the chat turn ${r.constrained.agentLoopRatio.toFixed(2)}× it`,
      );
      expect(r.parallel.length).toBeGreaterThan(0);
    } finally {
      await runtime.dispose();
    }
  });
});
