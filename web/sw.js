/*
 * Kibitz's service worker: cache-first over a precached list of the site's
 * files. The build fills in VERSION (a hash of the content) and FILES, so a
 * new build gets a new cache and the old one is deleted on activation.
 *
 * The files are fetched with the server's say-so ("no-cache": a request
 * with the cached copy's validators): a host that sends a max-age (most
 * do) would otherwise hand the new worker the old files the browser cached
 * on an earlier visit, and the reader would keep the old version, or worse
 * a mix of old and new files, until the next deploy. A file the server
 * says is unchanged (304) comes from the HTTP cache, so the first visit
 * does not download the module twice (the page fetched it already).
 */
"use strict";

var VERSION = "__KIBITZ_VERSION__";
var FILES = "__KIBITZ_FILES__";
var CACHE = "kibitz-" + VERSION;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) {
        return Promise.all(FILES.map(function (file) {
          return fetch(new Request(file, { cache: "no-cache" })).then(function (response) {
            if (!response.ok) throw new TypeError("HTTP " + response.status + " for " + file);
            return unredirected(response);
          }).then(function (response) { return cache.put(file, response); });
        }));
      })
      .then(function () { return self.skipWaiting(); })
  );
});

// unredirected is a response as if it had not been redirected. A host
// that sends index.html on to its folder (Go's file server does, as do
// several static hosts) gives a redirected response, and a browser
// refuses one as the answer to a navigation: a reader whose bookmark ends
// in index.html got a network error. The copy has the same body and
// headers, and no redirect.
function unredirected(response) {
  if (!response.redirected) return response;
  return response.blob().then(function (body) {
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.map(function (name) {
          if (name.indexOf("kibitz-") === 0 && name !== CACHE) return caches.delete(name);
        }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      // A request past the HTTP cache (the loader asks so for a module, or
      // its own file, that is not its build's) goes past this cache too:
      // a worker that installed mid-deploy, or behind a stale CDN edge,
      // may keep a mix, and the network's copy replaces it. Offline, the
      // kept copy still answers.
      if (request.cache === "reload" && request.mode !== "navigate" && !new URL(request.url).search) {
        return fetch(request).then(function (response) {
          if (response.ok) event.waitUntil(cache.put(request, response.clone()).catch(function () {}));
          return response;
        }, function (err) {
          return cache.match(request).then(function (hit) { if (hit) return hit; throw err; });
        });
      }
      // A page of the host's that is not the site's (another page in the
      // same folder, one in a folder below, one it does not have) is the
      // host's to answer: the site's page in its place would be the
      // wrong page, and below the site's folder a blank one, for its
      // files are beside it.
      return cache.match(request, { ignoreSearch: true }).then(function (hit) {
        return hit || fetch(request);
      });
    })
  );
});
