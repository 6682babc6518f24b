import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'shell/api-client'; // wires the session's auth calls to HTTP
import { initI18n } from 'shell/i18n';
import { useSession } from 'shell/session';
import { App } from './App';
import { initRemotes } from './remotes/remotes-config';
import { registerServiceWorker } from './service-worker/register';
import './styles.css';

// Register mfe_* from /config/remotes.json now (they are only fetched when a dashboard needs them).
void initRemotes();

// Repeat visits and offline starts from the worker's kept files (decision 0100).
registerServiceWorker();

// Refresh the signed-in user (a 401 here clears the session).
void useSession.getState().loadProfile();

// The first paint is in the visit's language: a Kiswahili reader's catalogue is fetched first (English is bundled).
// Should that fetch fail, the page still renders, in English.
void initI18n()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
