// How fast a model runs here: where llama.cpp put it (backend, device, layers offloaded), prompt processing and
// generation tokens/s, the aggregate generation of 1, 2, 4, 8 sequences decoding in one batch, and a chat turn's
// generation (the agent loop's path: chat template, tool grammar, stop handling) beside a raw completion of the same
// model with and without that grammar, with what a turn costs once on top. Used by `npm run perf` and by scripts/gpu-check.mjs, which a GPU owner
// runs in one step.
import { performance } from 'node:perf_hooks';
import type { LlamaRuntime } from './LlamaRuntime.ts';
import type { LocalModel } from './LocalModel/LocalModel.ts';
import type { Speculation } from './LocalModel/options.ts';
import type { ModelTool } from '../../main/core/agent/types.ts';
import { median } from '../../main/core/median.ts';
import { stepGrammar } from '../../main/core/agent/grammarSchema.ts';
import type { GbnfJsonSchema } from 'node-llama-cpp';

export interface SpeedCheckOptions {
  /** Tokens generated per measurement. Defaults to 128. */
  generate?: number;
  /** Sequence counts whose aggregate generation is measured. Defaults to 1, 2, 4, 8. */
  sequences?: number[];
  /** Context per sequence. Defaults to 2048. */
  contextSize?: number;
  /** The prompt whose processing is timed. Defaults to a few hundred tokens of Korean and English text. */
  prompt?: string;
  /** Rounds of the raw and chat measurements, whose medians are reported. Defaults to 3. */
  rounds?: number;
  /** A draft model of the same vocabulary, measured as speculative decoding beside prompt lookup. Defaults to none. */
  draftModel?: string;
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
   * A chat turn (the agent loop's path: chat template, tool grammar, cache reuse) beside a raw completion: its
   * per-token generation rate and that rate's ratio to the raw one (both measured as the slope between a short and a
   * long generation, so prompt processing and set-up cancel out), and what a turn costs once on top of a raw
   * completion (grammar, history rendering, stop detection), in ms.
   */
  agentLoop: { tokensPerSecond: number; tokens: number; ratio: number; turnOverheadMs: number };
  /**
   * A raw completion under the chat turn's own grammar (node-llama-cpp's constrained decoding, no chat loop): its
   * per-token rate, its ratio to the unconstrained raw rate (what the grammar costs on this model), and the chat
   * turn's rate as a share of it (what the loop itself costs: template, history, stop handling, events). llama.cpp
   * checks the grammar against the model's first choice and only when that breaks it against the whole vocabulary,
   * so the grammar's cost depends on how often the model's first choice fits: seldom for random weights, usually for a
   * model trained on the format.
   */
  constrained: { tokensPerSecond: number; ratio: number; agentLoopRatio: number };
  /**
   * Speculative decoding on a prompt an agent sees (a tool result's rows): the share of guessed tokens the model
   * confirmed, and the wall-time speed-up over the same generation without guesses.
   */
  speculation: { kind: Speculation; acceptance: number; guesses: number; speedUp: number }[];
}

// A call whose twenty arguments must each be 100 characters long (the grammar's cap for text): it cannot close within
// the measured budgets, so the short and the long chat turn each generate their whole budget.
const LONG_FIELDS = Array.from({ length: 20 }, (_, i) => `part${i + 1}`);
const LONG_ARGUMENT_TOOL: ModelTool = {
  name: 'note',
  description: 'Write a note.',
  parameters: { type: 'object', properties: Object.fromEntries(LONG_FIELDS.map((f) => [f, { type: 'string', minLength: 100 }])), required: LONG_FIELDS },
};

const TOOL_RESULT_PROMPT = `r1: ${JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ region_cd: `11${680 + i * 10}00000`, locatadd_nm: `서울특별시 강남구 ${['역삼동', '개포동', '청담동', '삼성동', '대치동', '신사동'][i]}` })))}\n{"tool": "molit.getRTMSDataSvcAptTradeDev", "arguments": {"LAWD_CD": "`;

const DEFAULT_PROMPT = '서울특별시 강남구의 아파트 매매 실거래가와 기상청 단기예보를 함께 조회합니다. KOPA Studio speed check. '.repeat(8);

const perSecond = (tokens: number, ms: number): number => (ms > 0 ? Math.round((tokens / ms) * 1000) : 0);

const ROUNDS = 3;

/** Milliseconds per token between a short and a long generation of the same prompt. */
/**
 * Milliseconds per token between a short and a long run. Where no slope can be read (a grammar ended both runs at the
 * same length, or a busy CPU made the long run the quicker), the long run's own average, prefill included, stands in.
 */
const slope = (shortTokens: number, shortMs: number, longTokens: number, longMs: number): number =>
  longTokens > shortTokens && longMs > shortMs ? (longMs - shortMs) / (longTokens - shortTokens) : longTokens > 0 ? longMs / longTokens : 0;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await run();
  return [value, performance.now() - t];
}

/** Tokens per second with 1, 2, 4 … sequences decoding together (the variants made are the caller's to dispose). */
async function parallelRates(model: LocalModel, variants: LocalModel[], counts: number[], generate: number): Promise<SpeedReport['parallel']> {
  const parallel: SpeedReport['parallel'] = [];
  for (const sequences of counts) {
    const variant = sequences === 1 ? model : model.withSequences(sequences);
    if (variant !== model) variants.push(variant);
    await variant.complete('warm up', { maxTokens: 2 });
    const [runs, ms] = await timed(() =>
      Promise.all(Array.from({ length: sequences }, (_, i) => variant.complete(`${i}: Seoul weather`, { maxTokens: generate }))),
    );
    const tokens = runs.reduce((n, r) => n + r.outputTokens, 0);
    parallel.push({ sequences, tokensPerSecond: perSecond(tokens, ms), tokens });
  }
  return parallel;
}

/** How often each speculation's guesses are right on a tool result's copy, and how much faster it makes it. */
async function speculationGains(
  model: LocalModel,
  variants: LocalModel[],
  draftModel: string | undefined,
  generate: number,
): Promise<SpeedReport['speculation']> {
  const speculation: SpeedReport['speculation'] = [];
  const [, plainMs] = await timed(() => model.complete(TOOL_RESULT_PROMPT, { maxTokens: generate }));
  const kinds: Speculation[] = ['input-lookup', ...(draftModel ? [`draft:${draftModel}` as const] : [])];
  for (const kind of kinds) {
    const variant = model.withSpeculation(kind);
    variants.push(variant);
    await variant.complete('warm up', { maxTokens: 2 });
    const before = variant.predictionStats();
    const [, ms] = await timed(() => variant.complete(TOOL_RESULT_PROMPT, { maxTokens: generate }));
    const after = variant.predictionStats();
    const validated = after.validated - before.validated;
    const guesses = validated + after.refuted - before.refuted;
    speculation.push({
      kind,
      acceptance: guesses > 0 ? Math.round((validated / guesses) * 100) / 100 : 0,
      guesses,
      speedUp: ms > 0 ? Math.round((plainMs / ms) * 100) / 100 : 0,
    });
  }
  return speculation;
}

export async function speedCheck(runtime: LlamaRuntime, modelPath: string, options: SpeedCheckOptions = {}): Promise<SpeedReport> {
  const generate = options.generate ?? 128;
  const info = await runtime.describe();
  const model = await runtime.loadModel({ modelPath, contextSize: options.contextSize ?? 2048 });
  const variants: LocalModel[] = [];
  try {
    await model.complete('warm up', { maxTokens: 4 });
    const [prefill, prefillMs] = await timed(() => model.complete(options.prompt ?? DEFAULT_PROMPT, { maxTokens: 1 }));
    const short = Math.max(2, Math.round(generate / 4));
    const messages = [{ role: 'user' as const, content: 'Seoul weather?' }];
    const turn = (maxTokens: number) => model.chat(messages, { tools: [LONG_ARGUMENT_TOOL], toolChoice: 'required', maxTokens });
    // Raw and chat measurements alternate, ROUNDS times, and the medians are kept: one pair of timings on a busy CPU
    // varies by a fifth.
    const raws: { perToken: number; fixed: number }[] = [];
    const constrained: number[] = [];
    const turns: { perToken: number; fixed: number; tokens: number }[] = [];
    const turnGrammar = stepGrammar([LONG_ARGUMENT_TOOL], { allowFinal: false }) as GbnfJsonSchema;
    for (let round = 0; round < (options.rounds ?? ROUNDS); round++) {
      const [rawShort, rawShortMs] = await timed(() => model.complete('Seoul weather:', { maxTokens: short }));
      const [raw, rawMs] = await timed(() => model.complete('Seoul weather:', { maxTokens: generate }));
      const [heldShort, heldShortMs] = await timed(() => model.complete('Seoul weather:', { maxTokens: short, jsonSchema: turnGrammar }));
      const [held, heldMs] = await timed(() => model.complete('Seoul weather:', { maxTokens: generate, jsonSchema: turnGrammar }));
      // The completions above took the sequence: an untimed turn evaluates the prompt again, so that the timed ones
      // continue from it as an agent's later turns do, rather than timing the tool documentation's prefill.
      await turn(2);
      const [turnShort, turnShortMs] = await timed(() => turn(short));
      const [turnLong, turnLongMs] = await timed(() => turn(generate));
      const rawPerToken = slope(rawShort.outputTokens, rawShortMs, raw.outputTokens, rawMs);
      const turnPerToken = slope(turnShort.usage.outputTokens, turnShortMs, turnLong.usage.outputTokens, turnLongMs);
      raws.push({ perToken: rawPerToken, fixed: rawShortMs - rawShort.outputTokens * rawPerToken });
      constrained.push(slope(heldShort.outputTokens, heldShortMs, held.outputTokens, heldMs));
      turns.push({ perToken: turnPerToken, fixed: turnShortMs - turnShort.usage.outputTokens * turnPerToken, tokens: turnLong.usage.outputTokens });
    }
    const rawMsPerToken = median(raws.map((r) => r.perToken));
    const heldMsPerToken = median(constrained);
    const turnMsPerToken = median(turns.map((t) => t.perToken));
    const rate = (msPerToken: number): number => (msPerToken > 0 ? Math.round(1000 / msPerToken) : 0);
    // Ratios of the unrounded per-token times: at 20 tokens/s whole rates are 5 % apart.
    const share = (msPerToken: number, baseMsPerToken: number): number => (msPerToken > 0 ? Math.round((baseMsPerToken / msPerToken) * 100) / 100 : 0);
    const rawRate = rate(rawMsPerToken);
    const heldRate = rate(heldMsPerToken);
    const turnRate = rate(turnMsPerToken);
    const turnOverheadMs = Math.round(median(turns.map((t) => t.fixed)) - median(raws.map((r) => r.fixed)));
    const parallel = await parallelRates(model, variants, options.sequences ?? [1, 2, 4, 8], generate);
    const promptRate = perSecond(prefill.inputTokens, prefillMs);
    const speculation = await speculationGains(model, variants, options.draftModel, generate);
    return {
      model: modelPath,
      backend: info.gpu || 'cpu',
      devices: info.gpuDevices,
      vramBytes: info.vram?.totalBytes ?? null,
      threads: model.threads,
      llamaCpp: info.llamaCppRelease,
      gpuLayers: model.placement().gpuLayers,
      promptTokensPerSecond: promptRate,
      promptTokens: prefill.inputTokens,
      generationTokensPerSecond: rawRate,
      parallel,
      speculation,
      agentLoop: { tokensPerSecond: turnRate, tokens: turns[0]?.tokens ?? 0, ratio: share(turnMsPerToken, rawMsPerToken), turnOverheadMs },
      constrained: { tokensPerSecond: heldRate, ratio: share(heldMsPerToken, rawMsPerToken), agentLoopRatio: share(turnMsPerToken, heldMsPerToken) },
    };
  } finally {
    for (const variant of variants) await variant.dispose();
    await model.dispose();
  }
}
