import type { Command } from 'commander';
import type { AuditVerdict } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';

function renderVerdict(v: AuditVerdict, t: CommandContext['t']): string {
  const against = v.checkpoints ? t('cli.audit.checkpoints', { n: v.checkpoints }) : '';
  if (v.ok) return t('cli.audit.intact', { entries: v.entries, head: v.head ?? '', against });
  return [
    t('cli.audit.tampered', { entries: v.entries }),
    ...v.problems.map((p) => `  ${p.seq === null ? t('cli.audit.chain') : t('cli.audit.entry', { seq: p.seq })}: ${p.message}`),
  ].join('\n');
}

export function registerAudit(program: Command, context: () => CommandContext): void {
  const audit = program.command('audit');
  audit.command('verify').action(async () => {
    const ctx = context();
    const verdict = await ctx.withEngine((engine) => engine.call('audit.verify', {}));
    ctx.out.result(verdict, (v) => renderVerdict(v, ctx.t));
    if (!verdict.ok) ctx.exitCode = 1;
  });
}
