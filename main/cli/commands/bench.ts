import { Option, type Command } from 'commander';
import { interval, pct } from '../../core/bench/report/reportData.ts';
import { reportLangs, type ReportLang } from '../../core/bench/report/reportText.ts';
import type { BenchComparison, BenchReportFormat, BenchRunParams, BenchRunRow, BenchRunSummary, BenchValidation } from '../../api/contract.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { parseInteger, parseList, parseCount } from './call.ts';


function parseNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`not a number: ${value}`);
  return n;
}

function renderValidation(v: BenchValidation): string {
  const lines = [`${v.solvable} of ${v.tasks} tasks solvable on ${v.mode} from what a model sees (suite ${v.suite}${v.suiteVersion ? ` v${v.suiteVersion}` : ''}, sha256 ${v.suiteHash.slice(0, 12)}, result view ${v.resultTokens} tokens, ${v.seconds} s)`];
  for (const r of v.results.filter((x) => !x.solvable || x.lints.length)) {
    if (!r.solvable) lines.push(`  ${r.id}: ${r.hidden ? 'needs rows the view hides' : 'does not run'}: ${r.failure ?? ''}`);
    for (const l of r.lints) lines.push(`  ${r.id}: ${l.kind}: ${l.detail}`);
  }
  lines.push(`levels ${Object.entries(v.distribution.levels).map(([k, n]) => `${k}:${n}`).join(' ')}`);
  lines.push(`abilities ${Object.entries(v.distribution.abilities).map(([k, n]) => `${k}:${n}`).join(', ')}`);
  lines.push(`agencies ${Object.entries(v.distribution.agencies).map(([k, n]) => `${k}:${n}`).join(' ')}`);
  if (Object.keys(v.distribution.tags).length) lines.push(`tags ${Object.entries(v.distribution.tags).map(([k, n]) => `${k}:${n}`).join(' ')}`);
  return lines.join('\n');
}

function renderRun(s: BenchRunSummary): string {
  const lines = [
    `run ${s.runId}: ${s.status}; ${s.passed} of ${s.attempts} attempts passed over ${s.tasks} tasks × ${s.samples} (${s.ran} run now, ${s.resumed} from before; ${s.seconds} s, harness ${s.overheadMs} ms per attempt)`,
    ...Object.keys(s['pass@k']).map((key) => {
      const k = key.slice('pass@'.length);
      return `  pass@${k} ${interval(s['pass@k'][key]!)}   pass^${k} ${interval(s['pass^k'][`pass^${k}`]!)}`;
    }),
    `by level: ${Object.entries(s.byLevel).map(([k, g]) => `L${k} ${pct(g['pass@1'].value)}`).join('  ')}`,
    `failures: ${Object.entries(s.failures).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    `steps: tool F1 ${pct(s.steps.toolF1)}, argument accuracy ${pct(s.steps.argumentAccuracy)}, values from user/tool/invented ${s.steps.provenance.user}/${s.steps.provenance.tool}/${s.steps.provenance.invented}, faults recovered ${s.steps.faultsRecovered}/${s.steps.faultsMet}`,
  ];
  for (const e of s.errors.slice(0, 10)) lines.push(`error: ${e.taskId} #${e.sample}: ${e.message}`);
  if (s.errors.length) lines.push(`${s.errors.length} attempts could not run; run the same command again to retry them.`);
  return lines.join('\n');
}

function renderCompare(c: BenchComparison): string {
  return [
    `${c.tasks} paired tasks: ${c.a} pass@1 ${pct(c.aPass1)}, ${c.b} pass@1 ${pct(c.bPass1)}`,
    `difference (B − A) ${interval(c.difference)}; B better on ${c.bBetter}, A better on ${c.aBetter}, ${c.ties} ties; p = ${c.pValue.toPrecision(3)} (${c.method})`,
    ...c.changed.slice(0, 30).map((t) => `  ${t.taskId}: ${pct(t.a)} → ${pct(t.b)}`),
    ...(c.unpaired.length ? [`left out (in one run only): ${c.unpaired.join(', ')}`] : []),
  ].join('\n');
}

type RunCliOptions = BenchRunParams & { samples: number; mode: GatewayMode };

export function registerBench(program: Command, context: () => CommandContext): void {
  const bench = program.command('bench').description('KOPA-Bench: validate a suite, run a model on it (resumable), report and compare runs');

  bench
    .command('validate')
    .description('Run every task\'s reference plan and lint its request; exit 1 if any task fails')
    .requiredOption('--suite <suite>', '"kopa" or a .jsonl file or folder')
    .addOption(new Option('--mode <mode>', 'backend the plans run on').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--tasks <ids>', 'only these task ids', parseList)
    .option('--result-tokens <n>', 'the result view budget plans must be solvable within (default 1024, the standard view)', parseCount)
    .action(async (options: { suite: string; mode: GatewayMode; snapshot?: string; tasks?: string[]; resultTokens?: number }) => {
      const ctx = context();
      const report = await ctx.withProgress((onProgress) => ctx.withEngine((engine) => engine.jobs.run('bench.validate', { suite: options.suite, mode: options.mode, snapshot: options.snapshot, tasks: options.tasks, resultTokens: options.resultTokens }, { onProgress })));
      ctx.out.result(report, renderValidation);
      if (report.failing.length > 0) ctx.exitCode = 1;
    });

  bench
    .command('run')
    .description('Run a model on every task n times; the same command resumes a killed run')
    .requiredOption('--suite <suite>', '"kopa" or a .jsonl file or folder')
    .requiredOption('--model <ref>', 'a registered id, a .gguf path, openai:URL#MODEL, pool:SERVER*N,SERVER*N (registered servers as one, N at once each), scripted:FILE (turns per task) or oracle')
    .option('--samples <n>', 'attempts per task (default 1)', parseCount, 1)
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
    .addOption(new Option('--chat-wrapper <how>', "auto: the model family's wrapper; jinja: the GGUF's own template, as training renders it").choices(['auto', 'jinja']))
    .option('--lora-scale <s>', 'how strongly the adapters apply: 0 the base model, 1 as trained (default 1)', Number)
    .option('--context-size <n>', 'local model context size', parseCount)
    .option('--result-tokens <n>', 'tokens of one tool result the model is shown (default 1024, the standard view)', parseCount)
    .option('--no-query-tool', 'do not offer local.queryRows (to measure what it adds)')
    .action(async (options: RunCliOptions) => {
      const ctx = context();
      const summary = await ctx.withProgress((onProgress) => ctx.withEngine((engine) => engine.jobs.run('bench.run', options, { onProgress })));
      ctx.out.result(summary, renderRun);
      if (summary.status !== 'done') ctx.exitCode = 1;
    });

  bench
    .command('runs')
    .description('List benchmark runs')
    .action(async () => {
      const ctx = context();
      const runs = await ctx.withEngine((engine) => engine.call('bench.runs', {}));
      ctx.out.result(runs, (list: BenchRunRow[]) =>
        renderTable(list.map((r) => ({ id: r.id, suite: r.suite, model: r.manifest.model.ref, samples: r.manifest.sampling.samples, status: r.status, 'pass@1': r.summary ? pct(r.summary['pass@k']['pass@1']?.value ?? 0) : '', created: r.createdAt }))),
      );
    });

  bench
    .command('report')
    .description('Report a run as Markdown, one self-contained HTML file, CSV (one row per attempt) or JSON')
    .argument('<run>', 'the run id')
    .addOption(new Option('--format <format>', 'report format').choices(['md', 'html', 'csv', 'json']).default('md'))
    .option('--out <file>', 'write the report here instead of to stdout')
    .addOption(new Option('--lang <lang>', 'language of the HTML and Markdown reports').choices([...reportLangs]).default('ko'))
    .action(async (run: string, options: { format: BenchReportFormat; out?: string; lang: ReportLang }) => {
      const ctx = context();
      const report = await ctx.withEngine((engine) => engine.call('bench.report', { run, format: options.format, out: options.out, lang: options.lang }));
      if (report.file) ctx.out.result(report, (r) => `wrote ${r.format} report of ${r.runId} to ${r.file}`);
      else process.stdout.write(report.content);
    });

  bench
    .command('compare')
    .description('Compare two runs task by task: mean difference, bootstrap interval and a paired sign-flip p-value')
    .argument('<a>', 'run A')
    .argument('<b>', 'run B')
    .action(async (a: string, b: string) => {
      const ctx = context();
      const comparison = await ctx.withEngine((engine) => engine.call('bench.compare', { a, b }));
      ctx.out.result(comparison, renderCompare);
    });
}
