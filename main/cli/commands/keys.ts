import type { Command } from 'commander';
import type { KeyReport } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';

function renderKeys(report: KeyReport, t: CommandContext['t']): string {
  const rows = report.keys.map((k) => ({
    key: k.keyId,
    issuer: k.portal.name.en,
    source: k.source ?? t('cli.keys.missing'),
    variable: k.envVar,
    apply: k.portal.url,
  }));
  const vault = report.vault.available ? t('cli.keys.vault', { file: report.vault.file ?? '' }) : t('cli.keys.noVault', { reason: report.vault.reason ?? '' });
  return `${renderTable(rows)}\n${vault}`;
}

export function registerKeys(program: Command, context: () => CommandContext): void {
  program.command('keys').action(async () => {
    const ctx = context();
    const report = await ctx.withEngine((engine) => engine.call('keys.status', {}));
    ctx.out.result(report, (r) => renderKeys(r, ctx.t));
  });
}
