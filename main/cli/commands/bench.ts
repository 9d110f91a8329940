import { judgesClaims } from '../../core/bench/runIdentity.ts';
import { Option, type Command } from 'commander';
import { interval, pct } from '../../core/bench/report/reportData.ts';
import type { BenchComparison, BenchReportFormat, BenchRunParams, BenchRunRow, BenchRunSummary, BenchValidation } from '../../api/contract.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { formatMoment } from '../../core/i18n/moments.ts';
import { benchTerm, translate } from '../../core/i18n/strings.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { ChatMessage } from '../../core/agent/types.ts';
import { parseInteger, parseList, parseCount, parseSpeculation, parseJsonObject, parseSeconds } from '../optionParsers.ts';
import { claimText } from '../../core/answer/claim.ts';
import { readInputJson } from '../../engine/files/readInputFile.ts';

function parseNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`not a number: ${value}`);
  return n;
}

function renderValidation(v: BenchValidation, { t, locale }: Pick<CommandContext, 't' | 'locale'>): string {
  const suite = `${v.suite}${v.suiteVersion ? ` v${v.suiteVersion}` : ''}`;
  const lines = [
    t('cli.bench.solvable', {
      solvable: v.solvable,
      tasks: v.tasks,
      mode: v.mode,
      suite,
      sha: v.suiteHash.slice(0, 12),
      resultTokens: v.resultTokens,
      seconds: v.seconds,
    }),
  ];
  for (const r of v.results.filter((x) => !x.solvable || x.lints.length)) {
    if (!r.solvable) lines.push(`  ${r.id}: ${t(r.hidden ? 'cli.bench.hidden' : 'cli.bench.doesNotRun')}: ${r.failure ?? ''}`);
    for (const l of r.lints) lines.push(`  ${r.id}: ${l.kind}: ${l.detail}`);
  }
  const links = v.results.reduce((n, r) => n + (r.chain?.links ?? 0), 0);
  lines.push(t('cli.bench.chain', { links, tasks: v.results.filter((r) => r.chain).length, insensitive: v.insensitive.length }));
  for (const r of v.results.filter((x) => x.chain?.insensitive.length))
    lines.push(
      `  ${r.id}: ${r.chain!.insensitive.map((l) => `${l.step}.${l.arg} ${JSON.stringify(l.was)} → ${JSON.stringify(l.perturbed)}`).join('; ')} ${t('cli.bench.sameAnswer', { answer: JSON.stringify(r.chain!.insensitive[0]!.answer) })}`,
    );
  const counts = (o: Record<string, number>, sep: string, say = (k: string): string => k): string =>
    Object.entries(o)
      .map(([k, n]) => `${say(k)}:${n}`)
      .join(sep);
  lines.push(`${t('cli.bench.levels')} ${counts(v.distribution.levels, ' ')}`);
  lines.push(`${t('cli.bench.abilities')} ${counts(v.distribution.abilities, ', ', (a) => benchTerm(locale, 'ability', a))}`);
  lines.push(`${t('cli.bench.agencies')} ${counts(v.distribution.agencies, ' ')}`);
  if (Object.keys(v.distribution.tags).length) lines.push(`${t('cli.bench.tags')} ${counts(v.distribution.tags, ' ')}`);
  return lines.join('\n');
}

function renderRun(s: BenchRunSummary, { t, locale }: Pick<CommandContext, 't' | 'locale'>): string {
  const { provenance } = s.steps;
  const lines = [
    t('cli.bench.run', {
      runId: s.runId,
      status: s.status,
      passed: s.passed,
      attempts: s.attempts,
      tasks: s.tasks,
      samples: s.samples,
      ran: s.ran,
      resumed: s.resumed,
      seconds: s.seconds,
      overheadMs: s.overheadMs,
      input: s.tokens.input,
      output: s.tokens.output,
    }),
    ...Object.keys(s['pass@k']).map((key) => {
      const k = key.slice('pass@'.length);
      return `  pass@${k} ${interval(s['pass@k'][key]!)}   pass^${k} ${interval(s['pass^k'][`pass^${k}`]!)}`;
    }),
    t('cli.bench.byLevel', {
      levels: Object.entries(s.byLevel)
        .map(([k, g]) => `L${k} ${pct(g['pass@1'].value)}`)
        .join('  '),
    }),
    t('cli.bench.failures', {
      failures:
        Object.entries(s.failures)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${benchTerm(locale, 'failure', k)} ${n}`)
          .join(', ') || t('cli.none'),
    }),
    t('cli.bench.steps', {
      toolF1: pct(s.steps.toolF1),
      argumentAccuracy: pct(s.steps.argumentAccuracy),
      user: provenance.user,
      tool: provenance.tool,
      invented: provenance.invented,
      recovered: s.steps.faultsRecovered,
      met: s.steps.faultsMet,
    }),
  ];
  for (const e of s.errors.slice(0, 10)) lines.push(t('cli.bench.error', { task: e.taskId, sample: e.sample, message: e.message }));
  if (s.errors.length) lines.push(t('cli.bench.errors', { n: s.errors.length }));
  return lines.join('\n');
}

/** Changed tasks listed before the rest are only counted (all of them with --json). */
const CHANGED_SHOWN = 30;

function renderCompare(c: BenchComparison, t: CommandContext['t']): string {
  const more = c.changed.length - CHANGED_SHOWN;
  return [
    t('cli.bench.paired', { tasks: c.tasks, a: c.a, aPass: pct(c.aPass1), b: c.b, bPass: pct(c.bPass1) }),
    t('cli.bench.difference', {
      difference: interval(c.difference),
      bBetter: c.bBetter,
      aBetter: c.aBetter,
      ties: c.ties,
      p: c.pValue.toPrecision(3),
      method: c.method,
    }),
    ...c.changed.slice(0, CHANGED_SHOWN).map((task) => `  ${task.taskId}: ${pct(task.a)} → ${pct(task.b)}`),
    ...(more > 0 ? [`  … ${t('cli.bench.moreChanged', { n: more, total: c.changed.length })}`] : []),
    ...(c.unpaired.length ? [t('cli.bench.unpaired', { ids: c.unpaired.join(', ') })] : []),
  ].join('\n');
}

/** A conversation from a file: a list of messages, or an attempt (kopa bench attempts --json) that holds one. */
function readTranscript(file: string): ChatMessage[] {
  const parsed = readInputJson(file);
  const messages = Array.isArray(parsed) ? parsed : parsed !== null && typeof parsed === 'object' ? (parsed as { transcript?: unknown }).transcript : undefined;
  if (!Array.isArray(messages)) throw saidError('Usage', { message: 'error.transcriptFile', vars: { file, why: 'no list of messages' } });
  return messages as ChatMessage[];
}

type RunCliOptions = BenchRunParams & { samples: number; mode: GatewayMode; serverTimeout?: number };

/** `kopa bench validate`: every task's reference plan run, its request linted, its chain perturbed. */
function registerValidate(bench: Command, context: () => CommandContext): void {
  bench
    .command('validate')
    .requiredOption('--suite <suite>', '"kopa" or a .jsonl file or folder')
    .addOption(new Option('--mode <mode>', 'backend the plans run on').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--tasks <ids>', 'only these task ids', parseList)
    .option('--result-tokens <n>', 'the result view budget plans must be solvable within (default 1024, the standard view)', parseCount)
    .action(async (options: { suite: string; mode: GatewayMode; snapshot?: string; tasks?: string[]; resultTokens?: number }) => {
      const ctx = context();
      const report = await ctx.withProgress((onProgress, signal) =>
        ctx.withEngine((engine) =>
          engine.jobs.run(
            'bench.validate',
            { suite: options.suite, mode: options.mode, snapshot: options.snapshot, tasks: options.tasks, resultTokens: options.resultTokens },
            { onProgress, signal },
          ),
        ),
      );
      ctx.out.result(report, (r) => renderValidation(r, ctx));
      if (report.failing.length > 0) ctx.exitCode = 1;
    });
}

/** `kopa bench check-answer`: one answer scored as a run would score it. */
function registerCheckAnswer(bench: Command, context: () => CommandContext): void {
  bench
    .command('check-answer')
    .requiredOption('--task <id>', 'the task')
    .argument('[answer]', 'a final turn in words: its last "정답: …" line is the claim judged')
    .option('--claim <json>', 'a typed claim, as the answer tool takes it: {"kind": "number", "value": 49, "unit": "건"}', parseJsonObject)
    .option('--suite <suite>', '"kopa" (default) or a .jsonl file or folder')
    .option('--calls <file>', "the attempt's conversation (JSON: a list of messages, or a run attempt with its transcript), to judge grounding")
    .action(async (answer: string | undefined, options: { task: string; suite?: string; calls?: string; claim?: unknown }) => {
      const ctx = context();
      if (answer === undefined && options.claim === undefined)
        throw saidError('Usage', { message: 'error.checkNeedsAnswer', hint: 'error.checkNeedsAnswer.hint' });
      const transcript = options.calls ? readTranscript(options.calls) : undefined;
      const r = await ctx.withEngine((engine) =>
        engine.call('bench.checkAnswer', {
          task: options.task,
          ...(answer !== undefined ? { answer } : {}),
          ...(options.claim !== undefined ? { claim: options.claim } : {}),
          ...(options.suite ? { suite: options.suite } : {}),
          ...(transcript ? { transcript } : {}),
        }),
      );
      ctx.out.result(r, (x) =>
        [
          `${x.pass ? '✓' : '✗'} ${x.task}: ${translate(ctx.locale, x.detailSaid.key, x.detailSaid.vars)}`,
          x.claim
            ? ctx.t('cli.bench.checkClaim', { claim: claimText(x.claim, ctx.locale), read: x.read === undefined ? '—' : JSON.stringify(x.read) })
            : ctx.t('cli.bench.checkNoClaim'),
          ctx.t('cli.bench.checkExpected', { value: JSON.stringify(x.expected) }),
          ctx.t('cli.bench.checkCompetitors', { values: x.competitors.length ? x.competitors.map((c) => String(c)).join(', ') : ctx.t('cli.none') }),
          ...(x.grounded === null ? [] : [ctx.t(x.grounded ? 'cli.bench.grounded' : 'cli.bench.ungrounded')]),
        ].join('\n'),
      );
      if (!r.pass) ctx.exitCode = 1;
    });
}

/** `kopa bench run`: a model on every task, resumable. */
function registerRun(bench: Command, context: () => CommandContext): void {
  bench
    .command('run')
    .requiredOption('--suite <suite>', '"kopa" or a .jsonl file or folder')
    .requiredOption(
      '--model <ref>',
      'a registered id, a .gguf path, openai:URL#MODEL, pool:SERVER*N,SERVER*N (registered servers as one, N at once each), scripted:FILE (turns per task) or oracle',
    )
    .option('--samples <n>', 'attempts per task', parseCount, 1)
    .option('--temperature <t>', 'sampling temperature (default 0 for one sample, 0.7 for more)', parseNumber)
    .option('--concurrency <n>', 'attempts at once (default 1)', parseCount)
    .option('--seed <n>', 'sampling seed (default 1)', parseInteger)
    .addOption(new Option('--mode <mode>', 'backend the calls go to').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--run-id <id>', 'name the run (default: derived from suite, model and settings)')
    .option('--tasks <ids>', 'only these task ids', parseList)
    .option('--max-steps <n>', 'model turns per attempt (default 10)', parseCount)
    .option('--max-tokens <n>', 'tokens per model turn', parseCount)
    .option('--lora <list>', 'LoRA adapters for a local model, checked to fit it', parseList)
    .addOption(
      new Option('--chat-wrapper <how>', "auto: the model family's wrapper; jinja: the GGUF's own template, as training renders it").choices(['auto', 'jinja']),
    )
    .option('--lora-scale <s>', 'how strongly the adapters apply: 0 the base model, 1 as trained (default 1)', Number)
    .option('--context-size <n>', 'local model context size', parseCount)
    .addOption(
      new Option('--tools <which>', "task: each task's own tools (default); pick: what a chat picks for the question, with find_tools").choices([
        'task',
        'pick',
      ]),
    )
    .option(
      '--server-timeout <seconds>',
      "an inference server: how long it may send nothing before a turn is a backend error (default: its registration's, else 60)",
      parseSeconds,
    )
    .option(
      '--result-tokens <n>',
      'tokens of one tool result the model is shown (default: what the model was trained on where its GGUF records it, else 1024, the standard view)',
      parseCount,
    )
    .option('--no-query-tool', 'do not offer local.queryRows (to measure what it adds)')
    .option(
      '--speculation <how>',
      'speculative decoding for a local model: input-lookup guesses tokens from the conversation (same answers, faster where a call copies earlier values); draft:MODEL lets a smaller model of the same vocabulary generate ahead',
      parseSpeculation,
    )
    .option('--no-reuse-cache', "a local model evaluates every turn's whole conversation again (the same answers; to measure what reuse saves)")
    .action(async ({ serverTimeout, ...options }: RunCliOptions) => {
      const ctx = context();
      const params = { ...options, ...(serverTimeout ? { serverIdleTimeoutMs: serverTimeout } : {}) };
      const summary = await ctx.withProgress((onProgress, signal) => ctx.withEngine((engine) => engine.jobs.run('bench.run', params, { onProgress, signal })));
      ctx.out.result(summary, (s) => renderRun(s, ctx));
      if (summary.status !== 'done') ctx.exitCode = 1;
    });
}

/** `kopa bench runs`: the runs, newest first. */
function registerRuns(bench: Command, context: () => CommandContext): void {
  bench.command('runs').action(async () => {
    const ctx = context();
    const runs = await ctx.withEngine((engine) => engine.call('bench.runs', {}));
    ctx.out.result(runs, (list: BenchRunRow[]) =>
      renderTable(
        list.map((r) => ({
          id: r.id,
          suite: r.suite,
          model: r.manifest.model.ref,
          samples: r.manifest.sampling.samples,
          status: r.status,
          'pass@1': r.summary ? pct(r.summary['pass@k']['pass@1']?.value ?? 0) : '',
          // Runs judged on free text are not comparable with runs judged on committed answers; each says which it is.
          judged: ctx.t(judgesClaims(r.manifest) ? 'cli.bench.judgedClaims' : 'cli.bench.judgedText'),
          'backend errors': r.summary?.failures['backend error'] ? `⚠ ${r.summary.failures['backend error']}` : '',
          created: formatMoment(r.createdAt, ctx.locale),
        })),
      ),
    );
  });
}

/** `kopa bench report`: a run as Markdown, HTML, CSV or JSON. */
function registerReport(bench: Command, context: () => CommandContext): void {
  bench
    .command('report')
    .argument('<run>', 'the run id')
    .addOption(new Option('--format <format>', 'report format').choices(['md', 'html', 'csv', 'json']).default('md'))
    .option('--out <file>', 'write the report here instead of to stdout')
    .action(async (run: string, options: { format: BenchReportFormat; out?: string }) => {
      const ctx = context();
      // The HTML and Markdown reports are written in the command line's language (--lang, else the system's).
      const report = await ctx.withEngine((engine) => engine.call('bench.report', { run, format: options.format, out: options.out, lang: ctx.locale }));
      if (report.file) ctx.out.result(report, (r) => ctx.t('cli.bench.reportWritten', { format: r.format, run: r.runId, file: r.file ?? '' }));
      else ctx.io.stdout.write(report.content);
    });
}

/** `kopa bench compare`: two runs task by task. */
function registerCompare(bench: Command, context: () => CommandContext): void {
  bench
    .command('compare')
    .argument('<a>', 'run A')
    .argument('<b>', 'run B')
    .action(async (a: string, b: string) => {
      const ctx = context();
      const comparison = await ctx.withEngine((engine) => engine.call('bench.compare', { a, b }));
      ctx.out.result(comparison, (c) => renderCompare(c, ctx.t));
    });
}

export function registerBench(program: Command, context: () => CommandContext): void {
  const bench = program.command('bench');
  registerValidate(bench, context);
  registerCheckAnswer(bench, context);
  registerRun(bench, context);
  registerRuns(bench, context);
  registerReport(bench, context);
  registerCompare(bench, context);
}
