// Pinochle's service worker: precaches every file of the build and serves the
// app offline.
//
// This file is a template: `cargo xtask dist` (xtask/src/pwa.rs) writes
// dist/sw.js from it, replacing the version and the precache list with the
// files Trunk just built (their names are hashed per build). Never edit the
// list by hand.
//
// * install: caches every listed file under `pinochle-<version>`, taking the
//   hashed files the page already fetched from the HTTP cache, and checks
//   that the index.html it got names only this version's files;
// * the new worker waits until the page asks it to take over ("new version —
//   reload" in the app posts `skip-waiting`), so a game is never switched to
//   new code under the player's feet;
// * activate: deletes the caches of older versions and takes control;
// * fetch: precached files come from the cache first; a page navigation gets the
//   cached index.html (the app reads its state from the URL fragment and
//   localStorage), so the app starts offline; anything else goes to the network.

const VERSION = '__PINOCHLE_VERSION__';
const PRECACHE = __PINOCHLE_PRECACHE__;
const CACHE = `pinochle-${VERSION}`;
const INDEX = new URL('index.html', self.registration.scope).href;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, self.registration.scope).href));

// Files whose names carry Trunk's content hash (hex, up to 16 digits, as in
// "app-cc5b453af7c2620.css"): a name never changes its contents.
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z]+$/;

// A hashed file the page has just fetched is taken from the browser's HTTP
// cache ('force-cache') instead of being downloaded a second time; any other
// file is revalidated with the server ('no-cache'), so a new version never
// precaches an old copy.
function precacheRequest(url) {
  return new Request(url, { cache: HASHED.test(new URL(url).pathname) ? 'force-cache' : 'no-cache' });
}

// Hashed file names as index.html names them ("app-cc5b453af7c2620.css").
const HASHED_NAMES = /[A-Za-z0-9_.-]+-[0-9a-f]{8,16}(?:_bg)?\.[a-z]+/g;
const PRECACHED_NAMES = new Set(PRECACHE.map((path) => path.split('/').pop()));

// The index.html cached must be this version's: one that names a hashed file
// this version does not list came from another build (a deploy half done, its
// new sw.js served with the old index.html or the other way round). Cached, it
// would start the app without its stylesheet or code until the next version;
// refused, the install fails, the version in use stays, and the next load
// tries again.
function checkIndex(cache) {
  return cache
    .match(INDEX)
    .then((index) => (index ? index.text() : ''))
    .then((html) => {
      const strays = [...new Set(html.match(HASHED_NAMES) || [])].filter((name) => !PRECACHED_NAMES.has(name));
      if (strays.length > 0) {
        throw new Error(`index.html names ${strays.join(', ')}, which this version does not list: another build's page`);
      }
    });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache
        .addAll([...PRECACHED].map(precacheRequest))
        .then(() => checkIndex(cache))
        .catch((error) => caches.delete(CACHE).then(() => Promise.reject(error))),
    ),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') {
    self.skipWaiting();
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('pinochle-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') {
    return;
  }
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') {
    event.respondWith(fromCache(INDEX).then((hit) => hit || fetch(request)));
    return;
  }
  url.search = '';
  if (PRECACHED.has(url.href)) {
    event.respondWith(fromCache(url.href).then((hit) => hit || fetch(request)));
  }
});

function fromCache(url) {
  return caches.open(CACHE).then((cache) => cache.match(url));
}
