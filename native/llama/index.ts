export { LlamaRuntime, type LlamaRuntimeInfo, type LlamaRuntimeOptions, type GpuChoice } from './LlamaRuntime.ts';
export {
  LocalModel,
  type ChatWrapperChoice,
  type LoadLocalModelOptions,
  type CompleteOptions,
  type Completion,
  type ChatOptions,
  type ToolCallMode,
  type Speculation,
  type DraftOptions,
  type PredictionStats,
} from './LocalModel.ts';
export { inspectGguf, type GgufReport } from './ggufInspect.ts';
export { checkAdapter, type AdapterCheck } from './adapterCheck.ts';
