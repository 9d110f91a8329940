import { Option, type Command } from 'commander';
import type { RolloutRunParams, RolloutRunResult } from '../../api/contract.ts';
import { rewardPresets } from '../../core/train/reward/types.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { parseCount, parseInteger } from '../optionParsers.ts';
import { percent as pct } from '../../core/text/percent.ts';

/** The command's options are the method's parameters, as typed. */
type RolloutCliOptions = RolloutRunParams;

const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(3));

function renderRollout(r: RolloutRunResult, t: CommandContext['t']): string {
  const s = r.summary;
  const lines = [
    t('cli.rollout.groups', {
      groups: s.groups,
      size: String(r.settings.groupSize),
      run: r.runId,
      resumed: r.resumed ? t('cli.synth.resumed') : '',
      mean: num(s.rewardMean),
      spread: num(s.rewardSpread),
      preset: String(r.settings.preset),
      scale: String(r.settings.scale),
    }),
    t('cli.rollout.noSpread', { share: pct(s.zeroSpreadShare) }),
    renderTable(
      Object.entries(s.byKind).map(([kind, b]) => ({ kind, groups: b.groups, 'reward mean': num(b.rewardMean), 'no spread': pct(b.zeroSpreadShare) })),
    ),
    renderTable(
      Object.entries(s.byLength).map(([length, b]) => ({ length, groups: b.groups, 'reward mean': num(b.rewardMean), 'no spread': pct(b.zeroSpreadShare) })),
    ),
    t('cli.rollout.solved', {
      always: s.alwaysSolved.join(', ') || t('cli.none'),
      never: s.neverSolved.length,
      ids: s.neverSolved.length ? ` (${s.neverSolved.slice(0, 20).join(', ')}${s.neverSolved.length > 20 ? ', …' : ''})` : '',
    }),
  ];
  if (r.export) lines.push(t('cli.rollout.exported', { groups: r.export.groups, file: r.export.file }));
  return lines.join('\n');
}

export function registerRollout(program: Command, context: () => CommandContext): void {
  program
    .command('rollout')
    .requiredOption('--model <ref>', 'a registered model, a .gguf file, openai:URL#MODEL, pool:SERVER*N,SERVER*N (registered servers as one) or scripted:FILE')
    .option('--lora <id...>', 'LoRA adapters for a local model')
    .addOption(
      new Option('--chat-wrapper <how>', "auto: the model family's wrapper; jinja: the GGUF's own template, as training renders it").choices(['auto', 'jinja']),
    )
    .requiredOption('--dataset <id|name>', 'the synthesized dataset whose requests are the prompts')
    .requiredOption('--group-size <n>', 'trajectories per prompt (G, at least 2)', parseCount)
    .option('--prompts <n>', 'the first n samples (default: all)', parseCount)
    .option('--seed <n>', 'sampling seed (default 1)', parseInteger)
    .option('--temperature <t>', 'sampling temperature (default 1)', Number)
    .option('--max-steps <n>', 'model turns per trajectory (default 6)', parseCount)
    .option('--max-tokens <n>', 'tokens per model turn', parseCount)
    .option('--context-size <n>', 'local model context size', parseCount)
    .addOption(new Option('--preset <name>', 'reward preset (default kopa)').choices([...rewardPresets]))
    .addOption(new Option('--scale <how>', 'advantages divided by the group spread (group) or not (none, Dr. GRPO)').choices(['group', 'none']))
    .addOption(new Option('--mode <mode>', 'where tool calls go (never live)').choices(['emulator', 'replay']).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot')
    .option('--system-prompt <text>', 'replace the standard system prompt (a very small model needs a short one)')
    .option('--result-tokens <n>', 'tokens of one tool result the model is shown (default 1024)', parseCount)
    .option('--run-id <id>', 'name the run, or resume it (default: from the settings)')
    .option('--export <file>', 'also write the groups as JSONL')
    .action(async (options: RolloutCliOptions) => {
      const ctx = context();
      const result = await ctx.withProgress((onProgress, signal) =>
        ctx.withEngine((engine) => engine.jobs.run('rollout.run', { ...options }, { onProgress, signal })),
      );
      ctx.out.result(result, (r) => renderRollout(r, ctx.t));
    });
}
