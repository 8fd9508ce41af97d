/* Sandbox: submit the page's forms in place (no reload), keeping scroll and focus.
   Without this file every form still works as a normal POST + redirect. */
(function () {
  "use strict";
  var busy = false;

  function swap(html, url) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("sandbox-app");
    var app = document.getElementById("sandbox-app");
    if (!fresh || !app) { document.open(); document.write(html); document.close(); return; }
    app.replaceWith(fresh);
    if (doc.title) document.title = doc.title;
    if (url && url !== location.href) history.replaceState(null, "", url.split("#")[0] + location.hash);
    var alert = fresh.querySelector("[role=alert]");
    if (alert) { alert.setAttribute("tabindex", "-1"); alert.focus(); }
    var log = fresh.querySelector("#sb-log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches("#sandbox-app form[data-sb]") || !window.fetch || !window.FormData) return;
    ev.preventDefault();
    if (busy) return;
    busy = true;
    var data = new FormData(form);
    if (ev.submitter && ev.submitter.name) data.append(ev.submitter.name, ev.submitter.value);
    var focusName = ev.submitter ? (ev.submitter.id || null) : null;
    var app = document.getElementById("sandbox-app");
    if (app) app.setAttribute("aria-busy", "true");
    fetch(form.getAttribute("action") || location.href, { method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.text().then(function (t) { return [t, r.url]; }); })
      .then(function (res) {
        var y = window.scrollY;
        swap(res[0], res[1]);
        document.documentElement.dataset.sbSwaps = String(Number(document.documentElement.dataset.sbSwaps || 0) + 1);
        window.scrollTo(0, y);
        if (focusName) { var el = document.getElementById(focusName); if (el && !document.querySelector("#sandbox-app [role=alert]")) el.focus(); }
      })
      .catch(function () { form.submit(); })
      .finally(function () { busy = false; var a = document.getElementById("sandbox-app"); if (a) a.removeAttribute("aria-busy"); });
  });
})();
