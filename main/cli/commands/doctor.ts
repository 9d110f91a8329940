import type { Command } from 'commander';
import type { DoctorReport, RuntimeReport } from '../../api/contract.ts';
import { APP_NAME, APP_VERSION } from '../../core/appInfo.ts';
import type { CommandContext } from '../context.ts';
import { labeller } from '../table.ts';

function runtimeLine(report: RuntimeReport, t: CommandContext['t']): string {
  if (report.available) return t('cli.doctor.at', { version: report.version ?? t('cli.doctor.versionUnknown'), path: report.path ?? '' });
  return t('cli.doctor.unavailable', { reason: report.reason ?? t('cli.doctor.unknownReason') });
}

export function renderDoctor(report: DoctorReport, t: CommandContext['t']): string {
  const { llama } = report;
  const llamaLine =
    llama.binary === null
      ? t('cli.doctor.unavailable', { reason: llama.error ?? t('cli.doctor.noBinary') })
      : `${llama.binary} (llama.cpp ${llama.llamaCppRelease})`;
  const free = llama.vram
    ? t('cli.doctor.vramFree', { free: (llama.vram.freeBytes / 2 ** 30).toFixed(1), total: (llama.vram.totalBytes / 2 ** 30).toFixed(1) })
    : '';
  const gpu =
    llama.gpu === null
      ? t('cli.doctor.unknown')
      : llama.gpu === false
        ? t(llama.usableGpuTypes.some(Boolean) ? 'cli.doctor.cpu' : 'cli.doctor.cpuNoBackend', {
            cores: llama.cpuMathCores ?? '',
            threads: llama.threads ?? '',
          })
        : `${llama.gpu}: ${llama.gpuDevices.join(', ') || t('cli.doctor.noDeviceNames')}${free ? `, ${free}` : ''}`;
  const rows: [string, string][] = [
    ['Node.js', report.node],
    [t('status.dataDir'), report.dataDir],
    [t('cli.doctor.schema'), String(report.schemaVersion)],
    [t('doctor.llama'), llamaLine],
    ['GPU', gpu],
    ['Chromium', runtimeLine(report.chromium, t)],
    ['Electron', runtimeLine(report.electron, t)],
  ];
  const label = labeller(
    rows.map(([k]) => k),
    (k) => k,
  );
  return [`${APP_NAME} ${APP_VERSION}`, ...rows.map(([k, v]) => `  ${label(k)}${v}`)].join('\n');
}

export function registerDoctor(program: Command, context: () => CommandContext): void {
  program.command('doctor').action(async () => {
    const ctx = context();
    const report = await ctx.withProgress((onProgress, signal) => ctx.withEngine((engine) => engine.call('engine.doctor', {}, { onProgress, signal })));
    ctx.out.result(report, (r) => renderDoctor(r, ctx.t));
  });
}
