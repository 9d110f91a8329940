// Checking a registered inference server: one token asked for with the model's name, and how fast it came.
import { PlugZap } from 'lucide-react';
import type { ServerCheckResult } from '../../../../main/api/contract.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';

/** Asks a registered inference server for one token with the model's name: does it answer, and how fast. */
export function ServerCheck({ id }: { id: string }) {
  const { t } = useLocale();
  const test = useEngineMutation('models.test');
  const checking = test.pending;
  const check = (): void => void test.run({ ref: id });
  // A server that does not answer is the check's answer; a refusal to check (no such server) is an error like any other.
  const outcome: ServerCheckResult | undefined = checking || test.error ? undefined : test.data;
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
      <ErrorNote error={test.error} onRetry={test.retry} onDismiss={test.dismiss} testId="server-check-error" />
    </div>
  );
}
