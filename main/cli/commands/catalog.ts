import type { Command } from 'commander';
import { formatProblem } from '../../core/catalog/catalogProblem.ts';
import { isRemote, noteIn, type ToolSpec } from '../../core/catalog/types.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { Locale, StringKey } from '../../core/i18n/strings.ts';
import type { CatalogListing } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';
import { labeller, renderTable } from '../table.ts';
import { writeFileNoFollow } from '../../engine/files/noFollow.ts';

function renderList(listing: CatalogListing, t: CommandContext['t']): string {
  const table = renderTable(
    listing.tools.map((tool) => ({ id: tool.id, name: tool.name.ko, endpoint: tool.endpoint ?? t('cli.catalog.local') })),
    { maxRows: 1000, maxWidth: 200 },
  );
  const problems = listing.problems.length
    ? `\n\n${t('cli.catalog.userProblems', { n: listing.problems.length })}\n${listing.problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`
    : '';
  return `${t('cli.catalog.count', { n: listing.tools.length })}\n${table}${problems}`;
}

function renderSpec(spec: ToolSpec, t: CommandContext['t'], locale: Locale): string {
  const label = labeller<StringKey>(
    ['cli.catalog.endpoint', 'cli.catalog.key', 'cli.catalog.format', 'cli.catalog.success', 'cli.catalog.quota', 'cli.catalog.source'],
    (key) => t(key),
  );
  const lines = [`${spec.id} — ${spec.name.ko} (${spec.name.en})`, '', spec.description.ko, spec.description.en, ''];
  if (isRemote(spec)) {
    lines.push(`${label('cli.catalog.endpoint')}${spec.endpoint.method} ${spec.endpoint.scheme}://${spec.endpoint.host}${spec.endpoint.path}`);
    lines.push(`${label('cli.catalog.key')}${spec.auth.param} (${spec.auth.keyId})`);
    lines.push(`${label('cli.catalog.format')}${spec.format.request}${spec.format.param ? ` (${spec.format.param}=${spec.format[spec.format.request]})` : ''}`);
    lines.push(
      `${label('cli.catalog.success')}${t('cli.catalog.successCodes', { codes: spec.response.successCodes.join(', '), envelope: spec.response.envelope })}`,
    );
    if (spec.quota) {
      const limits = [
        spec.quota.perDay ? t('cli.catalog.perDay', { n: spec.quota.perDay }) : '',
        spec.quota.perSecond ? t('cli.catalog.perSecond', { n: spec.quota.perSecond }) : '',
      ].filter(Boolean);
      lines.push(`${label('cli.catalog.quota')}${[spec.quota.group, ...limits].join(', ')}`);
    }
  } else if (spec.kind === 'local') {
    lines.push(t('cli.catalog.localFunction', { name: spec.function }));
  } else {
    lines.push(t('cli.catalog.queryTool'));
  }
  const required = new Set(spec.parameters.required ?? []);
  lines.push('', t('cli.catalog.parameters'));
  for (const [name, p] of Object.entries(spec.parameters.properties)) {
    lines.push(`  ${name}${required.has(name) ? '*' : ''}  ${p.type}${p['x-semantic'] ? ` [${p['x-semantic']}]` : ''}  ${p.description}`);
  }
  if (required.size > 0) lines.push(`  ${t('cli.catalog.requiredMark')}`);
  lines.push('', t('cli.catalog.fields'));
  for (const [name, f] of Object.entries(spec.response.fields))
    lines.push(`  ${name}  ${f.type}${f.semantic ? ` [${f.semantic}]` : ''}${f.ko ? `  ${f.ko}` : ''}`);
  lines.push('', `${label('cli.catalog.source')}${spec.source}`);
  if ('verify' in spec && spec.verify?.length) lines.push('', t('cli.catalog.verify'), ...spec.verify.map((v) => `  - ${noteIn(v, locale).text}`));
  return lines.join('\n');
}

export function registerCatalog(program: Command, context: () => CommandContext): void {
  const catalog = program.command('catalog');

  catalog
    .command('list')
    .option('--agency <name>', 'only one agency (e.g. KMA, airkorea)')
    .action(async (options: { agency?: string }) => {
      const ctx = context();
      const listing = await ctx.withEngine((engine) => engine.call('catalog.list', { agency: options.agency }));
      ctx.out.result(listing, (l) => renderList(l, ctx.t));
    });

  catalog
    .command('show')
    .argument('<id>', 'tool id, e.g. kma.getUltraSrtNcst')
    .action(async (id: string) => {
      const ctx = context();
      const spec = await ctx.withEngine((engine) => engine.call('catalog.get', { id }));
      ctx.out.result(spec, (s) => renderSpec(s, ctx.t, ctx.locale));
    });

  catalog
    .command('validate')
    .argument('[files...]', 'catalog files to check instead')
    .action(async (files: string[]) => {
      const ctx = context();
      const result = await ctx.withEngine((engine) => engine.call('catalog.validate', { files }));
      ctx.out.result(result, (r) =>
        r.problems.length === 0 ? ctx.t('cli.catalog.valid', { tools: r.tools, files: r.files.length }) : r.problems.map(formatProblem).join('\n'),
      );
      if (result.problems.length > 0) ctx.exitCode = 1;
    });

  catalog
    .command('import')
    .argument('<file>', 'the OpenAPI document')
    .option('--agency <prefix>', 'tool id prefix (lowercase letters and digits)')
    .option('--out <file>', 'write the catalog file here (review it, then place it in DATA_DIR/catalog)')
    .action(async (file: string, options: { agency?: string; out?: string }) => {
      const ctx = context();
      const result = await ctx.withEngine((engine) => engine.call('catalog.import', { file, agency: options.agency }));
      if (options.out) writeFileNoFollow(options.out, `${JSON.stringify(result.file, null, 2)}\n`);
      ctx.out.result(result, (r) =>
        [
          ctx.t('cli.catalog.imported', { n: r.file.tools.length, ids: r.file.tools.map((tool) => tool.id).join(', ') }),
          ...r.warnings.map((w) => ctx.t('cli.warning', { warning: w })),
          ...r.problems.map((p) => ctx.t('cli.catalog.problem', { problem: formatProblem(p) })),
          options.out ? ctx.t('cli.written', { file: options.out }) : JSON.stringify(r.file, null, 2),
        ].join('\n'),
      );
      if (result.problems.length > 0 && !options.out) throw saidError('InvalidRequest', { message: 'error.importNotValid' });
    });
}
