// Taxli's service worker (part 1 §7): it exists so the app can be installed, and it takes over at
// once when a new version arrives. It deliberately has no fetch handler and keeps no cache: tax
// documents and personal data must never be stored by the browser outside the app's control.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
