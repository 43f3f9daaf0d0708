import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SessionProvider } from './api/session';
import { App, startRoute } from './app';
import { initI18n } from './i18n/i18n';
import { TextsProvider } from './i18n/use-t';
import { registerServiceWorker, reloadOnStaleChunks } from './sw/register';
// The console's stylesheets, one file per purpose; this order is the cascade's.
import './styles/base.css';
import './styles/frame.css';
import './styles/layout.css';
import './styles/buttons.css';
import './styles/forms.css';
import './styles/notices.css';
import './styles/cards.css';
import './styles/round.css';
import './styles/penalty.css';
import './styles/data-tables.css';
import './styles/find-table.css';
import './styles/print.css';
import './styles/wide-screens.css';
import './styles/findings.css';
import './styles/player-names.css';
import './styles/staff.css';
import './styles/slips.css';
import './styles/player-page.css';
import './styles/lists.css';
import './styles/calls.css';
import './styles/entry.css';
import './styles/series.css';
import './styles/desk.css';

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
