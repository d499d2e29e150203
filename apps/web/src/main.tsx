import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';
import { setUpInstallableApp } from './lib/install-app';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { startSessionEarly } from './app/session/start-session-early';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root is missing from index.html');

// Before anything else, so the browser's install offer is not missed while the texts load.
setUpInstallableApp();

// The session and the user travel while the texts and the page's code load.
const queryClient = createQueryClient();
void startSessionEarly(queryClient, window.location);

// The browser gets the main thread back between evaluating the code, starting the page and starting
// the texts: on a phone the three together made one long task (docs/performance.md, "Lighthouse, mobile").
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
await nextTask();
// Starts loading the page's code and its texts.
const router = createAppRouter();
await nextTask();

// The first paint waits for the texts of the saved language (one small request).
await initI18n();
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
