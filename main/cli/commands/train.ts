import { Option, type Command } from 'commander';
import type { TrainExportResult, TrainNanoParams, TrainNanoResult } from '../../api/contract.ts';
import { rewardPresets, type RewardPreset } from '../../core/train/reward/types.ts';
import type { CommandContext } from '../context.ts';
import { parseCount, parseInteger } from './call.ts';

interface TrainExportOptions {
  trainer: 'trl' | 'verl';
  out: string;
  snapshot?: string;
  preset?: RewardPreset;
  distractors?: number;
}

export function registerTrain(program: Command, context: () => CommandContext): void {
  const train = program.command('train');
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

  train
    .command('nano')
    .requiredOption('--dataset <id|name>', 'the synthesized dataset it learns from (every tenth sample held out)')
    .option('--name <name>', 'the run and the model (default kopa-nano); the same name resumes the run')
    .option('--steps <n>', 'optimizer steps (default 6000)', parseCount)
    .option('--dim <n>', 'width (default 256)', parseCount)
    .option('--layers <n>', 'layers (default 6)', parseCount)
    .option('--heads <n>', 'attention heads (default 4)', parseCount)
    .option('--ffn <n>', 'feed-forward size (default 704)', parseCount)
    .option('--vocab <n>', 'tokenizer vocabulary (default 4096)', parseCount)
    .option('--batch-tokens <n>', 'tokens per step (default 16384)', parseCount)
    .option('--lr <rate>', 'peak learning rate (default 0.002)', Number)
    .option('--seed <n>', 'seed (default 1)', parseInteger)
    .option('--result-tokens <n>', 'result view budget in training and chat (default 256)', parseCount)
    .action(async (options: TrainNanoParams) => {
      const ctx = context();
      const result = await ctx.withProgress((onProgress) => ctx.withEngine((engine) => engine.jobs.run('train.nano', { ...options }, { onProgress })));
      ctx.out.result(result, (r: TrainNanoResult) =>
        [
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
        ].join('\n'),
      );
    });
}
