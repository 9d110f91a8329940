// The only import site of node-llama-cpp. Air-gapped by construction: it never builds, never downloads, and
// reports what it found (binary, GPU, devices) instead of fetching what is missing.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { getLlama, getLlamaGpuTypes, LlamaLogLevel, type Llama, type LlamaGpuType } from 'node-llama-cpp';
import { saidError } from '../../main/core/i18n/saidError.ts';
import { LocalModel } from './LocalModel/LocalModel.ts';
import { inferenceThreads } from './inferenceThreads.ts';
import type { LoadLocalModelOptions } from './LocalModel/options.ts';

export type GpuChoice = 'auto' | 'cuda' | 'vulkan' | 'metal' | false;

export interface LlamaRuntimeOptions {
  /** Which GPU backend to use. Defaults to "auto" (CUDA or Vulkan on Linux and Windows, Metal on macOS, else CPU). */
  gpu?: GpuChoice;
  /**
   * CPU threads for inference. Defaults to KOPA_LLAMA_THREADS where it is set, else the number of math cores llama.cpp
   * detects, and one for a model under 16 M parameters (inferenceThreads.ts); never more than the machine has.
   */
  threads?: number;
  /** Receives llama.cpp's own log lines (already filtered to warnings and errors). Defaults to dropping them. */
  logger?: (level: 'error' | 'warn', message: string) => void;
}

export interface LlamaRuntimeInfo {
  /** The native binary that was loaded: its file path where the OS tells, else how it was obtained. */
  binary: string;
  buildType: 'prebuilt' | 'localBuild';
  /** The GPU backend in use, or false for CPU only. */
  gpu: LlamaGpuType;
  gpuDevices: string[];
  vram: { totalBytes: number; freeBytes: number } | null;
  /** GPU backends whose binaries are installed and usable on this machine. */
  usableGpuTypes: LlamaGpuType[];
  cpuMathCores: number;
  /** Threads a model of ordinary size computes with (a model under 16 M parameters uses one unless threads were asked for). */
  threads: number;
  llamaCppRelease: string;
}

/**
 * KOPA_LLAMA_THREADS, for a workstation that must keep cores for other work: llama.cpp's threads spin while they wait
 * for each other, so a thread without a core of its own wastes the time of the one that has it.
 */
function threadsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.KOPA_LLAMA_THREADS?.trim();
  if (!raw) return undefined;
  const threads = Number(raw);
  if (!Number.isInteger(threads) || threads < 1) throw saidError('Usage', { message: 'error.llamaThreads', hint: 'error.llamaThreads.hint', vars: { raw } });
  return threads;
}

function loadedBinaryPath(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const maps = readFileSync('/proc/self/maps', 'utf8');
    const line = maps.split('\n').find((l) => l.endsWith('llama-addon.node'));
    return line?.slice(line.indexOf('/'));
  } catch {
    return undefined;
  }
}

export class LlamaRuntime implements AsyncDisposable {
  readonly llama: Llama;
  /** Threads a model of ordinary size computes with. */
  readonly threads: number;
  private readonly threadsAsked: boolean;
  private disposed = false;

  private constructor(llama: Llama, threads: number, threadsAsked: boolean) {
    this.llama = llama;
    this.threads = threads;
    this.threadsAsked = threadsAsked;
  }

  /** The threads a model of this many parameters computes with. */
  threadsFor(parameters: number): number {
    return inferenceThreads({ asked: this.threadsAsked ? this.threads : undefined, ordinary: this.threads, parameters });
  }

  /**
   * Loads the llama.cpp binary that is already installed (a prebuilt package or a local build).
   * @throws KopaError RuntimeUnavailable when no usable binary is installed; Usage when KOPA_LLAMA_THREADS is not a number of threads.
   */
  static async create(options: LlamaRuntimeOptions = {}): Promise<LlamaRuntime> {
    const logger = options.logger;
    const asked = options.threads ?? threadsFromEnv(process.env);
    let llama: Llama;
    try {
      llama = await getLlama({
        gpu: options.gpu ?? 'auto',
        build: 'never',
        skipDownload: true,
        progressLogs: false,
        logLevel: LlamaLogLevel.warn,
        logger: (level, message) => {
          if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) logger?.('error', message);
          else if (level === LlamaLogLevel.warn) logger?.('warn', message);
        },
      });
    } catch (error) {
      throw saidError(
        'RuntimeUnavailable',
        { message: 'error.noLlamaBinary', hint: 'error.noLlamaBinary.hint', vars: { why: (error as Error).message } },
        { cause: error },
      );
    }
    const threads = Math.max(1, Math.min(asked ?? llama.cpuMathCores, availableParallelism()));
    return new LlamaRuntime(llama, threads, asked !== undefined);
  }

  async describe(): Promise<LlamaRuntimeInfo> {
    this.ensureAlive();
    const [gpuDevices, vram, usable] = await Promise.all([
      this.llama.getGpuDeviceNames(),
      this.llama.gpu === false ? Promise.resolve(null) : this.llama.getVramState(),
      getLlamaGpuTypes('supported'),
    ]);
    return {
      binary: loadedBinaryPath() ?? this.llama.buildType,
      buildType: this.llama.buildType,
      gpu: this.llama.gpu,
      gpuDevices,
      vram: vram ? { totalBytes: vram.total, freeBytes: vram.free } : null,
      usableGpuTypes: usable,
      cpuMathCores: this.llama.cpuMathCores,
      threads: this.threads,
      llamaCppRelease: this.llama.llamaCppRelease.release,
    };
  }

  /** Loads a GGUF model the user chose. The caller owns the result and must dispose it. */
  async loadModel(options: LoadLocalModelOptions): Promise<LocalModel> {
    this.ensureAlive();
    return LocalModel.load(this, options);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.llama.dispose();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  private ensureAlive(): void {
    if (this.disposed) throw saidError('Disposed', { message: 'error.llamaDisposed' });
  }
}
