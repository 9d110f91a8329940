// Engine API methods of the model registry: inspecting, loading and checking models, and the models held loaded.
import path from 'node:path';
import type { CallOptions, LoadedModel, ModelInfo, ServerCheckResult, ModelsMethods } from '../../api/contract.ts';
import { loadProgress } from '../../api/loading.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { ORACLE_MODEL } from '../../core/models/modelRef.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { LlamaBackend } from './llamaBackend.ts';
import { resolveModelRef, unknownModel, type ResolveOptions } from './modelRef.ts';
import { OpenAiBackend } from './openAiBackend.ts';
import { resolveBackend } from './resolveBackend.ts';
import { demoModel } from './demoModel.ts';
import { scanFolder } from './scanFolder.ts';

export async function inspectModel(engine: EngineServices, ref: string, options: ResolveOptions = {}): Promise<ModelInfo> {
  const registry = engine.models();
  const resolved = resolveModelRef(registry, ref, options);
  if (resolved.kind === 'server' && resolved.registered) return resolved.registered;
  if (resolved.kind !== 'local' && resolved.kind !== 'adapter') throw unknownModel(registry, ref, options.oracle ? [ORACLE_MODEL] : []);
  const report = await registry.inspectFile(resolved.file);
  const known = resolved.registered;
  if (known) {
    // What the file says now, by this version's rules: a registration's stored mode may predate them.
    return {
      ...known,
      fit: report.fit,
      chatWrapper: report.chatWrapper,
      toolCalling: report.kind === 'lora' ? null : report.toolCalling,
      toolCallSupport: report.toolCallSupport,
      trainedResultTokens: report.trainedResultTokens,
      trainedResultRows: report.trainedResultRows,
    };
  }
  return {
    id: '',
    kind: report.kind === 'lora' ? 'lora' : 'gguf',
    location: resolved.file,
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
    trainedResultTokens: report.trainedResultTokens,
    trainedResultRows: report.trainedResultRows,
    copied: false,
    addedAt: '',
    fit: report.fit,
  };
}

/** Checks that a registered inference server answers (the Models view's button). */
export async function checkServer(engine: EngineServices, ref: string, signal?: AbortSignal): Promise<ServerCheckResult> {
  const registry = engine.models();
  const resolved = resolveModelRef(registry, ref);
  if (resolved.kind === 'local' && !resolved.registered) throw unknownModel(registry, ref);
  if (resolved.kind === 'local' || resolved.kind === 'adapter')
    throw saidError('Usage', { message: resolved.kind === 'adapter' ? 'error.testLora' : 'error.testLocal', hint: 'error.testLocal.hint', vars: { ref } });
  const backend = await resolveBackend(engine, { model: ref }, signal, undefined, resolved);
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
  const resolved = resolveModelRef(engine.models(), params.ref);
  if (resolved.kind === 'adapter' || (resolved.kind === 'server' && resolved.registered))
    throw saidError('Usage', { message: resolved.kind === 'adapter' ? 'error.loadLora' : 'error.loadServer', vars: { ref: params.ref } });
  if (resolved.kind !== 'local') throw saidError('Usage', { message: 'error.noLoading', vars: { ref: params.ref } });
  const backend = await resolveBackend(
    engine,
    { model: params.ref, lora: params.lora, contextSize: params.contextSize, gpuLayers: params.gpuLayers },
    options.signal,
    loadProgress(options.onProgress),
    resolved,
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

/** The model registry's and the model host's API methods. */
export const modelsMethods = (engine: EngineServices): MethodHandlers<ModelsMethods> => ({
  'models.add': ({ source, name, copy, base, idleTimeoutMs }, options) =>
    engine.models().add(source, { name, copy, base, idleTimeoutMs, onProgress: options.onProgress, signal: options.signal }),
  'models.list': async () => engine.models().list(),
  'models.inspect': ({ ref }) => inspectModel(engine, ref),
  'models.remove': async ({ id }) => engine.models().remove(id),
  'models.thinking': async ({ ref, ...thinking }) => engine.models().setThinking(ref, thinking),
  'models.demo': (_, options) => demoModel(engine.models(), engine.resourcesDir, { onProgress: options.onProgress, signal: options.signal }),
  'models.scan': async ({ folder }) => scanFolder(folder, engine.models().list()),
  'models.test': ({ ref }, options) => checkServer(engine, ref, options.signal),
  'models.load': (params, options) => loadModel(engine, params, options),
  'models.unload': async ({ path: file }) => ({ unloaded: await engine.modelHost().unload(engine.models().get(file)?.location ?? path.resolve(file)) }),
  'models.loaded': async () => loadedModels(engine),
});
