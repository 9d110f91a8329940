// The backend a model reference names, opened for an agent run, a benchmark, a rollout or a paraphrase: a script of
// turns, an inference server or a pool of them, or a local GGUF model (with its adapters) from the model host.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgentRunParams } from '../../api/contract.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { EngineServices } from '../EngineServices.ts';
import type { ModelBackend } from './backend.ts';
import { LlamaBackend } from './llamaBackend.ts';
import { resolveModelRef, resolveSpeculation, unknownModel, type ModelRef } from './modelRef.ts';
import { OpenAiBackend } from './openAiBackend.ts';
import { regionBookFile } from './regionBookFile.ts';
import { ScriptedBackend } from './scriptedBackend.ts';
import { ServerPool } from './serverPool.ts';

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

/**
 * A backend for a server, which must be registered: its own list, never the gateway's allowlist. Each request goes on
 * the audit log as a model call; the server gets only its own key (`inference`), never an API portal's.
 */
function openAiBackend(engine: EngineServices, base: string, model: string, params: BackendParams, concurrency?: number): OpenAiBackend {
  const registered = engine.models().server(base, model);
  if (!registered) throw saidError('NotFound', { message: 'error.serverNotRegistered', hint: 'error.serverNotRegistered.hint', vars: { url: base, model } });
  const serverId = registered.id;
  const idleTimeoutMs = params.serverIdleTimeoutMs ?? registered.idleTimeoutMs ?? undefined;
  return new OpenAiBackend({
    baseUrl: registered.base,
    model,
    apiKey: engine.apiKey('inference'),
    ...(concurrency ? { concurrency } : {}),
    ...(idleTimeoutMs ? { idleTimeoutMs } : {}),
    audit: ({ url, bodyHash }) => engine.gateway().beginModelCall({ serverId, url, bodyHash }),
  });
}

export interface BackendParams
  extends Pick<AgentRunParams, 'model' | 'lora' | 'loraScale' | 'chatWrapper' | 'contextSize' | 'toolCalling' | 'speculation' | 'serverIdleTimeoutMs'> {
  /** For a local model, episodes that will run at once and should decode in one batch. Defaults to 1. */
  sequences?: number;
  gpuLayers?: number | 'auto' | 'max';
  reuseCache?: boolean;
}

/**
 * The backend a `model` reference names; the caller disposes it (a local model stays loaded in the engine).
 * `resolved`: the reference already resolved, where the caller needed it first. */
export async function resolveBackend(
  engine: EngineServices,
  params: BackendParams,
  signal?: AbortSignal,
  onLoadProgress?: (fraction: number) => void,
  resolved: ModelRef = resolveModelRef(engine.models(), params.model),
): Promise<ModelBackend> {
  const registry = engine.models();
  switch (resolved.kind) {
    case 'oracle':
      throw unknownModel(registry, resolved.ref);
    case 'scripted':
      return ScriptedBackend.fromFile(resolved.file);
    case 'pool': {
      const pool = new ServerPool(
        resolved.members.map((m) => ({ backend: openAiBackend(engine, m.base, m.model, params, m.concurrency), concurrency: m.concurrency })),
      );
      await pool.open(signal);
      return pool;
    }
    case 'server':
      return openAiBackend(engine, resolved.base, resolved.model, params);
    case 'adapter':
      throw saidError('Usage', { message: 'error.loraAsModel', vars: { ref: resolved.ref } });
    case 'local': {
      const lora = (params.lora ?? []).map((l) => registry.get(l)?.location ?? path.resolve(l));
      await requireFittingAdapters(lora, resolved.file);
      const model = await engine.modelHost().local({
        path: resolved.file,
        lora,
        loraScale: params.loraScale,
        chatWrapper: params.chatWrapper,
        contextSize: params.contextSize,
        gpuLayers: params.gpuLayers,
        sequences: params.sequences,
        reuseCache: params.reuseCache,
        speculation: resolveSpeculation(registry, params.speculation),
        signal,
        onProgress: onLoadProgress,
      });
      const thinking = resolved.registered?.thinking;
      return new LlamaBackend(model, {
        mode: params.toolCalling,
        owned: false,
        regions: regionBookFile(engine.resourcesDir),
        ...(thinking ? { thinking } : {}),
      });
    }
  }
}
