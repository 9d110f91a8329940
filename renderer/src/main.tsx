import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import { LocaleProvider } from './i18n.tsx';
import { ThemeProvider } from './state/theme.tsx';
import { BackendProvider } from './state/backendMode.tsx';
import { EngineProvider } from './api/EngineProvider.tsx';
import { takeToken } from './api/connectEngine.ts';
import { setNonce } from 'get-nonce';
import { STYLE_NONCE_META } from '../../main/core/page/pagePolicy.ts';
// Bundled whole, not as lazily fetched slices: air-gapped workstations often lack a Korean font, and a glyph needed
// after the engine stopped (끊 of "연결이 끊어졌습니다") could no longer be fetched. Pretendard is the KRDS typeface (OFL-1.1).
import 'pretendard/dist/web/variable/pretendardvariable.css';
import './styles.css';

takeToken();
// The dialogs' scroll lock writes a <style> element; the page policy admits it by this load's nonce alone.
setNonce(document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META}"]`)?.content ?? '');
void document.fonts.load('1em "Pretendard Variable"', '가');

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 2000 } } });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <ThemeProvider>
          <BackendProvider>
            <EngineProvider>
              <App />
            </EngineProvider>
          </BackendProvider>
        </ThemeProvider>
      </LocaleProvider>
    </QueryClientProvider>
  </StrictMode>,
);
