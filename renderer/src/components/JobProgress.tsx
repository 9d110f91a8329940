// One job's state: what it does, how far it got (with the stage the engine reports), and what can be done with it.
import type { JobInfo } from '../../../main/api/contract.ts';
import { useEngineQuery } from '../api/queries.ts';
import { useEngineMutation } from '../api/useEngineMutation.ts';
import { ErrorNote } from './ErrorNote.tsx';
import { useLocale } from '../i18n.tsx';
import { formatBytes, formatDateTime, formatUptime } from '../format.ts';
import { modelLabel } from '../modelLabel.ts';
import { errorText, sayRecorded, stageLabel } from '../../../main/core/i18n/strings.ts';
import { jobReach } from '../../../main/core/jobs/jobReach.ts';
import { isSynthCounter } from '../../../main/core/synth/counters.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** Stages whose progress counts bytes (hashing or copying a model file). */
const BYTE_STAGES = new Set(['sha256', 'copy']);

export function jobFraction(job: JobInfo): number | undefined {
  const p = job.progress;
  return p?.total ? Math.min(1, (p.done ?? 0) / p.total) : undefined;
}

/** Synthesis as it goes, and as it ended: attempts, and how many samples each gate refused (the ones that refused any). */
function Counts({ counts }: { counts: Record<string, number> }) {
  const { t } = useLocale();
  const refused = Object.entries(counts).filter(([name, n]) => name !== 'attempts' && n > 0);
  const label = (name: string): string => (isSynthCounter(name) ? t(`gate.${name}`) : name);
  return (
    <span className="muted" data-testid="job-counts">
      {t('gate.attemptsN', { n: counts.attempts ?? 0 })}
      {refused.length > 0 && ` · ${t('gate.refused')} ${refused.map(([name, n]) => `${label(name)} ${n}`).join(', ')}`}
    </span>
  );
}

/** What a job works on, where its card would otherwise not say: the model file, the model, the dataset. */
function jobSubject(job: JobInfo, registered: readonly { id: string; name: string }[]): { short: string; full: string } | undefined {
  const text = (key: string): string | undefined => (typeof job.params[key] === 'string' ? (job.params[key] as string) : undefined);
  const full =
    job.method === 'models.add'
      ? text('source')
      : job.method === 'models.load' || job.method === 'bench.run' || job.method === 'bfcl.run'
        ? (text('ref') ?? text('model'))
        : job.method === 'synth.run'
          ? text('name')
          : undefined;
  return full ? { short: modelLabel(full, registered), full } : undefined;
}

/** What the job is, over what, its status, when it started, and for a finished one how much it did in how long. */
function JobHead({ job, subject }: { job: JobInfo; subject: { short: string; full: string } | undefined }) {
  const { t, locale } = useLocale();
  const p = job.progress;
  return (
    <div className="job-head">
      <strong>{t(`job.method.${job.method}`)}</strong>
      {subject && (
        <code className="job-subject" title={subject.full}>
          {subject.short}
        </code>
      )}
      <span className={`badge badge-${job.status === 'done' ? 'ok' : job.status === 'running' ? 'info' : job.status === 'failed' ? 'bad' : 'warn'}`}>
        {t(`job.status.${job.status}`)}
      </span>
      <span className="muted">{formatDateTime(job.createdAt, locale)}</span>
      {job.status === 'done' && job.finishedAt && (
        // A finished card says how much it did and how long it took, not only that it ended.
        <span className="muted" data-testid="job-summary">
          {[
            p?.total ? (BYTE_STAGES.has(p.stage) ? formatBytes(p.total) : t('job.progress', { done: p.done ?? p.total, total: p.total })) : null,
            formatUptime(Math.max(0, Date.parse(job.finishedAt) - Date.parse(job.createdAt)), t),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      )}
    </div>
  );
}

/** A running job's stage, how far it is, what it says now, and its counters. */
function Running({ job }: { job: JobInfo }) {
  const { t, locale } = useLocale();
  const p = job.progress;
  return (
    <div className="progress">
      <span>
        {p ? stageLabel(locale, p.stage) : t('job.starting')}
        {p?.total
          ? ` · ${BYTE_STAGES.has(p.stage) ? `${formatBytes(p.done ?? 0)} / ${formatBytes(p.total)}` : t('job.progress', { done: p.done ?? 0, total: p.total })}`
          : ''}
      </span>
      {p?.said ? (
        <span className="muted">{sayRecorded(locale, p.said, p.message ?? '')}</span>
      ) : (
        p?.message && (
          <span className="muted" lang="en">
            {p.message}
          </span>
        )
      )}
      <progress value={jobFraction(job)} max={1} aria-label={t(`job.method.${job.method}`)} />
      {p?.counts && <Counts counts={p.counts} />}
    </div>
  );
}

export function JobProgress({ job }: { job: JobInfo }) {
  const { t, locale } = useLocale();
  const models = useEngineQuery('models.list', {});
  const subject = jobSubject(job, models.data ?? []);
  const cancelling = useEngineMutation('jobs.cancel', { invalidates: ['jobs.list'] });
  const resuming = useEngineMutation('jobs.resume', { invalidates: ['jobs.list'] });
  const failed = cancelling.error ? cancelling : resuming;
  // A resumed job runs its stored parameters: where they reach beyond this machine or over files, the analyst is
  // shown that and asked first, as a fresh start in live mode asks.
  const reach = jobReach(job.method, job.params);
  const resume = (): void => {
    cancelling.dismiss();
    void resuming.run({ id: job.id, allowNetwork: reach.network, overwrite: reach.outputs.length > 0 });
  };
  const resumeButton = (onClick?: () => void) => (
    <button type="button" className="small" onClick={onClick} data-testid="job-resume">
      {t('job.resume')}
    </button>
  );
  const p = job.progress;
  return (
    <li className={`job job-${job.status}`} data-testid="job" data-status={job.status}>
      <JobHead job={job} subject={subject} />
      {job.status === 'running' && <Running job={job} />}
      {job.status !== 'running' && p?.counts && <Counts counts={p.counts} />}
      {job.error && <ErrorNote error={errorText(locale, job.error)} testId="job-error" announce={false} />}
      <ErrorNote error={failed.error} onRetry={failed.retry} onDismiss={failed.dismiss} />
      <div className="row">
        {job.status === 'running' && (
          <button
            type="button"
            className="ghost small"
            onClick={() => {
              resuming.dismiss();
              void cancelling.run({ id: job.id });
            }}
            disabled={cancelling.pending}
          >
            {t('job.cancel')}
          </button>
        )}
        {job.resumable &&
          (reach.network || reach.outputs.length > 0 ? (
            <ConfirmDialog
              trigger={resumeButton()}
              title={t('job.resumeTitle')}
              description={`${t('job.resumeReach', {
                mode: t(`mode.${reach.mode}`),
                outputs: reach.outputs.length ? t('job.resumeWrites', { files: reach.outputs.join(', ') }) : '',
              })}${reach.network ? t('job.resumeLive') : ''}`}
              confirmLabel={t('job.resumeConfirm')}
              danger={reach.network}
              onConfirm={resume}
            />
          ) : (
            resumeButton(resume)
          ))}
      </div>
    </li>
  );
}
