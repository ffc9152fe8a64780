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
 *
 * A module is kept only as its build made it: the build fills in the
 * module's SHA-256 (INTEGRITY), and a copy that does not match (cut short
 * by a proxy, damaged on the way) is not kept. Kept, it would be served
 * again on every visit and every "Try again", and the reader could not
 * run the solver until the next deploy.
 */
"use strict";

var VERSION = "__KIBITZ_VERSION__";
var FILES = "__KIBITZ_FILES__";
var INTEGRITY = "__KIBITZ_INTEGRITY__"; // file → "sha256-BASE64", for the modules
var CACHE = "kibitz-" + VERSION;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) {
        return Promise.all(FILES.map(function (file) {
          // A module that does not match fails the install: the next
          // visit installs again.
          return fetch(new Request(file, { cache: "no-cache", integrity: INTEGRITY[file] || "" })).then(function (response) {
            if (!response.ok) throw new TypeError("HTTP " + response.status + " for " + file);
            return storable(unredirected(response));
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

// storable is a response as the cache should keep it: without the
// host's Vary header. The cache holds one copy of each file, the build's;
// but with a Vary kept, a request must carry the same values of those
// headers as the one that fetched the file, and the navigation does not
// carry the install's (Accept differs, and User-Agent is on neither): a
// host that sends "Vary: Accept" or "Vary: User-Agent" (some Apache
// setups do) had its pages fetched from the network every time, and
// offline the reader met the browser's "This site can't be reached".
// "Vary: *" made the cache refuse every file, and the site had no
// offline copy at all.
function storable(response) {
  return Promise.resolve(response).then(function (response) {
    if (!response.headers.has("Vary")) return response;
    var headers = new Headers(response.headers);
    headers.delete("Vary");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: headers });
  });
}

// keepIfWhole keeps a response in the cache, a module only if it is the
// build's: its SHA-256 matches.
function keepIfWhole(cache, request, response) {
  var sri = INTEGRITY[new URL(request.url).pathname.split("/").pop()];
  if (!sri) return storable(response).then(function (response) { return cache.put(request, response); });
  return response.arrayBuffer().then(function (body) {
    return crypto.subtle.digest("SHA-256", body).then(function (sum) {
      if ("sha256-" + base64(new Uint8Array(sum)) !== sri) return;
      var headers = new Headers(response.headers);
      headers.delete("Vary"); // see storable
      return cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers: headers }));
    });
  });
}

function base64(bytes) {
  var text = "";
  for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return btoa(text);
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
      // The loader asks so too when it tries again after a module that
      // came damaged: the copy kept here may be the damaged one.
      if (request.cache === "reload" && request.mode !== "navigate" && !new URL(request.url).search) {
        return fetch(request).then(function (response) {
          if (response.ok) event.waitUntil(keepIfWhole(cache, request, response.clone()).catch(function () {}));
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
