import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SessionProvider } from './api/session';
import { App, startRoute } from './app';
import { initI18n } from './i18n/i18n';
import { TextsProvider } from './i18n/use-t';
import { registerServiceWorker, reloadOnStaleChunks } from './sw/register';
import './styles.css';

startRoute(location.pathname);
initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TextsProvider>
      <SessionProvider>
        <App />
      </SessionProvider>
    </TextsProvider>
  </StrictMode>,
);
reloadOnStaleChunks();
registerServiceWorker();
