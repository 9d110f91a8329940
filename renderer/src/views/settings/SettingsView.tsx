// The administrator's page: language and theme, which backend new work reaches (live only after a confirmation),
// API keys as write-only fields, the hosts calls may go to, the data folder, and the audit log's verification.
import { useMemo, useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { KeyStatus } from '../../../../main/api/contract.ts';
import { gatewayModes, type GatewayMode } from '../../../../main/core/gateway/callResult.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useBackend } from '../../state/backendMode.tsx';
import { useTheme, type ThemeChoice } from '../../state/theme.tsx';
import { useLocale } from '../../i18n.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AuditLog } from './AuditLog.tsx';
import { Bundles } from './Bundles.tsx';
import { formatDateTime } from '../../format.ts';
import { useLiveWarning } from '../../api/useLiveWarning.ts';
import { DEFAULT_SERVER_IDLE_MS } from '../../../../main/core/models/serverBase.ts';

function Appearance() {
  const { t, locale, setLocale } = useLocale();
  const { choice, setChoice } = useTheme();
  return (
    <section className="card" aria-labelledby="appearance">
      <h3 id="appearance">{t('settings.appearance')}</h3>
      <div className="form-row">
        <label>
          {t('settings.language')}
          <select value={locale} onChange={(e) => setLocale(e.target.value as 'ko' | 'en')}>
            <option value="ko">한국어</option>
            <option value="en">English</option>
          </select>
        </label>
        <label>
          {t('settings.theme')}
          <select value={choice} onChange={(e) => setChoice(e.target.value as ThemeChoice)}>
            <option value="system">{t('theme.system')}</option>
            <option value="light">{t('theme.light')}</option>
            <option value="dark">{t('theme.dark')}</option>
          </select>
        </label>
      </div>
    </section>
  );
}

function Backend() {
  const { t } = useLocale();
  const { backend, setBackend } = useBackend();
  const snapshots = useEngineQuery('snapshots.list', {});
  const [snapshot, setSnapshot] = useState(backend.snapshot ?? '');
  const liveText = useLiveWarning(t('settings.liveText'));
  const choose = (mode: GatewayMode): void =>
    setBackend({ mode, ...(mode === 'replay' || mode === 'record' ? { snapshot: snapshot || snapshots.data?.[0]?.name || 'default' } : {}) });
  // Live is offered apart, behind its own confirmation.
  const modes = gatewayModes.filter((m) => m !== 'live');
  return (
    <section className="card" aria-labelledby="backend">
      <h3 id="backend">{t('settings.backend')}</h3>
      <p className="muted">{t('settings.backendHint')}</p>
      <div className="segmented" role="group" aria-label={t('settings.backend')}>
        {modes.map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={backend.mode === mode}
            className={backend.mode === mode ? 'selected' : 'ghost'}
            onClick={() => choose(mode)}
            data-testid={`mode-${mode}`}
          >
            {t(`mode.${mode}`)}
          </button>
        ))}
        <ConfirmDialog
          trigger={
            <button
              type="button"
              aria-pressed={backend.mode === 'live'}
              className={backend.mode === 'live' ? 'selected danger' : 'ghost danger-text'}
              data-testid="mode-live"
            >
              {t('mode.live')}
            </button>
          }
          title={t('settings.liveTitle')}
          description={liveText}
          confirmLabel={t('settings.liveConfirm')}
          danger
          onConfirm={() => setBackend({ mode: 'live' })}
        />
      </div>
      {(backend.mode === 'replay' || backend.mode === 'record') && (
        <label>
          {t('settings.snapshot')}
          <input
            list="snapshots"
            value={snapshot}
            onChange={(e) => {
              setSnapshot(e.target.value);
              setBackend({ mode: backend.mode, snapshot: e.target.value });
            }}
          />
          <datalist id="snapshots">
            {snapshots.data?.map((s) => (
              <option key={s.id} value={s.name}>
                {t('settings.recordings', { n: s.recordings })}
              </option>
            ))}
          </datalist>
        </label>
      )}
      {backend.mode === 'replay' && snapshots.data && !snapshots.data.some((s) => s.name === (backend.snapshot ?? snapshot) && s.recordings > 0) && (
        <p className="warn" role="note" data-testid="replay-empty">
          {t('settings.replayEmpty', { snapshot: backend.snapshot ?? snapshot })}
        </p>
      )}
    </section>
  );
}

function KeyRow({ status, vaultAvailable }: { status: KeyStatus; vaultAvailable: boolean }) {
  const { t, locale } = useLocale();
  const [value, setValue] = useState('');
  const setting = useEngineMutation('keys.set', { invalidates: ['keys.status'], secret: true });
  const removal = useEngineMutation('keys.remove', { invalidates: ['keys.status'] });
  const save = (): void => {
    if (value === '') return;
    const key = value;
    // The field is emptied before the call returns: the value lives in the page no longer than it must.
    setValue('');
    removal.dismiss();
    void setting.run({ keyId: status.keyId, key });
  };
  const failed = setting.error ? setting : removal;
  const source =
    status.source === 'vault'
      ? t('keys.vault', { at: status.updatedAt ? formatDateTime(status.updatedAt, locale) : '' })
      : status.source === 'environment'
        ? t('keys.environment', { name: status.envVar })
        : t('keys.missing');
  return (
    <li className="key-row" data-testid={`key-${status.keyId}`}>
      <div>
        <strong>{status.portal.name[locale]}</strong>
        <span className={status.source ? 'ok' : 'warn'} data-testid="key-source">
          {source}
        </span>
        <span className="muted">{status.portal.hosts.join(', ')}</span>
      </div>
      {vaultAvailable ? (
        <form
          className="form-row"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label className="grow">
            <span className="sr-only">{t('keys.new', { name: status.portal.name[locale] })}</span>
            <input
              type="password"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder={t('keys.placeholder')}
              data-testid="key-input"
            />
          </label>
          <button type="submit" disabled={value === ''} data-testid="key-save">
            {t('keys.save')}
          </button>
          {status.source === 'vault' && (
            <button
              type="button"
              className="ghost danger-text"
              onClick={() => {
                setting.dismiss();
                void removal.run({ keyId: status.keyId });
              }}
              data-testid="key-remove"
            >
              {t('keys.remove')}
            </button>
          )}
        </form>
      ) : (
        <p className="muted">{t('keys.fromEnvironment', { name: status.envVar })}</p>
      )}
      <ErrorNote error={failed.error} onRetry={failed.retry} onDismiss={failed.dismiss} />
    </li>
  );
}

function Keys() {
  const { t } = useLocale();
  const keys = useEngineQuery('keys.status', {});
  return (
    <section className="card" aria-labelledby="keys">
      <h3 id="keys">
        <KeyRound size={18} aria-hidden="true" /> {t('settings.keys')}
      </h3>
      {keys.data && !keys.data.vault.available && (
        <p className="warn" data-testid="no-vault">
          {t('keys.noVault')}
        </p>
      )}
      <ul className="keys">
        {keys.data?.keys.map((k) => (
          <KeyRow key={k.keyId} status={k} vaultAvailable={keys.data!.vault.available} />
        ))}
      </ul>
    </section>
  );
}

function Allowlist() {
  const { t } = useLocale();
  const catalog = useEngineQuery('catalog.list', {});
  const hosts = useMemo(() => {
    const byHost = new Map<string, string[]>();
    for (const tool of catalog.data?.tools ?? []) {
      if (!tool.endpoint) continue;
      const host = new URL(tool.endpoint.split(' ')[1]!).host;
      byHost.set(host, [...(byHost.get(host) ?? []), tool.id]);
    }
    return [...byHost.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [catalog.data]);
  return (
    <section className="card" aria-labelledby="allowlist">
      <h3 id="allowlist">{t('settings.allowlist')}</h3>
      <p className="muted">{t('settings.allowlistHint')}</p>
      <dl className="allowlist" data-testid="allowlist">
        {hosts.map(([host, tools]) => (
          <div key={host}>
            <dt>
              <code>{host}</code>
            </dt>
            <dd>{t('settings.allowlistTools', { n: tools.length, tools: tools.join(', ') })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The model servers' own list: the agency's machines, at any address, kept apart from the API hosts above. */
function ModelServers() {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const servers = (models.data ?? []).filter((m) => m.kind === 'openai');
  return (
    <section className="card" aria-labelledby="model-servers">
      <h3 id="model-servers">{t('settings.modelServers')}</h3>
      <p className="muted">{t('settings.modelServersHint')}</p>
      {servers.length === 0 ? (
        <p className="muted" data-testid="model-servers-none">
          {t('settings.modelServersNone')} <code>kopa models add openai:http://10.0.0.5:8000/v1 --name MODEL</code>
        </p>
      ) : (
        <dl className="allowlist" data-testid="model-servers">
          {servers.map((server) => (
            <div key={server.id}>
              <dt>
                <code>{server.location}</code>
              </dt>
              <dd>
                {t('settings.modelServerFacts', {
                  model: server.name,
                  seconds: Math.round((server.idleTimeoutMs ?? DEFAULT_SERVER_IDLE_MS) / 1000),
                })}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function SettingsView() {
  const { t } = useLocale();
  return (
    <div className="view">
      <header className="view-head">
        <h2>{t('nav.settings')}</h2>
      </header>
      <div className="settings-grid">
        <Appearance />
        <Backend />
        <Keys />
        <Allowlist />
        <ModelServers />
        <Bundles />
        <AuditLog />
      </div>
    </div>
  );
}
