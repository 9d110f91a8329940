import { Moon, Sun } from 'lucide-react';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { useConnection } from './api/EngineProvider.tsx';
import { useLocale } from './i18n.tsx';
import { NavRail } from './app/NavRail.tsx';
import { StatusStrip } from './app/StatusStrip.tsx';
import { useTheme } from './app/theme.tsx';
import { OverviewView } from './views/overview/OverviewView.tsx';
import { NotFoundView } from './views/NotFoundView.tsx';
import { ChatView } from './views/chat/ChatView.tsx';
import { ChatRunProvider } from './views/chat/ChatRunProvider.tsx';
import { ModelsView } from './views/models/ModelsView.tsx';
import { SettingsView } from './views/settings/SettingsView.tsx';
import { SynthesisView } from './views/synthesis/SynthesisView.tsx';
import { CatalogView } from './views/catalog/CatalogView.tsx';
import { EvaluationView } from './views/evaluation/EvaluationView.tsx';
import { GraphView } from './views/graph/GraphView.tsx';

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
      <Route path="/" component={OverviewView} />
      <Route path="/chat/:id?">{(params) => <ChatView chatId={params.id} />}</Route>
      <Route path="/models" component={ModelsView} />
      <Route path="/settings" component={SettingsView} />
      <Route path="/catalog/:id?">{(params) => <CatalogView toolId={params.id} />}</Route>
      <Route path="/graph" component={GraphView} />
      <Route path="/synthesis" nest>
        <SynthesisView />
      </Route>
      <Route path="/eval" nest>
        <EvaluationView />
      </Route>
      <Route component={NotFoundView} />
    </Switch>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation}>
      <div className="app">
        <NavRail />
        <div className="frame">
          <Header />
          <main className="content">
            <ConnectionBanner />
            <ChatRunProvider>
              <Views />
            </ChatRunProvider>
          </main>
          <StatusStrip />
        </div>
      </div>
    </Router>
  );
}
