/* Sandbox: act on the mat, and submit the page's forms in place (no reload), keeping scroll and focus.
   Without this file every form still works as a normal POST + redirect, and every answer is a button
   in the decision panel.

   On the mat: tapping (or Enter on) a card that can act opens its menu in the decision panel and lights
   up the places its answers lead to (green: legal; struck through: refused, with the reason); tapping a
   lit place answers. On a desktop a card can be dragged onto a lit place. Escape clears the selection.
   While the board is being set up, tapping a zone chooses where the one-line card form adds cards. */
(function () {
  "use strict";
  // Words in the visitor's language from Django's JavaScript catalogue (/jsi18n/, loaded first).
  var _ = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  var busy = false;
  var selected = null;

  function app() { return document.getElementById("sandbox-app"); }

  function swap(html, url) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("sandbox-app");
    var current = app();
    if (!fresh || !current) { location.assign(url || location.href); return; }
    current.replaceWith(fresh);
    selected = null;
    if (doc.title) document.title = doc.title;
    if (url && url !== location.href) history.replaceState(null, "", url.split("#")[0] + location.hash);
    mark();
    toasts();
    var alert = fresh.querySelector("[role=alert]");
    if (alert) { alert.setAttribute("tabindex", "-1"); alert.focus(); }
    var log = fresh.querySelector("#sb-log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  function answerText() {
    var answer = document.getElementById("sb-answer");
    return answer ? answer.textContent : "";
  }

  function submit(form, submitter) {
    if (busy) return;
    busy = true;
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var focusId = submitter ? (submitter.id || null) : null;
    var token = form.querySelector("input[name=csrfmiddlewaretoken]");
    var root = app();
    if (root) root.setAttribute("aria-busy", "true");
    fetch(form.getAttribute("action") || location.href, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "X-CSRFToken": token ? token.value : "" }
    })
      // The address bar follows a redirect (a new board, a fork) but never shows a form's own address (…/play/):
      // Back or reload there would visit an address that only takes forms.
      .then(function (r) { return r.text().then(function (t) { return [t, r.redirected ? r.url : null]; }); })
      .then(function (res) {
        var y = window.scrollY;
        var said = answerText();
        swap(res[0], res[1]);
        document.documentElement.dataset.sbSwaps = String(Number(document.documentElement.dataset.sbSwaps || 0) + 1);
        window.scrollTo(0, y);
        // A form that leads somewhere else (start: to the board) lands there rather than where the page was.
        var land = form.dataset.sbLand && document.getElementById(form.dataset.sbLand);
        if (land) land.scrollIntoView({ block: "start" });
        // The question's answer arrived: on a phone it stood at the top of the page, out of sight of the board
        // the judge was playing on, so it is brought into view (once: a later step that keeps it leaves it be).
        var answer = document.getElementById("sb-answer");
        if (answer && answerText() !== said && answer.getBoundingClientRect().top < 0) answer.scrollIntoView({ block: "start" });
        var again = focusId && document.getElementById(focusId);
        if (again && !document.querySelector("#sandbox-app [role=alert]")) again.focus();
      })
      .catch(function () { form.submit(); })
      .finally(function () { busy = false; var a = app(); if (a) a.removeAttribute("aria-busy"); });
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches("#sandbox-app form[data-sb]") || !window.fetch || !window.FormData) return;
    ev.preventDefault();
    submit(form, ev.submitter);
  });

  // ------------------------------------------------------------ the mat
  function menus() { return document.querySelectorAll("#decision .sb-menu[data-for]"); }
  function menuFor(card) {
    return [].find.call(menus(), function (m) { return m.dataset.for === card; }) || null;
  }
  function zoneAt(place) {
    var bits = place.split(":");
    return document.querySelector('#board .sb-zone[data-player="' + bits[0] + '"][data-zone="' + bits[1] + '"]');
  }

  /* Cards that can act are marked once per page: "sb-can" (a legal answer) or "sb-cant" (only refusals). */
  function mark() {
    var root = app();
    if (!root) return;
    root.classList.add("sb-js");
    [].forEach.call(menus(), function (m) {
      var legal = m.querySelector(".sb-option:not(.sb-no)");
      [].forEach.call(document.querySelectorAll('#board [data-card="' + CSS.escape(m.dataset.for) + '"]'), function (c) {
        c.classList.add(legal ? "sb-can" : "sb-cant");
        c.setAttribute("aria-controls", m.id);
        c.setAttribute("aria-expanded", "false");
        if (legal && m.querySelector(".sb-option[data-place]:not(.sb-no)") && window.matchMedia("(pointer: fine)").matches) {
          c.setAttribute("draggable", "true");
        }
      });
    });
  }

  function clear() {
    selected = null;
    var root = app();
    if (!root) return;
    root.classList.remove("sb-picking");
    [].forEach.call(root.querySelectorAll(".sb-sel, .sb-lit, .sb-nope, .sb-open"), function (el) {
      el.classList.remove("sb-sel", "sb-lit", "sb-nope", "sb-open");
      if (el.classList.contains("sb-zone")) { el.removeAttribute("tabindex"); el.removeAttribute("role"); el.removeAttribute("aria-label"); }
      if (el.hasAttribute("aria-expanded")) el.setAttribute("aria-expanded", "false");
    });
  }

  function select(cardEl) {
    var card = cardEl.dataset.card;
    var menu = menuFor(card);
    clear();
    if (!menu) return false;
    selected = card;
    app().classList.add("sb-picking");
    cardEl.classList.add("sb-sel");
    cardEl.setAttribute("aria-expanded", "true");
    menu.classList.add("sb-open");
    var why = menu.querySelector("details.sb-whynot");
    if (why) why.open = true;
    [].forEach.call(menu.querySelectorAll(".sb-option[data-place]"), function (button) {
      var zone = zoneAt(button.dataset.place);
      if (!zone) return;
      var refused = button.classList.contains("sb-no");
      if (zone.classList.contains("sb-lit")) return;  // the first legal answer there is the one a tap gives
      zone.classList.remove("sb-nope");
      zone.classList.add(refused ? "sb-nope" : "sb-lit");
      zone.setAttribute("tabindex", "0");
      zone.setAttribute("role", "button");
      zone.setAttribute("aria-label", button.textContent + (refused ? ": " + (button.dataset.reason || _("refused")) : ""));
      zone.sbAnswer = button;
    });
    var first = menu.querySelector(".sb-option");
    drawer(true);
    if (first && window.matchMedia("(max-width: 60rem)").matches) menu.scrollIntoView({ block: "nearest" });
    return true;
  }

  function answerWith(button) {
    var form = button.form;
    if (!form) return;
    if (form.requestSubmit) form.requestSubmit(button); else button.click();
  }

  function zoneAnswer(el) {
    var zone = el.closest("#board .sb-zone.sb-lit, #board .sb-zone.sb-nope");
    return zone && zone.sbAnswer ? zone.sbAnswer : null;
  }

  document.addEventListener("click", function (ev) {
    var target = ev.target;
    if (!(target instanceof Element) || !target.closest("#sandbox-app")) return;
    // Setting up: a tapped zone is where the one-line form adds the next card.
    var quick = document.getElementById("sb-quick");
    if (quick && target.closest("#board .sb-zone") && !target.closest("form, button, a")) {
      var zone = target.closest(".sb-zone");
      document.getElementById("sb-quick-player").value = zone.dataset.player;
      document.getElementById("sb-quick-zone").value = zone.dataset.zone;
      [].forEach.call(document.querySelectorAll("#board .sb-zone.sb-sel"), function (z) { z.classList.remove("sb-sel"); });
      zone.classList.add("sb-sel");
      var tile = target.closest("[data-card]");
      var edit = document.getElementById("sb-card-edit");
      if (tile && edit) {
        // Removing is never the tap itself: the tapped card is chosen in the remove/copy bar, shown in view.
        [].forEach.call(document.querySelectorAll("#board [data-card].sb-sel"), function (c) { c.classList.remove("sb-sel"); });
        tile.classList.add("sb-sel");
        document.getElementById("sb-edit-card").value = tile.dataset.card;
        edit.classList.add("sb-editing");
        document.getElementById("sb-edit-close").hidden = false;
        return;
      }
      document.getElementById("sb-quick-line").focus();
      return;
    }
    if (target.closest("#sb-edit-close")) {
      var bar = document.getElementById("sb-card-edit");
      bar.classList.remove("sb-editing");
      target.closest("#sb-edit-close").hidden = true;
      [].forEach.call(document.querySelectorAll("#board [data-card].sb-sel"), function (c) { c.classList.remove("sb-sel"); });
      return;
    }
    if (target.closest(".sb-toast-close")) { target.closest(".sb-toast").remove(); return; }
    var handle = target.closest(".sb-drawer-handle");
    if (handle) { drawer(handle.getAttribute("aria-expanded") !== "true"); return; }
    var answer = zoneAnswer(target);
    if (answer && (!target.closest("[data-card]") || target.closest("[data-card]").dataset.card !== selected)) {
      ev.preventDefault();
      answerWith(answer);
      return;
    }
    var card = target.closest("#board [data-card]");
    if (card && !target.closest("form, button, a")) {
      if (selected === card.dataset.card) { clear(); return; }
      select(card);
      return;
    }
    if (target.closest("#board") && selected) clear();
  });

  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && selected) { var was = document.querySelector('#board [data-card].sb-sel'); clear(); if (was) was.focus(); return; }
    if (ev.key !== "Enter" && ev.key !== " ") return;
    var target = ev.target;
    if (!(target instanceof Element)) return;
    var answer = target.matches("#board .sb-zone") ? zoneAnswer(target) : null;
    if (answer) { ev.preventDefault(); answerWith(answer); return; }
    if (target.matches("#board [data-card]")) {
      ev.preventDefault();
      if (select(target)) {
        var first = document.querySelector("#decision .sb-menu.sb-open .sb-option");
        if (first) first.focus();
      }
    }
  });

  // Drag and drop (desktop): drag a card that can act onto a lit place.
  document.addEventListener("dragstart", function (ev) {
    var card = ev.target instanceof Element && ev.target.closest("#board [data-card][draggable=true]");
    if (!card) return;
    select(card);
    ev.dataTransfer.setData("text/plain", card.dataset.card);
    ev.dataTransfer.effectAllowed = "move";
  });
  document.addEventListener("dragover", function (ev) {
    if (ev.target instanceof Element && zoneAnswer(ev.target)) ev.preventDefault();
  });
  document.addEventListener("drop", function (ev) {
    var answer = ev.target instanceof Element && zoneAnswer(ev.target);
    if (!answer) return;
    ev.preventDefault();
    answerWith(answer);
  });

  document.addEventListener("click", function (ev) {
    if (ev.target instanceof Element && ev.target.closest("#sb-print")) window.print();
  });

  // ------------------------------------------------------------ messages and the phone's drawer
  /* Confirmations stay in view at the top of the screen for a few seconds, each with a close button; refusals
     and errors stay until closed (sandbox.css places them). */
  function toasts() {
    [].forEach.call(document.querySelectorAll("#sandbox-app .sb-toast, #sandbox-app .sb-alert"), function (t) {
      if (t.querySelector(".sb-toast-close")) return;
      var close = document.createElement("button");
      close.type = "button";
      close.className = "sb-toast-close";
      close.setAttribute("aria-label", _("Close this message"));
      close.textContent = "×";
      t.appendChild(close);
      if (t.classList.contains("sb-toast")) setTimeout(function () { t.classList.add("sb-toast-gone"); }, 8000);
    });
    drawerHandle();
  }

  /* On a phone the decision panel is a drawer at the bottom of the screen: closed, a one-line handle over a
     strip of the first answers; open, half the screen. The page keeps room under the board for it, so the
     board is never under the drawer unless the judge opens it. */
  function drawerHandle() {
    var panel = document.getElementById("decision");
    if (!panel || panel.querySelector(".sb-drawer-handle")) return;
    var handle = document.createElement("button");
    handle.type = "button";
    handle.className = "sb-drawer-handle";
    handle.setAttribute("aria-controls", "decision");
    handle.setAttribute("aria-expanded", "false");
    var heading = panel.querySelector("h2");
    // Translators: the end of the phone's decision drawer's handle ("Decision · open"), a verb.
    handle.textContent = (heading ? heading.textContent : "") + " · " + _("open");
    panel.insertBefore(handle, panel.firstChild);
    app().classList.add("sb-has-drawer");
  }

  function drawer(open) {
    var panel = document.getElementById("decision");
    var handle = panel && panel.querySelector(".sb-drawer-handle");
    if (!handle) return;
    panel.classList.toggle("sb-drawer-open", open);
    handle.setAttribute("aria-expanded", open ? "true" : "false");
    var heading = panel.querySelector("h2");
    // Translators: the end of the phone's decision drawer's handle ("Decision · close"), a verb.
    handle.textContent = (heading ? heading.textContent : "") + " · " + (open ? _("close") : _("open"));
  }

  function ready() { mark(); toasts(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready();
})();
