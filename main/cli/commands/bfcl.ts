import type { Command } from 'commander';
import type { BfclCheckSummary, BfclConformance } from '../../api/contract.ts';
import { BFCL_CATEGORIES, type BfclCategory } from '../../core/bfcl/categories.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { formatMoment } from '../../core/i18n/moments.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { parseList, parseCount } from '../optionParsers.ts';
import { percent } from '../../core/text/percent.ts';

const pct = (x: number): string => percent(x, 2);

function categories(list: string[] | undefined): BfclCategory[] | undefined {
  if (!list) return undefined;
  const unknown = list.filter((c) => !(BFCL_CATEGORIES as readonly string[]).includes(c));
  if (unknown.length)
    throw saidError('Usage', {
      message: 'error.unknownBfclCategory',
      hint: 'error.unknownBfclCategory.hint',
      vars: { names: unknown.join(', '), choices: BFCL_CATEGORIES.join(', ') },
    });
  return list as BfclCategory[];
}

function renderCheck(s: BfclCheckSummary, t: CommandContext['t']): string {
  const reasons = s.failures.filter((f) => f.reason);
  return [
    renderTable(
      s.categories.map((c) => ({
        category: c.category,
        correct: c.correct,
        total: c.total,
        accuracy: pct(c.accuracy),
        '95% interval': `${pct(c.low)} – ${pct(c.high)}`,
      })),
    ),
    '',
    `non-live AST ${pct(s.nonLive)}   live AST ${pct(s.live)}   irrelevance ${pct(s.irrelevance)}   relevance ${pct(s.relevance)}   multi-turn ${pct(s.multiTurn)}`,
    t('cli.bfcl.overall', { overall: pct(s.overall) }),
    ...(reasons.length
      ? [
          '',
          t('cli.bfcl.failures'),
          ...reasons.slice(0, 20).map((f) => `  ${f.id} ${f.errorType.replace('multi_turn:', '')} ${f.reason}`),
          ...(reasons.length > 20 ? [`  … ${t('cli.bfcl.moreFailures', { n: reasons.length - 20 })}`] : []),
        ]
      : []),
  ].join('\n');
}

function renderConformance(c: BfclConformance, t: CommandContext['t']): string {
  const lines = [t('cli.bfcl.agree', { agree: c.agree, vectors: c.vectors })];
  for (const d of c.disagreements.slice(0, 50)) {
    const verdicts =
      d.expected && d.got
        ? t('cli.bfcl.expectedGot', {
            expected: d.expected.valid ? 'valid' : (d.expected.error_type ?? ''),
            got: d.got.valid ? 'valid' : (d.got.error_type ?? ''),
          })
        : '';
    lines.push(`  ${t('cli.bfcl.line', { line: d.line })} ${d.id} (${d.kind}): ${d.detail ?? verdicts}`);
  }
  if (c.disagreements.length > 50) lines.push(`  … ${t('cli.bfcl.moreDisagreements', { n: c.disagreements.length - 50 })}`);
  return lines.join('\n');
}

const constantsHelp = "the multi-turn simulators' constants (default: derived/multi_turn_backend_constants.json beside the data folder)";

/** `kopa bfcl run`: a model on BFCL entries, its result files written as upstream's (resumable). */
function registerBfclRun(bfcl: Command, context: () => CommandContext): void {
  bfcl
    .command('run')
    .requiredOption('--data <dir>', 'the BFCL data folder (bfcl_eval/data)')
    .requiredOption('--model <ref>', 'a registered id, a .gguf path, openai:URL#MODEL, pool:SERVER*N,SERVER*N or scripted:FILE')
    .requiredOption('--out <dir>', 'where the result files go')
    .option('--categories <list>', 'comma-separated (default: every scored category the folder has)', parseList)
    .option('--limit <n>', 'first n entries of each category', parseCount)
    .option('--concurrency <n>', 'entries at once (default 1)', parseCount)
    .option('--max-tokens <n>', 'tokens per model turn', parseCount)
    .option('--constants <file>', constantsHelp)
    .action(
      async (options: {
        data: string;
        model: string;
        out: string;
        categories?: string[];
        limit?: number;
        concurrency?: number;
        maxTokens?: number;
        constants?: string;
      }) => {
        const ctx = context();
        const summary = await ctx.withProgress((onProgress, signal) =>
          ctx.withEngine((engine) =>
            engine.jobs.run(
              'bfcl.run',
              {
                data: options.data,
                model: options.model,
                out: options.out,
                categories: categories(options.categories),
                limit: options.limit,
                concurrency: options.concurrency,
                maxTokens: options.maxTokens,
                constants: options.constants,
              },
              { onProgress, signal },
            ),
          ),
        );
        ctx.out.result(summary, (s) =>
          [
            ...s.categories.map((c) => ctx.t('cli.bfcl.ran', { category: c.category, run: c.run, skipped: c.skipped })),
            ctx.t('cli.bfcl.resultsIn', { dir: s.outDir, seconds: s.seconds, backend: s.backend }),
            ...(s.scores ? ['', renderCheck(s.scores, ctx.t)] : []),
            ...(s.run ? ['', ctx.t('cli.bfcl.kept', { run: s.run })] : []),
          ].join('\n'),
        );
      },
    );
}

/** `kopa bfcl runs`: the BFCL runs. */
function registerBfclRuns(bfcl: Command, context: () => CommandContext): void {
  bfcl.command('runs').action(async () => {
    const ctx = context();
    const runs = await ctx.withEngine((engine) => engine.call('bfcl.runs', {}));
    ctx.out.result(runs, (list) =>
      list.length === 0
        ? ctx.t('cli.bfcl.noRuns')
        : renderTable(
            list.map((r) => ({
              run: r.id,
              model: r.model,
              when: formatMoment(r.createdAt, ctx.locale),
              categories: r.params.categories.length,
              'non-live': pct(r.scores.nonLive),
              live: pct(r.scores.live),
              'multi-turn': pct(r.scores.multiTurn),
              overall: pct(r.scores.overall),
              failed: r.scores.failed,
            })),
          ),
    );
  });
}

/** `kopa bfcl show`: one kept run's scores by category and every entry that failed, with why. */
function registerBfclShow(bfcl: Command, context: () => CommandContext): void {
  bfcl
    .command('show')
    .argument('<run>', 'a run id from kopa bfcl runs')
    .action(async (run: string) => {
      const ctx = context();
      const detail = await ctx.withEngine((engine) => engine.call('bfcl.show', { run }));
      ctx.out.result(detail, (d) =>
        [
          `${d.id}: ${d.model} (${d.backend}), ${formatMoment(d.createdAt, ctx.locale)}, ${d.seconds} s`,
          ctx.t('cli.bfcl.folders', { data: d.dataDir, results: d.outDir }),
          '',
          renderCheck(d.scores, ctx.t),
        ].join('\n'),
      );
    });
}

/** `kopa bfcl check`: result files scored with the AST and multi-turn checkers and BFCL's aggregation. */
function registerBfclCheck(bfcl: Command, context: () => CommandContext): void {
  bfcl
    .command('check')
    .requiredOption('--data <dir>', 'the BFCL data folder')
    .requiredOption('--results <dir>', 'the folder of BFCL_v4_<category>_result.json files')
    .option('--categories <list>', 'only these categories', parseList)
    .option('--keep-dots', 'the model wrote function names with dots (prompt-style models); default: names had dots turned into _')
    .option('--constants <file>', constantsHelp)
    .action(async (options: { data: string; results: string; categories?: string[]; keepDots?: boolean; constants?: string }) => {
      const ctx = context();
      const summary = await ctx.withEngine((engine) =>
        engine.call('bfcl.check', {
          data: options.data,
          results: options.results,
          categories: categories(options.categories),
          underscoreToDot: !options.keepDots,
          constants: options.constants,
        }),
      );
      ctx.out.result(summary, (s) => renderCheck(s, ctx.t));
    });
}

/** `kopa bfcl conformance`: the ported checkers and simulators against upstream's recorded executions and verdicts. */
function registerBfclConformance(bfcl: Command, context: () => CommandContext): void {
  bfcl
    .command('conformance')
    .requiredOption('--vectors <file>', 'ast_vectors.jsonl or multi_turn_vectors.jsonl')
    .requiredOption('--data <dir>', 'the BFCL data folder the vectors refer to')
    .option('--constants <file>', constantsHelp)
    .action(async (options: { vectors: string; data: string; constants?: string }) => {
      const ctx = context();
      const report = await ctx.withProgress((onProgress, signal) =>
        ctx.withEngine((engine) =>
          engine.call('bfcl.conformance', { data: options.data, vectors: options.vectors, constants: options.constants }, { onProgress, signal }),
        ),
      );
      ctx.out.result(report, (r) => renderConformance(r, ctx.t));
      if (report.disagreements.length > 0) ctx.exitCode = 1;
    });
}

export function registerBfcl(program: Command, context: () => CommandContext): void {
  const bfcl = program.command('bfcl');
  registerBfclRun(bfcl, context);
  registerBfclRuns(bfcl, context);
  registerBfclShow(bfcl, context);
  registerBfclCheck(bfcl, context);
  registerBfclConformance(bfcl, context);
}
