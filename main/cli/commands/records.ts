import type { Command } from 'commander';
import type { AuditVerdict } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { formatMoment } from '../../core/i18n/moments.ts';

function renderVerdict(v: AuditVerdict, t: CommandContext['t']): string {
  const against = v.checkpoints ? t('cli.audit.checkpoints', { n: v.checkpoints }) : '';
  if (v.ok) return t('cli.audit.intact', { entries: v.entries, head: v.head ?? '', against });
  return [
    t('cli.audit.tampered', { entries: v.entries }),
    ...v.problems.map((p) => `  ${p.seq === null ? t('cli.audit.chain') : t('cli.audit.entry', { seq: p.seq })}: ${p.message}`),
  ].join('\n');
}

export function registerRecords(program: Command, context: () => CommandContext): void {
  const audit = program.command('audit');
  audit.command('verify').action(async () => {
    const ctx = context();
    const verdict = await ctx.withEngine((engine) => engine.call('audit.verify', {}));
    ctx.out.result(verdict, (v) => renderVerdict(v, ctx.t));
    if (!verdict.ok) ctx.exitCode = 1;
  });

  program.command('snapshots').action(async () => {
    const ctx = context();
    const list = await ctx.withEngine((engine) => engine.call('snapshots.list', {}));
    ctx.out.result(list, (l) =>
      renderTable(
        l.map((s) => ({ name: s.name, recordings: s.recordings, created: formatMoment(s.createdAt, ctx.locale), importedFrom: s.importedFrom ?? '' })),
      ),
    );
  });

  const bundle = program.command('bundle');
  bundle
    .command('export')
    .requiredOption('--snapshot <name>', 'the snapshot to export')
    .requiredOption('--out <file>', 'the bundle file to write')
    .action(async (options: { snapshot: string; out: string }) => {
      const ctx = context();
      const summary = await ctx.withProgress((onProgress) =>
        ctx.withEngine((engine) => engine.call('bundle.export', { snapshot: options.snapshot, file: options.out }, { onProgress })),
      );
      ctx.out.result(summary, (s) => `${ctx.t('cli.bundle.exported', { n: s.entries, snapshot: s.snapshot, file: s.file })}\nsha256 ${s.payloadSha256}`);
    });
  bundle
    .command('import')
    .argument('<file>', 'the bundle file')
    .option('--as <name>', 'import under this snapshot name instead')
    .action(async (file: string, options: { as?: string }) => {
      const ctx = context();
      const summary = await ctx.withProgress((onProgress) =>
        ctx.withEngine((engine) => engine.call('bundle.import', { file, as: options.as }, { onProgress })),
      );
      ctx.out.result(summary, (s) => ctx.t('cli.bundle.imported', { n: s.entries, snapshot: s.snapshot, sha: `${s.payloadSha256.slice(0, 16)}…` }));
    });
}
