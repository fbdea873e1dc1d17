// The npuzzle site's service worker: it keeps one build of the site for offline visits.
// Infrastructure only (the page and its handlers are Python): main.py registers it.
//
// build.py writes the next line into the copy in dist/: the build's stamp (a hash of its
// files) and every file a visit needs, with its Subresource Integrity hash. Here in web/ it is
// a placeholder.
const BUILD = {"stamp": "unbuilt", "files": {}};

// One cache per build and per deployment: Cache Storage is shared by the whole origin, and a
// static host such as GitHub Pages serves many sites on one origin, each under its own path.
const SCOPE = self.registration.scope;
const PREFIX = `npuzzle-site ${SCOPE} `;
const CACHE = PREFIX + BUILD.stamp;
const PAGE = "index.html";

// No skipWaiting() and no clients.claim(): a new build installs beside the old one and takes
// over only once no page of the old one is open, so a page is served by one worker, from one
// build's cache, from its first request to its last (never old HTML with new Python). A
// visitor sees the new build on the first visit after every tab of the site was closed.
self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOtherBuilds());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) {
    return;
  }
  const path = keyOf(request);
  if (path === null) {
    event.respondWith(networkFirst(request));
  } else if (COMPILED.test(path)) {
    event.respondWith(httpCacheFirst(path, request));
  } else {
    event.respondWith(cacheFirst(path, request));
  }
});

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Object.entries(BUILD.files).map(async ([path, integrity]) => {
        const url = new URL(path, SCOPE);
        await cache.put(url, await fetchChecked(url, integrity));
      }),
    );
  } catch (error) {
    await caches.delete(CACHE); // never half a build: the next visit tries again
    throw error;
  }
}

// A file checked against the hash build.py wrote: a server or proxy still handing out a file
// of another build fails the install, and the build already installed (if any) stays in
// charge, whole. The hash is what makes any copy trustworthy, so the HTTP cache's is taken
// as it is, without asking the server (the page has just loaded most of these files); a copy
// of another build (or none) is fetched again from the server.
async function fetchChecked(url, integrity) {
  try {
    return await fetchOk(url, {cache: "force-cache", integrity});
  } catch {
    return await fetchOk(url, {cache: "reload", integrity});
  }
}

async function fetchOk(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return response;
}

async function dropOtherBuilds() {
  // Only this deployment's older builds; the pattern databases (web/worker/tables.py's
  // "npuzzle-pdb ..." caches) and other sites' caches are left alone.
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)),
  );
}

// The precached file a request asks for (its path from the scope), or null. A navigation to
// the site's folder, with or without a query, is the page.
function keyOf(request) {
  const url = new URL(request.url);
  let path = url.href.slice(SCOPE.length).split(/[?#]/)[0];
  if (request.mode === "navigate" && path === "") {
    path = PAGE;
  } else if (url.search && request.mode !== "navigate") {
    return null;
  }
  return Object.hasOwn(BUILD.files, path) ? path : null;
}

// Pyodide's and MicroPython's WebAssembly. Chromium keeps the machine code it compiles from
// a file beside the HTTP cache's copy, and uses it on the next visit; for Cache Storage's
// copy it does not, so that every visit served from there compiled Pyodide anew (README,
// "Opening at once"). These come from the HTTP cache (or from the server, if that cache lost
// its copy) when that is this build's file, checked against its hash as the install checks
// it; else (offline with no such copy, another build on the server) from Cache Storage.
// Asking the HTTP cache alone ("only-if-cached") gave Chromium no compiled code to reuse.
const COMPILED = /\.wasm$/;

async function httpCacheFirst(path, request) {
  try {
    return await fetchOk(new URL(path, SCOPE), {cache: "force-cache", integrity: BUILD.files[path]});
  } catch {
    return cacheFirst(path, request);
  }
}

async function cacheFirst(path, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(new URL(path, SCOPE));
  return hit ?? fetch(request); // evicted or cleared: the network still has it
}

// The rest (the pattern databases, anything added later): the network, else any copy a
// cache of this origin holds (web/worker/tables.py's own, for one), else the network's error.
async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await caches.match(request);
    if (hit) {
      return hit;
    }
    throw error;
  }
}
