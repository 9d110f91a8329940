import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { LocaleProvider } from './i18n.tsx';
// Bundled, not fetched: air-gapped workstations often lack a Korean font. Pretendard is the KRDS typeface (OFL-1.1).
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <LocaleProvider>
      <App />
    </LocaleProvider>
  </StrictMode>,
);
