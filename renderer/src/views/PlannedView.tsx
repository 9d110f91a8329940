// A view the workbench will fill next, saying what it will hold and how to do that work today (the CLI).
import { useLocale } from '../i18n.tsx';

export type PlannedId = 'graph' | 'missing';

export function PlannedView({ view }: { view: PlannedId }) {
  const { t } = useLocale();
  return (
    <div className="view">
      <header className="view-head">
        <h2>{t(`planned.${view}.title`)}</h2>
      </header>
      <section className="card planned" data-testid={`planned-${view}`}>
        <p>{t(`planned.${view}.holds`)}</p>
        {view !== 'missing' && (
          <p className="muted">
            {t('planned.cli')} <code>{t(`planned.${view}.cli`)}</code>
          </p>
        )}
      </section>
    </div>
  );
}
