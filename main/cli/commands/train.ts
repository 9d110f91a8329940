import { Option, type Command } from 'commander';
import type { TrainExportResult } from '../../api/contract.ts';
import { rewardPresets, type RewardPreset } from '../../core/train/reward/types.ts';
import type { CommandContext } from '../context.ts';
import { parseInteger } from './call.ts';

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
}
