// Long work recorded as jobs, whichever surface started it: the workbench's synthesis, the CLI's bench run. A job
// an engine stop cut short can be resumed from here.
import type { Command } from 'commander';
import type { JobInfo } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { errorText, stageLabel, type Locale } from '../../core/i18n/strings.ts';
import { formatMoment } from '../../core/i18n/moments.ts';
import { jobReach } from '../../core/jobs/jobReach.ts';

function progressOf(job: JobInfo, locale: Locale): string {
  const p = job.progress;
  if (!p) return '';
  const stage = stageLabel(locale, p.stage);
  return p.total ? `${stage} ${p.done ?? 0}/${p.total}` : stage;
}

/** Where a job's calls go and what it writes, in one cell: "live → out.jsonl". */
function reachOf(job: JobInfo): string {
  const reach = jobReach(job.method, job.params);
  return [reach.mode, ...reach.outputs.slice(0, 1)].join(' → ');
}

function renderJobs(jobs: JobInfo[], ctx: CommandContext): string {
  if (jobs.length === 0) return ctx.t('cli.jobs.none');
  return renderTable(
    jobs.map((j) => ({
      id: j.id,
      method: j.method,
      status: j.status,
      progress: j.status === 'running' ? progressOf(j, ctx.locale) : '',
      reaches: reachOf(j),
      started: formatMoment(j.createdAt, ctx.locale),
      resumable: j.resumable ? ctx.t('cli.yes') : '',
    })),
  );
}

export function registerJobs(program: Command, context: () => CommandContext): void {
  const jobs = program.command('jobs');
  jobs.command('list', { isDefault: true }).action(async () => {
    const ctx = context();
    ctx.out.result(await ctx.withEngine((engine) => engine.call('jobs.list', {})), (list) => renderJobs(list, ctx));
  });
  jobs
    .command('resume')
    .argument('<id>', 'a job that was interrupted, failed or cancelled')
    .option('--live', 'the job calls live agency APIs (mode live or record): resume it anyway, as a fresh start with --mode live would')
    .option('--overwrite', 'replace the files the job writes where they exist')
    .action(async (id: string, options: { live?: boolean; overwrite?: boolean }) => {
      const ctx = context();
      const done = await ctx.withProgress((onProgress, signal) =>
        ctx.withEngine(async (engine) => {
          // Said before anything runs: the parameters come from the database, not from this command line.
          const stored = await engine.call('jobs.get', { id });
          const reach = jobReach(stored.method, stored.params);
          ctx.out.note(
            ctx.t('cli.jobs.willRun', {
              method: stored.method,
              mode: reach.mode,
              outputs: reach.outputs.length ? ctx.t('cli.jobs.writes', { files: reach.outputs.join(', ') }) : '',
            }),
          );
          const job = await engine.call('jobs.resume', { id, allowNetwork: options.live === true, overwrite: options.overwrite === true });
          // Ctrl+C stops the job as the window's Stop does, and the watch goes on to its clean end (a checkpoint, an export).
          return engine.call('jobs.watch', { id: job.id, stopJob: true }, { onProgress, signal });
        }),
      );
      ctx.out.result(done, (job) =>
        ctx.t('cli.jobs.ended', {
          method: job.method,
          status: ctx.t(`job.status.${job.status}`),
          error: job.error ? `: ${errorText(ctx.locale, job.error).message}` : '',
          id: job.id,
        }),
      );
      if (done.status !== 'done') ctx.exitCode = 1;
    });
}
