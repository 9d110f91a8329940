// How a form names a model: registered models offered as suggestions for a reference field (which also takes a
// path, a server or a scripted file), and the LoRA adapter a model runs with.
import type { ReactNode } from 'react';
import type { ModelInfo } from '../../../main/api/contract.ts';
import { useLocale } from '../i18n.tsx';
import { useEngineQuery } from '../api/queries.ts';
import { modelLabel } from '../modelLabel.ts';

/** The registered models (not adapters) as suggestions of a model field's datalist, after any given options. */
export function ModelSuggestions({ id, models, children }: { id: string; models: ModelInfo[]; children?: ReactNode }) {
  return (
    <datalist id={id}>
      {children}
      {models
        .filter((m) => m.kind !== 'lora')
        .map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
    </datalist>
  );
}

/** The LoRA adapter a model runs with, or none (the base model); nothing to choose when none is registered. */
export function AdapterSelect({
  adapters,
  value,
  onChange,
  disabled = false,
  testId,
}: {
  adapters: ModelInfo[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useLocale();
  if (adapters.length === 0) return null;
  return (
    <label>
      {t('chat.lora')}
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('chat.noLora')}</option>
        {adapters.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A model reference as its name (registered) or file name, the whole reference as its tooltip. */
export function ModelName({ modelRef }: { modelRef: string }) {
  const models = useEngineQuery('models.list', {});
  return <code title={modelRef}>{modelLabel(modelRef, models.data ?? [])}</code>;
}
