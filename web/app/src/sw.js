// The service worker: keeps every file of the page (listed at build time) so that, after one
// visit, the page opens and scores with the network off. Files are served from the cache
// first; a new build (a new version) replaces the cache.
const VERSION = self.__VERSION__;
const PRECACHE = self.__PRECACHE__;
const CACHE = `mj3-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('mj3-') && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // A page address with a query or a hash is the page itself.
      const key = request.mode === 'navigate' ? './' : request;
      const cached = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
      if (cached) {
        return cached;
      }
      return fetch(request);
    }),
  );
});
