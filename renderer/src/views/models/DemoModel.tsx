// For a workstation without a model file yet: the demo model (random weights) made in the data folder, so that a
// first run can go all the way to a chat and an evaluation. It says plainly that its answers mean nothing.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useLocale } from '../../i18n.tsx';

export function DemoModel() {
  const { t } = useLocale();
  const api = useEngine();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = (): void => {
    if (!api) return;
    setPending(true);
    setError(null);
    api
      .call('models.demo', {})
      .then(
        (model) => {
          setMade(model.name);
          void queryClient.invalidateQueries({ queryKey: ['models.list'] });
        },
        (e: unknown) => setError((e as Error).message),
      )
      .finally(() => setPending(false));
  };
  return (
    <div className="demo-model">
      <p className="muted">{t('models.demoHint')}</p>
      <button type="button" className="ghost" onClick={make} disabled={pending || !api} data-testid="model-demo">
        <FlaskConical size={16} aria-hidden="true" /> {t('models.demo')}
      </button>
      {made && (
        <p role="status" data-testid="model-demo-made">
          {t('models.demoMade', { name: made })}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
