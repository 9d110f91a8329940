// The engine itself: its status, the doctor's report of this machine, and what the data folder holds.
import { empty, type EmptyParams, type MethodSchemas } from './shared.ts';

export type EngineHost = 'cli' | 'browser' | 'desktop' | 'test';

/** The data folder's size by its top-level parts (database, models, cache…), largest first. */
export interface DiskUse {
  dataDir: string;
  totalBytes: number;
  parts: { name: string; bytes: number }[];
}

export interface EngineStatus {
  app: { name: string; version: string };
  engine: { host: EngineHost; pid: number; startedAt: string; uptimeMs: number };
  runtime: { node: string; platform: string; arch: string };
  dataDir: string;
  database: { file: string; schemaVersion: number; latestSchemaVersion: number; sqliteVersion: string };
  memory: { rssBytes: number; heapUsedBytes: number };
}

export interface LlamaReport {
  /** The llama.cpp binary that loads here (its path where the OS tells), or null when none does. */
  binary: string | null;
  /** The GPU backend in use (cuda, vulkan, metal), false for CPU only, or null when no binary loads. */
  gpu: string | false | null;
  gpuDevices: string[];
  vram: { totalBytes: number; freeBytes: number } | null;
  usableGpuTypes: (string | false)[];
  cpuMathCores: number | null;
  /** The CPU threads local inference uses (KOPA_LLAMA_THREADS where set, else the math cores; one for a model under 16 M parameters). */
  threads: number | null;
  llamaCppRelease: string | null;
  /** Why no binary loads, when none does. */
  error?: string;
}

export interface RuntimeReport {
  /** Whether it can be used here and now. */
  available: boolean;
  /** The executable, when one was found. */
  path: string | null;
  version: string | null;
  /** Why it is not available, when it is not. */
  reason?: string;
}

export interface DoctorReport {
  /** The Node.js version running the engine. */
  node: string;
  dataDir: string;
  schemaVersion: number;
  llama: LlamaReport;
  chromium: RuntimeReport;
  electron: RuntimeReport;
}

/** Parameters and result of each method. */
export interface StatusMethods {
  'engine.status': { params: EmptyParams; result: EngineStatus };
  'engine.doctor': { params: EmptyParams; result: DoctorReport };
  'engine.diskUse': { params: EmptyParams; result: DiskUse };
}

export const statusSchemas: MethodSchemas<StatusMethods> = {
  'engine.status': empty,
  'engine.doctor': empty,
  'engine.diskUse': empty,
};
