// Synthesis: start a run as a job with the settings of `kopa synth` (count, seed, strategy, steps, trajectories,
// phrasings, a paraphrase model, the dataset's name, the backend: live only after a question; it keeps going when the
// window reloads or closes), follow it, resume one an engine restart cut short; the datasets it made, each opening its
// sample browser.
import { useState } from 'react';
import { FlaskConical } from 'lucide-react';
import { Link, Route, Switch } from 'wouter';
import { synthStrategies, type SynthStrategy } from '../../../../main/core/synth/types.ts';
import { useStartJob } from '../../api/useStartJob.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useJobsOf } from '../../api/JobsProvider.tsx';
import { useLocale } from '../../i18n.tsx';
import { formatCount, formatDateTime } from '../../format.ts';
import { JobProgress } from '../../components/JobProgress.tsx';
import { DatasetBrowser } from './DatasetBrowser.tsx';
import { ModelSuggestions } from '../../components/ModelChoice.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { BackendFields, StartButton, useBackendChoice } from '../../components/BackendChoice.tsx';

/** The synthesis form as typed. */
interface SynthForm {
  count: number;
  seed: string;
  strategy: SynthStrategy;
  minSteps: number;
  maxSteps: number;
  trajectories: number;
  phrasings: number;
  paraphraseModel: string;
  name: string;
}

const INITIAL: SynthForm = {
  count: 100,
  seed: '1',
  strategy: 'intents',
  minSteps: 2,
  maxSteps: 5,
  trajectories: 4,
  phrasings: 2,
  paraphraseModel: '',
  name: '',
};

type FormProps = { form: SynthForm; set: (patch: Partial<SynthForm>) => void };

/** At least one, from a number field. */
const atLeastOne = (value: string): number => Math.max(1, Number(value));

/** How many samples, from what seed and strategy, with plans of how many steps, trajectories and phrasings. */
function Sizes({ form, set }: FormProps) {
  const { t } = useLocale();
  return (
    <div className="form-row">
      <label>
        {t('synthesis.count')}
        <input type="number" min={1} max={100000} value={form.count} onChange={(e) => set({ count: atLeastOne(e.target.value) })} data-testid="synth-count" />
      </label>
      <label>
        {t('synthesis.seed')}
        <input value={form.seed} onChange={(e) => set({ seed: e.target.value })} />
      </label>
      <label>
        {t('synthesis.strategy')}
        <select value={form.strategy} onChange={(e) => set({ strategy: e.target.value as SynthStrategy })}>
          {synthStrategies.map((s) => (
            <option key={s} value={s}>
              {t(`synthesis.strategy.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('synthesis.minSteps')}
        <input type="number" min={1} max={form.maxSteps} value={form.minSteps} onChange={(e) => set({ minSteps: atLeastOne(e.target.value) })} />
      </label>
      <label>
        {t('synthesis.maxSteps')}
        <input type="number" min={form.minSteps} max={10} value={form.maxSteps} onChange={(e) => set({ maxSteps: atLeastOne(e.target.value) })} />
      </label>
      {form.strategy === 'intents' && (
        <label>
          {t('synthesis.trajectories')}
          <input type="number" min={1} max={10} value={form.trajectories} onChange={(e) => set({ trajectories: atLeastOne(e.target.value) })} />
        </label>
      )}
      <label>
        {t('synthesis.phrasings')}
        <input type="number" min={1} max={5} value={form.phrasings} onChange={(e) => set({ phrasings: atLeastOne(e.target.value) })} />
      </label>
    </div>
  );
}

/** The model that rewrites each request (intents only), offered from the registered ones. */
function ParaphraseModel({ form, set }: FormProps) {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  return (
    <label className="grow">
      {t('synthesis.paraphraseModel')}
      <input
        list="paraphrase-models"
        value={form.paraphraseModel}
        placeholder={t('synthesis.paraphraseNone')}
        onChange={(e) => set({ paraphraseModel: e.target.value })}
        data-testid="synth-paraphrase"
      />
      <ModelSuggestions id="paraphrase-models" models={models.data ?? []} />
    </label>
  );
}

function StartForm() {
  const { t } = useLocale();
  const job = useStartJob();
  const [form, setForm] = useState<SynthForm>(INITIAL);
  const set = (patch: Partial<SynthForm>): void => setForm((current) => ({ ...current, ...patch }));
  const backend = useBackendChoice();
  const start = (): void => {
    const { count, seed, strategy, minSteps, maxSteps, phrasings, trajectories, paraphraseModel, name } = form;
    const params = {
      count,
      seed,
      strategy,
      minSteps,
      maxSteps,
      phrasings,
      ...(strategy === 'intents' ? { trajectories, ...(paraphraseModel.trim() !== '' ? { paraphraseModel: paraphraseModel.trim() } : {}) } : {}),
      ...(name.trim() !== '' ? { name: name.trim() } : {}),
      ...backend.params(),
    };
    void job.start('synth.run', params);
  };
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <h3>{t('synthesis.start')}</h3>
      <p className="muted">{t('synthesis.startHint')}</p>
      <Sizes form={form} set={set} />
      <div className="form-row">
        {form.strategy === 'intents' && <ParaphraseModel form={form} set={set} />}
        <label className="grow">
          {t('synthesis.name')}
          <input value={form.name} placeholder={t('synthesis.nameDefault')} onChange={(e) => set({ name: e.target.value })} data-testid="synth-name" />
        </label>
        <BackendFields choice={backend} testId="synth" />
        <StartButton
          live={backend.mode === 'live'}
          onStart={start}
          testId="synth-start"
          liveTitle={t('synthesis.liveTitle')}
          liveText={t('synthesis.liveText')}
          liveConfirm={t('synthesis.liveConfirm')}
        >
          {t('synthesis.run')}
        </StartButton>
      </div>
      <ErrorNote error={job.error} onRetry={job.retry} onDismiss={job.dismiss} />
    </form>
  );
}

function SynthesisHome() {
  const { t, locale } = useLocale();
  // The last refresh while a run went on may predate its end: the datasets are read once more when it ends.
  const { jobs: synthJobs } = useJobsOf('synth.run', 10);
  const datasets = useEngineQuery('synth.list', {});
  return (
    <>
      <div className="grid">
        <StartForm />
        <section className="card" aria-labelledby="synth-jobs">
          <h3 id="synth-jobs">{t('synthesis.jobs')}</h3>
          {synthJobs.length === 0 && <p className="muted">{t('synthesis.noJobs')}</p>}
          <ul className="jobs">
            {synthJobs.map((job) => (
              <JobProgress key={job.id} job={job} />
            ))}
          </ul>
        </section>
      </div>
      <section className="card" aria-labelledby="datasets">
        <h3 id="datasets">{t('synthesis.datasets')}</h3>
        {datasets.isLoading && <Skeleton rows={3} />}
        {datasets.data?.length === 0 && <p className="muted">{t('synthesis.noDatasets')}</p>}
        {(datasets.data?.length ?? 0) > 0 && (
          <table className="plain" data-testid="datasets">
            <thead>
              <tr>
                <th scope="col">{t('synthesis.dataset')}</th>
                <th scope="col">{t('synthesis.samples')}</th>
                <th scope="col">{t('synthesis.state')}</th>
                <th scope="col">{t('synthesis.created')}</th>
              </tr>
            </thead>
            <tbody>
              {datasets.data?.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link href={`/${encodeURIComponent(d.name)}`} data-testid="dataset-link">
                      <code>{d.name}</code>
                    </Link>
                  </td>
                  <td>{formatCount(d.samples, locale)}</td>
                  <td>{t(`synthesis.status.${d.status}`)}</td>
                  <td>{formatDateTime(d.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

export function SynthesisView() {
  const { t } = useLocale();
  return (
    <div className="view">
      <header className="view-head">
        <h2>
          <FlaskConical size={20} aria-hidden="true" /> {t('nav.synthesis')}
        </h2>
      </header>
      <Switch>
        <Route path="/:dataset/:ordinal?">
          {(p) => <DatasetBrowser dataset={decodeURIComponent(p.dataset)} ordinal={p.ordinal !== undefined ? Number(p.ordinal) : undefined} />}
        </Route>
        <Route>
          <SynthesisHome />
        </Route>
      </Switch>
    </div>
  );
}
