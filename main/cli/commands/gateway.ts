import { Option, type Command } from 'commander';
import { gatewayModes, type CallResult, type GatewayMode, type ParsedOutcome } from '../../core/gateway/callResult.ts';
import { isRemote, type ToolSpec } from '../../core/catalog/types.ts';
import { sayViolation } from '../../core/catalog/sayViolation.ts';
import { isStringKey, type Locale } from '../../core/i18n/strings.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { formatMoment } from '../../core/i18n/moments.ts';
import { parseInstant, parseInteger, parseJsonObject } from '../optionParsers.ts';
import { readInputFile } from '../../engine/files/readInputFile.ts';

/** The fields a person looks at first in a tool's rows (the catalog's `response.headline`). */
function headlineOf(spec: ToolSpec | undefined): string[] | undefined {
  return spec && isRemote(spec) ? spec.response.headline : undefined;
}

export function renderOutcome(
  tool: string,
  result: ParsedOutcome & Partial<Pick<CallResult, 'source' | 'latencyMs'>>,
  t: CommandContext['t'],
  locale: Locale,
  headline?: string[],
): string {
  const status = result.ok ? t('cli.call.ok') : t('cli.call.failed', { kind: result.error?.kind ?? '' });
  const where = result.source
    ? `  (${result.latencyMs !== undefined ? t('cli.call.sourceMs', { source: result.source, ms: Math.round(result.latencyMs) }) : result.source})`
    : '';
  const code = result.resultCode !== null ? t('cli.call.resultCode', { code: result.resultCode, message: result.resultMessage ?? '' }).trimEnd() : '';
  const rows = result.ok ? t('cli.call.rows', { n: result.items.length, total: result.totalCount ?? result.items.length }) : '';
  const page = result.ok && result.page ? ` ${t('cli.call.page', { page: result.page.pageNo, perPage: result.page.numOfRows })}` : '';
  const lines = [`${tool}  ${status}${where}`, [code, rows + page].filter(Boolean).join(', ')].filter(Boolean);
  const violations = result.error?.violations ?? [];
  if (violations.length > 0) {
    // The error's message lists the same problems for a model to read; a person gets them once, one per line.
    lines.push(`  ${t('cli.call.violations')}`);
    for (const v of violations) lines.push(`  - ${v.path.replace(/^\//, '') || t('cli.call.wholeArguments')}: ${sayViolation(locale, v)}`);
    lines.push(`  ${t('cli.hint', { hint: t('cli.call.showTool', { tool }) })}`);
  } else if (result.error) {
    // The engine's account of a failed call names the variable or host to fix, in English; the kind's own sentence
    // comes first in the reader's language where it is not English.
    const kindKey = `errorKind.${result.error.kind}`;
    if (locale !== 'en' && isStringKey(kindKey)) lines.push(`  ${t(kindKey)}`);
    lines.push(`  ${result.error.message}`);
  }
  for (const w of result.warnings) lines.push(t('cli.warning', { warning: w }));
  if (result.ok) lines.push(renderTable(result.items, { headline }));
  return lines.join('\n');
}

interface CallOptions {
  args: Record<string, unknown>;
  mode: GatewayMode;
  snapshot?: string;
  apiBase?: string;
  seed?: number;
  faults?: string;
  now?: Date;
}

export function registerCall(program: Command, context: () => CommandContext): void {
  program
    .command('call')
    .argument('<tool>', 'tool id, e.g. kma.getUltraSrtNcst')
    .requiredOption('--args <json>', 'arguments as a JSON object', parseJsonObject)
    .addOption(new Option('--mode <mode>', 'where the answer comes from').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'snapshot to record into or replay from')
    .option('--api-base <url>', 'live and record modes: send every API host to this base instead (e.g. a kopa emulator)')
    .option('--seed <n>', 'emulator mode: the world seed (default 1)', parseInteger)
    .option('--faults <profile>', 'emulator mode: a fault profile (none, latency, flaky, quota, nodata, malformed, drift, chaos, or a JSON file)')
    .option('--now <iso>', "emulator mode: the emulator's clock", parseInstant)
    .action(async (tool: string, options: CallOptions) => {
      const ctx = context();
      const faults = options.faults ? (await import('../../engine/emulator/faults.ts')).parseFaultProfile(options.faults) : undefined;
      const { result, headline } = await ctx.withEngine(
        async (engine) => ({
          result: await engine.call('gateway.call', { tool, args: options.args, mode: options.mode, snapshot: options.snapshot }),
          headline: headlineOf(engine.catalog().get(tool)),
        }),
        { gateway: { apiBase: options.apiBase }, emulator: { seed: options.seed, faults, ...(options.now ? { now: () => options.now! } : {}) } },
      );
      ctx.out.result(result, (r) => renderOutcome(tool, r, ctx.t, ctx.locale, headline));
      if (!result.ok) ctx.exitCode = result.error?.violations?.length ? 2 : 1;
    });

  const gateway = program.command('gateway');
  gateway
    .command('parse')
    .argument('<tool>', 'tool id')
    .argument('<file>', 'the saved response body')
    .option('--status <code>', 'the HTTP status it came with (default 200)', parseInteger)
    .option('--content-type <type>', 'the Content-Type it came with, for its charset (default: the XML declaration, else UTF-8)')
    .action(async (tool: string, file: string, options: { status?: number; contentType?: string }) => {
      const ctx = context();
      const bytes = readInputFile(file);
      const { result, headline } = await ctx.withEngine(async (engine) => ({
        result: await engine.call('gateway.parse', { tool, bodyBase64: bytes.toString('base64'), status: options.status, contentType: options.contentType }),
        headline: headlineOf(engine.catalog().get(tool)),
      }));
      ctx.out.result(result, (r) => renderOutcome(tool, r, ctx.t, ctx.locale, headline));
      if (!result.ok) ctx.exitCode = 1;
    });
}

/** The recordings record mode makes: their snapshots, and bundles that carry one to another workstation. */
export function registerRecordings(program: Command, context: () => CommandContext): void {
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
      const summary = await ctx.withProgress((onProgress, signal) =>
        ctx.withEngine((engine) => engine.call('bundle.export', { snapshot: options.snapshot, file: options.out }, { onProgress, signal })),
      );
      ctx.out.result(summary, (s) => `${ctx.t('cli.bundle.exported', { n: s.entries, snapshot: s.snapshot, file: s.file })}\nsha256 ${s.payloadSha256}`);
    });
  bundle
    .command('import')
    .argument('<file>', 'the bundle file')
    .option('--as <name>', 'import under this snapshot name instead')
    .action(async (file: string, options: { as?: string }) => {
      const ctx = context();
      const summary = await ctx.withProgress((onProgress, signal) =>
        ctx.withEngine((engine) => engine.call('bundle.import', { file, as: options.as }, { onProgress, signal })),
      );
      ctx.out.result(summary, (s) => ctx.t('cli.bundle.imported', { n: s.entries, snapshot: s.snapshot, sha: `${s.payloadSha256.slice(0, 16)}…` }));
    });
}
