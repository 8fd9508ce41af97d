/* The rules offline, on every page: registers the service worker (/sw.js), keeps and removes
   documents (each one compact JSON bundle, rulesdb/offline/bundles.py) in the phone's cache, and
   replaces a kept document with its series' new version when one is published.

   The kept documents live in the "judgeapp-documents" cache: each bundle under its own address,
   which carries a hash of its content, and a small list of what is kept under KEPT (an address no
   server route answers; only this cache holds it). The offline page (offline-reader.js) reads the
   same cache to draw clauses and search with no network.

   A document page's keep box (templates/offline/_keep.html) shows the download's size and its
   progress; the offline page lists what is kept, each removable. */
(function () {
  "use strict";
  var _ = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  var fmt = typeof window.interpolate === "function" ? window.interpolate : function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  };
  var DOCUMENTS = "judgeapp-documents";
  var KEPT = "/offline/kept.json";
  var CATALOGUE = "/offline/documents.json";
  var REFRESH_EVERY = 10 * 60 * 1000;  // ms between two checks for new versions of kept documents
  var supported = "serviceWorker" in navigator && "caches" in window;

  function size(bytes) {
    var language = document.documentElement.lang || undefined;
    if (bytes >= 1024 * 1024) {
      return (bytes / 1024 / 1024).toLocaleString(language, {maximumFractionDigits: 1}) + " MB";
    }
    return Math.max(1, Math.round(bytes / 1024)).toLocaleString(language) + " KB";
  }

  async function kept() {
    var cache = await caches.open(DOCUMENTS);
    var answer = await cache.match(KEPT);
    return answer ? answer.json() : [];
  }

  async function saveKept(list) {
    var cache = await caches.open(DOCUMENTS);
    await cache.put(KEPT, new Response(JSON.stringify(list), {headers: {"Content-Type": "application/json"}}));
  }

  // `series`: only those series' documents (the server builds a document's bundle on first use).
  async function catalogue(series) {
    var url = series ? CATALOGUE + "?series=" + encodeURIComponent(series.join(",")) : CATALOGUE;
    var answer = await fetch(url, {cache: "no-store", credentials: "same-origin"});
    if (!answer.ok) throw new Error("catalogue " + answer.status);
    return (await answer.json()).documents;
  }

  // Download one document's bundle, telling `progress(fraction)` as it arrives, then keep it in
  // place of any other version of the same series.
  async function keep(entry, progress) {
    var answer = await fetch(entry.url, {credentials: "same-origin"});
    if (!answer.ok) throw new Error("bundle " + answer.status);
    var chunks = [], received = 0;
    if (answer.body && answer.body.getReader) {
      var reader = answer.body.getReader();
      for (;;) {
        var part = await reader.read();
        if (part.done) break;
        chunks.push(part.value);
        received += part.value.length;
        if (progress) progress(Math.min(1, received / entry.bytes));
      }
    } else {
      chunks.push(new Uint8Array(await answer.arrayBuffer()));
    }
    var cache = await caches.open(DOCUMENTS);
    await cache.put(entry.url, new Response(new Blob(chunks, {type: "application/json"}), {
      headers: {"Content-Type": "application/json"},
    }));
    var list = await kept();
    var stay = [];
    for (var i = 0; i < list.length; i++) {
      if (list[i].series === entry.series && list[i].url !== entry.url) await cache.delete(list[i].url);
      else if (list[i].url !== entry.url) stay.push(list[i]);
    }
    stay.push({
      slug: entry.slug, series: entry.series, title: entry.title, language: entry.language,
      version: entry.version, url: entry.url, bytes: entry.bytes, clauses: entry.clauses,
      kept: new Date().toISOString(),
    });
    await saveKept(stay);
    if (progress) progress(1);
    return stay;
  }

  async function remove(slug) {
    var cache = await caches.open(DOCUMENTS);
    var list = await kept();
    var stay = [];
    for (var i = 0; i < list.length; i++) {
      if (list[i].slug === slug) await cache.delete(list[i].url);
      else stay.push(list[i]);
    }
    await saveKept(stay);
    return stay;
  }

  // A kept document whose series has a newer current version (or whose content changed) is
  // replaced by it. Returns the entries that were replaced, as [old, new] pairs.
  async function refresh(documents) {
    var list = await kept();
    if (!list.length) return [];
    documents = documents || await catalogue(list.map(function (k) { return k.series; }));
    var replaced = [];
    for (var i = 0; i < list.length; i++) {
      var now = null;
      for (var j = 0; j < documents.length; j++) {
        if (documents[j].series === list[i].series && documents[j].current) now = documents[j];
      }
      if (now && now.url !== list[i].url) {
        await keep(now);
        replaced.push([list[i], now]);
        // Said on the offline page (offline-reader.js), once.
        localStorage.setItem("judgeapp-offline-replaced", JSON.stringify(replaced));
      }
    }
    return replaced;
  }

  async function refreshNowAndThen() {
    var last = Number(localStorage.getItem("judgeapp-offline-checked") || 0);
    if (Date.now() - last < REFRESH_EVERY) return;
    localStorage.setItem("judgeapp-offline-checked", String(Date.now()));
    await refresh();
  }

  // The document page's keep box: its size, then a button that keeps or removes the document.
  async function keepBox(box) {
    var slug = box.getAttribute("data-slug"), series = box.getAttribute("data-series");
    var button = box.querySelector("button"), state = box.querySelector(".offline-state");
    var bar = box.querySelector("progress");
    var entry = null, documents;
    try {
      documents = await catalogue([series]);
    } catch (error) {
      return;
    }
    for (var i = 0; i < documents.length; i++) if (documents[i].slug === slug) entry = documents[i];
    if (!entry) return;  // a draft, or not published: nothing to keep
    async function show() {
      var here = (await kept()).filter(function (k) { return k.url === entry.url; })[0];
      button.textContent = here ? _("Remove from offline") : _("Keep offline");
      button.setAttribute("aria-pressed", here ? "true" : "false");
      state.textContent = here
        ? fmt(_("Kept on this device: %(clauses)s clauses, readable with no network."), {clauses: entry.clauses.toLocaleString()}, true)
        : fmt(_("Download: %(size)s."), {size: size(entry.gzip_bytes)}, true);
      return here;
    }
    box.hidden = false;
    var here = await show();
    button.addEventListener("click", async function () {
      button.disabled = true;
      try {
        if (await show()) {
          await remove(slug);
        } else {
          bar.hidden = false;
          bar.value = 0;
          await keep(entry, function (fraction) {
            bar.value = Math.round(fraction * 100);
            // Received bytes are counted unpacked: the share of the packed download is the same.
            state.textContent = fmt(_("Downloading: %(done)s of %(size)s"),
              {done: size(fraction * entry.gzip_bytes), size: size(entry.gzip_bytes)}, true);
          });
        }
      } catch (error) {
        state.textContent = _("The download failed: check the connection and try again.");
        button.disabled = false;
        return;
      } finally {
        bar.hidden = true;
      }
      await show();
      button.disabled = false;
    });
    return here;
  }

  window.judgeappOffline = {
    supported: supported, kept: kept, keep: keep, remove: remove, refresh: refresh, catalogue: catalogue, size: size,
  };

  function start() {
    if (!supported) return;
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () {});
    var boxes = document.querySelectorAll(".offline-keep[data-slug]");
    for (var i = 0; i < boxes.length; i++) keepBox(boxes[i]);
    if (navigator.onLine && !document.querySelector("[data-offline-shell]")) refreshNowAndThen().catch(function () {});
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
