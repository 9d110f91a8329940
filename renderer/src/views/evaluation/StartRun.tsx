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

/** The form as typed: numbers stay text until the run starts, so an empty field means the engine's default. */
interface RunForm {
  suite: string;
  model: string;
  samples: number;
  temperature: string;
  concurrency: number;
  tasks: string;
  lora: string;
  loraScale: string;
  maxSteps: string;
  maxTokens: string;
  offer: 'task' | 'pick';
}

const INITIAL: RunForm = {
  suite: DEFAULT_SUITE,
  model: 'oracle',
  samples: 1,
  temperature: '',
  concurrency: 1,
  tasks: '',
  lora: '',
  loraScale: '',
  maxSteps: '',
  maxTokens: '',
  offer: 'task',
};

type FormProps = { form: RunForm; set: (patch: Partial<RunForm>) => void };

const whole = (text: string): number | undefined => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** `bench.run`'s parameters from the form: only what was typed, beside the backend's. */
function runParams(form: RunForm, backend: ReturnType<ReturnType<typeof useBackendChoice>['params']>) {
  const chosen = ids(form.tasks);
  const maxSteps = whole(form.maxSteps);
  const maxTokens = whole(form.maxTokens);
  return {
    suite: form.suite.trim(),
    model: form.model.trim(),
    samples: form.samples,
    concurrency: form.concurrency,
    ...backend,
    ...(form.temperature.trim() !== '' ? { temperature: Number(form.temperature) } : {}),
    ...(chosen.length > 0 ? { tasks: chosen } : {}),
    ...(form.lora !== '' ? { lora: [form.lora], ...(form.loraScale.trim() !== '' ? { loraScale: Number(form.loraScale) } : {}) } : {}),
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(form.offer === 'pick' ? { tools: form.offer } : {}),
  };
}

/** What runs: the suite, the model, and an adapter with its scale. */
function WhatRuns({ form, set }: FormProps) {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const adapters = (models.data ?? []).filter((m) => m.kind === 'lora');
  return (
    <div className="form-row">
      <label>
        {t('eval.suite')}
        <input value={form.suite} onChange={(e) => set({ suite: e.target.value })} data-testid="bench-suite" />
      </label>
      <label className="grow">
        {t('eval.model')}
        <input list="bench-models" value={form.model} onChange={(e) => set({ model: e.target.value })} data-testid="bench-model" />
        <ModelSuggestions id="bench-models" models={models.data ?? []}>
          <option value="oracle">{t('eval.oracle')}</option>
        </ModelSuggestions>
      </label>
      <AdapterSelect adapters={adapters} value={form.lora} onChange={(lora) => set({ lora })} testId="bench-lora" />
      {form.lora !== '' && (
        <label>
          {t('eval.loraScale')}
          <input
            inputMode="decimal"
            value={form.loraScale}
            placeholder="1"
            onChange={(e) => set({ loraScale: e.target.value })}
            data-testid="bench-lora-scale"
          />
        </label>
      )}
    </div>
  );
}

/** How it runs: attempts per task, temperature, concurrency, steps and tokens per turn, and the tools offered. */
function HowItRuns({ form, set }: FormProps) {
  const { t } = useLocale();
  return (
    <div className="form-row">
      <label>
        {t('eval.samples')}
        <input
          type="number"
          min={1}
          max={64}
          value={form.samples}
          onChange={(e) => set({ samples: Math.max(1, Number(e.target.value)) })}
          data-testid="bench-samples"
        />
      </label>
      <label>
        {t('eval.temperature')}
        <input
          inputMode="decimal"
          value={form.temperature}
          placeholder={form.samples > 1 ? '0.7' : '0'}
          onChange={(e) => set({ temperature: e.target.value })}
        />
      </label>
      <label>
        {t('eval.concurrency')}
        <input type="number" min={1} max={64} value={form.concurrency} onChange={(e) => set({ concurrency: Math.max(1, Number(e.target.value)) })} />
      </label>
      <label>
        {t('eval.maxSteps')}
        <input inputMode="numeric" value={form.maxSteps} placeholder="10" onChange={(e) => set({ maxSteps: e.target.value })} data-testid="bench-max-steps" />
      </label>
      <label>
        {t('eval.maxTokens')}
        <input
          inputMode="numeric"
          value={form.maxTokens}
          placeholder={t('eval.maxTokensAuto')}
          onChange={(e) => set({ maxTokens: e.target.value })}
          data-testid="bench-max-tokens"
        />
      </label>
      <label>
        {t('eval.toolsOffered')}
        <select value={form.offer} onChange={(e) => set({ offer: e.target.value as 'task' | 'pick' })} data-testid="bench-tools">
          <option value="task">{t('eval.toolsTask')}</option>
          <option value="pick">{t('eval.toolsPick')}</option>
        </select>
      </label>
    </div>
  );
}

export function StartRun() {
  const { t } = useLocale();
  const job = useStartJob();
  const [form, setForm] = useState<RunForm>(INITIAL);
  const set = (patch: Partial<RunForm>): void => setForm((current) => ({ ...current, ...patch }));
  const backend = useBackendChoice();
  const start = (): void => void job.start('bench.run', runParams(form, backend.params()));
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
      <WhatRuns form={form} set={set} />
      <HowItRuns form={form} set={set} />
      <div className="form-row">
        <label className="grow">
          {t('eval.tasks')}
          <input value={form.tasks} onChange={(e) => set({ tasks: e.target.value })} placeholder={t('eval.tasksAll')} data-testid="bench-tasks" />
        </label>
        <BackendFields choice={backend} testId="bench" />
        <StartButton
          live={backend.mode === 'live'}
          onStart={start}
          disabled={form.suite.trim() === '' || form.model.trim() === ''}
          testId="bench-start"
          liveTitle={t('eval.liveTitle')}
          liveText={t('eval.liveText')}
          liveConfirm={t('eval.liveConfirm')}
        >
          <Play size={16} aria-hidden="true" /> {t('eval.run')}
        </StartButton>
      </div>
      <TaskPicker suite={form.suite.trim()} chosen={ids(form.tasks)} onChange={(chosen) => set({ tasks: chosen.join(', ') })} />
      <ErrorNote error={job.error} onRetry={job.retry} onDismiss={job.dismiss} />
    </form>
  );
}
