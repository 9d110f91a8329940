import { Option, type Command } from 'commander';
import type { NanoTraining, TrainExportResult, TrainNanoGrpoParams, TrainNanoGrpoResult, TrainNanoParams, TrainNanoResult } from '../../api/contract.ts';
import { nanoTrajectories } from '../../api/train.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { rewardPresets, type RewardPreset } from '../../core/train/reward/types.ts';
import { resultRowForms } from '../../core/resultView/resultView.ts';
import type { CommandContext } from '../context.ts';
import { readNanoRecipe, recipeRun } from '../../engine/train/nano/nanoRecipe.ts';
import { parseCount, parseInteger } from '../optionParsers.ts';

interface TrainExportOptions {
  trainer: 'trl' | 'verl';
  out: string;
  snapshot?: string;
  preset?: RewardPreset;
  distractors?: number;
}

/** `kopa train export`: the folder a GPU server trains from. */
function registerTrainExport(train: Command, context: () => CommandContext): void {
  train
    .command('export')
    .argument('<dataset>', 'dataset id or name')
    .addOption(new Option('--trainer <name>', 'the trainer the kit is for').choices(['trl', 'verl']).makeOptionMandatory())
    .requiredOption('--out <dir>', 'the folder to write')
    .option('--snapshot <name>', 'carry this snapshot as the replay bundle the tools answer from')
    .addOption(new Option('--preset <name>', 'reward preset of the kit (default kopa)').choices([...rewardPresets]))
    .option('--distractors <n>', "tools offered besides each plan's own (default 3)", parseInteger)
    .action(async (dataset: string, options: TrainExportOptions) => {
      const ctx = context();
      const result = await ctx.withEngine((engine) => engine.call('train.export', { dataset, ...options }));
      ctx.out.result(result, (r: TrainExportResult) =>
        [
          ctx.t('cli.train.wrote', { trainer: r.trainer, rows: r.rows, tools: r.tools, dir: r.dir }),
          ...r.files.map((f) => `  ${f}`),
          ctx.t('cli.train.readme'),
        ].join('\n'),
      );
    });
}

/** `kopa train history`: how a model learned. */
function registerTrainHistory(train: Command, context: () => CommandContext): void {
  train
    .command('history')
    .argument('<model>', 'a model trained here (its id, name or file), or a run still going (its name)')
    .action(async (model: string) => {
      const ctx = context();
      const history = await ctx.withEngine((engine) => engine.call('train.history', { ref: model }));
      ctx.out.result(history, (h: NanoTraining | null) => (h ? historyText(h, ctx) : ctx.t('cli.train.noHistory', { model })));
    });
}

/** `kopa train nano`: KOPA-Nano trained here, or tuned with GRPO. */
function registerTrainNano(train: Command, context: () => CommandContext): void {
  train
    .command('nano')
    .option('--dataset <id|name>', 'the synthesized dataset it learns from (every tenth sample held out)')
    .option('--name <name>', 'the run and the model (default kopa-nano; with --grpo FROM-grpo); the same name resumes the run')
    .option('--steps <n>', 'optimizer steps (default 6000)', parseCount)
    .option('--dim <n>', 'width (default 256)', parseCount)
    .option('--layers <n>', 'layers (default 6)', parseCount)
    .option('--heads <n>', 'attention heads (default 4)', parseCount)
    .option('--ffn <n>', 'feed-forward size (default 704)', parseCount)
    .option('--vocab <n>', 'tokenizer vocabulary (default 4096)', parseCount)
    .option('--batch-tokens <n>', 'tokens per step (default 16384)', parseCount)
    .option('--lr <rate>', 'peak learning rate (default 0.002; with --grpo 0.0001)', Number)
    .option('--seed <n>', 'seed (default 1)', parseInteger)
    .option('--result-tokens <n>', 'result view budget in training and chat (default 256)', parseCount)
    .addOption(
      new Option(
        '--result-rows <form>',
        "a result's rows in training and chat: columns, or named (each value beside its field name) (default columns)",
      ).choices([...resultRowForms]),
    )
    .option('--keep <dir>', 'also keep the run in this folder, small enough to commit, and start from it on another machine')
    .addOption(
      new Option('--trajectories <which>', "one: each sample's own trajectory; all: also every alternative that reached its answer (default one)").choices([
        ...nanoTrajectories,
      ]),
    )
    .option('--grpo', 'tune a trained run with GRPO: attempts sampled as a chat runs them, scored by the reward preset')
    .option('--from <run>', 'with --grpo: the supervised run to tune (its name under train/nano)')
    .option('--iterations <n>', 'with --grpo: updates (default 40)', parseCount)
    .option('--prompts <n>', 'with --grpo: training questions per update (default 8)', parseCount)
    .option('--group-size <n>', 'with --grpo: attempts per question (default 4)', parseCount)
    .option('--temperature <t>', 'with --grpo: sampling temperature (default 1)', Number)
    .option('--beta <b>', 'with --grpo: weight of the KL term to the supervised model (default 0.04)', Number)
    .addOption(new Option('--preset <name>', 'with --grpo: reward preset (default kopa)').choices([...rewardPresets]))
    .option('--max-steps <n>', 'with --grpo: model turns per attempt (default 6)', parseCount)
    .option('--eval-every <n>', 'with --grpo: ask held-out questions every N iterations and after the last (default 10; 0 never)', parseInteger)
    .option('--eval-prompts <n>', 'with --grpo: held-out questions each check asks (default 16)', parseCount)
    .action(async (options: NanoOptions) => {
      const ctx = context();
      if (options.grpo) {
        const params = grpoParams(options);
        const result = await ctx.withProgress((onProgress, signal) =>
          ctx.withEngine((engine) => engine.jobs.run('train.nanoGrpo', params, { onProgress, signal })),
        );
        const last = result.curve.at(-1);
        const first = result.curve[0];
        ctx.out.result(result, (r: TrainNanoGrpoResult) =>
          [
            ctx.t('cli.train.grpoDone', {
              name: r.model?.name ?? '',
              id: r.model?.id ?? '',
              iterations: r.iterations,
              first: first ? first.reward.toFixed(3) : '—',
              last: last ? last.reward.toFixed(3) : '—',
              seconds: r.seconds,
            }),
            `  ${r.model?.file ?? r.runDir}`,
          ].join('\n'),
        );
        return;
      }
      if (!options.dataset) throw saidError('Usage', { message: 'error.nanoNeedsDataset', hint: 'error.nanoNeedsDataset.hint' });
      const grpoOnly = GRPO_ONLY.filter((key) => options[key] !== undefined);
      if (grpoOnly.length > 0) throw saidError('Usage', { message: 'error.grpoOnlyOptions', vars: { options: grpoOnly.map(flagOf).join(', ') } });
      const params: TrainNanoParams = { ...pick(options, [...SHARED, ...SUPERVISED_ONLY]), dataset: options.dataset };
      const result = await ctx.withProgress((onProgress, signal) => ctx.withEngine((engine) => engine.jobs.run('train.nano', params, { onProgress, signal })));
      ctx.out.result(result, (r: TrainNanoResult) => nanoText(r, ctx));
    });
}

/** `kopa train recipe`: a model retrained from its recipe. */
function registerTrainRecipe(train: Command, context: () => CommandContext): void {
  train
    .command('recipe')
    .argument('<dir>', 'a folder with recipe.json, which also keeps the run (commit it)')
    .action(async (dir: string) => {
      const ctx = context();
      const recipe = readNanoRecipe(dir);
      const { synth } = recipe;
      const datasets = await ctx.withEngine((engine) => engine.call('synth.list', {}));
      const made = datasets.find((d) => d.name === synth.name);
      if (made && made.seed !== synth.seed)
        throw saidError('InvalidRequest', { message: 'error.recipeDataset', hint: 'error.recipeDataset.hint', vars: { name: synth.name, seed: made.seed } });
      if (made?.status !== 'done')
        await ctx.withProgress((onProgress, signal) =>
          ctx.withEngine(
            (engine) => engine.jobs.run('synth.run', { count: synth.count, seed: synth.seed, name: synth.name, places: synth.places }, { onProgress, signal }),
            {
              emulator: { now: () => new Date(synth.now) },
            },
          ),
        );
      const params = recipeRun(recipe, dir);
      const result = await ctx.withProgress((onProgress, signal) => ctx.withEngine((engine) => engine.jobs.run('train.nano', params, { onProgress, signal })));
      ctx.out.result(result, (r: TrainNanoResult) => nanoText(r, ctx));
    });
}

function nanoText(r: TrainNanoResult, ctx: CommandContext): string {
  return [
    ctx.t('cli.train.nanoDone', {
      name: r.model?.name ?? '',
      id: r.model?.id ?? '',
      step: r.step,
      steps: r.steps,
      tokens: r.tokens,
      loss: r.loss ?? '—',
      validation: r.validationLoss ?? '—',
      parameters: r.parameters ?? '—',
      seconds: r.seconds,
    }),
    `  ${r.model?.file ?? r.runDir}`,
    ...(r.kept ? [ctx.t(r.kept.sameCorpus ? 'cli.train.kept' : 'cli.train.keptOtherCorpus', { dir: r.kept.dir })] : []),
  ].join('\n');
}

interface NanoOptions extends Omit<TrainNanoParams, 'dataset'> {
  dataset?: string;
  grpo?: boolean;
  from?: string;
  iterations?: number;
  prompts?: number;
  groupSize?: number;
  temperature?: number;
  beta?: number;
  preset?: RewardPreset;
  maxSteps?: number;
  evalEvery?: number;
  evalPrompts?: number;
}

/** Options that only a GRPO run reads, and those only a supervised run reads. */
const GRPO_ONLY = ['from', 'iterations', 'prompts', 'groupSize', 'temperature', 'beta', 'preset', 'maxSteps', 'evalEvery', 'evalPrompts'] as const;
const SUPERVISED_ONLY = [
  'dataset',
  'steps',
  'dim',
  'layers',
  'heads',
  'ffn',
  'vocab',
  'batchTokens',
  'resultTokens',
  'resultRows',
  'keep',
  'trajectories',
] as const;

const SHARED = ['name', 'lr', 'seed'] as const;

/** The options given of these keys. */
const pick = <K extends keyof NanoOptions>(options: NanoOptions, keys: readonly K[]): Pick<NanoOptions, K> =>
  Object.fromEntries(keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]])) as Pick<NanoOptions, K>;

const flagOf = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** A GRPO run's parameters; an option of the supervised run is refused rather than silently dropped. */
function grpoParams(options: NanoOptions): TrainNanoGrpoParams {
  if (!options.from) throw saidError('Usage', { message: 'error.grpoNeedsFrom', hint: 'error.grpoNeedsFrom.hint' });
  const supervised = SUPERVISED_ONLY.filter((key) => options[key] !== undefined);
  if (supervised.length > 0) throw saidError('Usage', { message: 'error.supervisedOnlyOptions', vars: { options: supervised.map(flagOf).join(', ') } });
  return { ...pick(options, [...SHARED, ...GRPO_ONLY]), from: options.from };
}

/** A run's history as lines: the loss from its first to its last step, each GRPO iteration, the watched attempts. */
function historyText(h: NanoTraining, ctx: CommandContext): string {
  const first = h.loss[0];
  const last = h.loss.at(-1);
  const out = [ctx.t(h.kind === 'grpo' ? 'cli.train.historyGrpo' : 'cli.train.history', { run: h.run, dataset: h.dataset, from: h.from ?? '' })];
  if (first && last)
    out.push(
      ctx.t('cli.train.historyLoss', { first: first.loss, firstStep: first.step, last: last.loss, lastStep: last.step, validation: h.validationLoss ?? '—' }),
    );
  const fixed = (v: number | null): string => (v === null ? '—' : v.toFixed(3));
  for (const p of h.grpo)
    out.push(
      ctx.t('cli.train.historyIteration', {
        iteration: p.iteration + 1,
        reward: fixed(p.reward),
        solved: Math.round(p.solved * 100),
        right: fixed(p.solvedReward),
        wrong: fixed(p.unsolvedReward),
        kl: fixed(p.kl),
      }),
    );
  for (const p of h.heldOut)
    out.push(ctx.t('cli.train.historyHeldOut', { iteration: p.iteration, solved: Math.round(p.solved * 100), prompts: p.prompts, reward: fixed(p.reward) }));
  for (const a of h.watched)
    out.push(`  ${ctx.t('cli.train.historyWatched', { sample: a.sample, reward: fixed(a.reward) })}\n${a.written.replace(/^/gm, '    ')}`);
  return out.join('\n');
}

export function registerTrain(program: Command, context: () => CommandContext): void {
  const train = program.command('train');
  registerTrainExport(train, context);
  registerTrainHistory(train, context);
  registerTrainNano(train, context);
  registerTrainRecipe(train, context);
}
