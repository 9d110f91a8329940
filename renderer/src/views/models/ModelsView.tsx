// The models of this workstation: importing a GGUF (by its path, from a folder, or the demonstration model), each
// registered model, adapter and inference server as a card, adapters beside their base, and what is loaded now.
import { HardDrive } from 'lucide-react';
import type { LoadedModel, ModelInfo } from '../../../../main/api/contract.ts';
import { useJobsOf } from '../../api/JobsProvider.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { QueryStatus } from '../../components/Skeleton.tsx';
import { useLocale } from '../../i18n.tsx';
import { ImportForm } from './ImportForm.tsx';
import { memoryInUse } from './memoryInUse.ts';
import { ModelCard } from './ModelCard.tsx';

export function ModelsView() {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const loaded = useEngineQuery('models.loaded', {});
  const { jobs: loads } = useJobsOf('models.load', 20);
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
