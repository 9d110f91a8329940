import type { EngineStatus } from '../../../main/api/contract.ts';
import { useEngineQuery } from '../api/queries.ts';
import { useLocale } from '../i18n.tsx';
import { formatMiB, formatTime, formatUptime } from '../format.ts';
import { Field } from './Field.tsx';

const REFRESH_MS = 5000;

export function StatusPanel() {
  const { t, locale } = useLocale();
  const query = useEngineQuery('engine.status', {}, { refetchInterval: REFRESH_MS });
  const status: EngineStatus | undefined = query.data;
  const error = query.error?.message ?? null;
  const at = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;

  return (
    <section className="card" aria-labelledby="status-heading" data-testid="engine-status">
      <header className="card-head">
        <h2 id="status-heading">{t('status.heading')}</h2>
        {at && <span className="muted">{t('status.refreshed', { time: formatTime(at, locale) })}</span>}
      </header>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
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
