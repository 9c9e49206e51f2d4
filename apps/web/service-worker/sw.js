/* global self, caches, VERSION */
// The service worker. The build (vite.config.ts) prepends `const VERSION = '…'`, a hash of what it emitted,
// and writes this file as dist/sw.js, so each build caches into a cache of its own and drops the older ones.
//
// It keeps the app installable and answers a page visit made offline with offline.html instead of the
// browser's error page. It caches nothing else: pages, assets and above all API answers (members' data)
// always come from the network, so the app behaves exactly as without it while online.
const PREFIX = 'stackyard-shell-';
const CACHE = `${PREFIX}${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const SHELL = [OFFLINE_PAGE, '/offline.css', '/theme.js', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The offline page's own files, while offline.
  if (request.method === 'GET' && url.origin === self.location.origin && SHELL.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => fromShell(url.pathname)));
    return;
  }
  // Only page visits (GET navigations); everything else, the share target's POST included, goes on as is.
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  event.respondWith(fetch(request).catch(() => fromShell(OFFLINE_PAGE)));
});

async function fromShell(path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  return cached ?? Response.error();
}
