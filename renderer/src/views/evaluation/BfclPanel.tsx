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

/** What the analyst fills in: the data folder, the model, where results go, the categories and the simulators' constants. */
interface BfclForm {
  data: string;
  model: string;
  out: string;
  categories: string;
  constants: string;
}

const EMPTY_FORM: BfclForm = { data: '', model: '', out: '', categories: '', constants: '' };

/** The categories written, split into those BFCL has and those it does not. */
function writtenCategories(text: string): { known: BfclCategory[]; unknown: string[] } {
  const list = text.split(/[\s,]+/).filter((c) => c !== '');
  const known = list.filter((c): c is BfclCategory => (BFCL_CATEGORIES as readonly string[]).includes(c));
  return { known, unknown: list.filter((c) => !known.includes(c as BfclCategory)) };
}

export function BfclPanel() {
  const { t } = useLocale();
  const job = useStartJob();
  const checking = useEngineMutation('bfcl.check');
  const { jobs: bfclJobs } = useJobsOf('bfcl.run', 3);
  const [kept, setKept] = useState<string | null>(null);
  const [form, setForm] = useState<BfclForm>(EMPTY_FORM);
  const [summary, setSummary] = useState<BfclCheckSummary | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { known, unknown } = writtenCategories(form.categories);
  const data = form.data.trim();
  const out = form.out.trim();
  /** Says which categories BFCL does not have, instead of leaving them out. */
  const categoriesOk = (): boolean => {
    if (unknown.length === 0) return true;
    setInvalid(t('bfcl.unknownCategory', { names: unknown.join(', ') }));
    return false;
  };
  /** The categories asked for, and the multi-turn simulators' constants where they are not in derived/ beside the data folder. */
  const scope = { ...(known.length ? { categories: known } : {}), ...(form.constants.trim() ? { constants: form.constants.trim() } : {}) };
  const run = (): void => {
    setInvalid(null);
    checking.dismiss();
    if (categoriesOk()) void job.start('bfcl.run', { data, model: form.model.trim(), out, ...scope });
  };
  const check = (): void => {
    setInvalid(null);
    job.dismiss();
    setSummary(null);
    setKept(null);
    if (categoriesOk()) void checking.run({ data, results: out, ...scope }).then((s) => s && setSummary(s));
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
        <BfclFields form={form} onChange={setForm} />
        <div className="row">
          <button type="submit" disabled={!data || !form.model.trim() || !out} data-testid="bfcl-run">
            <Play size={16} aria-hidden="true" /> {t('bfcl.run')}
          </button>
          <button type="button" className="ghost" disabled={!data || !out} onClick={check} data-testid="bfcl-check">
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

function BfclFields({ form, onChange }: { form: BfclForm; onChange: (form: BfclForm) => void }) {
  const { t } = useLocale();
  const set =
    (key: keyof BfclForm) =>
    (value: string): void =>
      onChange({ ...form, [key]: value });
  return (
    <div className="form-row">
      <PathField
        label={t('bfcl.data')}
        value={form.data}
        onChange={set('data')}
        request={{ action: 'open', kind: 'folder', title: t('bfcl.data') }}
        placeholder="/data/bfcl/v4"
        testId="bfcl-data"
      />
      <label className="grow">
        {t('eval.model')}
        <input value={form.model} onChange={(e) => set('model')(e.target.value)} data-testid="bfcl-model" />
      </label>
      <PathField
        label={t('bfcl.out')}
        value={form.out}
        onChange={set('out')}
        request={{ action: 'open', kind: 'folder', title: t('bfcl.out') }}
        placeholder="/data/bfcl/results/qwen"
        testId="bfcl-out"
      />
      <label>
        {t('bfcl.categories')}
        <input
          value={form.categories}
          onChange={(e) => set('categories')(e.target.value)}
          placeholder="simple_python, parallel"
          data-testid="bfcl-categories-input"
        />
      </label>
      <label className="grow">
        {t('bfcl.constants')}
        <input
          value={form.constants}
          onChange={(e) => set('constants')(e.target.value)}
          placeholder="derived/multi_turn_backend_constants.json"
          data-testid="bfcl-constants"
        />
      </label>
    </div>
  );
}
