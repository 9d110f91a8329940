// For a workstation without a model file yet: the demo model KOPA-Nano, copied from the app into the data folder, so
// that a first run can go all the way to a chat and an evaluation. It says plainly that it is right only some of the time.
import { FlaskConical } from 'lucide-react';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';

export function DemoModel() {
  const { t } = useLocale();
  const demo = useEngineMutation('models.demo', { invalidates: ['models.list'] });
  const made = demo.data?.name;
  return (
    <div className="demo-model">
      <p className="muted">{t('models.demoHint')}</p>
      <button type="button" className="ghost" onClick={() => void demo.run({})} disabled={demo.pending} data-testid="model-demo">
        <FlaskConical size={16} aria-hidden="true" /> {t('models.demo')}
      </button>
      {made && (
        <p role="status" data-testid="model-demo-made">
          {t('models.demoMade', { name: made })}
        </p>
      )}
      <ErrorNote error={demo.error} onRetry={demo.retry} onDismiss={demo.dismiss} />
    </div>
  );
}
