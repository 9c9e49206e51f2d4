import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { registerServiceWorker } from '@/lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the first render: the browser's install offer may come at once.
captureInstallPrompt();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

registerServiceWorker();
