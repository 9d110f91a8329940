import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { formatProblem } from '../../core/catalog/catalogProblem.ts';
import { isRemote, type ToolSpec } from '../../core/catalog/types.ts';
import { KopaError } from '../../core/errors.ts';
import type { CatalogListing } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';

function renderList(listing: CatalogListing): string {
  const table = renderTable(
    listing.tools.map((t) => ({ id: t.id, name: t.name.ko, endpoint: t.endpoint ?? '(local)' })),
    { maxRows: 1000, maxWidth: 200 },
  );
  const problems = listing.problems.length ? `\n\n${listing.problems.length} problem(s) in user catalog files (their tools are left out):\n${listing.problems.map((p) => `  ${formatProblem(p)}`).join('\n')}` : '';
  return `${listing.tools.length} tools\n${table}${problems}`;
}

function renderSpec(spec: ToolSpec): string {
  const lines = [`${spec.id} — ${spec.name.ko} (${spec.name.en})`, '', spec.description.ko, spec.description.en, ''];
  if (isRemote(spec)) {
    lines.push(`endpoint  ${spec.endpoint.method} ${spec.endpoint.scheme}://${spec.endpoint.host}${spec.endpoint.path}`);
    lines.push(`key       ${spec.auth.param} (${spec.auth.keyId})`);
    lines.push(`format    ${spec.format.request}${spec.format.param ? ` via ${spec.format.param}=${spec.format[spec.format.request]}` : ''}`);
    lines.push(`success   ${spec.response.successCodes.join(', ')} (${spec.response.envelope} envelope)`);
    if (spec.quota) lines.push(`quota     ${spec.quota.group}${spec.quota.perDay ? `, ${spec.quota.perDay}/day` : ''}${spec.quota.perSecond ? `, ${spec.quota.perSecond}/s` : ''}`);
  } else if (spec.kind === 'local') {
    lines.push(`local function ${spec.function}`);
  } else {
    lines.push('query tool: runs over the earlier results of an agent episode or a plan, never through the gateway');
  }
  const required = new Set(spec.parameters.required ?? []);
  lines.push('', 'parameters');
  for (const [name, p] of Object.entries(spec.parameters.properties)) {
    lines.push(`  ${name}${required.has(name) ? '*' : ''}  ${p.type}${p['x-semantic'] ? ` [${p['x-semantic']}]` : ''}  ${p.description}`);
  }
  lines.push('', 'response fields');
  for (const [name, f] of Object.entries(spec.response.fields)) lines.push(`  ${name}  ${f.type}${f.semantic ? ` [${f.semantic}]` : ''}${f.ko ? `  ${f.ko}` : ''}`);
  lines.push('', `source  ${spec.source}`);
  if ('verify' in spec && spec.verify?.length) lines.push('', 'to verify against the live API:', ...spec.verify.map((v) => `  - ${v}`));
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
      ctx.out.result(listing, renderList);
    });

  catalog
    .command('show')
    .argument('<id>', 'tool id, e.g. kma.getUltraSrtNcst')
    .action(async (id: string) => {
      const ctx = context();
      const spec = await ctx.withEngine((engine) => engine.call('catalog.get', { id }));
      ctx.out.result(spec, renderSpec);
    });

  catalog
    .command('validate')
    .argument('[files...]', 'catalog files to check instead')
    .action(async (files: string[]) => {
      const ctx = context();
      const result = await ctx.withEngine((engine) => engine.call('catalog.validate', { files }));
      ctx.out.result(result, (r) => (r.problems.length === 0 ? `${r.tools} tools in ${r.files.length} files: valid` : r.problems.map(formatProblem).join('\n')));
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
      if (options.out) writeFileSync(options.out, `${JSON.stringify(result.file, null, 2)}\n`);
      ctx.out.result(result, (r) =>
        [
          `${r.file.tools.length} tool(s): ${r.file.tools.map((t) => t.id).join(', ')}`,
          ...r.warnings.map((w) => `warning: ${w}`),
          ...r.problems.map((p) => `problem: ${formatProblem(p)}`),
          options.out ? `written to ${options.out}` : JSON.stringify(r.file, null, 2),
        ].join('\n'),
      );
      if (result.problems.length > 0 && !options.out) throw new KopaError('InvalidRequest', 'The imported specs do not validate yet; fix the problems above.');
    });
}
