/* Sandbox, asking and handing over: picking a common question asks it at once; each link's Copy button puts it
   on the clipboard and its Share button (shown only where the browser has a share sheet: navigator.share)
   opens the phone's. Delegated from the document, so the page's in-place swaps (sandbox.js) keep them. */
(function () {
  "use strict";
  var t = window.gettext || function (s) { return s; };

  function say(from, text) {
    var box = from.closest(".sb-handover");
    var out = box && box.querySelector(".sb-copied");
    if (out) out.textContent = text;
  }

  function showShare() {
    if (!navigator.share) return;
    document.querySelectorAll(".sb-share-btn[hidden]").forEach(function (b) { b.hidden = false; });
  }

  document.addEventListener("change", function (ev) {
    var pick = ev.target;
    if (!pick.matches || !pick.matches("select[data-sb-autosubmit]") || !pick.value) return;
    var form = pick.form;
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  });

  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("button[data-copy], button[data-share]");
    if (!button) return;
    var field = document.querySelector(button.getAttribute("data-copy") || button.getAttribute("data-share"));
    if (!field) return;
    if (button.hasAttribute("data-share") && navigator.share) {
      navigator.share({ url: field.value }).catch(function () { /* the judge closed the share sheet */ });
      return;
    }
    field.select();
    var done = function () { say(button, t("Link copied.")); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () { say(button, t("Select the link and copy it.")); });
    } else {
      try { document.execCommand("copy"); done(); } catch (e) { say(button, t("Select the link and copy it.")); }
    }
  });

  document.addEventListener("toggle", showShare, true);
  document.addEventListener("DOMContentLoaded", showShare);
})();
