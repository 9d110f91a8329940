export { LlamaRuntime, type LlamaRuntimeInfo, type LlamaRuntimeOptions, type GpuChoice } from './LlamaRuntime.ts';
export { LocalModel, type LoadLocalModelOptions, type CompleteOptions, type Completion } from './LocalModel.ts';
