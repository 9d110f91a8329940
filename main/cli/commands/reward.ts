// `kopa reward audit`: the attack suite of every reward preset and KOPA-Bench as a table, the worst case of each
// cell named, so whoever trains with a preset or reports a bench number can show that neither pays for gaming.
import type { Command } from 'commander';
import type { RewardAuditParams, RewardAuditResult } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { parseCount, parseList } from '../optionParsers.ts';

const mark = (met: boolean): string => (met ? '✓' : '✗');

function renderAudit(r: RewardAuditResult, t: CommandContext['t']): string {
  const lines = [
    t('cli.reward.auditHead', { samples: r.dataset?.samples ?? 0, dataset: r.dataset?.name ?? '-', tasks: r.suite?.tasks ?? 0, suite: r.suite?.name ?? '-' }),
  ];
  lines.push(
    renderTable(
      Object.entries(r.rewards).map(([row, cells]) => ({
        attack: row,
        ...Object.fromEntries(Object.entries(cells).map(([preset, c]) => [preset, c.applies ? `${c.worst} ${c.goal} ${mark(c.met)}` : '-'])),
        'worst at': Object.values(cells).find((c) => !c.met)?.worstAt ?? Object.values(cells)[0]?.worstAt ?? '',
      })),
    ),
  );
  if (Object.keys(r.bench).length) {
    lines.push(t('cli.reward.benchHead'));
    lines.push(
      renderTable(
        Object.entries(r.bench).map(([row, c]) => ({
          attack: row,
          tasks: c.applies,
          passed: c.passed,
          grounded: c.grounded,
          goal: c.goal,
          met: mark(c.met),
          'first at': c.worstAt ?? '',
        })),
      ),
    );
  }
  if (r.natural.answers) lines.push(t('cli.reward.natural', { passed: r.natural.passed, answers: r.natural.answers }));
  for (const f of r.natural.failures) lines.push(`  ${f.task}: ${f.detail} — ${f.answer}`);
  if (r.suite?.skipped.length) lines.push(t('cli.reward.skipped', { ids: r.suite.skipped.join(', ') }));
  lines.push(t(r.met ? 'cli.reward.met' : 'cli.reward.notMet'));
  return lines.join('\n');
}

export function registerReward(program: Command, context: () => CommandContext): void {
  const reward = program.command('reward');
  reward
    .command('audit')
    .option('--dataset <id|name>', 'a synthesized dataset whose samples are attacked under every preset')
    .option('--samples <n>', 'only the first n samples of the dataset', parseCount)
    .option('--suite <suite>', '"kopa" (default), a .jsonl file or folder, or "none"')
    .option('--tasks <ids>', 'only these task ids', parseList)
    .action(async (options: RewardAuditParams) => {
      const ctx = context();
      const result = await ctx.withProgress((onProgress, signal) => ctx.withEngine((engine) => engine.call('reward.audit', options, { onProgress, signal })));
      ctx.out.result(result, (r) => renderAudit(r, ctx.t));
      if (!result.met) ctx.exitCode = 1;
    });
}
