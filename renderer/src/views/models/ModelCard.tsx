// One registered model or server as a card: what it is, loading and unloading it, checking a server, removing it.
import { Play, Power, Trash2 } from 'lucide-react';
import type { JobInfo, LoadedModel, ModelInfo, Progress } from '../../../../main/api/contract.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';
import { LoadSettings } from './LoadSettings.tsx';
import type { MemoryInUse } from './memoryInUse.ts';
import { FitBadge, ModelFacts } from './ModelFacts.tsx';
import { ServerCheck } from './ServerCheck.tsx';
import { TrainingHistory } from './TrainingHistory.tsx';
import { useModelCard } from './useModelCard.ts';

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

/** The model's name and id, whether it fits this computer, and whether it is loaded. */
function CardHead({ model, fit, loaded }: { model: ModelInfo; fit: ModelInfo['fit']; loaded: boolean }) {
  const { t } = useLocale();
  return (
    <header className="card-head">
      <div>
        <h3>{model.name}</h3>
        <code className="muted">{model.id}</code>
      </div>
      <div className="row">
        {model.kind === 'gguf' && <FitBadge fit={fit} />}
        {loaded && (
          <span className="badge badge-ok" data-testid="model-loaded">
            {t('models.loaded')}
          </span>
        )}
      </div>
    </header>
  );
}

/** Forgetting the model, asked first (a copied file is deleted with it). */
function RemoveButton({ model, onRemove }: { model: ModelInfo; onRemove: () => void }) {
  const { t } = useLocale();
  return (
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
      onConfirm={onRemove}
    />
  );
}

export function ModelCard({
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
  const { t } = useLocale();
  const card = useModelCard(model, loaded, loadJob);
  const { info, progress, loadFailed } = card;
  const failed = [card.loading, card.unload, card.remove].find((m) => m.error);
  return (
    <article className="card model-card" data-testid="model-card" aria-label={model.name}>
      <CardHead model={model} fit={info.fit} loaded={loaded !== undefined} />
      <ModelFacts model={model} info={info} loaded={loaded} memory={memory} />
      {model.kind === 'gguf' && <TrainingHistory modelId={model.id} />}
      {adapters.length > 0 && (
        <p className="muted">
          {t('models.adapters')}: {adapters.map((a) => a.name).join(', ')}
        </p>
      )}
      {model.kind === 'openai' && <ServerCheck id={model.id} />}
      {model.kind === 'gguf' && !loaded && (
        <LoadSettings
          fit={info.fit}
          contextSize={card.contextSize}
          gpuLayers={card.gpuLayers}
          onContextSize={card.setContextSize}
          onGpuLayers={card.setGpuLayers}
        />
      )}
      <ProgressBar progress={progress} label={t('models.loading')} />
      {loadFailed && !failed && (
        <p className="error" role="alert" data-testid="model-load-failed">
          {loadFailed}
        </p>
      )}
      <ErrorNote error={failed?.error ?? null} onRetry={failed?.retry} onDismiss={failed?.dismiss} />
      <div className="row">
        {model.kind === 'gguf' &&
          (loaded ? (
            <button type="button" className="ghost" onClick={() => void card.unload.run({ path: model.location })} disabled={card.unload.pending}>
              <Power size={16} aria-hidden="true" /> {t('models.unload')}
            </button>
          ) : (
            <button type="button" onClick={card.load} disabled={progress !== null || card.loading.pending} data-testid="model-load">
              <Play size={16} aria-hidden="true" /> {t('models.load')}
            </button>
          ))}
        <RemoveButton model={model} onRemove={() => void card.remove.run({ id: model.id })} />
      </div>
    </article>
  );
}
