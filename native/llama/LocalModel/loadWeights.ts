// Loading a GGUF's weights through llama.cpp, as a typed error where it cannot.
import type { LlamaModel } from 'node-llama-cpp';
import { saidError } from '../../../main/core/i18n/saidError.ts';
import type { LoadLocalModelOptions, ModelRuntime } from './options.ts';

/** Loads GGUF weights; a file llama.cpp cannot load is a typed error naming it. */
export async function loadWeights(runtime: ModelRuntime, options: LoadLocalModelOptions): Promise<LlamaModel> {
  try {
    return await runtime.llama.loadModel({
      modelPath: options.modelPath,
      gpuLayers: options.gpuLayers ?? 'auto',
      onLoadProgress: options.onProgress,
      loadSignal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.loadCancelled' }, { cause: error });
    throw saidError(
      'InvalidModelFile',
      { message: 'error.cannotLoadModel', hint: 'error.cannotLoadModel.hint', vars: { file: options.modelPath, why: (error as Error).message } },
      { details: { path: options.modelPath }, cause: error },
    );
  }
}
