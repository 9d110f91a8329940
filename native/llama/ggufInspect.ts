// What a GGUF file is, read from its header without loading it: architecture, size in parameters,
// quantisation, context length, chat template and whether the template calls tools, plus whether it fits this
// machine (llama.cpp's own estimate). Local files only: a URL is never fetched.
// A model file is untrusted input: its header is walked against the file's size first (ggufBounds.ts), and the
// header is read and its chat template rendered (choosing the chat format renders it) in a child process with a
// memory limit and a deadline, so a template that loops for hours or a header built to exhaust memory costs that
// process, never the engine. Only the fit, which needs the engine's llama runtime, is computed here afterwards.
import { existsSync, statSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getModuleVersion, GgmlType, GgufFileType, GgufInsights, readGgufFileInfo, type GgufFileInfo } from 'node-llama-cpp';
import { fromErrorPayload, KopaError, type ErrorPayload } from '../../main/core/errors.ts';
import { checkGgufHeader } from './ggufBounds.ts';
import { saidError } from '../../main/core/i18n/saidError.ts';
import type { ToolCallSupport } from '../../main/core/models/toolCalling.ts';
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
  sizeBytes: number;
  /** Against this machine's RAM and VRAM: fits (all layers where they should go), may be slow (partly offloaded or tight), will not fit. */
  fit: { verdict: 'fits' | 'may be slow' | 'will not fit'; score: number; gpuLayers: number; contextSize: number; ramBytes: number; vramBytes: number } | null;
}

async function readInfo(path: string): Promise<GgufFileInfo> {
  try {
    return await readGgufFileInfo(path, { sourceType: 'filesystem', logWarnings: false });
  } catch (error) {
    throw new KopaError('InvalidModelFile', `${path} is not a readable GGUF model: ${(error as Error).message}`, {
      hint: 'Choose a .gguf file (llama.cpp format), copied completely.',
      details: { path },
      cause: error,
    });
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

/** The report a file's header gives, without the fit: what the inspection worker computes. */
export async function headerReport(path: string): Promise<GgufReport> {
  let sizeBytes: number;
  try {
    sizeBytes = statSync(path).size;
  } catch (error) {
    throw new KopaError('NotFound', `There is no file ${path}.`, { cause: error });
  }
  checkGgufHeader(path);
  const info = await readInfo(path);
  await requireKnownArchitecture(path, info);
  const insights = await GgufInsights.from(info);
  const expected = (info.infoEndOffset ?? 0) + insights.modelSize;
  if (sizeBytes < expected) {
    throw new KopaError('InvalidModelFile', `${path} is truncated: it has ${sizeBytes} bytes of the ${expected} its header describes.`, {
      hint: 'Copy the file again, completely.',
      details: { path, sizeBytes, expected },
    });
  }
  const template = info.metadata.tokenizer?.chat_template;
  const isAdapter = String((info.metadata.general as { type?: string }).type) === 'adapter';
  const support = isAdapter ? null : chooseChatFormat({ fileInfo: info, filename: path }).support;
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
    sizeBytes,
    fit: null,
  };
}

export interface InspectOptions {
  /** How long reading the header and rendering its template may take. Defaults to 20 s. */
  timeoutMs?: number;
  /** The inspecting process's heap. Defaults to 1,024 MiB (a 256k-token vocabulary needs a few hundred). */
  memoryMb?: number;
}

/** The inspector script beside this module: the bundle's build of it, or the TypeScript source run through tsx. */
function inspectorScript(): { file: string; execArgv: string[] } {
  for (const name of ['ggufInspectWorker.js', 'ggufInspectWorker.mjs']) {
    const file = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(file)) return { file, execArgv: [] };
  }
  return { file: fileURLToPath(new URL('ggufInspectWorker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/** How long an idle inspector is kept for the next file (starting one takes a second or more). */
const IDLE_MS = 60_000;

type InspectorMessage = { ready?: boolean; id?: number; report?: GgufReport; error?: ErrorPayload };

/**
 * One child process that reads headers, one file at a time. A process, not a thread: V8 ends the whole process when
 * a heap overflows in some allocations (a template's range(10**9)), whatever a worker thread's limits say. It is
 * killed when a file runs it out of its time or memory (the next file gets a fresh one) and when it has been idle
 * for a minute; it never keeps the engine's process alive.
 */
class Inspector {
  private current: { child: ChildProcess; ready: Promise<void>; memoryMb: number } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  private nextId = 0;

  run(path: string, options: InspectOptions): Promise<GgufReport> {
    const job = this.queue.then(() => this.inspect(path, options));
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** A process and the moment it has loaded its modules (the time a file may take is counted from then). */
  private start(memoryMb: number): { child: ChildProcess; ready: Promise<void>; memoryMb: number } {
    const { file, execArgv } = inspectorScript();
    const child = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${memoryMb}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    child.unref();
    child.channel?.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: InspectorMessage): void => {
        if (!message.ready) return;
        child.off('message', onReady);
        clearTimeout(startup);
        resolve();
      };
      // Starting is slow from the TypeScript sources (tsx compiles node-llama-cpp's imports), never minutes.
      const startup = setTimeout(() => reject(new KopaError('Internal', 'The model inspector did not start within 2 minutes.')), 120_000);
      child.on('message', onReady);
      child.once('error', (error) => reject(new KopaError('Internal', `The model inspector failed to start: ${error.message}`)));
      child.once('exit', (code) => reject(new KopaError('Internal', `The model inspector stopped while starting (exit code ${code}).`)));
    });
    ready.catch(() => undefined);
    const started = { child, ready, memoryMb };
    child.once('exit', () => {
      if (this.current === started) this.current = undefined;
    });
    return started;
  }

  private stop(): void {
    const current = this.current;
    this.current = undefined;
    current?.child.kill('SIGKILL');
  }

  private async inspect(path: string, options: InspectOptions): Promise<GgufReport> {
    clearTimeout(this.idle);
    const timeoutMs = options.timeoutMs ?? 20_000;
    const memoryMb = options.memoryMb ?? 1024;
    if (this.current && this.current.memoryMb !== memoryMb) this.stop();
    const started = (this.current ??= this.start(memoryMb));
    try {
      await started.ready;
    } catch (error) {
      this.stop();
      throw error;
    }
    const { child } = started;
    child.ref();
    child.channel?.ref();
    const id = ++this.nextId;
    const invalid = (why: string): KopaError =>
      new KopaError('InvalidModelFile', `${path} could not be inspected: ${why}.`, {
        hint: 'Its chat template or header is built to exhaust this machine; use a model file from a source you trust.',
        details: { path },
      });
    return new Promise<GgufReport>((resolve, reject) => {
      const done = (outcome: () => void, keep: boolean): void => {
        clearTimeout(deadline);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (keep) {
          child.unref();
          child.channel?.unref();
          this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
        } else this.stop();
        outcome();
      };
      const onMessage = (message: InspectorMessage): void => {
        if (message.id !== id) return;
        done(() => (message.report ? resolve(message.report) : reject(fromErrorPayload(message.error!))), true);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
        done(
          () => reject(invalid(`reading it ended the inspecting process (${signal ?? `exit code ${code}`}; it may have needed more than ${memoryMb} MiB)`)),
          false,
        );
      const deadline = setTimeout(
        () => done(() => reject(invalid(`reading its header and rendering its chat template took longer than ${timeoutMs / 1000} s`)), false),
        timeoutMs,
      );
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, path });
    });
  }
}

const inspector = new Inspector();

export async function inspectGguf(path: string, runtime?: LlamaRuntime, options: InspectOptions = {}): Promise<GgufReport> {
  const report = await inspector.run(path, options);
  if (!runtime) return report;
  // The header passed the worker's checks, so reading it here is bounded; the fit needs this thread's runtime.
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
