// Local inference speed through native/llama: prompt processing and generation tokens/s, and the throughput of
// 1, 2 and 4 parallel sequences in one context. KOPA_BENCH_GGUF names a real model (on a GPU machine, a model of
// realistic size); without it the suite's tiny GGUF runs on CPU. KOPA_BENCH_GPU=false forces the CPU.
import { performance } from 'node:perf_hooks';
import { describe, it } from 'vitest';
import { LlamaRuntime } from '../../native/llama/index.ts';
import { writeTinyLlama } from '../fixtures/gguf/tinyLlama.ts';
import { sized } from './smoke.ts';

const GENERATE = Number(process.env.KOPA_BENCH_TOKENS ?? sized(128, 16));
const PROMPT = 'KOPA Studio benchmark prompt: '.repeat(Number(process.env.KOPA_BENCH_PROMPT_REPEAT ?? 16));

describe('llama.cpp speed', () => {
  it('prompt processing, generation, and parallel sequences', async () => {
    const modelPath = process.env.KOPA_BENCH_GGUF ?? (await writeTinyLlama());
    const gpu = process.env.KOPA_BENCH_GPU === 'false' ? false : 'auto';
    const runtime = await LlamaRuntime.create({ gpu, ...(process.env.KOPA_BENCH_GGUF ? {} : { threads: 1 }) });
    const info = await runtime.describe();
    console.log(`runtime: gpu ${info.gpu || 'none'} ${info.gpuDevices.join(', ')}, ${info.threads} threads, llama.cpp ${info.llamaCppRelease}; model ${modelPath}`);
    try {
      for (const sequences of [1, 2, 4]) {
        const model = await runtime.loadModel({ modelPath, contextSize: 2048, sequences });
        try {
          await model.complete('warm up', { maxTokens: 4 });
          let t = performance.now();
          const prefill = await model.complete(PROMPT, { maxTokens: 1 });
          const prefillSeconds = (performance.now() - t) / 1000;
          t = performance.now();
          const runs = await Promise.all(Array.from({ length: sequences }, (_, i) => model.complete(`${i}: Seoul weather`, { maxTokens: GENERATE })));
          const seconds = (performance.now() - t) / 1000;
          const tokens = runs.reduce((n, r) => n + r.outputTokens, 0);
          if (sequences === 1) {
            console.log(`prompt processing: ${Math.round(prefill.inputTokens / prefillSeconds)} tokens/s (${prefill.inputTokens} tokens)`);
            console.log(`generation: ${Math.round(tokens / seconds)} tokens/s (${tokens} tokens)`);
          }
          console.log(`${sequences} parallel sequence(s): ${Math.round(tokens / seconds)} generated tokens/s in total (${tokens} tokens in ${seconds.toFixed(2)} s)`);
        } finally {
          await model.dispose();
        }
      }
    } finally {
      await runtime.dispose();
    }
  });
});
