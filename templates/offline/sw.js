// judgeapp's service worker, served at /sw.js: its scope is the whole site (docs/offline.md).
// Version {{ version }}: the hashed addresses of the offline page's assets below change with them,
// so a new release is a new worker, which keeps the new assets and drops the old caches.
"use strict";

const VERSION = "{{ version }}";
const SHELL = "judgeapp-shell-" + VERSION;   // the offline page and its assets
const STATIC = "judgeapp-static";            // hashed static files, kept as met (immutable)
const PAGES = "judgeapp-pages";              // reader pages visited, the newest copy of each
const DOCUMENTS = "judgeapp-documents";      // documents kept offline (written by the pages' offline.js)
const KEEP = [SHELL, STATIC, PAGES, DOCUMENTS];
const ASSETS = {{ assets|safe }};
const SHELL_PAGES = {{ pages|safe }};
const OFFLINE_URL = {{ offline_url|safe }};
const STATIC_PREFIX = {{ static_prefix|safe }};
const KEPT = "/offline/kept.json";           // the list of kept documents in DOCUMENTS
const PREVIEW = /^\/rules\/([^/]+)\/(?:id\/([^/]+)|([^/]+))\/preview\/$/;
const PAGES_KEPT = 300;         // visited reader pages kept, newest first out last
const NETWORK_PATIENCE = 6000;  // ms before a page that is kept is shown from the phone instead

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    await cache.addAll(ASSETS.concat(SHELL_PAGES).map((url) => new Request(url, {cache: "reload", credentials: "same-origin"})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("judgeapp-") && !KEEP.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(staticFirst(request));
  } else if (url.pathname.startsWith("/offline/documents/")) {
    event.respondWith(keptFirst(request));
  } else if (PREVIEW.test(url.pathname)) {
    event.respondWith(preview(request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  } else if (SHELL_PAGES.includes(url.pathname)) {
    event.respondWith(networkThenShell(request));
  }
});

// Hashed files never change under their address: the phone's copy is as good as the server's.
async function staticFirst(request) {
  const kept = await caches.match(request, {ignoreVary: true});
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(STATIC).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function keptFirst(request) {
  const kept = await caches.match(request, {ignoreVary: true});
  return kept || fetch(request);
}

async function networkThenShell(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(SHELL).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    return (await caches.match(request, {ignoreVary: true})) || Response.error();
  }
}

// A page: the network first (the rules may have changed), its kept copy when the network fails or
// is too slow, and else the offline page, which draws a kept document's clause, contents or search
// or says what is available offline.
async function page(request, url) {
  const reader = url.pathname.startsWith("/rules/");
  const network = fetch(request).then((response) => {
    if (reader && response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(PAGES).then(async (cache) => {
        await cache.put(request, copy);
        const keys = await cache.keys();
        for (const old of keys.slice(0, Math.max(0, keys.length - PAGES_KEPT))) await cache.delete(old);
      });
    }
    return response;
  });
  const kept = await caches.match(request, {ignoreVary: true, cacheName: PAGES});
  try {
    if (!kept) return await network;
    return await Promise.race([network, new Promise((resolve, reject) => setTimeout(reject, NETWORK_PATIENCE))]);
  } catch (error) {
    if (kept) return kept;
    const shell = await caches.match(OFFLINE_URL, {cacheName: SHELL});
    return shell || Response.error();
  }
}

// A reference's preview (the reader shows it on hover, focus or a first tap): from the network,
// else drawn from the kept document as the server draws it (templates/includes/_preview.html).
async function preview(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const html = await keptPreview(url.pathname);
    return html ? new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8"}}) : Response.error();
  }
}

const parsed = new Map();  // bundle address -> bundle, while this worker lives

async function keptPreview(path) {
  const match = PREVIEW.exec(path);
  const cache = await caches.open(DOCUMENTS);
  const listed = await cache.match(KEPT);
  if (!match || !listed) return null;
  const slug = decodeURIComponent(match[1]);
  const list = await listed.json();
  const entry = list.find((k) => k.slug === slug) || list.find((k) => k.series === slug);
  if (!entry) return null;
  if (!parsed.has(entry.url)) {
    const kept = await cache.match(entry.url);
    if (!kept) return null;
    parsed.set(entry.url, await kept.json());
  }
  const doc = parsed.get(entry.url);
  const at = (name) => doc.fields.indexOf(name);
  const wanted = match[2] ? "id/" + decodeURIComponent(match[2]) + "/" : null;
  const number = match[3] ? decodeURIComponent(match[3]).replace(/\.+$/, "").toLowerCase() : null;
  const row = doc.clauses.find((c) => wanted ? c[at("address")] === wanted : c[at("number")].toLowerCase() === number);
  if (!row) return null;
  const escape = (text) => text.replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[c]);
  // The clause text is the server's sanitised HTML; the label and title are escaped here.
  return '<div class="preview-body" lang="' + escape(doc.language) + '"><p class="preview-head"><a href="' +
    escape(doc.url + row[at("address")]) + '"><strong>' + escape(row[at("label")]) + "</strong> " + escape(row[at("title")]) +
    '</a></p><div class="clause-text">' + row[at("html")] + "</div></div>";
}
