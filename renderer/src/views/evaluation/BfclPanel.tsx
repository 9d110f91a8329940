// BFCL beside KOPA-Bench: run a model on a BFCL data folder as a job (results in BFCL's own layout), and score a
// results folder with the upstream checker's rules: the leaderboard's aggregates, accuracy by category with n, and
// every entry that failed with its error type.
import { useState } from 'react';
import { Play, ClipboardCheck } from 'lucide-react';
import type { BfclCheckSummary } from '../../../../main/api/contract.ts';
import { BFCL_CATEGORIES, type BfclCategory } from '../../../../main/core/bfcl/categories.ts';
import { useStartJob } from '../../api/useStartJob.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useJobsOf } from '../../api/JobsProvider.tsx';
import { useLocale } from '../../i18n.tsx';
import { JobProgress } from '../../components/JobProgress.tsx';
import { pct } from '../../../../main/core/bench/report/reportData.ts';
import { aggregateCategories, type BfclAggregate } from '../../../../main/core/bfcl/scoring.ts';
import { PathField } from '../../components/PathField.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { QueryStatus } from '../../components/Skeleton.tsx';
import { ModelName } from '../../components/ModelChoice.tsx';
import { formatDateTime } from '../../format.ts';

const SHOWN_FAILURES = 200;

/** How many of the run's categories an aggregate averages over (BFCL counts those not run as 0). */
const categoriesIn = (key: BfclAggregate, categories: readonly string[]): number =>
  categories.filter((c) => (aggregateCategories[key] as readonly string[]).includes(c)).length;

/** An aggregate's score, or a dash where none of its categories ran (its 0 % says nothing of the model). */
const aggregateText = (key: BfclAggregate, value: number, categories: readonly string[]): string => (categoriesIn(key, categories) > 0 ? pct(value) : '—');

function Scores({ summary }: { summary: BfclCheckSummary }) {
  const { t } = useLocale();
  const [category, setCategory] = useState('');
  const failures = summary.failures.filter((f) => category === '' || f.category === category);
  return (
    <div data-testid="bfcl-scores">
      <div className="figures">
        {(Object.keys(aggregateCategories) as BfclAggregate[]).map((key) => {
          const ran = categoriesIn(
            key,
            summary.categories.map((c) => c.category),
          );
          return (
            <div key={key} className="figure" data-testid={`bfcl-${key}`}>
              <span className="figure-value">
                {aggregateText(
                  key,
                  summary[key],
                  summary.categories.map((c) => c.category),
                )}
              </span>
              <span className="figure-label">{t(`bfcl.${key}`)}</span>
              <span className="muted">{ran > 0 ? t('bfcl.ranCategories', { n: ran }) : t('bfcl.notRun')}</span>
            </div>
          );
        })}
      </div>
      <table className="spec-table" data-testid="bfcl-categories">
        <thead>
          <tr>
            <th scope="col">{t('bfcl.category')}</th>
            <th scope="col">{t('bfcl.accuracy')}</th>
            <th scope="col">{t('bfcl.interval')}</th>
            <th scope="col">{t('bfcl.correct')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.categories.map((c) => (
            <tr key={c.category}>
              <th scope="row">
                <code>{c.category}</code>
              </th>
              <td>{pct(c.accuracy)}</td>
              <td>
                {pct(c.low)} – {pct(c.high)}
              </td>
              <td>
                {c.correct} / {c.total}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>
        {t('bfcl.failures', { n: summary.failures.length })}{' '}
        <label className="inline">
          <span className="sr-only">{t('bfcl.category')}</span>
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('eval.any')}</option>
            {summary.categories.map((c) => (
              <option key={c.category} value={c.category}>
                {c.category}
              </option>
            ))}
          </select>
        </label>
      </h4>
      <ul className="bfcl-failures" data-testid="bfcl-failures">
        {failures.slice(0, SHOWN_FAILURES).map((f) => (
          <li key={`${f.category}/${f.id}`}>
            <code>{f.id}</code> <span className="error">{f.errorType}</span>
            {f.reason && <span className="muted"> {f.reason}</span>}
          </li>
        ))}
      </ul>
      {failures.length > SHOWN_FAILURES && <p className="muted">{t('graph.moreLinks', { n: failures.length - SHOWN_FAILURES })}</p>}
    </div>
  );
}

/** The kept BFCL runs, newest first; one opens its scores and failures below. */
function BfclRuns({ selected, onSelect }: { selected: string | null; onSelect: (run: string) => void }) {
  const { t, locale } = useLocale();
  const runs = useEngineQuery('bfcl.runs', {});
  return (
    <>
      <h4>{t('bfcl.runs')}</h4>
      <QueryStatus query={runs} rows={3} />
      {runs.data?.length === 0 && <p className="muted">{t('bfcl.noRuns')}</p>}
      {(runs.data?.length ?? 0) > 0 && (
        <table className="plain" data-testid="bfcl-runs">
          <thead>
            <tr>
              <th scope="col">{t('eval.model')}</th>
              <th scope="col">{t('bfcl.when')}</th>
              <th scope="col">{t('bfcl.categoriesRun')}</th>
              <th scope="col">{t('bfcl.nonLive')}</th>
              <th scope="col">{t('bfcl.live')}</th>
              <th scope="col">{t('bfcl.multiTurn')}</th>
              <th scope="col">{t('bfcl.overall')}</th>
              <th scope="col">{t('bfcl.failedCount')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.data!.map((run) => (
              <tr key={run.id} aria-selected={run.id === selected}>
                <th scope="row">
                  <button type="button" className="link" title={run.id} onClick={() => onSelect(run.id)} data-testid="bfcl-run-link">
                    <ModelName modelRef={run.model} />
                  </button>
                </th>
                <td>{formatDateTime(run.createdAt, locale)}</td>
                <td title={run.params.categories.join(', ')}>{run.params.categories.length}</td>
                <td>{aggregateText('nonLive', run.scores.nonLive, run.params.categories)}</td>
                <td>{aggregateText('live', run.scores.live, run.params.categories)}</td>
                <td>{aggregateText('multiTurn', run.scores.multiTurn, run.params.categories)}</td>
                <td>{pct(run.scores.overall)}</td>
                <td>{run.scores.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function KeptRunScores({ run }: { run: string }) {
  const { t } = useLocale();
  const detail = useEngineQuery('bfcl.show', { run });
  return (
    <section aria-labelledby="bfcl-kept-run" data-testid="bfcl-run-scores">
      <h4 id="bfcl-kept-run">{t('bfcl.shown', { run })}</h4>
      <QueryStatus query={detail} rows={6} />
      {detail.data && <Scores summary={detail.data.scores} />}
    </section>
  );
}

export function BfclPanel() {
  const { t } = useLocale();
  const job = useStartJob();
  const checking = useEngineMutation('bfcl.check');
  const { jobs: bfclJobs } = useJobsOf('bfcl.run', 3);
  const [kept, setKept] = useState<string | null>(null);
  const [data, setData] = useState('');
  const [model, setModel] = useState('');
  const [out, setOut] = useState('');
  const [categories, setCategories] = useState('');
  const [constants, setConstants] = useState('');
  const [summary, setSummary] = useState<BfclCheckSummary | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const list = categories.split(/[\s,]+/).filter((c) => c !== '');
  const known = list.filter((c): c is BfclCategory => (BFCL_CATEGORIES as readonly string[]).includes(c));
  const unknown = list.filter((c) => !known.includes(c as BfclCategory));
  /** Says which categories BFCL does not have, instead of leaving them out. */
  const categoriesOk = (): boolean => {
    if (unknown.length === 0) return true;
    setInvalid(t('bfcl.unknownCategory', { names: unknown.join(', ') }));
    return false;
  };
  /** The multi-turn simulators' constants, where they are not in derived/ beside the data folder. */
  const constantsParam = (): { constants?: string } => (constants.trim() ? { constants: constants.trim() } : {});
  const run = (): void => {
    setInvalid(null);
    checking.dismiss();
    if (!categoriesOk()) return;
    void job.start('bfcl.run', {
      data: data.trim(),
      model: model.trim(),
      out: out.trim(),
      ...(known.length ? { categories: known } : {}),
      ...constantsParam(),
    });
  };
  const check = (dataDir: string, results: string): void => {
    setInvalid(null);
    job.dismiss();
    setSummary(null);
    setKept(null);
    if (!categoriesOk()) return;
    void checking.run({ data: dataDir, results, ...(known.length ? { categories: known } : {}), ...constantsParam() }).then((s) => s && setSummary(s));
  };
  return (
    <section className="card" aria-labelledby="bfcl">
      <h3 id="bfcl">{t('bfcl.title')}</h3>
      <p className="muted">{t('bfcl.hint')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <div className="form-row">
          <PathField
            label={t('bfcl.data')}
            value={data}
            onChange={setData}
            request={{ action: 'open', kind: 'folder', title: t('bfcl.data') }}
            placeholder="/data/bfcl/v4"
            testId="bfcl-data"
          />
          <label className="grow">
            {t('eval.model')}
            <input value={model} onChange={(e) => setModel(e.target.value)} data-testid="bfcl-model" />
          </label>
          <PathField
            label={t('bfcl.out')}
            value={out}
            onChange={setOut}
            request={{ action: 'open', kind: 'folder', title: t('bfcl.out') }}
            placeholder="/data/bfcl/results/qwen"
            testId="bfcl-out"
          />
          <label>
            {t('bfcl.categories')}
            <input
              value={categories}
              onChange={(e) => setCategories(e.target.value)}
              placeholder="simple_python, parallel"
              data-testid="bfcl-categories-input"
            />
          </label>
          <label className="grow">
            {t('bfcl.constants')}
            <input
              value={constants}
              onChange={(e) => setConstants(e.target.value)}
              placeholder="derived/multi_turn_backend_constants.json"
              data-testid="bfcl-constants"
            />
          </label>
        </div>
        <div className="row">
          <button type="submit" disabled={!data.trim() || !model.trim() || !out.trim()} data-testid="bfcl-run">
            <Play size={16} aria-hidden="true" /> {t('bfcl.run')}
          </button>
          <button
            type="button"
            className="ghost"
            disabled={!data.trim() || !out.trim()}
            onClick={() => check(data.trim(), out.trim())}
            data-testid="bfcl-check"
          >
            <ClipboardCheck size={16} aria-hidden="true" /> {t('bfcl.check')}
          </button>
        </div>
      </form>
      {bfclJobs.length > 0 && (
        <ul className="jobs">
          {bfclJobs.map((job) => (
            <JobProgress key={job.id} job={job} />
          ))}
        </ul>
      )}
      {invalid && (
        <p className="error" role="alert">
          {invalid}
        </p>
      )}
      <ErrorNote error={job.error} onRetry={job.retry} onDismiss={job.dismiss} />
      <ErrorNote error={checking.error} onRetry={checking.retry} onDismiss={checking.dismiss} />
      {summary && <Scores summary={summary} />}
      <BfclRuns
        selected={kept}
        onSelect={(run) => {
          setSummary(null);
          setKept(run);
        }}
      />
      {kept && <KeptRunScores key={kept} run={kept} />}
    </section>
  );
}
