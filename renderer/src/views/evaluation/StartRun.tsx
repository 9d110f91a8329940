// Start a KOPA-Bench run as a job: suite, model (a registered one, a .gguf path, an on-prem server, a scripted
// file or the oracle) with a LoRA adapter and its scale (the tuned model beside its base), attempts per task,
// temperature, concurrency, steps and tokens per turn, a subset of tasks, the backend, as `kopa bench run` takes
// them; the backend starts as the status bar's (live becoming the emulator: a benchmark should repeat and not spend
// agency quota), and live on purpose asks first.
import { useState } from 'react';
import { Play } from 'lucide-react';
import { useStartJob } from '../../api/useStartJob.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { BackendFields, StartButton, useBackendChoice } from '../../components/BackendChoice.tsx';
import { useLocale } from '../../i18n.tsx';
import { AdapterSelect, ModelSuggestions } from '../../components/ModelChoice.tsx';
import { TaskPicker } from './TaskPicker.tsx';
import { DEFAULT_SUITE } from '../../../../main/core/bench/types.ts';

/** The task ids a list typed by hand or ticked in the picker holds. */
const ids = (list: string): string[] => list.split(/[\s,]+/).filter((id) => id !== '');

export function StartRun() {
  const { t } = useLocale();
  const job = useStartJob();
  const models = useEngineQuery('models.list', {});
  const [suite, setSuite] = useState(DEFAULT_SUITE);
  const [model, setModel] = useState('oracle');
  const [samples, setSamples] = useState(1);
  const [temperature, setTemperature] = useState('');
  const [concurrency, setConcurrency] = useState(1);
  const [tasks, setTasks] = useState('');
  const [lora, setLora] = useState('');
  const [loraScale, setLoraScale] = useState('');
  const [maxSteps, setMaxSteps] = useState('');
  const [maxTokens, setMaxTokens] = useState('');
  const [offer, setOffer] = useState<'task' | 'pick'>('task');
  const adapters = (models.data ?? []).filter((m) => m.kind === 'lora');
  const whole = (text: string): number | undefined => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);
  const backend = useBackendChoice();
  const start = (): void => {
    const chosen = ids(tasks);
    const params = {
      suite: suite.trim(),
      model: model.trim(),
      samples,
      concurrency,
      ...backend.params(),
      ...(temperature.trim() !== '' ? { temperature: Number(temperature) } : {}),
      ...(chosen.length > 0 ? { tasks: chosen } : {}),
      ...(lora !== '' ? { lora: [lora], ...(loraScale.trim() !== '' ? { loraScale: Number(loraScale) } : {}) } : {}),
      ...(whole(maxSteps) !== undefined ? { maxSteps: whole(maxSteps) } : {}),
      ...(whole(maxTokens) !== undefined ? { maxTokens: whole(maxTokens) } : {}),
      ...(offer === 'pick' ? { tools: offer } : {}),
    };
    void job.start('bench.run', params);
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
      <p className="muted">{t('eval.startHint')}</p>
      <div className="form-row">
        <label>
          {t('eval.suite')}
          <input value={suite} onChange={(e) => setSuite(e.target.value)} data-testid="bench-suite" />
        </label>
        <label className="grow">
          {t('eval.model')}
          <input list="bench-models" value={model} onChange={(e) => setModel(e.target.value)} data-testid="bench-model" />
          <ModelSuggestions id="bench-models" models={models.data ?? []}>
            <option value="oracle">{t('eval.oracle')}</option>
          </ModelSuggestions>
        </label>
        <AdapterSelect adapters={adapters} value={lora} onChange={setLora} testId="bench-lora" />
        {lora !== '' && (
          <label>
            {t('eval.loraScale')}
            <input inputMode="decimal" value={loraScale} placeholder="1" onChange={(e) => setLoraScale(e.target.value)} data-testid="bench-lora-scale" />
          </label>
        )}
      </div>
      <div className="form-row">
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
        <label>
          {t('eval.maxSteps')}
          <input inputMode="numeric" value={maxSteps} placeholder="10" onChange={(e) => setMaxSteps(e.target.value)} data-testid="bench-max-steps" />
        </label>
        <label>
          {t('eval.maxTokens')}
          <input
            inputMode="numeric"
            value={maxTokens}
            placeholder={t('eval.maxTokensAuto')}
            onChange={(e) => setMaxTokens(e.target.value)}
            data-testid="bench-max-tokens"
          />
        </label>
        <label>
          {t('eval.toolsOffered')}
          <select value={offer} onChange={(e) => setOffer(e.target.value as 'task' | 'pick')} data-testid="bench-tools">
            <option value="task">{t('eval.toolsTask')}</option>
            <option value="pick">{t('eval.toolsPick')}</option>
          </select>
        </label>
      </div>
      <div className="form-row">
        <label className="grow">
          {t('eval.tasks')}
          <input value={tasks} onChange={(e) => setTasks(e.target.value)} placeholder={t('eval.tasksAll')} data-testid="bench-tasks" />
        </label>
        <BackendFields choice={backend} testId="bench" />
        <StartButton
          live={backend.mode === 'live'}
          onStart={start}
          disabled={suite.trim() === '' || model.trim() === ''}
          testId="bench-start"
          liveTitle={t('eval.liveTitle')}
          liveText={t('eval.liveText')}
          liveConfirm={t('eval.liveConfirm')}
        >
          <Play size={16} aria-hidden="true" /> {t('eval.run')}
        </StartButton>
      </div>
      <TaskPicker suite={suite.trim()} chosen={ids(tasks)} onChange={(chosen) => setTasks(chosen.join(', '))} />
      <ErrorNote error={job.error} onRetry={job.retry} onDismiss={job.dismiss} />
    </form>
  );
}
