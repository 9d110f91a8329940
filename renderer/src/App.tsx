import { useCallback, useEffect, useState } from 'react';
import { connectEngine, MissingTokenError, type EngineConnection } from './api/connectEngine.ts';
import { useLocale } from './i18n.tsx';
import { StatusPanel } from './components/StatusPanel.tsx';
import { DoctorPanel } from './components/DoctorPanel.tsx';

type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'connected'; connection: EngineConnection }
  | { kind: 'closed' }
  | { kind: 'failed'; noToken: boolean };

export function App() {
  const { t, locale, setLocale } = useLocale();
  const [state, setState] = useState<ConnectionState>({ kind: 'connecting' });

  const connect = useCallback(function connect() {
    setState({ kind: 'connecting' });
    connectEngine().then(
      (connection) => {
        setState({ kind: 'connected', connection });
        // The desktop app restarts a crashed engine and hands over a fresh port: wait for it. A browser tab
        // cannot know whether the server will come back, so it asks the user.
        void connection.closed.then(() => (connection.mode === 'desktop' ? connect() : setState({ kind: 'closed' })));
      },
      (error: unknown) => setState({ kind: 'failed', noToken: error instanceof MissingTokenError }),
    );
  }, []);

  useEffect(connect, [connect]);

  return (
    <div className="app">
      <header className="topbar">
        <div>
          <h1>{t('app.title')}</h1>
          <p className="tagline">{t('app.tagline')}</p>
        </div>
        <div className="topbar-right">
          <span className={`conn conn-${state.kind}`} data-testid="connection" role="status">
            {state.kind === 'connecting' && t('conn.connecting')}
            {state.kind === 'connected' && t('conn.connected')}
            {state.kind === 'closed' && t('conn.closed')}
            {state.kind === 'failed' && t('conn.failed')}
          </span>
          <button type="button" className="ghost" onClick={() => setLocale(locale === 'ko' ? 'en' : 'ko')}>
            {t('lang.switch')}
          </button>
        </div>
      </header>
      <main className="content">
        {(state.kind === 'failed' || state.kind === 'closed') && (
          <div className="banner" role="alert">
            <p>{state.kind === 'failed' && state.noToken ? t('conn.noToken') : t(state.kind === 'failed' ? 'conn.failed' : 'conn.closed')}</p>
            {!(state.kind === 'failed' && state.noToken) && (
              <button type="button" onClick={connect}>
                {t('conn.retry')}
              </button>
            )}
          </div>
        )}
        {state.kind === 'connected' && (
          <div className="grid">
            <StatusPanel api={state.connection.api} />
            <DoctorPanel api={state.connection.api} />
          </div>
        )}
      </main>
    </div>
  );
}
