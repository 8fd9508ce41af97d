/* The reader's small behaviours: link previews (hover, focus, tap), copy
   link, keyboard shortcuts. No dependencies; the pages work without it.

   Previews:
   - mouse: hovering a reference (a[data-preview]) shows its preview; leaving
     both the reference and the preview hides it after a short delay; a click
     follows the link as usual.
   - keyboard: focusing a reference shows its preview, Escape hides it, Enter
     follows the link.
   - touch (no hover): the first tap on a reference opens its preview and does
     not navigate; a second tap on the same reference, or a tap on the
     clause number at the top of the preview, follows the link. A tap on
     another reference opens that one's preview instead; a tap anywhere else
     (outside the references and the preview) closes it. The compatibility
     mouse events a browser fires after a tap are ignored, so they cannot
     open a preview or make the first tap navigate. */
(function () {
  "use strict";
  // Words in the visitor's language from Django's JavaScript catalogue (/jsi18n/, loaded first);
  // the words as written when it did not load.
  var _ = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  var cache = {};
  var pop = null, current = null, hideTimer = null;
  var tapped = null;           // the reference whose preview a touch tap opened
  var lastPointer = "mouse";   // "mouse", "touch", "pen" or "keyboard": what the user used last

  function popover() {
    if (!pop) {
      pop = document.createElement("div");
      pop.className = "preview";
      pop.id = "preview";
      // A non-modal dialog, not a tooltip: it holds a link (the clause number) a user can follow.
      pop.setAttribute("role", "dialog");
      pop.setAttribute("aria-label", _("Preview of the referenced clause"));
      pop.hidden = true;
      pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
      pop.addEventListener("mouseleave", scheduleHide);
      document.body.appendChild(pop);
    }
    return pop;
  }

  function place(link) {
    var r = link.getBoundingClientRect();
    var p = popover();
    var width = Math.min(420, document.documentElement.clientWidth - 16);
    p.style.width = width + "px";
    var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
    p.style.left = left + "px";
    p.style.top = (r.bottom + window.scrollY + 6) + "px";
    // Where the reader is looking: below the link when it fits on screen, else above it when there is more
    // room there (a link near the bottom, as in a phone's drawer), never starting above the screen.
    var height = p.offsetHeight, screen = window.innerHeight;
    if (r.bottom + 6 + height > screen && r.top > screen - r.bottom) {
      p.style.top = Math.max(window.scrollY + 8, r.top + window.scrollY - height - 6) + "px";
    }
  }

  function show(link) {
    var url = link.getAttribute("data-preview");
    if (!url) return;
    clearTimeout(hideTimer);
    current = link;
    var p = popover();
    link.setAttribute("aria-describedby", "preview");
    link.setAttribute("aria-expanded", "true");
    var fill = function (html) {
      if (current !== link) return;
      p.innerHTML = html;  // server-rendered and sanitised fragment
      p.hidden = false;
      place(link);
    };
    if (cache[url]) { fill(cache[url]); return; }
    fetch(url, { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : "<p>" + _("Preview unavailable.") + "</p>"; })
      .then(function (html) { cache[url] = html; fill(html); })
      .catch(function () {});
  }

  function hide() {
    if (pop) pop.hidden = true;
    if (current) { current.removeAttribute("aria-describedby"); current.setAttribute("aria-expanded", "false"); }
    current = null;
    tapped = null;
  }
  function scheduleHide() { clearTimeout(hideTimer); hideTimer = setTimeout(hide, 250); }

  function previewLink(target) {
    return target && target.closest ? target.closest("a[data-preview]") : null;
  }

  document.addEventListener("mouseover", function (e) {
    if (lastPointer === "touch") return;  // compatibility event after a tap: the click handler decides
    var link = previewLink(e.target);
    if (link) show(link);
  });
  document.addEventListener("mouseout", function (e) {
    if (lastPointer === "touch") return;
    if (previewLink(e.target)) scheduleHide();
  });
  document.addEventListener("focusin", function (e) {
    var link = previewLink(e.target);
    if (link) {
      if (lastPointer !== "touch") show(link);  // a tap focuses the link too; the click handler decides
    } else if (!(pop && pop.contains(e.target))) {
      hide();
    }
  });
  document.addEventListener("pointerdown", function (e) {
    lastPointer = e.pointerType || "mouse";
    // A tap (or click) outside the references and the preview closes the preview.
    if (!previewLink(e.target) && !(pop && pop.contains(e.target))) hide();
  }, true);
  // A real mouse moving again (a laptop with a touch screen) brings hover previews back.
  document.addEventListener("pointermove", function (e) { if (e.pointerType === "mouse") lastPointer = "mouse"; }, true);
  document.addEventListener("keydown", function () { lastPointer = "keyboard"; }, true);
  document.addEventListener("click", function (e) {
    var link = previewLink(e.target);
    if (link && lastPointer === "touch") {
      if (tapped === link) return;      // second tap on the same reference: follow it
      e.preventDefault();               // first tap: show the preview, stay on the page
      show(link);
      tapped = link;
    } else if (!link && pop && !pop.contains(e.target)) {
      hide();
    }
  });

  function typing(el) {
    return el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  }

  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { hide(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    var target;
    if (e.key === "/") {
      target = document.getElementById("site-search");
      if (target) { e.preventDefault(); target.focus(); }
    } else if (e.key === "g") {
      var jump = document.getElementById("jump");
      if (jump) { e.preventDefault(); jump.open = true; document.getElementById("jump-number").focus(); }
    } else if (e.key === "j" || e.key === "k") {
      target = document.querySelector(e.key === "j" ? "a[rel=next]" : "a[rel=prev]");
      if (target) { e.preventDefault(); window.location.href = target.href; }
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    // The "/" shortcut is offered only where there is a keyboard (site.css hides the other hints the same way).
    var search = document.getElementById("site-search");
    if (search && window.matchMedia && window.matchMedia("(hover: hover) and (pointer: fine)").matches) {
      search.placeholder = search.placeholder + "  ( / )";
    }
    var button = document.querySelector(".copy-link");
    if (button && navigator.clipboard) {
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(button.getAttribute("data-url")).then(function () {
          button.textContent = _("Link copied");
          setTimeout(function () { button.textContent = _("Copy link"); }, 2000);
        });
      });
    }
  });
})();
