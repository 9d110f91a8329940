// Always in sight: which backend new work reaches (live in red: real agencies), the loaded model and where it
// runs, and the engine connection with its automatic reconnection.
import { Cpu, Plug, Radio, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { useConnection } from '../api/EngineProvider.tsx';
import { useEngineQuery } from '../api/queries.ts';
import { useLocale } from '../i18n.tsx';
import { useBackend } from '../state/backendMode.tsx';
import { JobsIndicator } from './JobsIndicator.tsx';
import { ApprovalIndicator } from './ApprovalIndicator.tsx';
import { viewLink } from './viewPaths.ts';

const MODEL_REFRESH_MS = 5000;

function ModeBadge() {
  const { t } = useLocale();
  const { backend } = useBackend();
  return (
    <Link href={viewLink('settings')} className={`mode-badge mode-${backend.mode}`} data-testid="mode-badge" title={t('strip.modeHint')}>
      <Radio size={14} aria-hidden="true" />
      {t(`mode.${backend.mode}`)}
      {backend.snapshot && backend.mode !== 'emulator' && backend.mode !== 'live' ? ` · ${backend.snapshot}` : ''}
    </Link>
  );
}

function LoadedModel() {
  const { t } = useLocale();
  const loaded = useEngineQuery('models.loaded', {}, { refetchInterval: MODEL_REFRESH_MS });
  const first = loaded.data?.[0];
  return (
    <span className="strip-item" data-testid="strip-model">
      <Cpu size={14} aria-hidden="true" />
      {first
        ? `${first.name} · ${first.gpu ? `${first.gpu.toUpperCase()} (${first.gpuLayers})` : 'CPU'}${loaded.data!.length > 1 ? ` +${loaded.data!.length - 1}` : ''}`
        : t('strip.noModel')}
    </span>
  );
}

function Connection() {
  const { t } = useLocale();
  const { state, retryNow } = useConnection();
  if (state.kind === 'connected') {
    return (
      <span className="strip-item conn-ok" data-testid="connection" role="status">
        <Plug size={14} aria-hidden="true" />
        {t('conn.connected')}
      </span>
    );
  }
  if (state.kind === 'reconnecting') {
    return (
      <span className="strip-item conn-bad" role="status">
        <span data-testid="connection">{t('conn.closed')}</span>
        <span className="muted">{t('conn.reconnecting', { n: state.attempt })}</span>
        <button type="button" className="ghost small" onClick={retryNow}>
          <RefreshCw size={14} aria-hidden="true" /> {t('conn.retry')}
        </button>
      </span>
    );
  }
  return (
    <span className="strip-item" data-testid="connection" role="status">
      {state.kind === 'noToken' ? t('conn.failed') : t('conn.connecting')}
    </span>
  );
}

export function StatusStrip() {
  const { t } = useLocale();
  return (
    <footer className="strip" aria-label={t('strip.label')}>
      <ModeBadge />
      <LoadedModel />
      <ApprovalIndicator />
      <JobsIndicator />
      <span className="strip-spacer" />
      <Connection />
    </footer>
  );
}
