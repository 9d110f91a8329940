// A run still going, task by task: a square per task of the run that fills in as its attempts finish (green: all
// passed, amber: some, red: none), grey for tasks not reached yet; each square opens its task.
import { Link } from 'wouter';
import type { BenchRunDetail } from '../../../../main/api/contract.ts';
import { useLocale } from '../../i18n.tsx';
import { verdictOf } from './taskFilter.ts';

export function ProgressGrid({ detail }: { detail: BenchRunDetail }) {
  const { t } = useLocale();
  const total = detail.run.manifest.suite.tasks;
  const samples = detail.run.manifest.sampling.samples;
  const started = detail.tasks.length;
  const finished = detail.tasks.filter((task) => task.n >= samples).length;
  return (
    <section className="card" aria-labelledby="progress-grid">
      <h3 id="progress-grid">{t('eval.progress', { finished, total })}</h3>
      <ol className="progress-grid" data-testid="progress-grid">
        {detail.tasks.map((task) => (
          <li key={task.taskId} className={`cell verdict-${task.n >= samples ? verdictOf(task) : 'partial'}`} title={`${task.taskId}: ${task.c}/${task.n}`}>
            <Link
              href={`/run/${encodeURIComponent(detail.run.id)}/task/${encodeURIComponent(task.taskId)}`}
              aria-label={t('eval.cell', { task: task.taskId, c: task.c, n: task.n })}
            />
          </li>
        ))}
        {Array.from({ length: Math.max(0, total - started) }, (_, i) => (
          <li key={`pending-${i}`} className="cell pending" aria-hidden="true" />
        ))}
      </ol>
    </section>
  );
}
