// Engine API methods of the model registry, and the resolution of "which model" for an agent run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgentRunParams, CallOptions, LoadedModel, ModelInfo, ServerCheckResult } from '../../api/contract.ts';
import { KopaError } from '../../core/errors.ts';
import type { Engine } from '../Engine.ts';
import type { ModelBackend } from '../agent/backend.ts';
import { LlamaBackend } from '../agent/llamaBackend.ts';
import { OpenAiBackend } from '../agent/openAiBackend.ts';
import { ScriptedBackend } from '../agent/scriptedBackend.ts';
import { OPENAI_PREFIX } from '../models/ModelRegistry.ts';
import { closestNames } from '../../core/text/similarity.ts';

/**
 * Why a model reference finds nothing: a path that names no file, or a name that is no registered model (with the
 * closest names; `builtIn` adds the names a command knows besides the registry, such as bench's "oracle").
 */
export function unknownModel(engine: Engine, ref: string, builtIn: string[] = []): KopaError {
  if (/[\\/]|\.gguf$/i.test(ref)) {
    return new KopaError('NotFound', `There is no model file ${path.resolve(ref)}.`, { hint: 'Give the path of a .gguf file that exists, or a registered model (kopa models list).' });
  }
  const close = closestNames(ref, [...builtIn, ...engine.models().list().flatMap((m) => [m.id, m.name])]);
  return new KopaError('NotFound', `There is no model "${ref}".${close.length ? ` Did you mean ${close.join(', ')}?` : ''}`, {
    hint: `A model is ${builtIn.length ? `${builtIn.join(', ')}, ` : ''}a registered model (kopa models list), a .gguf file, openai:URL#MODEL or scripted:FILE.`,
  });
}

export async function inspectModel(engine: Engine, ref: string, builtIn: string[] = []): Promise<ModelInfo> {
  const registry = engine.models();
  const known = registry.get(ref);
  if (known && known.kind !== 'openai') {
    const report = await registry.inspectFile(known.location);
    return { ...known, fit: report.fit };
  }
  if (known) return known;
  if (!existsSync(ref)) throw unknownModel(engine, ref, builtIn);
  const report = await registry.inspectFile(ref);
  return {
    id: '',
    kind: report.kind === 'lora' ? 'lora' : 'gguf',
    location: path.resolve(ref),
    name: report.name ?? path.basename(ref),
    sizeBytes: report.sizeBytes,
    sha256: null,
    architecture: report.architecture,
    parameterCount: report.parameterCount,
    quantization: report.quantization,
    contextLength: report.contextLength,
    chatWrapper: report.chatWrapper,
    toolCalling: report.toolCalling,
    copied: false,
    addedAt: '',
    fit: report.fit,
  };
}

/** The backend a `model` reference names; the caller disposes it (a local model stays loaded in the engine). */
/** Refuses adapters that do not fit the base, saying what does not match (llama.cpp would only fail to load). */
export async function requireFittingAdapters(adapters: string[], base: string): Promise<void> {
  if (adapters.length === 0) return;
  const { checkAdapter } = await import('../../../native/llama/index.ts');
  for (const adapter of adapters) {
    if (!existsSync(adapter)) throw new KopaError('NotFound', `There is no adapter file ${adapter}.`, { hint: 'Give a LoRA adapter in GGUF form (convert_lora_to_gguf.py writes one), or a registered one.' });
    const check = await checkAdapter(adapter, base);
    if (!check.ok) throw new KopaError('InvalidModelFile', `The adapter ${adapter} does not fit ${base}: ${check.problems.join('; ')}.`, { hint: 'Convert the LoRA against the same base model it was trained on.' });
  }
}

/** `onLoadProgress`: how far a local model's loading is (0…1), for a progress bar. */
/** `sequences`: for a local model, episodes that will run at once and should decode in one batch (default 1). */
export async function resolveBackend(engine: Engine, params: Pick<AgentRunParams, 'model' | 'lora' | 'loraScale' | 'chatWrapper' | 'contextSize' | 'toolCalling'> & { sequences?: number }, signal?: AbortSignal, onLoadProgress?: (fraction: number) => void): Promise<ModelBackend> {
  const ref = params.model;
  if (ref.startsWith('scripted:')) return ScriptedBackend.fromFile(ref.slice('scripted:'.length));
  const registry = engine.models();
  const known = registry.get(ref);
  if (ref.startsWith(OPENAI_PREFIX) || known?.kind === 'openai') {
    const [base, model] = known ? [known.location, known.name] : ref.slice(OPENAI_PREFIX.length).split('#');
    if (!model) throw new KopaError('Usage', `Name the model the server runs: ${ref}#MODEL.`);
    return new OpenAiBackend({ baseUrl: base!, model, allowlist: registry.serverAllowlist(), apiKey: engine.apiKey('inference') });
  }
  const file = known ? known.location : path.resolve(ref);
  if (known?.kind === 'lora') throw new KopaError('Usage', `${ref} is a LoRA adapter; give it with --lora and name the base model with --model.`);
  if (!existsSync(file)) throw unknownModel(engine, ref);
  const lora = (params.lora ?? []).map((l) => registry.get(l)?.location ?? path.resolve(l));
  await requireFittingAdapters(lora, file);
  const model = await engine.modelHost().local({ path: file, lora, loraScale: params.loraScale, chatWrapper: params.chatWrapper, contextSize: params.contextSize, sequences: params.sequences, signal, onProgress: onLoadProgress });
  return new LlamaBackend(model, { mode: params.toolCalling, owned: false });
}

/** Checks that a registered inference server answers (the Models view's button). */
export async function checkServer(engine: Engine, ref: string, signal?: AbortSignal): Promise<ServerCheckResult> {
  const known = engine.models().get(ref);
  if (!known && !ref.startsWith(OPENAI_PREFIX)) throw unknownModel(engine, ref);
  if (known && known.kind !== 'openai') throw new KopaError('Usage', `${ref} is a ${known.kind === 'lora' ? 'LoRA adapter' : 'local model'}; only inference servers are checked this way.`, { hint: 'Load a local model from the Models view (or kopa models load) to check it.' });
  const backend = await resolveBackend(engine, { model: ref });
  if (!(backend instanceof OpenAiBackend)) throw new KopaError('Usage', `${ref} is not an inference server.`);
  return backend.check(signal);
}

function describeLoaded(engine: Engine, placement: Omit<LoadedModel, 'id' | 'name'>): LoadedModel {
  const known = engine.models().list().find((m) => m.kind === 'gguf' && m.location === placement.path);
  return { id: known?.id ?? null, name: known?.name ?? path.basename(placement.path), ...placement };
}

/** Loads a local model (a registered one or a .gguf file) ahead of its first question, with progress. */
export async function loadModel(engine: Engine, params: { ref: string; contextSize?: number; lora?: string[] }, options: CallOptions): Promise<LoadedModel> {
  const known = engine.models().get(params.ref);
  if (known && known.kind !== 'gguf') throw new KopaError('Usage', `${params.ref} is ${known.kind === 'lora' ? 'a LoRA adapter: load its base model with the adapter attached' : 'an inference server: it needs no loading'}.`);
  if (/^(scripted|openai):/.test(params.ref)) throw new KopaError('Usage', `${params.ref} needs no loading; only local GGUF models are loaded.`);
  const backend = await resolveBackend(engine, { model: params.ref, lora: params.lora, contextSize: params.contextSize }, options.signal, (fraction) =>
    options.onProgress?.({ stage: 'loading the model', done: Math.round(fraction * 100), total: 100 }),
  );
  await backend.dispose();
  const file = known?.location ?? path.resolve(params.ref);
  const placement = engine.modelHost().placements().find((p) => p.path === file && p.lora.length === (params.lora?.length ?? 0));
  if (!placement) throw new KopaError('Disposed', `${params.ref} was unloaded while it loaded.`);
  return describeLoaded(engine, placement);
}

export function loadedModels(engine: Engine): LoadedModel[] {
  return engine.modelHost().placements().map((p) => describeLoaded(engine, p));
}
