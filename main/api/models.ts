// Models: registered GGUF files, LoRA adapters and inference servers, and the local models held loaded.
import type { ToolCallSupport } from '../core/models/toolCalling.ts';
import type { ResultRowForm } from '../core/resultView/resultView.ts';
import type { ModelPlacement } from '../core/models/placement.ts';
import { modelThinkings, type ModelThinking } from '../core/models/thinking.ts';
import { z } from 'zod';
import { empty, serverIdleTimeout, text, type EmptyParams, type MethodSchemas } from './shared.ts';

/** Whether a registered inference server answers the model's name, and how fast. */
export interface ServerCheckResult {
  ok: boolean;
  latencyMs: number;
  /** What the server said, or why it could not be reached. */
  message: string;
}

/** A model the user registered: a GGUF file, a LoRA adapter, or an OpenAI-compatible server. */
export interface ModelInfo {
  id: string;
  kind: 'gguf' | 'lora' | 'openai';
  /** The file, or the server's base URL. */
  location: string;
  name: string;
  sizeBytes: number | null;
  sha256: string | null;
  architecture: string | null;
  parameterCount: number | null;
  quantization: string | null;
  contextLength: number | null;
  chatWrapper: string | null;
  /** "native" when the model's template has a trained tool syntax, "grammar" when calls are forced by a JSON grammar. */
  toolCalling: 'native' | 'grammar' | null;
  /** Why it calls tools so (the wrapper, the reason, template fixes), where the file was read with this version. */
  toolCallSupport?: ToolCallSupport | null;
  /** The result view's token budget the model was trained on (a KOPA-Nano GGUF records it): what chats and benchmarks show it. */
  trainedResultTokens?: number | null;
  /** How it was trained to read a result's rows (a KOPA-Nano GGUF records it): named, each value beside its field's name. */
  trainedResultRows?: ResultRowForm | null;
  copied: boolean;
  addedAt: string;
  /** A thinking family's setting (models.thinking); absent where none was set: its template's default. */
  thinking?: ThinkingSetting;
  /** A server: how long it may send nothing before a turn is given up (null: the default, 60 s). */
  idleTimeoutMs?: number | null;
  /** An adapter: the base model it was checked against when registered (its file and SHA-256). */
  base?: { path: string; sha256: string };
  /** Whether it fits this machine, when known. */
  fit?: { verdict: 'fits' | 'may be slow' | 'will not fit'; score: number; gpuLayers: number; contextSize: number; ramBytes: number; vramBytes: number } | null;
}

/** The GGUF files found in a folder (models.scan): each once, its size, and the registered model it already is. */
export interface ModelScan {
  folder: string;
  /** `repository`: the Hugging Face repository a cache keeps the file for (Qwen/Qwen3-8B-GGUF). */
  files: { path: string; name: string; sizeBytes: number; registered: string | null; repository?: string }[];
  /** The scan stopped at a limit (files listed, entries read, time): choose a folder nearer to the models. */
  truncated: boolean;
  /** Folders that could not be read (no permission, a damaged drive) and were passed over. */
  skipped: number;
}

/**
 * Speculative decoding for a local model: "input-lookup" (prompt lookup) guesses the next tokens from the conversation
 * itself, as a call does when it copies a code from an earlier result; "draft:REF" lets a smaller model of the same
 * vocabulary (a registered model or a .gguf file) generate ahead. The answers are the same; only the speed changes.
 */
export type SpeculationParam = 'off' | 'input-lookup' | `draft:${string}`;

/** A local model held in memory by the engine. */
export interface LoadedModel extends ModelPlacement {
  /** The registered model's id, or null for a file loaded by path. */
  id: string | null;
  name: string;
}

/**
 * How a model file of a thinking family (Qwen3, Qwen3.5, EXAONE 4.0, gpt-oss) thinks: "default" as its template does
 * where nobody says (as vLLM and transformers render it), "on" or "off"; and the tokens it may think per turn.
 */
export interface ThinkingSetting {
  mode: ModelThinking;
  /** Defaults to 1,024 (at most a quarter of the context). */
  thoughtTokens?: number;
}

/** Parameters and result of each method. */
export interface ModelsMethods {
  /** `idleTimeoutMs`: for a server, how long it may send nothing (before its reply, between chunks); 60 s by default. */
  'models.add': { params: { source: string; name?: string; copy?: boolean; base?: string; idleTimeoutMs?: number }; result: ModelInfo };
  'models.list': { params: EmptyParams; result: ModelInfo[] };
  'models.inspect': { params: { ref: string }; result: ModelInfo };
  'models.remove': { params: { id: string }; result: ModelInfo };
  /** Sets how a registered model file thinks; a family that does not think keeps the setting without effect. */
  'models.thinking': { params: { ref: string } & ThinkingSetting; result: ModelInfo };
  /** The demo model KOPA-Nano, copied from the app's resources into the data folder and registered on first use. */
  'models.demo': { params: EmptyParams; result: ModelInfo };
  'models.scan': { params: { folder: string }; result: ModelScan };
  'models.test': { params: { ref: string }; result: ServerCheckResult };
  /** `gpuLayers`: layers offloaded to the GPU, "max", or "auto" (what the VRAM holds; the default). */
  'models.load': { params: { ref: string; contextSize?: number; gpuLayers?: number | 'auto' | 'max'; lora?: string[] }; result: LoadedModel };
  'models.unload': { params: { path: string }; result: { unloaded: number } };
  'models.loaded': { params: EmptyParams; result: LoadedModel[] };
}

export const modelsSchemas: MethodSchemas<ModelsMethods> = {
  'models.test': z.object({ ref: text }).strict(),
  'models.add': z
    .object({ source: text, name: text.optional(), copy: z.boolean().optional(), base: text.optional(), idleTimeoutMs: serverIdleTimeout.optional() })
    .strict(),
  'models.list': empty,
  'models.inspect': z.object({ ref: text }).strict(),
  'models.remove': z.object({ id: text }).strict(),
  'models.thinking': z.object({ ref: text, mode: z.enum(modelThinkings), thoughtTokens: z.number().int().min(1).max(32_768).optional() }).strict(),
  'models.demo': empty,
  'models.scan': z.object({ folder: text }).strict(),
  'models.load': z
    .object({
      ref: text,
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      gpuLayers: z.union([z.number().int().min(0).max(10_000), z.enum(['auto', 'max'])]).optional(),
      lora: z.array(text).max(8).optional(),
    })
    .strict(),
  'models.unload': z.object({ path: text }).strict(),
  'models.loaded': empty,
};
