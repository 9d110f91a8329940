import { useIsFetching } from '@tanstack/react-query';
import { Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { useConnection } from './api/EngineProvider.tsx';
import { JobsProvider } from './api/JobsProvider.tsx';
import { useLocale } from './i18n.tsx';
import { NavRail } from './app/NavRail.tsx';
import { VIEWS } from './app/views.tsx';
import { StatusStrip } from './app/StatusStrip.tsx';
import { useTheme } from './state/theme.tsx';
import { NotFoundView } from './views/NotFoundView.tsx';
import { ChatRunProvider } from './views/chat/ChatRunProvider.tsx';

function Header() {
  const { t, locale, setLocale } = useLocale();
  const { applied, setChoice } = useTheme();
  return (
    <header className="topbar">
      <div>
        <h1>{t('app.title')}</h1>
        <p className="tagline">{t('app.tagline')}</p>
      </div>
      <div className="topbar-right">
        <button
          type="button"
          className="ghost"
          onClick={() => setChoice(applied === 'dark' ? 'light' : 'dark')}
          aria-label={t(applied === 'dark' ? 'theme.toLight' : 'theme.toDark')}
          title={t(applied === 'dark' ? 'theme.toLight' : 'theme.toDark')}
        >
          {applied === 'dark' ? <Sun size={16} aria-hidden="true" /> : <Moon size={16} aria-hidden="true" />}
        </button>
        <button type="button" className="ghost" lang={locale === 'ko' ? 'en' : 'ko'} onClick={() => setLocale(locale === 'ko' ? 'en' : 'ko')}>
          {t('lang.switch')}
        </button>
      </div>
    </header>
  );
}

function ConnectionBanner() {
  const { t } = useLocale();
  const { state } = useConnection();
  if (state.kind === 'noToken') {
    return (
      <div className="banner" role="alert">
        <p>{t('conn.noToken')}</p>
      </div>
    );
  }
  if (state.kind === 'reconnecting' && state.attempt > 2) {
    return (
      <div className="banner" role="alert">
        <p>{t('conn.lost')}</p>
      </div>
    );
  }
  return null;
}

function Views() {
  const { state } = useConnection();
  if (state.kind === 'noToken') return null;
  return (
    <Switch>
      {VIEWS.map((view) => (
        <Route key={view.id} path={view.match === 'item' ? `${view.path}/:id?` : view.path} nest={view.match === 'pages'}>
          {(params: { id?: string }) => view.render(params.id)}
        </Route>
      ))}
      <Route component={NotFoundView} />
    </Switch>
  );
}

/**
 * The view's frame. It carries the address it shows and how many of its reads have no answer yet, so automation (the
 * end-to-end tests) can wait for a view to have its data instead of guessing how long that takes.
 */
function Content({ children }: { children: ReactNode }) {
  const [route] = useLocation();
  const loading = useIsFetching({ predicate: (query) => query.state.status === 'pending' });
  return (
    <main className="content" data-route={route} data-loading={loading}>
      {children}
    </main>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation}>
      <JobsProvider>
        <div className="app">
          <NavRail />
          <ChatRunProvider>
            <div className="frame">
              <Header />
              <Content>
                <ConnectionBanner />
                <Views />
              </Content>
              <StatusStrip />
            </div>
          </ChatRunProvider>
        </div>
      </JobsProvider>
    </Router>
  );
}
