// Evaluation: start a KOPA-Bench run as a job (it outlives the window), the runs this workstation made with their
// pass@1 and interval, and two of them picked for a paired comparison. A run's page, a task's attempts and a
// comparison have addresses of their own (#/eval/run/<id>, …/task/<id>, #/eval/compare/<a>/<b>).
import { judgesClaims } from '../../../../main/core/bench/runIdentity.ts';
import { useState } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { BarChart3, GitCompare } from 'lucide-react';
import type { BenchRunRow } from '../../../../main/api/contract.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useJobsOf } from '../../api/JobsProvider.tsx';
import { useLocale } from '../../i18n.tsx';
import { formatDateTime } from '../../format.ts';
import { ModelName } from '../../components/ModelChoice.tsx';
import { JobProgress } from '../../components/JobProgress.tsx';
import { StartRun } from './StartRun.tsx';
import { BfclPanel } from './BfclPanel.tsx';
import { RunPage } from './RunPage.tsx';
import { TaskPage } from './TaskPage.tsx';
import { ComparePage } from './ComparePage.tsx';
import { interval } from '../../../../main/core/bench/report/reportData.ts';
import { QueryStatus } from '../../components/Skeleton.tsx';

/** Attempts the run's backend could not run: counted as failures, and said beside the number. */
const backendErrors = (run: BenchRunRow): number => run.summary?.failures['backend error'] ?? 0;

/** One run: picked for a comparison or not, its model, suite, size, pass@1 with its interval, status and time. */
function RunRow({ run, picked, onPick }: { run: BenchRunRow; picked: boolean; onPick: () => void }) {
  const { t, locale } = useLocale();
  const pass1 = run.summary?.['pass@k']['pass@1'];
  return (
    <tr>
      <td>
        <input type="checkbox" checked={picked} onChange={onPick} aria-label={t('eval.pickRun', { run: run.id })} data-testid="pick-run" />
      </td>
      <th scope="row">
        <Link href={`/run/${encodeURIComponent(run.id)}`} data-testid="run-link">
          <code>{run.id}</code>
        </Link>
      </th>
      <td>
        <ModelName modelRef={run.manifest.model.ref} />
        {run.manifest.model.lora.length > 0 && <span className="muted"> + LoRA</span>}
      </td>
      <td>
        {run.suite}
        {run.manifest.suite.version && <span className="muted"> v{run.manifest.suite.version}</span>}
        {!judgesClaims(run.manifest) && (
          <span className="badge badge-warn" title={t('eval.judgedTextHint')} data-testid="judged-text">
            {t('eval.judgedText')}
          </span>
        )}
      </td>
      <td>{t('eval.tasksBySamples', { tasks: run.manifest.suite.tasks, samples: run.manifest.sampling.samples })}</td>
      <td data-testid="run-pass1">
        {pass1 ? interval(pass1) : '—'}
        {backendErrors(run) > 0 && (
          <span className="badge badge-warn" data-testid="backend-errors">
            {t('eval.backendErrors', { n: backendErrors(run) })}
          </span>
        )}
      </td>
      <td>{t(`eval.runStatus.${run.status}`)}</td>
      <td>{formatDateTime(run.createdAt, locale)}</td>
    </tr>
  );
}

function RunsTable({ runs }: { runs: BenchRunRow[] }) {
  const { t } = useLocale();
  const [, navigate] = useLocation();
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string): void => setPicked(picked.includes(id) ? picked.filter((p) => p !== id) : [...picked.slice(-1), id]);
  if (runs.length === 0) return <p className="empty-line">{t('eval.noRuns')}</p>;
  return (
    <section className="card">
      <header className="card-head">
        <h3>{t('eval.runs')}</h3>
        <button
          type="button"
          disabled={picked.length !== 2}
          onClick={() => navigate(`/compare/${encodeURIComponent(picked[0]!)}/${encodeURIComponent(picked[1]!)}`)}
          data-testid="compare-runs"
        >
          <GitCompare size={16} aria-hidden="true" /> {t('eval.compareTwo')}
        </button>
      </header>
      <div className="table-scroll">
        <table className="spec-table" data-testid="runs">
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">{t('eval.pick')}</span>
              </th>
              <th scope="col">{t('eval.run')}</th>
              <th scope="col">{t('eval.model')}</th>
              <th scope="col">{t('eval.suite')}</th>
              <th scope="col">{t('eval.size')}</th>
              <th scope="col">pass@1</th>
              <th scope="col">{t('eval.status')}</th>
              <th scope="col">{t('eval.created')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <RunRow key={run.id} run={run} picked={picked.includes(run.id)} onPick={() => toggle(run.id)} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RunsHome() {
  const { t } = useLocale();
  // The last refresh while a run went on may predate its end: the runs are read once more when it ends.
  const { jobs: benchJobs } = useJobsOf('bench.run', 5);
  const runs = useEngineQuery('bench.runs', {});
  return (
    <>
      <StartRun />
      {benchJobs.length > 0 && (
        <section className="card">
          <h3>{t('eval.jobs')}</h3>
          <ul className="jobs">
            {benchJobs.map((job) => (
              <JobProgress key={job.id} job={job} />
            ))}
          </ul>
        </section>
      )}
      <QueryStatus query={runs} rows={5} />
      {runs.data && <RunsTable runs={runs.data} />}
      <BfclPanel />
    </>
  );
}

export function EvaluationView() {
  const { t } = useLocale();
  return (
    <div className="view">
      <header className="view-head">
        <h2>
          <BarChart3 size={20} aria-hidden="true" /> {t('nav.evaluation')}
        </h2>
      </header>
      <Switch>
        <Route path="/run/:run/task/:task">{(p) => <TaskPage runId={decodeURIComponent(p.run)} taskId={decodeURIComponent(p.task)} />}</Route>
        <Route path="/run/:run">{(p) => <RunPage runId={decodeURIComponent(p.run)} />}</Route>
        <Route path="/compare/:a/:b">{(p) => <ComparePage a={decodeURIComponent(p.a)} b={decodeURIComponent(p.b)} />}</Route>
        <Route>
          <RunsHome />
        </Route>
      </Switch>
    </div>
  );
}
