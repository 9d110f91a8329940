// What `kopa doctor` and the UI's diagnostics report: read from this machine, never fetched or built.
import type { DoctorReport, LlamaReport, Progress } from '../../api/contract.ts';
import type { LlamaRuntime } from '../../../native/llama/index.ts';
import { detectChromium } from '../environment/detectChromium.ts';
import { detectElectron } from '../environment/detectElectron.ts';

export interface DoctorInputs {
  dataDir: string;
  schemaVersion: number;
  llama: () => Promise<LlamaRuntime>;
  onProgress?: (progress: Progress) => void;
}

async function llamaReport(llama: () => Promise<LlamaRuntime>): Promise<LlamaReport> {
  try {
    const info = await (await llama()).describe();
    return {
      binary: info.binary,
      gpu: info.gpu,
      gpuDevices: info.gpuDevices,
      vram: info.vram,
      usableGpuTypes: info.usableGpuTypes,
      cpuMathCores: info.cpuMathCores,
      threads: info.threads,
      llamaCppRelease: info.llamaCppRelease,
    };
  } catch (error) {
    return {
      binary: null,
      gpu: null,
      gpuDevices: [],
      vram: null,
      usableGpuTypes: [],
      cpuMathCores: null,
      threads: null,
      llamaCppRelease: null,
      error: (error as Error).message,
    };
  }
}

export async function collectDoctorReport(inputs: DoctorInputs): Promise<DoctorReport> {
  const total = 3;
  inputs.onProgress?.({ stage: 'doctor', done: 0, total, message: 'llama.cpp' });
  const llama = await llamaReport(inputs.llama);
  inputs.onProgress?.({ stage: 'doctor', done: 1, total, message: 'Chromium' });
  const chromium = await detectChromium();
  inputs.onProgress?.({ stage: 'doctor', done: 2, total, message: 'Electron' });
  const electron = detectElectron();
  inputs.onProgress?.({ stage: 'doctor', done: 3, total });
  return { node: process.versions.node, dataDir: inputs.dataDir, schemaVersion: inputs.schemaVersion, llama, chromium, electron };
}
