// The models of this workstation: import a GGUF by its path (hashing shows progress), what each file is (architecture,
// parameters, quantisation, trained context, template, tool-call mode) and whether it fits, load and unload, LoRA
// adapters beside their base, and the registered inference servers.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HardDrive, Play, PlugZap, Plus, Power, Trash2 } from 'lucide-react';
import type { JobInfo, LoadedModel, ModelInfo, Progress, ServerCheckResult } from '../../../../main/api/contract.ts';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale } from '../../i18n.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Fact } from '../../components/Fact.tsx';
import { formatBytes, formatCount } from '../../format.ts';
import { toolCallReasonText } from '../../../../main/core/i18n/strings.ts';
import { memoryInUse, type MemoryInUse } from './memoryInUse.ts';
import { PathField } from '../../components/PathField.tsx';
import { ScanFolder } from './ScanFolder.tsx';
import { QueryStatus } from '../../components/Skeleton.tsx';
import { useStartJob } from '../../api/useStartJob.ts';
import { useJobsOf } from '../../api/useJobsOf.ts';
import { JobProgress } from '../../components/JobProgress.tsx';
import { DemoModel } from './DemoModel.tsx';

function ProgressBar({ progress, label }: { progress: Progress | null; label: string }) {
  if (!progress) return null;
  const fraction = progress.total ? (progress.done ?? 0) / progress.total : undefined;
  return (
    <div className="progress" role="status">
      <span>
        {label}
        {fraction !== undefined ? ` ${Math.round(fraction * 100)}%` : '…'}
      </span>
      <progress value={fraction} max={1} aria-label={label} />
    </div>
  );
}

/**
 * Imports a model as a job: hashing a large GGUF takes minutes, and goes on (and is seen again) when the window
 * reloads; the jobs' cards show its progress and, for a refused file, why.
 */
function ImportForm() {
  const { t } = useLocale();
  const startJob = useStartJob();
  const { jobs } = useJobsOf('models.add', ['models.list'], 3);
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (): void => {
    if (source.trim() === '') return;
    setError(null);
    void startJob('models.add', { source: source.trim(), ...(name.trim() ? { name: name.trim() } : {}) }).then((refused) => {
      setError(refused);
      if (refused) return;
      setSource('');
      setName('');
    });
  };
  return (
    <form
      className="card import-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>{t('models.import')}</h3>
      <p className="muted">{t('models.importHint')}</p>
      <div className="form-row">
        <PathField
          label={t('models.source')}
          value={source}
          onChange={setSource}
          request={{ action: 'open', kind: 'gguf', title: t('models.import') }}
          placeholder="/models/qwen2.5-7b-instruct-q4_k_m.gguf"
          testId="model-source"
        />
        <label>
          {t('models.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('models.nameOptional')} />
        </label>
        <button type="submit" disabled={source.trim() === ''} data-testid="model-add">
          <Plus size={16} aria-hidden="true" /> {t('models.add')}
        </button>
      </div>
      {jobs.length > 0 && (
        <ul className="jobs" data-testid="model-imports">
          {jobs.map((job) => (
            <JobProgress key={job.id} job={job} />
          ))}
        </ul>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ScanFolder />
      <DemoModel />
    </form>
  );
}

function FitBadge({ fit }: { fit: ModelInfo['fit'] }) {
  const { t } = useLocale();
  if (!fit) return null;
  const tone = fit.verdict === 'fits' ? 'ok' : fit.verdict === 'may be slow' ? 'warn' : 'bad';
  return <span className={`badge badge-${tone}`}>{t(`models.fit.${tone}`)}</span>;
}

/** Asks a registered inference server for one token with the model's name: does it answer, and how fast. */
function ServerCheck({ id }: { id: string }) {
  const { t } = useLocale();
  const api = useEngine();
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<ServerCheckResult | null>(null);
  const check = (): void => {
    if (!api) return;
    setChecking(true);
    setOutcome(null);
    api.call('models.test', { ref: id }).then(
      (result) => (setChecking(false), setOutcome(result)),
      (e: unknown) => (setChecking(false), setOutcome({ ok: false, latencyMs: 0, message: (e as Error).message })),
    );
  };
  return (
    <div className="row">
      <button type="button" className="ghost" onClick={check} disabled={checking} data-testid="server-check">
        <PlugZap size={16} aria-hidden="true" /> {t('models.check')}
      </button>
      {checking && <span className="muted">{t('models.checking')}</span>}
      {outcome && (
        <span className={outcome.ok ? 'ok' : 'error'} role="status" data-testid="server-check-result">
          {outcome.ok ? t('models.checkOk', { ms: outcome.latencyMs }) : t('models.checkFailed', { message: outcome.message })}
        </span>
      )}
    </div>
  );
}

/** How a model is to be loaded: context size and GPU layers, starting from the fit estimate for this computer. */
function LoadSettings({
  fit,
  contextSize,
  gpuLayers,
  onContextSize,
  onGpuLayers,
}: {
  fit: ModelInfo['fit'];
  contextSize: string;
  gpuLayers: string;
  onContextSize: (v: string) => void;
  onGpuLayers: (v: string) => void;
}) {
  const { t } = useLocale();
  return (
    <div className="row" data-testid="model-load-settings">
      <label>
        {t('models.loadContext')}
        <input
          type="number"
          min={128}
          step={128}
          inputMode="numeric"
          value={contextSize}
          placeholder={fit ? String(fit.contextSize) : '4096'}
          onChange={(e) => onContextSize(e.target.value)}
          data-testid="model-load-context"
        />
      </label>
      <label>
        {t('models.loadGpuLayers')}
        <input
          type="text"
          inputMode="numeric"
          value={gpuLayers}
          placeholder={t('models.gpuLayersAuto')}
          onChange={(e) => onGpuLayers(e.target.value)}
          data-testid="model-load-gpu-layers"
        />
      </label>
    </div>
  );
}

/** The load settings as the engine takes them; an empty field leaves the choice to llama.cpp. */
function loadParams(contextSize: string, gpuLayers: string): { contextSize?: number; gpuLayers?: number | 'auto' | 'max' } {
  const layers = gpuLayers.trim().toLowerCase();
  return {
    ...(contextSize.trim() ? { contextSize: Number(contextSize) } : {}),
    ...(layers === '' || layers === 'auto' ? {} : { gpuLayers: layers === 'max' ? 'max' : Number(layers) }),
  };
}

function ModelCard({
  model,
  loaded,
  memory,
  adapters,
  loadJob,
}: {
  model: ModelInfo;
  loaded: LoadedModel | undefined;
  memory: MemoryInUse | undefined;
  adapters: ModelInfo[];
  loadJob: JobInfo | undefined;
}) {
  const { t, locale } = useLocale();
  const api = useEngine();
  const startJob = useStartJob();
  const queryClient = useQueryClient();
  const details = useEngineQuery('models.inspect', { ref: model.id }, { enabled: model.kind === 'gguf' });
  const [error, setError] = useState<string | null>(null);
  // A load is a job: a large model loads for minutes, and a reloaded window finds it still going.
  const loading = loadJob?.status === 'running';
  const progress: Progress | null = loading ? (loadJob.progress ?? { stage: 'loading the model' }) : null;
  const loadFailed = !loaded && loadJob?.status === 'failed' ? loadJob.error?.message : undefined;
  const [contextSize, setContextSize] = useState('');
  const [gpuLayers, setGpuLayers] = useState('');
  const info = details.data ?? model;
  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['models.loaded'] });
    void queryClient.invalidateQueries({ queryKey: ['models.list'] });
  };
  const load = (): void => {
    setError(null);
    void startJob('models.load', { ref: model.id, ...loadParams(contextSize, gpuLayers) }).then(setError);
  };
  const unload = (): void => void api?.call('models.unload', { path: model.location }).then(refresh);
  const remove = (): void => void api?.call('models.remove', { id: model.id }).then(refresh, (e: unknown) => setError((e as Error).message));
  return (
    <article className="card model-card" data-testid="model-card" aria-label={model.name}>
      <header className="card-head">
        <div>
          <h3>{model.name}</h3>
          <code className="muted">{model.id}</code>
        </div>
        <div className="row">
          {model.kind === 'gguf' && <FitBadge fit={info.fit} />}
          {loaded && (
            <span className="badge badge-ok" data-testid="model-loaded">
              {t('models.loaded')}
            </span>
          )}
        </div>
      </header>
      <dl className="facts">
        <Fact label={t('models.kind')}>{t(`models.kind.${model.kind}`)}</Fact>
        <div>
          <dt>{t('models.location')}</dt>
          <dd>
            <code>{model.location}</code>
          </dd>
        </div>
        {model.kind !== 'openai' && (
          <>
            <Fact label={t('models.architecture')}>{info.architecture ?? '—'}</Fact>
            <Fact label={t('models.parameters')}>{info.parameterCount ? formatCount(info.parameterCount, locale) : '—'}</Fact>
            <Fact label={t('models.quantization')}>{info.quantization ?? '—'}</Fact>
            <Fact label={t('models.context')}>{info.contextLength ? formatCount(info.contextLength, locale) : '—'}</Fact>
            <Fact label={t('models.template')}>{info.chatWrapper ?? '—'}</Fact>
            <Fact label={t('models.toolCalling')}>
              {info.toolCalling ? t(`models.toolCalling.${info.toolCalling}`) : '—'}
              {info.toolCallSupport && <span className="muted" data-testid="tool-call-reason">{` (${toolCallReasonText(locale, info.toolCallSupport)})`}</span>}
            </Fact>
            <Fact label={t('models.size')}>{model.sizeBytes !== null ? formatBytes(model.sizeBytes) : '—'}</Fact>
            <div>
              <dt>SHA-256</dt>
              <dd>
                <code title={model.sha256 ?? ''}>{model.sha256 ? `${model.sha256.slice(0, 16)}…` : '—'}</code>
              </dd>
            </div>
          </>
        )}
        {loaded && (
          <Fact label={t('models.loadedAs')}>
            {t('models.loadedAsValue', {
              where: loaded.gpu ? `${loaded.gpu.toUpperCase()} · ${loaded.gpuLayers}` : 'CPU',
              context: formatCount(loaded.contextSize, locale),
              sequences: loaded.sequences,
              weights: formatBytes(loaded.sizeBytes),
            })}
          </Fact>
        )}
        {memory && (
          <Fact label={t('models.memory')}>
            <span data-testid="model-memory">
              {t('models.memoryValue', {
                ram: formatBytes(memory.ram),
                vram: formatBytes(memory.vram),
                weights: formatBytes(memory.weights.ram + memory.weights.vram),
                count: memory.contexts.count,
                contexts: formatBytes(memory.contexts.ram + memory.contexts.vram),
              })}
            </span>
          </Fact>
        )}
        {info.fit && (
          <Fact label={t('models.placement')}>
            {t('models.placementValue', {
              layers: info.fit.gpuLayers,
              context: formatCount(info.fit.contextSize, locale),
              ram: formatBytes(info.fit.ramBytes),
              vram: formatBytes(info.fit.vramBytes),
            })}
          </Fact>
        )}
        {model.base && (
          <div>
            <dt>{t('models.base')}</dt>
            <dd>
              <code>{model.base.path}</code>
            </dd>
          </div>
        )}
      </dl>
      {adapters.length > 0 && (
        <p className="muted">
          {t('models.adapters')}: {adapters.map((a) => a.name).join(', ')}
        </p>
      )}
      {model.kind === 'openai' && <ServerCheck id={model.id} />}
      {model.kind === 'gguf' && !loaded && (
        <LoadSettings fit={info.fit} contextSize={contextSize} gpuLayers={gpuLayers} onContextSize={setContextSize} onGpuLayers={setGpuLayers} />
      )}
      <ProgressBar progress={progress} label={t('models.loading')} />
      {loadFailed && !error && (
        <p className="error" role="alert" data-testid="model-load-failed">
          {loadFailed}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        {model.kind === 'gguf' &&
          (loaded ? (
            <button type="button" className="ghost" onClick={unload}>
              <Power size={16} aria-hidden="true" /> {t('models.unload')}
            </button>
          ) : (
            <button type="button" onClick={load} disabled={progress !== null} data-testid="model-load">
              <Play size={16} aria-hidden="true" /> {t('models.load')}
            </button>
          ))}
        <ConfirmDialog
          trigger={
            <button type="button" className="ghost danger-text">
              <Trash2 size={16} aria-hidden="true" /> {t('models.remove')}
            </button>
          }
          title={t('models.removeTitle')}
          description={t(model.copied ? 'models.removeCopied' : 'models.removeText', { name: model.name })}
          confirmLabel={t('models.remove')}
          danger
          onConfirm={remove}
        />
      </div>
    </article>
  );
}

export function ModelsView() {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const loaded = useEngineQuery('models.loaded', {});
  const { jobs: loads } = useJobsOf('models.load', ['models.loaded'], 20);
  // The base model's own load (no adapters) is what the card describes.
  const loadedAt = (location: string): LoadedModel | undefined =>
    (loaded.data ?? []).find((m) => m.path === location && m.lora.length === 0) ?? (loaded.data ?? []).find((m) => m.path === location);
  const list = models.data ?? [];
  const adaptersOf = (model: ModelInfo): ModelInfo[] => list.filter((m) => m.kind === 'lora' && m.base?.path === model.location);
  return (
    <div className="view">
      <header className="view-head">
        <h2>
          <HardDrive size={20} aria-hidden="true" /> {t('nav.models')}
        </h2>
      </header>
      <ImportForm />
      <QueryStatus query={models} rows={4} />
      {models.data && list.length === 0 && <p className="empty-line">{t('models.none')}</p>}
      <div className="cards">
        {list.map((model) => (
          <ModelCard
            key={model.id}
            model={model}
            loaded={loadedAt(model.location)}
            memory={memoryInUse((loaded.data ?? []).filter((m) => m.path === model.location))}
            adapters={adaptersOf(model)}
            loadJob={loads.find((job) => job.params.ref === model.id)}
          />
        ))}
      </div>
    </div>
  );
}
