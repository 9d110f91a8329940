// Local models kept loaded between calls (loading a multi-gigabyte model is the slow part), one per file,
// adapters, context size, sequence count, cache reuse and speculation (the weights once per file); unloaded when the
// engine shuts down. The host owns the llama.cpp runtime its models run on, so closing it closes the models first and
// the runtime after them, as node-llama-cpp's own model → context → sequence does.
import { saidError } from '../../core/i18n/saidError.ts';
import type { ChatWrapperChoice, LlamaRuntime, LocalModel, Speculation } from '../../../native/llama/index.ts';

export interface LocalModelRequest {
  path: string;
  lora?: string[];
  /** 0 is the base model, 1 the adapters as trained. Defaults to 1. */
  loraScale?: number;
  /** The GGUF's own Jinja template, or the family's wrapper (auto, the default). */
  chatWrapper?: ChatWrapperChoice;
  contextSize?: number;
  /** Layers offloaded to the GPU: a number, "max", or "auto" (llama.cpp fits what the VRAM holds; the default). */
  gpuLayers?: number | 'auto' | 'max';
  /** Sequences of the context: episodes that decode together in one batch. Defaults to 1. */
  sequences?: number;
  /** Whether turns reuse what the sequences already evaluated (LocalModel's reuseCache). Defaults to true. */
  reuseCache?: boolean;
  /** Speculative decoding (LocalModel's Speculation). Defaults to off. */
  speculation?: Speculation;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export class ModelHost implements AsyncDisposable {
  private readonly createRuntime: () => Promise<LlamaRuntime>;
  private loadingRuntime: Promise<LlamaRuntime> | undefined;
  private disposed = false;
  private readonly loaded = new Map<string, Promise<LocalModel>>();
  /** The model file of each key. */
  private readonly files = new Map<string, string>();
  /** The loads that finished, by the same keys. */
  private readonly ready = new Map<string, LocalModel>();

  private readonly vet: (file: string) => Promise<unknown>;

  /**
   * `createRuntime`: loads llama.cpp, called on first use (most commands never need it). `vet`: checks a file before it
   * is first loaded, and refuses it by throwing. The engine's inspects the header and renders the chat template in the
   * sandboxed inspector (a deadline and a memory bound), so a file whose template `models add` would refuse is never
   * loaded for a chat by its path either. Defaults to none.
   */
  constructor(createRuntime: () => Promise<LlamaRuntime>, vet: (file: string) => Promise<unknown> = async () => undefined) {
    this.createRuntime = createRuntime;
    this.vet = vet;
  }

  /** The llama.cpp runtime, loaded on first use and shared by every model of this host (and by whoever asks). */
  runtime(): Promise<LlamaRuntime> {
    if (this.disposed) return Promise.reject(saidError('Disposed', { message: 'error.llamaDisposed' }));
    if (!this.loadingRuntime) {
      const created = this.createRuntime();
      // A failed load is not kept: the user may fix the install and ask again.
      created.catch(() => {
        if (this.loadingRuntime === created) this.loadingRuntime = undefined;
      });
      this.loadingRuntime = created;
    }
    return this.loadingRuntime;
  }

  /**
   * A loaded model: the weights once per file, context size and chat wrapper; with adapters, contexts of their own
   * over those same weights (base and tuned side by side, the model in memory once).
   */
  local(request: LocalModelRequest): Promise<LocalModel> {
    const baseKey =
      this.reusableBase(request) ?? JSON.stringify([request.path, request.contextSize ?? null, request.chatWrapper ?? 'auto', request.gpuLayers ?? 'auto']);
    let base = this.loaded.get(baseKey);
    if (!base) {
      const report = request.onProgress;
      base = this.vet(request.path).then(async () => {
        // llama.cpp's progress reaches JavaScript queued: a report that comes after the load ended would say a loaded
        // model is loading, so the load ends its own reports, at 100 %.
        let loading = true;
        const model = await (await this.runtime()).loadModel({
          modelPath: request.path,
          contextSize: request.contextSize,
          gpuLayers: request.gpuLayers,
          chatWrapper: request.chatWrapper,
          onProgress: report && ((fraction: number) => loading && report(fraction)),
          signal: request.signal,
        });
        loading = false;
        report?.(1);
        return model;
      });
      this.remember(baseKey, request.path, base);
    }
    // Each setting beyond the weights is a context of its own over them, made once per key.
    let key = baseKey;
    let model = base;
    const then = (label: unknown[], make: (m: LocalModel) => LocalModel | Promise<LocalModel>): void => {
      key = JSON.stringify([key, ...label]);
      model = this.variant(key, request.path, model, make);
    };
    const lora = request.lora ?? [];
    if (lora.length > 0) then([lora, request.loraScale ?? 1], (m) => m.withAdapters(lora, request.loraScale ?? 1));
    if (request.reuseCache === false) then(['no cache reuse'], (m) => m.withCacheReuse(false));
    const speculation = request.speculation;
    if (speculation && speculation !== 'off') then(['speculation', speculation], (m) => m.withSpeculation(speculation));
    const sequences = Math.max(1, request.sequences ?? 1);
    if (sequences > 1) then(['sequences', sequences], (m) => m.withSequences(sequences));
    return model;
  }

  /**
   * A request that leaves context size and GPU layers open takes the file as it is already loaded (from the Models
   * view with chosen settings, say) instead of loading it a second time with the defaults.
   */
  private reusableBase(request: LocalModelRequest): string | undefined {
    if (request.contextSize !== undefined || request.gpuLayers !== undefined) return undefined;
    return [...this.loaded.keys()].find((key) => {
      const parsed = JSON.parse(key) as unknown[];
      return parsed.length === 4 && parsed[0] === request.path && parsed[2] === (request.chatWrapper ?? 'auto');
    });
  }

  /** A context of its own over loaded weights (adapters, more sequences), made once per key. */
  private variant(key: string, path: string, of: Promise<LocalModel>, make: (m: LocalModel) => LocalModel | Promise<LocalModel>): Promise<LocalModel> {
    let variant = this.loaded.get(key);
    if (!variant) {
      variant = of.then(make);
      this.remember(key, path, variant);
    }
    return variant;
  }

  /** Keeps a model being loaded; a failed load is not kept, so the user may fix the file and try again. */
  private remember(key: string, path: string, model: Promise<LocalModel>): void {
    this.files.set(key, path);
    model.then(
      (m) => {
        if (this.loaded.get(key) === model) this.ready.set(key, m);
      },
      () => {
        if (this.loaded.get(key) === model) this.loaded.delete(key);
      },
    );
    this.loaded.set(key, model);
  }

  /** The models loaded now (those still loading are left out). */
  placements(): ReturnType<LocalModel['placement']>[] {
    return [...this.ready.values()].map((m) => m.placement());
  }

  /** Unloads every variant of the model file `path`, adapters first; how many were unloaded. */
  async unload(path: string): Promise<number> {
    const keys = [...this.loaded.keys()].filter((key) => this.files.get(key) === path).reverse();
    for (const key of keys) {
      const model = this.loaded.get(key)!;
      this.loaded.delete(key);
      this.ready.delete(key);
      this.files.delete(key);
      await model.then(
        (m) => m.dispose(),
        () => undefined,
      );
    }
    return keys.length;
  }

  /** Unloads every model, variants (added after their base) first, then closes the runtime. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.disposed = true;
    const all = [...this.loaded.values()].reverse();
    this.loaded.clear();
    this.ready.clear();
    this.files.clear();
    for (const model of all)
      await model.then(
        (m) => m.dispose(),
        () => undefined,
      );
    const runtime = this.loadingRuntime;
    this.loadingRuntime = undefined;
    await runtime?.then(
      (r) => r.dispose(),
      () => undefined,
    );
  }
}
