// Grey lines where a list or a page will be, while the engine answers (a large catalog, a long audit, a run of
// many tasks): the layout does not jump, and a screen reader hears that it is loading.
import { useLocale } from '../i18n.tsx';

export function Skeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useLocale();
  return (
    <div className="skeleton" role="status" aria-busy="true" data-testid="skeleton">
      <span className="sr-only">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A read's state before its data: lines while it loads, the engine's reason when it failed; nothing once it has data. */
export function QueryStatus({ query, rows }: { query: { isLoading: boolean; isError: boolean; error: Error | null }; rows?: number }) {
  if (query.isLoading) return <Skeleton rows={rows} />;
  if (query.isError)
    return (
      <p className="error" role="alert">
        {query.error?.message}
      </p>
    );
  return null;
}
