import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'shell/api-client'; // wires the session's auth calls to HTTP
import { useSession } from 'shell/session';
import { App } from './App';
import { initRemotes } from './remotes/remotes-config';
import './styles.css';

// Register mfe_* from /config/remotes.json now (they are only fetched when a dashboard needs them).
void initRemotes();

// Refresh the signed-in user (a 401 here clears the session).
void useSession.getState().loadProfile();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
