// A failed write, said where it happened: the engine's message, what to do about it, and a way to try again.
import { RotateCcw, X } from 'lucide-react';
import type { ShownError } from '../api/useEngineMutation.ts';
import { useLocale } from '../i18n.tsx';

/** `announce`: said to a screen reader as it appears (a failure just now); false for one kept in a list (a job's). */
export function ErrorNote({
  error,
  onRetry,
  onDismiss,
  testId,
  announce = true,
}: {
  error: ShownError | null;
  onRetry?: () => void;
  onDismiss?: () => void;
  testId?: string;
  announce?: boolean;
}) {
  const { t } = useLocale();
  if (!error) return null;
  return (
    <div className="error error-note" role={announce ? 'alert' : undefined} data-testid={testId ?? 'error-note'}>
      <p>
        {error.message}
        {error.hint && <span className="muted error-hint"> {error.hint}</span>}
      </p>
      {(onRetry || onDismiss) && (
        <div className="error-actions">
          {onRetry && (
            <button type="button" className="ghost small" onClick={onRetry}>
              <RotateCcw size={14} aria-hidden="true" /> {t('common.retry')}
            </button>
          )}
          {onDismiss && (
            <button type="button" className="ghost small" onClick={onDismiss} aria-label={t('common.dismiss')} title={t('common.dismiss')}>
              <X size={14} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
