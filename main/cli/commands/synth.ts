import { Option, type Command } from 'commander';
import type { SynthRunResult, DatasetInfo, ExportResult } from '../../api/contract.ts';
import { exportFormats, type ExportFormat } from '../../core/synth/formats.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import { KopaError } from '../../core/errors.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { parseInstant, parseInteger } from './call.ts';

function renderRun(r: SynthRunResult): string {
  const s = r.summary;
  const lines: string[] = [];
  if (r.verification) lines.push(`verified the graph first: ${r.verification.verified} links hold, ${r.verification.rejected} rejected (${r.verification.seconds} s)`);
  lines.push(
    `${s.kept} of ${s.requested} samples in dataset "${s.dataset.name}" (#${s.dataset.id})${s.resumed ? ', resumed' : ''}: ${s.attempts} walks, ${s.seconds} s, ${s.perMinute}/min`,
    `gates: ${s.walkFailures} walks found no answer, ${s.gates.stated} left a value unstated, ${s.gates.noLeak} leaked an intermediate value, ${s.gates.answer} had no answer, ${s.gates.duplicate} duplicates`,
    `diversity: ${s.distinctSequences} distinct tool sequences; path lengths ${Object.entries(s.pathLengths).map(([k, v]) => `${k}:${v}`).join(' ')}; ${s.samplesWithAlternatives} with an alternative trajectory; ${s.phrasings} phrasings`,
    `coverage: ${s.toolCoverage.used}/${s.toolCoverage.total} tools, ${s.linkCoverage.used}/${s.linkCoverage.total} verified links; graph version ${s.graphVersion}, backend ${s.backend}, seed ${s.seed}, as of ${s.asOf}`,
  );
  if (r.export) lines.push(renderExport(r.export));
  if (s.kept < s.requested) lines.push(`warning: only ${s.kept} samples passed the gates within ${s.attempts} walks; verify more links or widen --min-steps/--max-steps`);
  return lines.join('\n');
}

function renderExport(e: ExportResult): string {
  return `wrote ${e.rows} rows (${e.format}) to ${e.file}, dataset card ${e.card}`;
}

interface SynthCliOptions {
  count: number;
  minSteps: number;
  maxSteps: number;
  seed: string;
  mode: GatewayMode;
  snapshot?: string;
  asOf?: Date;
  now?: Date;
  phrasings?: number;
  name?: string;
  out?: string;
  format?: ExportFormat;
  distractors?: number;
}

export function registerSynth(program: Command, context: () => CommandContext): void {
  const synth = program
    .command('synth')
    .description('Synthesize executable multi-step trajectories by walking verified links; resumes a killed run')
    .requiredOption('--count <n>', 'samples to keep', parseInteger)
    .option('--min-steps <n>', 'fewest steps per plan', parseInteger, 2)
    .option('--max-steps <n>', 'most steps per plan', parseInteger, 5)
    .option('--seed <s>', 'seed of the walks', '1')
    .addOption(new Option('--mode <mode>', 'backend the plans execute on').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--as-of <iso>', 'what "now" is in the requests (default: the backend clock)', parseInstant)
    .option('--now <iso>', "emulator mode: freeze the emulator's clock at this time (and make it the requests' now)", parseInstant)
    .option('--phrasings <n>', 'requests written per plan (default 2)', parseInteger)
    .option('--name <name>', 'dataset name')
    .option('--out <file>', 'write the dataset here')
    .addOption(new Option('--format <format>', 'export format').choices([...exportFormats]))
    .option('--distractors <n>', 'tools offered besides the plan\'s own (default 3)', parseInteger)
    .action(async (options: SynthCliOptions) => {
      const ctx = context();
      if ((options.out === undefined) !== (options.format === undefined)) throw new KopaError('Usage', '--out and --format go together.', { hint: 'kopa synth --count 200 --format trl-grpo --out train.jsonl' });
      const result = await ctx.withProgress((onProgress) =>
        ctx.withEngine((engine) =>
          engine.call(
            'synth.run',
            {
              count: options.count,
              minSteps: options.minSteps,
              maxSteps: options.maxSteps,
              seed: options.seed,
              mode: options.mode,
              snapshot: options.snapshot,
              asOf: options.asOf?.toISOString(),
              phrasings: options.phrasings,
              name: options.name,
              out: options.out,
              format: options.format,
              distractors: options.distractors,
            },
            { onProgress },
          ),
          options.now ? { emulator: { now: () => options.now! } } : {},
        ),
      );
      ctx.out.result(result, renderRun);
      if (result.summary.kept < result.summary.requested) ctx.exitCode = 1;
    });

  synth
    .command('list')
    .description('List synthesized datasets')
    .action(async () => {
      const ctx = context();
      const list = await ctx.withEngine((engine) => engine.call('synth.list', {}));
      ctx.out.result(list, (l: DatasetInfo[]) => renderTable(l.map((d) => ({ id: d.id, name: d.name, status: d.status, samples: d.samples, backend: d.backend, seed: d.seed, graph: d.graphVersion ?? '', created: d.createdAt }))));
    });

  synth
    .command('export')
    .description('Write a dataset in a training format, with a dataset card beside it')
    .argument('<dataset>', 'dataset id or name')
    .requiredOption('--out <file>', 'the file to write')
    .addOption(new Option('--format <format>', 'export format').choices([...exportFormats]).makeOptionMandatory())
    .option('--distractors <n>', 'tools offered besides the plan\'s own (default 3)', parseInteger)
    .action(async (dataset: string, options: { out: string; format: ExportFormat; distractors?: number }) => {
      const ctx = context();
      const result = await ctx.withEngine((engine) => engine.call('synth.export', { dataset, out: options.out, format: options.format, distractors: options.distractors }));
      ctx.out.result(result, renderExport);
    });
}
