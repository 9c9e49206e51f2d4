import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { sessionQueryOptions } from '@/features/session/api/get-session';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { createQueryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the first render: the browser's install offer may come at once.
captureInstallPrompt();

// Every page asks whoami first (the guards, the header): asked now, it runs while the first screen's code loads.
const queryClient = createQueryClient();
const session = queryClient.fetchQuery(sessionQueryOptions());
// Starts loading the first screen's code at once.
const router = createAppRouter();

/** Resolves once the router has loaded the code of the page it opened on. */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

// A page the server sent with its first screen (/, /login) keeps showing it until the app can show the page
// itself, rather than a wait state in between: React's first render then replaces it with the same screen,
// or sends a signed-in visitor on. A whoami that fails still lets the app render, and show why.
const sessionSettled = session.catch(() => undefined);
if (container.hasChildNodes())
  void Promise.all([sessionSettled, routerReady()]).then(() => render(container));
else render(container);

registerServiceWorker();
