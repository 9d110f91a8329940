// How fast a model runs here: where llama.cpp put it (backend, device, layers offloaded), prompt processing and
// generation tokens/s, the aggregate generation of 1, 2, 4, 8 sequences decoding in one batch, and a chat turn's
// generation (the agent loop's path: chat template, stop handling) beside a raw completion of the same model. Used
// by `npm run perf` and by scripts/gpu-check.mjs, which a GPU owner runs in one step.
import { performance } from 'node:perf_hooks';
import type { LlamaRuntime } from './LlamaRuntime.ts';
import type { LocalModel } from './LocalModel.ts';

export interface SpeedCheckOptions {
  /** Tokens generated per measurement. Defaults to 128. */
  generate?: number;
  /** Sequence counts whose aggregate generation is measured. Defaults to 1, 2, 4, 8. */
  sequences?: number[];
  /** Context per sequence. Defaults to 2048. */
  contextSize?: number;
  /** The prompt whose processing is timed. Defaults to a few hundred tokens of Korean and English text. */
  prompt?: string;
}

export interface SpeedReport {
  model: string;
  backend: string;
  devices: string[];
  vramBytes: number | null;
  threads: number;
  llamaCpp: string;
  gpuLayers: number;
  promptTokensPerSecond: number;
  promptTokens: number;
  generationTokensPerSecond: number;
  /** Generated tokens/s of all sequences together, by sequence count. */
  parallel: { sequences: number; tokensPerSecond: number; tokens: number }[];
  /**
   * A chat turn's generation tokens/s (its prompt's processing taken out at the measured prompt rate), the tokens it
   * generated, and its ratio to the raw completion's rate.
   */
  agentLoop: { tokensPerSecond: number; tokens: number; ratio: number };
}

const DEFAULT_PROMPT = '서울특별시 강남구의 아파트 매매 실거래가와 기상청 단기예보를 함께 조회합니다. KOPA Studio speed check. '.repeat(8);

const perSecond = (tokens: number, ms: number): number => (ms > 0 ? Math.round((tokens / ms) * 1000) : 0);

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await run();
  return [value, performance.now() - t];
}

export async function speedCheck(runtime: LlamaRuntime, modelPath: string, options: SpeedCheckOptions = {}): Promise<SpeedReport> {
  const generate = options.generate ?? 128;
  const info = await runtime.describe();
  const model = await runtime.loadModel({ modelPath, contextSize: options.contextSize ?? 2048 });
  const variants: LocalModel[] = [];
  try {
    await model.complete('warm up', { maxTokens: 4 });
    const [prefill, prefillMs] = await timed(() => model.complete(options.prompt ?? DEFAULT_PROMPT, { maxTokens: 1 }));
    const [raw, rawMs] = await timed(() => model.complete('Seoul weather:', { maxTokens: generate }));
    const [turn, turnMs] = await timed(() => model.chat([{ role: 'user', content: 'Seoul weather?' }], { tools: [], maxTokens: generate }));
    const rawRate = perSecond(raw.outputTokens, rawMs);
    const parallel: SpeedReport['parallel'] = [];
    for (const sequences of options.sequences ?? [1, 2, 4, 8]) {
      const variant = sequences === 1 ? model : model.withSequences(sequences);
      if (variant !== model) variants.push(variant);
      await variant.complete('warm up', { maxTokens: 2 });
      const [runs, ms] = await timed(() => Promise.all(Array.from({ length: sequences }, (_, i) => variant.complete(`${i}: Seoul weather`, { maxTokens: generate }))));
      const tokens = runs.reduce((n, r) => n + r.outputTokens, 0);
      parallel.push({ sequences, tokensPerSecond: perSecond(tokens, ms), tokens });
    }
    const promptRate = perSecond(prefill.inputTokens, prefillMs);
    const turnPrefillMs = promptRate > 0 ? (turn.usage.inputTokens / promptRate) * 1000 : 0;
    const turnRate = perSecond(turn.usage.outputTokens, Math.max(1, turnMs - turnPrefillMs));
    return {
      model: modelPath,
      backend: info.gpu || 'cpu',
      devices: info.gpuDevices,
      vramBytes: info.vram?.totalBytes ?? null,
      threads: info.threads,
      llamaCpp: info.llamaCppRelease,
      gpuLayers: model.placement().gpuLayers,
      promptTokensPerSecond: promptRate,
      promptTokens: prefill.inputTokens,
      generationTokensPerSecond: rawRate,
      parallel,
      agentLoop: { tokensPerSecond: turnRate, tokens: turn.usage.outputTokens, ratio: rawRate > 0 ? Math.round((turnRate / rawRate) * 100) / 100 : 0 },
    };
  } finally {
    for (const variant of variants) await variant.dispose();
    await model.dispose();
  }
}
