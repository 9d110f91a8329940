import { Option, type Command } from 'commander';
import type { SynthRunResult, DatasetInfo, ExportResult } from '../../api/contract.ts';
import { exportFormats, type ExportFormat } from '../../core/synth/formats.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import { KopaError } from '../../core/errors.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { parseInstant, parseInteger, parseCount } from './call.ts';

const percent = (part: number, whole: number): string => `${whole ? Math.round((100 * part) / whole) : 0}%`;

function renderRun(r: SynthRunResult): string {
  const s = r.summary;
  const lines: string[] = [];
  if (r.verification) lines.push(`verified the graph first: ${r.verification.verified} links hold, ${r.verification.rejected} rejected (${r.verification.seconds} s)`);
  const stopped = Object.entries(s.gates).filter(([, n]) => n > 0);
  lines.push(
    `${s.kept} of ${s.requested} samples in dataset "${s.dataset.name}" (#${s.dataset.id})${s.resumed ? ', resumed' : ''}: ${s.attempts} attempts, ${s.seconds} s, ${s.perMinute}/min`,
    `stopped: ${stopped.length ? stopped.map(([gate, n]) => `${gate} ${n}`).join(', ') : 'none'}`,
  );
  const c = s.card;
  if (c) {
    lines.push(
      `intents: ${c.intents.used} used of ${c.intents.planned} planned (${c.intents.total} in the library); agencies: ${c.agencies.used.length} of ${c.agencies.total}`,
      `requests: median ${c.lengths.median} characters (KOPA-Bench ${c.lengths.benchMedian}), 95th percentile ${c.lengths.p95} (${c.lengths.benchP95}); registers ${Object.entries(c.registers).map(([k, v]) => `${k} ${v}`).join(', ')}`,
      `trajectories: ${c.trajectories.atLeastTwo} samples (${percent(c.trajectories.atLeastTwo, s.kept)}) with two or more, ${c.trajectories.atLeastThree} with three or more`,
      ...(c.paraphrase ? [`paraphrase (${c.paraphrase.model}): ${c.paraphrase.kept} of ${c.paraphrase.tried} rewrites kept; refused: ${Object.entries(c.paraphrase.rejected).map(([why, n]) => `${why} ${n}`).join(', ') || 'none'}`] : []),
      `KOPA-Bench: ${c.benchSequences.exercised} of its ${c.benchSequences.total} multi-step tool sequences exercised (${percent(c.benchSequences.exercised, c.benchSequences.total)}); ${c.contaminated} samples dropped as KOPA-Bench tasks`,
    );
  }
  lines.push(
    `diversity: ${s.distinctSequences} distinct tool sequences; path lengths ${Object.entries(s.pathLengths).map(([k, v]) => `${k}:${v}`).join(' ')}; ${s.samplesWithAlternatives} with an alternative trajectory; ${s.phrasings} phrasings`,
    `coverage: ${s.toolCoverage.used}/${s.toolCoverage.total} tools, ${s.linkCoverage.used}/${s.linkCoverage.total} verified links; graph version ${s.graphVersion}, backend ${s.backend}, seed ${s.seed}, as of ${s.asOf}`,
  );
  if (r.export) lines.push(renderExport(r.export));
  if (s.kept < s.requested) lines.push(`warning: only ${s.kept} samples passed the gates within ${s.attempts} attempts; verify more links${s.strategy === 'walk' ? ' or widen --min-steps/--max-steps' : ''}`);
  return lines.join('\n');
}

function renderExport(e: ExportResult): string {
  return `wrote ${e.rows} rows (${e.format}) to ${e.file}, dataset card ${e.card}`;
}

interface SynthCliOptions {
  count?: number;
  strategy: 'intents' | 'walk';
  trajectories?: number;
  minSteps: number;
  maxSteps: number;
  seed: string;
  mode: GatewayMode;
  snapshot?: string;
  asOf?: Date;
  now?: Date;
  phrasings?: number;
  paraphraseModel?: string;
  name?: string;
  out?: string;
  format?: ExportFormat;
  distractors?: number;
}

export function registerSynth(program: Command, context: () => CommandContext): void {
  const synth = program
    .command('synth')
    .option('--count <n>', 'samples to keep', parseCount)
    .addOption(new Option('--strategy <strategy>', 'intents: questions people ask, planned back to what they state; walk: random walks of the graph').choices(['intents', 'walk']).default('intents'))
    .option('--trajectories <n>', 'intents: trajectories tried per question, alternatives included (default 4)', parseCount)
    .option('--min-steps <n>', 'fewest steps per plan', parseCount, 2)
    .option('--max-steps <n>', 'most steps per plan', parseCount, 5)
    .option('--seed <s>', 'seed of the walks', '1')
    .addOption(new Option('--mode <mode>', 'backend the plans execute on').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--as-of <iso>', 'what "now" is in the requests (default: the backend clock)', parseInstant)
    .option('--now <iso>', "emulator mode: freeze the emulator's clock at this time (and make it the requests' now)", parseInstant)
    .option('--phrasings <n>', 'requests written per plan (default 2)', parseCount)
    .option('--paraphrase-model <model>', 'intents: a model (name, .gguf, openai:URL#MODEL, scripted:FILE) that rewrites each request; kept only through the same gates')
    .option('--name <name>', 'dataset name')
    .option('--out <file>', 'write the dataset here')
    .addOption(new Option('--format <format>', 'export format').choices([...exportFormats]))
    .option('--distractors <n>', 'tools offered besides the plan\'s own (default 3)', parseInteger)
    .action(async (options: SynthCliOptions) => {
      const ctx = context();
      const count = options.count;
      if (count === undefined) throw new KopaError('Usage', 'Say how many samples to keep with --count.', { hint: 'kopa synth --count 200; kopa synth list; kopa synth export DATASET --format sharegpt --out FILE' });
      if ((options.out === undefined) !== (options.format === undefined)) throw new KopaError('Usage', '--out and --format go together.', { hint: 'kopa synth --count 200 --format trl-grpo --out train.jsonl' });
      const result = await ctx.withProgress((onProgress) =>
        ctx.withEngine((engine) =>
          engine.jobs.run(
            'synth.run',
            {
              count,
              strategy: options.strategy,
              trajectories: options.trajectories,
              minSteps: options.minSteps,
              maxSteps: options.maxSteps,
              seed: options.seed,
              mode: options.mode,
              snapshot: options.snapshot,
              asOf: options.asOf?.toISOString(),
              phrasings: options.phrasings,
              paraphraseModel: options.paraphraseModel,
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
    .action(async () => {
      const ctx = context();
      const list = await ctx.withEngine((engine) => engine.call('synth.list', {}));
      ctx.out.result(list, (l: DatasetInfo[]) => renderTable(l.map((d) => ({ id: d.id, name: d.name, status: d.status, samples: d.samples, backend: d.backend, seed: d.seed, graph: d.graphVersion ?? '', created: d.createdAt }))));
    });

  synth
    .command('export')
    .argument('<dataset>', 'dataset id or name')
    .option('--out <file>', 'the file to write')
    .addOption(new Option('--format <format>', 'export format').choices([...exportFormats]))
    .option('--distractors <n>', 'tools offered besides the plan\'s own (default 3)', parseInteger)
    .action(async (dataset: string, own: { out?: string; format?: ExportFormat; distractors?: number }, command: Command) => {
      const ctx = context();
      // `synth` has the same options (to export after a run), and commander gives them to it wherever they are typed.
      const parent = command.parent?.opts<{ out?: string; format?: ExportFormat; distractors?: number }>() ?? {};
      const options = { out: own.out ?? parent.out, format: own.format ?? parent.format, distractors: own.distractors ?? parent.distractors };
      if (!options.out || !options.format) throw new KopaError('Usage', `Say where to write the dataset and in which format: --out FILE --format ${exportFormats.join('|')}.`, { hint: `kopa synth export ${dataset} --format sharegpt --out train.jsonl` });
      const result = await ctx.withEngine((engine) => engine.call('synth.export', { dataset, out: options.out!, format: options.format!, distractors: options.distractors }));
      ctx.out.result(result, renderExport);
    });
}
