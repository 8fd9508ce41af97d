/* The API console (/api/docs/try/, templates/api/swagger_ui.html): Swagger UI's files (some 350 KB)
   are loaded when the visitor asks for the console, not with the page, so that a phone that follows
   a link here pays for them only if it wants them. A browser that opened the console before loads it
   at once: it keeps the files (hashed, cached a year), so they cost nothing then. The initialising
   script is drf-spectacular's (the page's own address with ?script), a file: the Content-Security-
   Policy allows no inline script. */
(function () {
  "use strict";
  var _ = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  var box = document.getElementById("api-console-start");
  if (!box) return;
  var button = document.getElementById("api-console-open");
  var state = document.getElementById("api-console-state");
  var OPENED = "judgeapp-api-console-opened";

  function load(tag, attributes) {
    return new Promise(function (resolve, reject) {
      var node = document.createElement(tag);
      for (var name in attributes) node.setAttribute(name, attributes[name]);
      node.onload = resolve;
      node.onerror = reject;
      document.head.appendChild(node);
    });
  }

  async function open() {
    button.disabled = true;
    state.textContent = _("Loading the console…");
    try {
      await Promise.all([load("link", {rel: "stylesheet", href: box.dataset.css}), load("script", {src: box.dataset.bundle})]);
      await load("script", {src: box.dataset.init});
    } catch (error) {
      state.textContent = _("The console could not be loaded: check the connection and try again.");
      button.disabled = false;
      return;
    }
    try { localStorage.setItem(OPENED, "1"); } catch (error) { /* private browsing: asked again next time */ }
    box.hidden = true;
  }

  button.addEventListener("click", open);
  var before = false;
  try { before = localStorage.getItem(OPENED) === "1"; } catch (error) { /* storage off */ }
  if (before) open();
})();
