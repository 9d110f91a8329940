import type { Command } from 'commander';
import type { DoctorReport, RuntimeReport } from '../../api/contract.ts';
import { APP_NAME, APP_VERSION } from '../../core/appInfo.ts';
import type { CommandContext } from '../context.ts';

function runtimeLine(report: RuntimeReport): string {
  if (report.available) return `${report.version ?? 'version unknown'} at ${report.path}`;
  return `not available: ${report.reason ?? 'unknown reason'}`;
}

export function renderDoctor(report: DoctorReport): string {
  const { llama } = report;
  const llamaLine = llama.binary === null ? `not available: ${llama.error ?? 'no binary'}` : `${llama.binary} (llama.cpp ${llama.llamaCppRelease})`;
  const gpu =
    llama.gpu === null
      ? 'unknown'
      : llama.gpu === false
        ? `none, CPU with ${llama.cpuMathCores} math cores${llama.usableGpuTypes.some(Boolean) ? '' : ' (no usable GPU backend)'}`
        : `${llama.gpu}: ${llama.gpuDevices.join(', ') || 'device names unavailable'}${llama.vram ? `, ${(llama.vram.freeBytes / 2 ** 30).toFixed(1)} of ${(llama.vram.totalBytes / 2 ** 30).toFixed(1)} GiB free` : ''}`;
  const rows: [string, string][] = [
    ['Node.js', report.node],
    ['Data folder', report.dataDir],
    ['Schema version', String(report.schemaVersion)],
    ['llama.cpp binary', llamaLine],
    ['GPU', gpu],
    ['Chromium', runtimeLine(report.chromium)],
    ['Electron', runtimeLine(report.electron)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return [`${APP_NAME} ${APP_VERSION}`, ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)].join('\n');
}

export function registerDoctor(program: Command, context: () => CommandContext): void {
  program
    .command('doctor')
    .action(async () => {
      const ctx = context();
      const report = await ctx.withProgress((onProgress) =>
        ctx.withEngine((engine) => engine.call('engine.doctor', {}, { onProgress })),
      );
      ctx.out.result(report, renderDoctor);
    });
}
