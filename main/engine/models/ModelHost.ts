// Local models kept loaded between calls (loading a multi-gigabyte model is the slow part), one per file,
// adapters and context size; unloaded when the engine shuts down.
import type { LlamaRuntime, LocalModel } from '../../../native/llama/index.ts';

export interface LocalModelRequest {
  path: string;
  lora?: string[];
  /** 0 is the base model, 1 the adapters as trained. Defaults to 1. */
  loraScale?: number;
  contextSize?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export class ModelHost {
  private readonly runtime: () => Promise<LlamaRuntime>;
  private readonly loaded = new Map<string, Promise<LocalModel>>();

  constructor(runtime: () => Promise<LlamaRuntime>) {
    this.runtime = runtime;
  }

  local(request: LocalModelRequest): Promise<LocalModel> {
    const key = JSON.stringify([request.path, request.lora ?? [], request.loraScale ?? 1, request.contextSize ?? null]);
    let model = this.loaded.get(key);
    if (!model) {
      model = this.runtime().then((r) => r.loadModel({ modelPath: request.path, lora: request.lora, loraScale: request.loraScale, contextSize: request.contextSize, onProgress: request.onProgress, signal: request.signal }));
      // A failed load is not kept: the user may fix the file and try again.
      model.catch(() => {
        if (this.loaded.get(key) === model) this.loaded.delete(key);
      });
      this.loaded.set(key, model);
    }
    return model;
  }

  async dispose(): Promise<void> {
    const all = [...this.loaded.values()];
    this.loaded.clear();
    for (const model of all) await model.then((m) => m.dispose(), () => undefined);
  }
}
