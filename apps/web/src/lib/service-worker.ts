/**
 * Registers the service worker /sw.js (built from service-worker/sw.js): it makes the app installable and
 * shows an offline page instead of the browser's error. Production builds only: the dev server has no sw.js,
 * and a worker left from a build would otherwise stand between Vite and the page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded, so installing it never competes with the first screen for the network.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without it the app works as before, only without the offline page.
      console.warn('The service worker could not be registered.', error);
    });
  });
}
