import { useEffect, useState } from 'react';
import type { EngineApi, EngineStatus } from '../../../main/api/contract.ts';
import { useLocale } from '../i18n.tsx';
import { formatMiB, formatUptime } from '../format.ts';
import { Field } from './Field.tsx';

const REFRESH_MS = 5000;

export function StatusPanel({ api }: { api: EngineApi }) {
  const { t } = useLocale();
  const [status, setStatus] = useState<EngineStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState<Date | null>(null);

  useEffect(() => {
    let alive = true;
    const load = (): void => {
      api.call('engine.status', {}).then(
        (next) => {
          if (!alive) return;
          setStatus(next);
          setAt(new Date());
          setError(null);
        },
        (e: unknown) => alive && setError((e as Error).message),
      );
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [api]);

  return (
    <section className="card" aria-labelledby="status-heading" data-testid="engine-status">
      <header className="card-head">
        <h2 id="status-heading">{t('status.heading')}</h2>
        {at && <span className="muted">{t('status.refreshed', { time: at.toLocaleTimeString() })}</span>}
      </header>
      {error && <p className="error" role="alert">{error}</p>}
      {status && (
        <dl className="fields">
          <Field label={t('status.version')} testId="status-version">
            {status.app.name} {status.app.version}
          </Field>
          <Field label={t('status.host')} testId="status-host">
            {t(`status.host.${status.engine.host}`)}
          </Field>
          <Field label={t('status.dataDir')} testId="status-data-dir">
            <code>{status.dataDir}</code>
          </Field>
          <Field label={t('status.schema')} testId="status-schema">
            {t('status.schemaValue', { current: status.database.schemaVersion, latest: status.database.latestSchemaVersion })}
          </Field>
          <Field label={t('status.sqlite')}>{status.database.sqliteVersion}</Field>
          <Field label={t('status.node')}>{status.runtime.node}</Field>
          <Field label={t('status.platform')}>
            {status.runtime.platform} / {status.runtime.arch}
          </Field>
          <Field label={t('status.uptime')}>{formatUptime(status.engine.uptimeMs, t)}</Field>
          <Field label={t('status.memory')}>{formatMiB(status.memory.rssBytes, t)}</Field>
        </dl>
      )}
    </section>
  );
}
