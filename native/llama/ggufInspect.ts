// What a GGUF file is, read from its header without loading it: architecture, size in parameters,
// quantisation, context length, chat template and whether the template calls tools, plus whether it fits this
// machine (llama.cpp's own estimate). Local files only: a URL is never fetched.
// A model file is untrusted input: its header is walked against the file's size first (ggufBounds.ts), and the
// header is read and its chat template rendered (choosing the chat format renders it) in a child process with a
// memory limit and a deadline, so a template that loops for hours or a header built to exhaust memory costs that
// process, never the engine. Only the fit, which needs the engine's llama runtime, is computed here afterwards.
import { statSync } from 'node:fs';
import { getModuleVersion, GgmlType, GgufFileType, GgufInsights, readGgufFileInfo, type GgufFileInfo } from 'node-llama-cpp';
import { checkGgufHeader } from './ggufBounds.ts';
import { InspectorProcess, type InspectOptions } from './inspectorProcess.ts';
import { saidError } from '../../main/core/i18n/saidError.ts';
import type { ToolCallSupport } from '../../main/core/models/toolCalling.ts';
import type { ResultRowForm } from '../../main/core/resultView/resultView.ts';
import { chooseChatFormat } from './chatFormat.ts';
import type { LlamaRuntime } from './LlamaRuntime.ts';

export interface GgufReport {
  /** A full model, or an adapter (LoRA) that is applied to one. */
  kind: 'model' | 'lora';
  architecture: string;
  name: string | null;
  parameterCount: number;
  quantization: string;
  contextLength: number | null;
  chatTemplate: string | null;
  /** The chat wrapper that would write its conversations (chatFormat.ts). */
  chatWrapper: string | null;
  /** Whether it calls tools in its family's trained syntax or under a JSON grammar. */
  toolCalling: 'native' | 'grammar';
  /** Why, and the template fixes applied (null for an adapter, which has no chat format of its own). */
  toolCallSupport: ToolCallSupport | null;
  /** The result view's token budget the model was trained on (GGUF kopa.result_tokens), null where it records none. */
  trainedResultTokens: number | null;
  /** How the model was trained to read a result's rows (GGUF kopa.result_rows), null where it records none. */
  trainedResultRows: ResultRowForm | null;
  sizeBytes: number;
  /** Against this machine's RAM and VRAM: fits (all layers where they should go), may be slow (partly offloaded or tight), will not fit. */
  fit: { verdict: 'fits' | 'may be slow' | 'will not fit'; score: number; gpuLayers: number; contextSize: number; ramBytes: number; vramBytes: number } | null;
}

async function readInfo(path: string): Promise<GgufFileInfo> {
  try {
    return await readGgufFileInfo(path, { sourceType: 'filesystem', logWarnings: false });
  } catch (error) {
    throw saidError(
      'InvalidModelFile',
      { message: 'error.notReadableGguf', hint: 'error.notGguf.hint', vars: { file: path, why: (error as Error).message } },
      { details: { path }, cause: error },
    );
  }
}

let knownArchitectures: Set<string> | undefined;

/**
 * Architectures the llama.cpp bundled with node-llama-cpp can run: its own list, GgufArchitectureType (declared a
 * const enum, so read as the object the package exports at run time).
 */
async function architecturesKnown(): Promise<Set<string>> {
  const exported: Record<string, unknown> = await import('node-llama-cpp');
  knownArchitectures ??= new Set(Object.values(exported.GgufArchitectureType as Record<string, string>));
  return knownArchitectures;
}

/**
 * Refuses a model whose architecture the bundled llama.cpp does not know (HyperCLOVA X SEED's "hyperclovax"), with
 * the reason, before anything tries to load it and fails without one. An adapter names its base's architecture.
 */
async function requireKnownArchitecture(path: string, info: GgufFileInfo): Promise<void> {
  const architecture = String(info.metadata.general.architecture);
  if ((await architecturesKnown()).has(architecture)) return;
  throw saidError(
    'InvalidModelFile',
    { message: 'error.unsupportedArchitecture', hint: 'error.unsupportedArchitecture.hint', vars: { path, architecture, version: await getModuleVersion() } },
    { details: { path, architecture } },
  );
}

/** The report a file's header gives, without the fit: what the inspector process computes (ggufInspectWorker.ts). */
export async function headerReport(path: string): Promise<GgufReport> {
  let sizeBytes: number;
  try {
    sizeBytes = statSync(path).size;
  } catch (error) {
    throw saidError('NotFound', { message: 'error.noFile', vars: { file: path } }, { cause: error });
  }
  checkGgufHeader(path);
  const info = await readInfo(path);
  await requireKnownArchitecture(path, info);
  const insights = await GgufInsights.from(info);
  const expected = (info.infoEndOffset ?? 0) + insights.modelSize;
  if (sizeBytes < expected) {
    throw saidError(
      'InvalidModelFile',
      { message: 'error.truncatedGguf', hint: 'error.truncatedGguf.hint', vars: { file: path, size: sizeBytes, expected } },
      { details: { path, sizeBytes, expected } },
    );
  }
  const template = info.metadata.tokenizer?.chat_template;
  const isAdapter = String((info.metadata.general as { type?: string }).type) === 'adapter';
  const chosen = isAdapter ? null : chooseChatFormat({ fileInfo: info, filename: path });
  const support = chosen?.support ?? null;
  const fileType = info.metadata.general.file_type;
  return {
    kind: isAdapter ? 'lora' : 'model',
    architecture: String(info.metadata.general.architecture),
    name: info.metadata.general.name ?? null,
    parameterCount: insights.totalParameters,
    // The file type's name where the header gives one (MOSTLY_Q4_K_M), else the tensors' dominant type by name (F32),
    // never a bare enum number.
    quantization:
      fileType !== undefined && GgufFileType[fileType]
        ? GgufFileType[fileType]!
        : insights.dominantTensorType !== undefined
          ? (GgmlType[insights.dominantTensorType] ?? 'unknown')
          : 'unknown',
    contextLength: insights.trainContextSize ?? null,
    chatTemplate: typeof template === 'string' ? template : null,
    chatWrapper: support?.wrapper ?? null,
    toolCalling: support?.mode ?? 'grammar',
    toolCallSupport: support,
    trainedResultTokens: chosen?.resultTokens ?? null,
    trainedResultRows: chosen?.resultRows ?? null,
    sizeBytes,
    fit: null,
  };
}

/** One inspector per process: it starts with the first file and stops when idle. */
const inspector = new InspectorProcess<GgufReport>(new URL('ggufInspectWorker', import.meta.url));

export async function inspectGguf(path: string, runtime?: LlamaRuntime, options: InspectOptions = {}): Promise<GgufReport> {
  const report = await inspector.run(path, options);
  if (!runtime) return report;
  // The header passed the inspector's checks, so reading it here is bounded; the fit needs this thread's runtime.
  const insights = await GgufInsights.from(await readInfo(path), runtime.llama);
  const r = await insights.configurationResolver.resolveAndScoreConfig();
  const v = r.resolvedValues;
  const verdict = r.compatibilityScore >= 0.75 ? 'fits' : r.compatibilityScore > 0 ? 'may be slow' : 'will not fit';
  return {
    ...report,
    fit: {
      verdict,
      score: Math.round(r.compatibilityScore * 1000) / 1000,
      gpuLayers: v.gpuLayers,
      contextSize: v.contextSize,
      ramBytes: v.totalRamUsage,
      vramBytes: v.totalVramUsage,
    },
  };
}
