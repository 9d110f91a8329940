import { Option, type Command } from 'commander';
import type { SynthRunResult, DatasetInfo, ExportResult } from '../../api/contract.ts';
import { exportFormats, toolStyles, type ExportFormat, type ToolStyle } from '../../core/synth/formats.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import { synthStrategies, type SynthStrategy } from '../../core/synth/types.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { formatMoment } from '../../core/i18n/moments.ts';
import { parseInstant, parseInteger, parseCount } from '../optionParsers.ts';
import { percentOf as percent } from '../../core/text/percent.ts';

/** The dataset's card: intents and agencies used, request lengths beside KOPA-Bench's, trajectories, paraphrases, overlap with the benchmark. */
function renderCard(c: NonNullable<SynthRunResult['summary']['card']>, kept: number, t: CommandContext['t']): string[] {
  const none = t('cli.none');
  return [
    t('cli.synth.intents', {
      used: c.intents.used,
      planned: c.intents.planned,
      total: c.intents.total,
      agencies: c.agencies.used.length,
      agenciesTotal: c.agencies.total,
    }),
    t('cli.synth.requests', {
      median: c.lengths.median,
      benchMedian: c.lengths.benchMedian,
      p95: c.lengths.p95,
      benchP95: c.lengths.benchP95,
      registers: Object.entries(c.registers)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    }),
    t('cli.synth.trajectories', { two: c.trajectories.atLeastTwo, twoShare: percent(c.trajectories.atLeastTwo, kept), three: c.trajectories.atLeastThree }),
    ...(c.paraphrase
      ? [
          t('cli.synth.paraphrase', {
            model: c.paraphrase.model,
            kept: c.paraphrase.kept,
            tried: c.paraphrase.tried,
            refused:
              Object.entries(c.paraphrase.rejected)
                .map(([why, n]) => `${why} ${n}`)
                .join(', ') || none,
          }),
        ]
      : []),
    t('cli.synth.bench', {
      exercised: c.benchSequences.exercised,
      total: c.benchSequences.total,
      share: percent(c.benchSequences.exercised, c.benchSequences.total),
      contaminated: c.contaminated,
    }),
  ];
}

function renderRun(r: SynthRunResult, t: CommandContext['t']): string {
  const s = r.summary;
  const lines: string[] = [];
  if (r.verification)
    lines.push(t('cli.synth.verified', { verified: r.verification.verified, rejected: r.verification.rejected, seconds: r.verification.seconds }));
  const stopped = Object.entries(s.gates).filter(([, n]) => n > 0);
  const none = t('cli.none');
  lines.push(
    t('cli.synth.kept', {
      kept: s.kept,
      requested: s.requested,
      name: s.dataset.name,
      id: s.dataset.id,
      resumed: s.resumed ? t('cli.synth.resumed') : '',
      attempts: s.attempts,
      seconds: s.seconds,
      perMinute: s.perMinute,
    }),
    t('cli.synth.stopped', { gates: stopped.length ? stopped.map(([gate, n]) => `${gate} ${n}`).join(', ') : none }),
  );
  if (s.card) lines.push(...renderCard(s.card, s.kept, t));
  lines.push(
    t('cli.synth.diversity', {
      sequences: s.distinctSequences,
      lengths: Object.entries(s.pathLengths)
        .map(([k, v]) => `${k}:${v}`)
        .join(' '),
      alternatives: s.samplesWithAlternatives,
      phrasings: s.phrasings,
    }),
    t('cli.synth.coverage', {
      tools: s.toolCoverage.used,
      toolsTotal: s.toolCoverage.total,
      links: s.linkCoverage.used,
      linksTotal: s.linkCoverage.total,
      graphVersion: s.graphVersion,
      backend: s.backend,
      seed: s.seed,
      asOf: s.asOf,
    }),
  );
  if (r.export) lines.push(renderExport(r.export, t));
  if (s.kept < s.requested) lines.push(t('cli.synth.short', { kept: s.kept, attempts: s.attempts, widen: s.strategy === 'walk' ? t('cli.synth.widen') : '' }));
  return lines.join('\n');
}

function renderExport(e: ExportResult, t: CommandContext['t']): string {
  return t('cli.synth.export', { rows: e.rows, format: e.format, file: e.file, card: e.card });
}

interface SynthCliOptions {
  count?: number;
  strategy: SynthStrategy;
  trajectories?: number;
  places?: number;
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
  toolStyle?: ToolStyle;
}

const TOOL_STYLE_HELP =
  "native: in the model template's tool syntax; prompt: tools in the system prompt and calls as JSON steps (for Gemma, EXAONE 3.5 and other families whose template has none, as KOPA Studio runs them); compact: the same with one line a tool (KOPA-Nano)";

type ExportCliOptions = Pick<SynthCliOptions, 'out' | 'format' | 'distractors' | 'toolStyle'>;

/** `kopa synth`: a dataset synthesized (and exported when asked), with its card and what the gates stopped. */
async function runSynth(options: SynthCliOptions, ctx: CommandContext): Promise<void> {
  const count = options.count;
  if (count === undefined) throw saidError('Usage', { message: 'error.synthCount', hint: 'error.synthCount.hint' });
  if ((options.out === undefined) !== (options.format === undefined))
    throw saidError('Usage', { message: 'error.outWithFormat', hint: 'error.outWithFormat.hint' });
  const result = await ctx.withProgress((onProgress, signal) =>
    ctx.withEngine(
      (engine) =>
        engine.jobs.run(
          'synth.run',
          {
            count,
            strategy: options.strategy,
            trajectories: options.trajectories,
            places: options.places,
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
            toolStyle: options.toolStyle,
          },
          { onProgress, signal },
        ),
      options.now ? { emulator: { now: () => options.now! } } : {},
    ),
  );
  ctx.out.result(result, (r) => renderRun(r, ctx.t));
  if (result.summary.kept < result.summary.requested) ctx.exitCode = 1;
}

/** `kopa synth list`: the datasets. */
function registerSynthList(synth: Command, context: () => CommandContext): void {
  synth.command('list').action(async () => {
    const ctx = context();
    const list = await ctx.withEngine((engine) => engine.call('synth.list', {}));
    ctx.out.result(list, (l: DatasetInfo[]) =>
      renderTable(
        l.map((d) => ({
          id: d.id,
          name: d.name,
          status: d.status,
          samples: d.samples,
          backend: d.backend,
          seed: d.seed,
          graph: d.graphVersion ?? '',
          created: formatMoment(d.createdAt, ctx.locale),
        })),
      ),
    );
  });
}

/** `kopa synth export`: a dataset written in a trainer's format. */
function registerSynthExport(synth: Command, context: () => CommandContext): void {
  synth
    .command('export')
    .argument('<dataset>', 'dataset id or name')
    .option('--out <file>', 'the file to write')
    .addOption(new Option('--format <format>', 'export format').choices([...exportFormats]))
    .option('--distractors <n>', "tools offered besides the plan's own (default 3)", parseInteger)
    .addOption(new Option('--tool-style <style>', TOOL_STYLE_HELP).choices([...toolStyles]))
    .action(async (dataset: string, own: ExportCliOptions, command: Command) => {
      const ctx = context();
      // `synth` has the same options (to export after a run), and commander gives them to it wherever they are typed.
      const parent = command.parent?.opts<ExportCliOptions>() ?? {};
      const options = {
        out: own.out ?? parent.out,
        format: own.format ?? parent.format,
        distractors: own.distractors ?? parent.distractors,
        toolStyle: own.toolStyle ?? parent.toolStyle,
      };
      if (!options.out || !options.format)
        throw saidError('Usage', { message: 'error.exportWhere', hint: 'error.exportWhere.hint', vars: { formats: exportFormats.join('|'), dataset } });
      const result = await ctx.withEngine((engine) =>
        engine.call('synth.export', { dataset, out: options.out!, format: options.format!, distractors: options.distractors, toolStyle: options.toolStyle }),
      );
      ctx.out.result(result, (r) => renderExport(r, ctx.t));
    });
}

export function registerSynth(program: Command, context: () => CommandContext): void {
  const synth = program
    .command('synth')
    .option('--count <n>', 'samples to keep', parseCount)
    .addOption(
      new Option('--strategy <strategy>', 'intents: questions people ask, planned back to what they state; walk: random walks of the graph')
        .choices(synthStrategies)
        .default('intents'),
    )
    .option('--trajectories <n>', 'intents: trajectories tried per question, alternatives included (default 4)', parseCount)
    .option(
      '--places <n>',
      'intents: districts (시군구) explored for the places, hospitals, addresses and stations questions name (default 24; more for a training set)',
      parseCount,
    )
    .option('--min-steps <n>', 'fewest steps per plan', parseCount, 2)
    .option('--max-steps <n>', 'most steps per plan', parseCount, 5)
    .option('--seed <s>', 'seed of the walks', '1')
    .addOption(new Option('--mode <mode>', 'backend the plans execute on').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--as-of <iso>', 'what "now" is in the requests (default: the backend clock)', parseInstant)
    .option('--now <iso>', "emulator mode: freeze the emulator's clock at this time (and make it the requests' now)", parseInstant)
    .option('--phrasings <n>', 'requests written per plan (default 2)', parseCount)
    .option(
      '--paraphrase-model <model>',
      'intents: a model (name, .gguf, openai:URL#MODEL, scripted:FILE) that rewrites each request; kept only through the same gates',
    )
    .option('--name <name>', 'dataset name')
    .option('--out <file>', 'write the dataset here')
    .addOption(new Option('--format <format>', 'export format').choices([...exportFormats]))
    .option('--distractors <n>', "tools offered besides the plan's own (default 3)", parseInteger)
    .addOption(new Option('--tool-style <style>', TOOL_STYLE_HELP).choices([...toolStyles]))
    .action((options: SynthCliOptions) => runSynth(options, context()));
  registerSynthList(synth, context);
  registerSynthExport(synth, context);
}
