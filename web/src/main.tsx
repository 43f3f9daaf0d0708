import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SessionProvider } from './api/session';
import { App, startRoute } from './app';
import { initI18n } from './i18n/i18n';
import { TextsProvider } from './i18n/use-t';
import { registerServiceWorker, reloadOnStaleChunks } from './sw/register';
import './styles.css';

startRoute(location.pathname, location.search);
// The language's texts come beside the route's reads and code; the console draws once they are
// in (without them, on a failed load, it shows the texts' keys rather than nothing).
void initI18n()
  .catch(() => {})
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <TextsProvider>
          <SessionProvider>
            <App />
          </SessionProvider>
        </TextsProvider>
      </StrictMode>,
    ),
  );
reloadOnStaleChunks();
registerServiceWorker();
