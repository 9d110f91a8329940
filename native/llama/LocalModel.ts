import { LlamaCompletion, type GbnfJsonSchema, type LlamaContext, type LlamaContextSequence, type LlamaModel } from 'node-llama-cpp';
import { KopaError } from '../../main/core/errors.ts';
import type { LlamaRuntime } from './LlamaRuntime.ts';

export interface LoadLocalModelOptions {
  /** A GGUF file on disk, chosen by the user. */
  modelPath: string;
  /** Layers to offload to the GPU. Defaults to "auto" (as many as fit, counting the context). */
  gpuLayers?: 'auto' | 'max' | number;
  /** Context window in tokens for completions. Defaults to the model's trained length, capped at 4096. */
  contextSize?: number;
  /** Called with the load progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface CompleteOptions {
  /** Stop after this many generated tokens. Defaults to 256. */
  maxTokens?: number;
  /** Sampling temperature; 0 is greedy. Defaults to 0. */
  temperature?: number;
  /** Sampling seed, for reproducible runs at temperature > 0. Defaults to none. */
  seed?: number;
  /** Constrain the output to JSON matching this schema (llama.cpp grammar; the GBNF subset of JSON Schema). */
  jsonSchema?: GbnfJsonSchema;
  /** Receives text as it is generated. */
  onText?: (chunk: string) => void;
  signal?: AbortSignal;
}

export interface Completion {
  text: string;
  /** The parsed JSON when `jsonSchema` was given. */
  json?: unknown;
  inputTokens: number;
  outputTokens: number;
}

const DEFAULT_MAX_CONTEXT = 4096;

export class LocalModel {
  readonly model: LlamaModel;
  readonly path: string;
  private readonly runtime: LlamaRuntime;
  private readonly contextSize: number;
  private context: Promise<{ context: LlamaContext; sequence: LlamaContextSequence }> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  private constructor(runtime: LlamaRuntime, model: LlamaModel, path: string, contextSize: number) {
    this.runtime = runtime;
    this.model = model;
    this.path = path;
    this.contextSize = contextSize;
  }

  static async load(runtime: LlamaRuntime, options: LoadLocalModelOptions): Promise<LocalModel> {
    let model: LlamaModel;
    try {
      model = await runtime.llama.loadModel({
        modelPath: options.modelPath,
        gpuLayers: options.gpuLayers ?? 'auto',
        onLoadProgress: options.onProgress,
        loadSignal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw new KopaError('Aborted', 'Loading the model was cancelled.', { cause: error });
      throw new KopaError('InvalidModelFile', `Cannot load the model ${options.modelPath}: ${(error as Error).message}`, {
        hint: 'Choose a complete GGUF file of an architecture llama.cpp supports.',
        details: { path: options.modelPath },
        cause: error,
      });
    }
    const trained = model.trainContextSize;
    return new LocalModel(runtime, model, options.modelPath, Math.min(options.contextSize ?? DEFAULT_MAX_CONTEXT, trained));
  }

  /** Continues raw text (no chat template). Calls on one model run one after another. */
  complete(prompt: string, options: CompleteOptions = {}): Promise<Completion> {
    const run = this.queue.then(() => this.completeNow(prompt, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async completeNow(prompt: string, options: CompleteOptions): Promise<Completion> {
    if (this.disposed) throw new KopaError('Disposed', 'The model was unloaded.');
    const { sequence } = await this.ensureContext();
    await sequence.clearHistory();
    const before = sequence.tokenMeter.getState();
    const grammar = options.jsonSchema ? await this.runtime.llama.createGrammarForJsonSchema<GbnfJsonSchema>(options.jsonSchema) : undefined;
    const completion = new LlamaCompletion({ contextSequence: sequence });
    try {
      const text = await completion.generateCompletion(prompt, {
        maxTokens: options.maxTokens ?? 256,
        temperature: options.temperature ?? 0,
        seed: options.seed,
        grammar,
        onTextChunk: options.onText,
        signal: options.signal,
      });
      const used = sequence.tokenMeter.diff(before);
      return {
        text,
        ...(grammar ? { json: grammar.parse(text) } : {}),
        inputTokens: used.usedInputTokens,
        outputTokens: used.usedOutputTokens,
      };
    } catch (error) {
      if (options.signal?.aborted) throw new KopaError('Aborted', 'Generation was cancelled.', { cause: error });
      throw error;
    } finally {
      completion.dispose({ disposeSequence: false });
    }
  }

  private ensureContext(): Promise<{ context: LlamaContext; sequence: LlamaContextSequence }> {
    this.context ??= this.model
      .createContext({ contextSize: this.contextSize, threads: this.runtime.threads })
      .then((context) => ({ context, sequence: context.getSequence() }));
    return this.context;
  }

  /** Frees the context and the model; the runtime stays. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.queue;
    if (this.context) await (await this.context).context.dispose();
    await this.model.dispose();
  }
}
