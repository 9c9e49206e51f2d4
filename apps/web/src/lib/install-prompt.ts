import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings: it is not a standard yet). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install offer for later: it fires once, early, often before the page that offers an
 * "Install" button is shown (main.tsx calls this at start-up).
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The install action when the browser offers one (null elsewhere: Firefox, Safari, already installed). */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const offer = useSyncExternalStore(subscribe, () => deferred);
  if (!offer) return null;
  return async () => {
    await offer.prompt();
    await offer.userChoice;
    // A prompt can be shown once; the browser offers again later if it was dismissed.
    deferred = null;
    changed();
  };
}
