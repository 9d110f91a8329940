// Engine API methods of the model registry, and the resolution of "which model" for an agent run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgentRunParams, CallOptions, LoadedModel, ModelInfo, ServerCheckResult } from '../../api/contract.ts';
import type { KopaError } from '../../core/errors.ts';
import type { EngineServices } from '../EngineServices.ts';
import type { ModelBackend } from '../agent/backend.ts';
import { LlamaBackend } from '../agent/llamaBackend.ts';
import { OpenAiBackend } from '../agent/openAiBackend.ts';
import { ScriptedBackend } from '../agent/scriptedBackend.ts';
import { ServerPool } from '../agent/serverPool.ts';
import { OPENAI_PREFIX } from '../models/ModelRegistry.ts';
import { closestNames } from '../../core/text/similarity.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { DRAFT_PREFIX } from '../../core/models/speculation.ts';

/**
 * Why a model reference finds nothing: a path that names no file, or a name that is no registered model (with the
 * closest names; `builtIn` adds the names a command knows besides the registry, such as bench's "oracle").
 */
export function unknownModel(engine: EngineServices, ref: string, builtIn: string[] = []): KopaError {
  if (/[\\/]|\.gguf$/i.test(ref)) {
    return saidError('NotFound', { message: 'error.noModelFile', hint: 'error.noModelFile.hint', vars: { file: path.resolve(ref) } });
  }
  // The input itself is never a suggestion: a name that resolves to nothing is not the name that was meant.
  const close = closestNames(ref, [
    ...builtIn,
    ...engine
      .models()
      .list()
      .flatMap((m) => [m.id, m.name]),
  ]).filter((name) => name !== ref);
  const builtInNames = builtIn.length ? `${builtIn.join(', ')}, ` : '';
  return saidError('NotFound', {
    message: close.length ? 'error.noModelClose' : 'error.noModel',
    hint: 'error.noModel.hint',
    vars: { ref, names: close.join(', '), builtIn: builtInNames },
  });
}

export async function inspectModel(engine: EngineServices, ref: string, builtIn: string[] = []): Promise<ModelInfo> {
  const registry = engine.models();
  const known = registry.get(ref);
  if (known && known.kind !== 'openai') {
    const report = await registry.inspectFile(known.location);
    // What the file says now, by this version's rules: a registration's stored mode may predate them.
    return {
      ...known,
      fit: report.fit,
      chatWrapper: report.chatWrapper,
      toolCalling: report.kind === 'lora' ? null : report.toolCalling,
      toolCallSupport: report.toolCallSupport,
    };
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
    toolCallSupport: report.toolCallSupport,
    copied: false,
    addedAt: '',
    fit: report.fit,
  };
}

/** Refuses adapters that do not fit the base, saying what does not match (llama.cpp would only fail to load). */
export async function requireFittingAdapters(adapters: string[], base: string): Promise<void> {
  if (adapters.length === 0) return;
  const { checkAdapter } = await import('../../../native/llama/index.ts');
  for (const adapter of adapters) {
    if (!existsSync(adapter)) throw saidError('NotFound', { message: 'error.noAdapterFile', hint: 'error.noAdapterFile.hint', vars: { file: adapter } });
    const check = await checkAdapter(adapter, base);
    if (!check.ok)
      throw saidError('InvalidModelFile', {
        message: 'error.adapterMismatch',
        hint: 'error.adapterMismatch.hint',
        vars: { adapter, base, problems: check.problems.join('; ') },
      });
  }
}

/** `onLoadProgress`: how far a local model's loading is (0…1), for a progress bar. */
export const POOL_PREFIX = 'pool:';
const POOL_MEMBER_CONCURRENCY = 4;

export interface PoolMember {
  /** As written in the pool: a registered server's id or name, or openai:URL#MODEL. */
  ref: string;
  /** openai:URL#MODEL: the server and the model it serves. */
  id: string;
  base: string;
  model: string;
  concurrency: number;
}

/** The servers of `pool:a*4,b*2` (each one's concurrency after `*`, 4 by default), each an OpenAI-compatible server. */
export function poolMembers(engine: EngineServices, ref: string): PoolMember[] {
  const parts = ref
    .slice(POOL_PREFIX.length)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) throw saidError('Usage', { message: 'error.poolEmpty', vars: { prefix: POOL_PREFIX } });
  const registry = engine.models();
  return parts.map((part) => {
    const [, member = part, count] = /^(.*?)(?:\*(\d+))?$/.exec(part) ?? [];
    const known = registry.get(member);
    if (!(member.startsWith(OPENAI_PREFIX) || known?.kind === 'openai')) {
      throw saidError('Usage', { message: 'error.poolMember', hint: 'error.poolMember.hint', vars: { member } });
    }
    const [base, model] = known ? [known.location, known.name] : member.slice(OPENAI_PREFIX.length).split('#');
    if (!model) throw saidError('Usage', { message: 'error.serverModel', vars: { ref: member } });
    const concurrency = count === undefined ? POOL_MEMBER_CONCURRENCY : Number(count);
    if (concurrency < 1) throw saidError('Usage', { message: 'error.poolConcurrency', vars: { part } });
    return { ref: member, id: `openai:${base}#${model}`, base: base!, model, concurrency };
  });
}

function openAiBackend(engine: EngineServices, base: string, model: string, concurrency?: number): OpenAiBackend {
  return new OpenAiBackend({
    baseUrl: base,
    model,
    allowlist: engine.models().serverAllowlist(),
    apiKey: engine.apiKey('inference'),
    ...(concurrency ? { concurrency } : {}),
  });
}

/** "draft:REF" with REF a registered model or a .gguf path, as the file the runtime loads. */
function draftSpeculation(engine: EngineServices, ref: string): `draft:${string}` {
  const known = engine.models().get(ref);
  if (known && known.kind !== 'gguf') throw saidError('Usage', { message: 'error.draftNotGguf', vars: { ref } });
  const file = known ? known.location : path.resolve(ref);
  if (!existsSync(file)) throw unknownModel(engine, ref);
  return `draft:${file}`;
}

/**
 * The backend a `model` reference names; the caller disposes it (a local model stays loaded in the engine).
 * `sequences`: for a local model, episodes that will run at once and should decode in one batch (default 1). */
export async function resolveBackend(
  engine: EngineServices,
  params: Pick<AgentRunParams, 'model' | 'lora' | 'loraScale' | 'chatWrapper' | 'contextSize' | 'toolCalling' | 'speculation'> & {
    sequences?: number;
    gpuLayers?: number | 'auto' | 'max';
    reuseCache?: boolean;
  },
  signal?: AbortSignal,
  onLoadProgress?: (fraction: number) => void,
): Promise<ModelBackend> {
  const ref = params.model;
  if (ref.startsWith('scripted:')) return ScriptedBackend.fromFile(ref.slice('scripted:'.length));
  if (ref.startsWith(POOL_PREFIX)) {
    const pool = new ServerPool(
      poolMembers(engine, ref).map((m) => ({ backend: openAiBackend(engine, m.base, m.model, m.concurrency), concurrency: m.concurrency })),
    );
    await pool.open(signal);
    return pool;
  }
  const registry = engine.models();
  const known = registry.get(ref);
  if (ref.startsWith(OPENAI_PREFIX) || known?.kind === 'openai') {
    const [base, model] = known ? [known.location, known.name] : ref.slice(OPENAI_PREFIX.length).split('#');
    if (!model) throw saidError('Usage', { message: 'error.serverModel', vars: { ref } });
    return openAiBackend(engine, base!, model);
  }
  const file = known ? known.location : path.resolve(ref);
  if (known?.kind === 'lora') throw saidError('Usage', { message: 'error.loraAsModel', vars: { ref } });
  if (!existsSync(file)) throw unknownModel(engine, ref);
  const lora = (params.lora ?? []).map((l) => registry.get(l)?.location ?? path.resolve(l));
  await requireFittingAdapters(lora, file);
  const speculation = params.speculation?.startsWith(DRAFT_PREFIX)
    ? draftSpeculation(engine, params.speculation.slice(DRAFT_PREFIX.length))
    : params.speculation;
  const model = await engine.modelHost().local({
    path: file,
    lora,
    loraScale: params.loraScale,
    chatWrapper: params.chatWrapper,
    contextSize: params.contextSize,
    gpuLayers: params.gpuLayers,
    sequences: params.sequences,
    reuseCache: params.reuseCache,
    speculation,
    signal,
    onProgress: onLoadProgress,
  });
  return new LlamaBackend(model, { mode: params.toolCalling, owned: false });
}

/** Checks that a registered inference server answers (the Models view's button). */
export async function checkServer(engine: EngineServices, ref: string, signal?: AbortSignal): Promise<ServerCheckResult> {
  const known = engine.models().get(ref);
  if (!known && !ref.startsWith(OPENAI_PREFIX)) throw unknownModel(engine, ref);
  if (known && known.kind !== 'openai')
    throw saidError('Usage', { message: known.kind === 'lora' ? 'error.testLora' : 'error.testLocal', hint: 'error.testLocal.hint', vars: { ref } });
  const backend = await resolveBackend(engine, { model: ref });
  if (!(backend instanceof OpenAiBackend)) throw saidError('Usage', { message: 'error.notServer', vars: { ref } });
  return backend.check(signal);
}

function describeLoaded(engine: EngineServices, placement: Omit<LoadedModel, 'id' | 'name'>): LoadedModel {
  const known = engine
    .models()
    .list()
    .find((m) => m.kind === 'gguf' && m.location === placement.path);
  return { id: known?.id ?? null, name: known?.name ?? path.basename(placement.path), ...placement };
}

/** Loads a local model (a registered one or a .gguf file) ahead of its first question, with progress. */
export async function loadModel(
  engine: EngineServices,
  params: { ref: string; contextSize?: number; gpuLayers?: number | 'auto' | 'max'; lora?: string[] },
  options: CallOptions,
): Promise<LoadedModel> {
  const known = engine.models().get(params.ref);
  if (known && known.kind !== 'gguf')
    throw saidError('Usage', { message: known.kind === 'lora' ? 'error.loadLora' : 'error.loadServer', vars: { ref: params.ref } });
  if (/^(scripted|openai):/.test(params.ref)) throw saidError('Usage', { message: 'error.noLoading', vars: { ref: params.ref } });
  const backend = await resolveBackend(
    engine,
    { model: params.ref, lora: params.lora, contextSize: params.contextSize, gpuLayers: params.gpuLayers },
    options.signal,
    (fraction) => options.onProgress?.({ stage: 'loading the model', done: Math.round(fraction * 100), total: 100 }),
  );
  if (backend instanceof LlamaBackend) await backend.prepare();
  await backend.dispose();
  const placement = backend instanceof LlamaBackend ? backend.placement() : undefined;
  const stillLoaded =
    placement &&
    engine
      .modelHost()
      .placements()
      .some((p) => p.path === placement.path && p.contextSize === placement.contextSize && p.lora.length === placement.lora.length);
  if (!stillLoaded) throw saidError('Disposed', { message: 'error.unloadedWhileLoading', vars: { ref: params.ref } });
  return describeLoaded(engine, placement);
}

export function loadedModels(engine: EngineServices): LoadedModel[] {
  return engine
    .modelHost()
    .placements()
    .map((p) => describeLoaded(engine, p));
}
