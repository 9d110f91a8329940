export { LlamaRuntime, type LlamaRuntimeInfo, type LlamaRuntimeOptions, type GpuChoice } from './LlamaRuntime.ts';
export { LocalModel } from './LocalModel/LocalModel.ts';
export type {
  LoadLocalModelOptions,
  CompleteOptions,
  Completion,
  ChatOptions,
  Speculation,
  DraftOptions,
  PredictionStats,
} from './LocalModel/options.ts';
export type { ChatWrapperChoice } from './chatFormat.ts';
export type { ToolCallMode } from '../../main/core/models/toolCalling.ts';
export { inspectGguf, type GgufReport } from './ggufInspect.ts';
export { checkAdapter, type AdapterCheck } from './adapterCheck.ts';
