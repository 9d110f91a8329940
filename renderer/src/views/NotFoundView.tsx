// An address no view answers (an old bookmark, a mistyped hash): say so and point to the navigation.
import { useLocale } from '../i18n.tsx';

export function NotFoundView() {
  const { t } = useLocale();
  return (
    <div className="view">
      <header className="view-head">
        <h2>{t('notFound.title')}</h2>
      </header>
      <section className="card" data-testid="not-found">
        <p>{t('notFound.text')}</p>
      </section>
    </div>
  );
}
