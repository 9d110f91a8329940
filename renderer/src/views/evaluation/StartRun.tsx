// Start a KOPA-Bench run as a job: suite, model (a registered one, a .gguf path, an on-prem server, a scripted
// file or the oracle), attempts per task, temperature, concurrency, a subset of tasks; the calls go to the status
// bar's backend (live becomes the emulator: a benchmark must be repeatable and must not spend agency quota).
import { useState } from 'react';
import { Play } from 'lucide-react';
import { useStartJob } from '../../api/useStartJob.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { repeatableBackend, useBackend } from '../../app/backendMode.tsx';
import { useLocale } from '../../i18n.tsx';

export function StartRun() {
  const { t } = useLocale();
  const startJob = useStartJob();
  const { backend } = useBackend();
  const models = useEngineQuery('models.list', {});
  const [suite, setSuite] = useState('kopa');
  const [model, setModel] = useState('oracle');
  const [samples, setSamples] = useState(1);
  const [temperature, setTemperature] = useState('');
  const [concurrency, setConcurrency] = useState(1);
  const [tasks, setTasks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const target = repeatableBackend(backend);
  const mode = target.mode;
  const start = (): void => {
    setError(null);
    const ids = tasks.split(/[\s,]+/).filter((id) => id !== '');
    const params = {
      suite: suite.trim(),
      model: model.trim(),
      samples,
      concurrency,
      ...target,
      ...(temperature.trim() !== '' ? { temperature: Number(temperature) } : {}),
      ...(ids.length > 0 ? { tasks: ids } : {}),
    };
    void startJob('bench.run', params).then(setError);
  };
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <h3>{t('eval.start')}</h3>
      <p className="muted">{t('eval.startHint', { mode: t(`mode.${mode}`) })}</p>
      <div className="form-row">
        <label>
          {t('eval.suite')}
          <input value={suite} onChange={(e) => setSuite(e.target.value)} data-testid="bench-suite" />
        </label>
        <label className="grow">
          {t('eval.model')}
          <input list="bench-models" value={model} onChange={(e) => setModel(e.target.value)} data-testid="bench-model" />
          <datalist id="bench-models">
            <option value="oracle">{t('eval.oracle')}</option>
            {(models.data ?? [])
              .filter((m) => m.kind !== 'lora')
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
          </datalist>
        </label>
        <label>
          {t('eval.samples')}
          <input type="number" min={1} max={64} value={samples} onChange={(e) => setSamples(Math.max(1, Number(e.target.value)))} data-testid="bench-samples" />
        </label>
        <label>
          {t('eval.temperature')}
          <input inputMode="decimal" value={temperature} placeholder={samples > 1 ? '0.7' : '0'} onChange={(e) => setTemperature(e.target.value)} />
        </label>
        <label>
          {t('eval.concurrency')}
          <input type="number" min={1} max={64} value={concurrency} onChange={(e) => setConcurrency(Math.max(1, Number(e.target.value)))} />
        </label>
      </div>
      <div className="form-row">
        <label className="grow">
          {t('eval.tasks')}
          <input value={tasks} onChange={(e) => setTasks(e.target.value)} placeholder={t('eval.tasksAll')} data-testid="bench-tasks" />
        </label>
        <button type="submit" disabled={suite.trim() === '' || model.trim() === ''} data-testid="bench-start">
          <Play size={16} aria-hidden="true" /> {t('eval.run')}
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
