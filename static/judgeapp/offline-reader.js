/* The offline page (templates/offline/offline.html). At /offline/ it lists what this device keeps
   and what it may keep. With no network the service worker answers every page of the site with it,
   and this script draws what the address asks for from the kept documents:

   - /rules/<doc>/<number>/, /rules/<doc>/id/<id>/: the clause, its subclauses, previous and next;
   - /rules/<doc>/: the contents; /rules/<doc>/jump/?n=7.3.1: the clause by number;
   - /rules/<doc>/glossary/: the glossary, as the server draws it (each term with its definition,
     translations, defining clause and uses; a #term-… anchor scrolls to its term);
   - /search/?q=…: a clause number lands on the clause (or offers each document's), words are
     searched with MiniSearch (static/vendor/) in every kept document, Italian and English;
   - any other page (the sandbox, compare, staff pages): says that it needs the network.

   A kept document answers both to its own slug and to its series' (`vg-cr-it`), as the site does.
   Clause text is the server's sanitised HTML from the bundle (rulesdb/offline/bundles.py). */
(function () {
  "use strict";
  var _ = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  // Named as makemessages looks for it (xgettext's JavaScript keywords), so that its strings are collected.
  var ngettext = typeof window.ngettext === "function" ? window.ngettext : function (one, many, count) { return count === 1 ? one : many; };
  var fmt = typeof window.interpolate === "function" ? window.interpolate : function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  };
  var offline = window.judgeappOffline;
  var RESULTS_SHOWN = 30;
  var view = document.getElementById("offline-view");
  var notice = document.getElementById("offline-notice");
  var loaded = {};  // bundle address -> bundle with its clauses as objects

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    for (var name in attributes || {}) {
      if (name === "text") node.textContent = attributes[name];
      else node.setAttribute(name, attributes[name]);
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function say(text) {
    notice.textContent = text;
    notice.hidden = !text;
  }

  async function bundle(entry) {
    if (loaded[entry.url]) return loaded[entry.url];
    var cache = await caches.open("judgeapp-documents");
    var answer = await cache.match(entry.url);
    if (!answer) return null;
    var data = await answer.json();
    var fields = data.fields;
    data.clauses = data.clauses.map(function (row, position) {
      var clause = {position: position};
      fields.forEach(function (field, i) { clause[field] = row[i]; });
      return clause;
    });
    data.byNumber = {};
    data.byAddress = {};
    data.children = {};
    data.clauses.forEach(function (clause) {
      if (clause.number && !(clause.number.toLowerCase() in data.byNumber)) data.byNumber[clause.number.toLowerCase()] = clause;
      data.byAddress[clause.address] = clause;
      (data.children[clause.parent] = data.children[clause.parent] || []).push(clause);
    });
    loaded[entry.url] = data;
    return data;
  }

  async function documentFor(slug) {
    var list = await offline.kept();
    var entry = list.filter(function (k) { return k.slug === slug; })[0] ||
      list.filter(function (k) { return k.series === slug; })[0];
    return entry ? bundle(entry) : null;
  }

  function clauseUrl(doc, clause) { return doc.url + clause.address; }

  function clauseName(clause) { return (clause.label + " " + (clause.title || "")).trim(); }

  // The address names the document by its slug, which is no word for a judge: the kept ones are
  // listed below the notice by title.
  // With nothing kept, "These are:" announced an empty list (site-walk3): it says how to keep one instead.
  async function notKept() {
    var list = await offline.kept();
    say(list.length ? _("You are offline, and this document is not kept on this device. These are:")
      : _("You are offline, and this document is not kept on this device. With the network, open the document's contents and tap “Keep offline”: its clauses will then open here."));
  }

  function breadcrumb(doc, clause) {
    var items = [el("li", {}, [el("a", {href: "/", text: _("Documents")})]),
      el("li", {}, [el("a", {href: doc.url, lang: doc.language, text: doc.title})])];
    var ancestors = [];
    for (var p = clause ? clause.parent : -1; p >= 0; p = doc.clauses[p].parent) ancestors.unshift(doc.clauses[p]);
    ancestors.forEach(function (a) {
      items.push(el("li", {}, [el("a", {href: clauseUrl(doc, a), lang: doc.language, text: clauseName(a)})]));
    });
    return el("nav", {"class": "breadcrumb", "aria-label": _("Breadcrumb")}, [el("ol", {}, items)]);
  }

  function text(html, language) {
    var box = el("div", {"class": "clause-text", lang: language});
    box.innerHTML = html;  // the server's sanitised rendering (rulesdb.rendering.clause_html)
    return box;
  }

  function jumpForm(doc) {
    var input = el("input", {type: "text", name: "n", id: "offline-jump", inputmode: "decimal", autocomplete: "off"});
    return el("form", {"class": "jump-form", action: doc.url + "jump/"}, [
      el("label", {"for": "offline-jump", text: _("Go to clause")}), " ", input, " ",
      el("button", {type: "submit", text: _("Go")}),
    ]);
  }

  function showClause(doc, clause) {
    document.title = clauseName(clause) + " — " + doc.title + " — judgeapp";
    say(fmt(_("You are offline: this is the copy of %(title)s kept on this device."), {title: doc.title}, true));
    var head = el("h1", {lang: doc.language}, [el("span", {"class": "num", text: clause.label}), clause.title ? " " + clause.title : ""]);
    var article = el("article", {"class": "clause kind-" + clause.kind, id: "clause", "data-number": clause.number},
      [el("header", {"class": "clause-head"}, [head]), text(clause.html, doc.language)]);
    var subs = el("div", {"class": "subclauses"});
    (doc.children[clause.position] || []).forEach(function (child) {
      subs.appendChild(el("section", {"class": "sub kind-" + child.kind}, [
        el("p", {"class": "sub-head"}, [el("a", {"class": "num", href: clauseUrl(doc, child), lang: doc.language, text: child.label}),
          child.title ? " " : "", child.title ? el("strong", {lang: doc.language, text: child.title}) : null]),
        text(child.html, doc.language),
      ]));
    });
    if (subs.childNodes.length) article.appendChild(subs);
    var previous = doc.clauses[clause.position - 1], next = doc.clauses[clause.position + 1];
    var pager = el("nav", {"class": "pager", "aria-label": _("Previous and next clause")}, [
      previous ? el("a", {rel: "prev", "class": "prev", href: clauseUrl(doc, previous)}, ["← ", el("span", {"class": "num", text: previous.label})]) : el("span"),
      next ? el("a", {rel: "next", "class": "next", href: clauseUrl(doc, next)}, [el("span", {"class": "num", text: next.label}), " →"]) : null,
    ]);
    view.replaceChildren(breadcrumb(doc, clause), jumpForm(doc), article, pager);
    document.getElementById("offline-documents").hidden = true;
  }

  function showContents(doc) {
    document.title = doc.title + " — judgeapp";
    say(fmt(_("You are offline: this is the copy of %(title)s kept on this device."), {title: doc.title}, true));
    function list(parent) {
      var items = (doc.children[parent] || []).filter(function (c) { return c.number; });
      if (!items.length) return null;
      return el("ul", {}, items.map(function (c) {
        return el("li", {}, [el("a", {href: clauseUrl(doc, c), text: clauseName(c)}), list(c.position)]);
      }));
    }
    var terms = doc.glossary ? doc.glossary.terms.length : 0;
    var glossaryLink = terms ? el("p", {}, [el("a", {href: doc.url + "glossary/",
      text: fmt(ngettext("glossary (%(count)s term)", "glossary (%(count)s terms)", terms), {count: terms.toLocaleString()}, true)})]) : null;
    view.replaceChildren(el("h1", {lang: doc.language, text: doc.title}), glossaryLink, jumpForm(doc),
      el("nav", {"class": "toc", "aria-label": _("Table of contents")}, [el("div", {lang: doc.language}, [list(-1)])]));
    document.getElementById("offline-documents").hidden = true;
  }

  // The language's name in the page's language, as the page writes it mid-sentence ("inglese" on an
  // Italian page, "English" on an English one); `capital` for the start of a line.
  function languageName(code, capital) {
    var name = code;
    try {
      name = new Intl.DisplayNames([document.documentElement.lang || "en"], {type: "language"}).of(code);
    } catch (error) { /* an old browser: the code */ }
    return capital ? name.charAt(0).toUpperCase() + name.slice(1) : name;
  }

  // The glossary page as the server draws it (templates/rulesdb/glossary.html), from the bundle's
  // glossary (rulesdb/offline/bundles.py): terms refer to clauses by their position.
  function showGlossary(doc) {
    var glossary = doc.glossary || {terms: []};
    var fields = glossary.fields || [];
    var terms = glossary.terms.map(function (row) {
      var term = {};
      fields.forEach(function (field, i) { term[field] = row[i]; });
      return term;
    });
    document.title = _("Glossary") + " — " + doc.title + " — judgeapp";
    say(fmt(_("You are offline: this is the copy of %(title)s kept on this device."), {title: doc.title}, true));
    var crumbs = el("nav", {"class": "breadcrumb", "aria-label": _("Breadcrumb")}, [el("ol", {}, [
      el("li", {}, [el("a", {href: "/", text: _("Documents")})]),
      el("li", {}, [el("a", {href: doc.url, lang: doc.language, text: doc.title})])])]);
    var parts = [crumbs, el("h1", {text: _("Glossary")})];
    if (!terms.length) {
      parts.push(el("p", {text: _("This document has no glossary.")}));
      view.replaceChildren.apply(view, parts);
      document.getElementById("offline-documents").hidden = true;
      return;
    }
    var other = glossary.other;
    parts.push(el("p", {"class": "count", text: fmt(ngettext("%(count)s term, with its definition and the clauses that use it.",
      "%(count)s terms, each with its definition and the clauses that use it.", terms.length), {count: terms.length.toLocaleString()}, true)},
      other ? [" ", el("a", {href: other.url, hreflang: other.language,
        text: fmt(_("Glossary in %(language)s"), {language: languageName(other.language, false)}, true)}), "."] : []));
    parts.push(el("nav", {"class": "term-index", "aria-label": _("Terms"), lang: doc.language}, [el("ul", {}, terms.map(function (t) {
      return el("li", {}, [el("a", {href: "#" + t.anchor, text: t.term})]);
    }))]));
    function link(position, withTitle) {
      var clause = doc.clauses[position];
      return el("a", {"class": "ref", href: clauseUrl(doc, clause), lang: doc.language}, [el("span", {"class": "num", text: clause.label}),
        withTitle && clause.title ? " " : "", withTitle && clause.title ? el("span", {text: clause.title}) : null]);
    }
    var list = el("dl", {"class": "glossary"}, terms.map(function (t) {
      var definedIn = el("p", {"class": "defined-in"}, [_("Defined in") + " ", link(t.clause, true)]);
      if (t.definition_clause >= 0 && t.definition_clause !== t.clause) {
        definedIn.append(" (" + _("text from") + " ", link(t.definition_clause, false), ")");
      }
      var translations = null;
      if (t.translations.length) {
        translations = el("p", {"class": "translations"}, [languageName(glossary.translation_language, true) + ": "]);
        t.translations.forEach(function (word, i) {
          translations.append(el("span", {lang: glossary.translation_language, text: word}), i < t.translations.length - 1 ? ", " : "");
        });
        if (other && t.other_anchor) {
          translations.append(" · ", el("a", {href: other.url + "#" + t.other_anchor, hreflang: other.language,
            text: fmt(_("in the glossary in %(language)s"), {language: languageName(other.language, false)}, true)}));
        }
      }
      var uses = t.uses.length ? el("details", {"class": "uses"}, [
        el("summary", {text: fmt(ngettext("Used in %(count)s clause", "Used in %(count)s clauses", t.uses.length), {count: t.uses.length}, true)}),
        el("ul", {lang: doc.language}, t.uses.map(function (position) { return el("li", {}, [link(position, false)]); })),
      ]) : el("p", {"class": "uses", text: _("No other clause links this term.")});
      if (t.uses.length && t.uses.length <= 12) uses.open = true;
      return el("div", {"class": "glossary-entry", id: t.anchor}, [
        el("dt", {lang: doc.language}, [el("a", {"class": "term-anchor", href: "#" + t.anchor, text: t.term})]),
        el("dd", {}, [
          t.definition ? el("p", {"class": "definition", lang: doc.language, text: t.definition})
            : el("p", {"class": "definition missing", text: _("The document prints no text under this heading.")}),
          definedIn, translations, uses,
        ]),
      ]);
    }));
    parts.push(list);
    view.replaceChildren.apply(view, parts);
    document.getElementById("offline-documents").hidden = true;
    // The entries are drawn after the browser looked for the address's #term-…: scroll to it now.
    var target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
  }

  function normalNumber(number) { return (number || "").trim().replace(/\.+$/, "").toLowerCase(); }

  // The numbers a jump box's text may mean, as the site's jump reads them (rulesdb/selectors.number_spellings): a
  // word before it ("art. 9.4.1.1"), commas, spaces or hyphens between its parts, a letter joined or parted.
  function numberSpellings(raw) {
    var typed = normalNumber(raw);
    var bare = normalNumber(typed.replace(/^(?:[^\s\d.,§]{1,8}\.?\s+|§\s*)+(?=\d)/, ""));
    var dotted = bare.replace(/\s*[,\/\s-]\s*/g, ".");
    var all = [typed, bare, dotted, dotted.replace(/(\d)([^\W\d_])$/, "$1.$2"), dotted.replace(/\.([^\W\d_])$/, "$1")];
    return all.filter(function (n, i) { return n && all.indexOf(n) === i; });
  }

  async function jump(slug, number) {
    var doc = await documentFor(slug);
    if (!doc) return notKept(slug);
    var found = numberSpellings(number).filter(function (n) { return doc.byNumber[n]; })[0];
    var clause = found && doc.byNumber[found];
    if (clause) return location.replace(clauseUrl(doc, clause));
    showContents(doc);
    say(fmt(_("%(title)s has no clause %(number)s."), {title: doc.title, number: number}, true));
  }

  // --- search ----------------------------------------------------------------------------------

  var searchIndex = null, searchDocs = [];

  function plain(html) {
    var box = document.createElement("template");
    box.innerHTML = html;
    return box.content.textContent;
  }

  function scriptLoad(src) {
    return new Promise(function (resolve, reject) {
      var script = el("script", {src: src});
      script.onload = resolve;
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }

  // MiniSearch and the ranking (offline-search.js) are loaded with the first search only: the offline
  // page is light to open, and the service worker keeps both scripts for the first search with no network.
  function searchScripts() {
    var box = document.querySelector("[data-search-script]");
    return Promise.all([
      window.MiniSearch ? null : scriptLoad(box.getAttribute("data-search-script")),
      window.judgeappOfflineSearch ? null : scriptLoad(box.getAttribute("data-ranking-script")),
    ]);
  }

  async function searchable() {
    if (searchIndex) return searchIndex;
    await searchScripts();
    var list = await offline.kept();
    searchDocs = (await Promise.all(list.map(bundle))).filter(Boolean);
    searchIndex = window.judgeappOfflineSearch.createIndex(window.MiniSearch, searchDocs, plain);
    return searchIndex;
  }

  function resultItem(doc, clause, excerpt) {
    return el("li", {}, [
      el("a", {href: clauseUrl(doc, clause), lang: doc.language}, [el("span", {"class": "num", text: clause.label}),
        clause.title ? " " + clause.title : ""]),
      " ", el("span", {"class": "doc", lang: doc.language, text: "(" + doc.title + ")"}),
      excerpt ? el("p", {"class": "excerpt", lang: doc.language, text: excerpt}) : null,
    ]);
  }

  async function search(query, landOnNumber) {
    var results = document.getElementById("offline-results");
    document.getElementById("offline-q").value = query;
    query = (query || "").trim();
    if (!query) return results.replaceChildren();
    await searchable();
    if (!searchDocs.length) {
      return results.replaceChildren(el("p", {text: _("Nothing is kept offline on this device yet.")}));
    }
    var ranking = window.judgeappOfflineSearch;
    var hits = ranking.numberHits(searchDocs, query);
    if (hits.length === 1 && landOnNumber) return location.assign(clauseUrl(hits[0].doc, hits[0].clause));
    if (hits.length) {
      return results.replaceChildren(
        el("p", {text: fmt(_("Clause %(number)s in the documents kept offline:"), {number: query}, true)}),
        el("ul", {"class": "results"}, hits.map(function (hit) { return resultItem(hit.doc, hit.clause, ""); })));
    }
    var found = ranking.wordHits(searchIndex, searchDocs, query);
    if (!found.length) {
      return results.replaceChildren(el("p", {text: fmt(_("No clause kept offline matches “%(query)s”."), {query: query}, true)}));
    }
    results.replaceChildren(
      el("p", {text: fmt(_("%(count)s clauses kept offline match “%(query)s”."), {count: found.length.toLocaleString(), query: query}, true)}),
      el("ol", {"class": "results"}, found.slice(0, RESULTS_SHOWN).map(function (hit) {
        var words = plain(hit.clause.html);
        return resultItem(hit.doc, hit.clause, words.length > 160 ? words.slice(0, 160) + "…" : words);
      })));
  }

  // --- what is kept, what may be kept ------------------------------------------------------------

  async function showKept() {
    var list = await offline.kept();
    var ul = document.getElementById("offline-kept");
    document.getElementById("offline-none").hidden = list.length > 0;
    ul.replaceChildren.apply(ul, list.map(function (entry) {
      var remove = el("button", {type: "button", "class": "offline-remove", text: _("Remove")});
      remove.setAttribute("aria-label", fmt(_("Remove %(title)s from this device"), {title: entry.title}, true));
      remove.addEventListener("click", async function () {
        await offline.remove(entry.slug);
        loaded = {};
        searchIndex = null;
        await showKept();
        await showCatalogue();
      });
      var when = new Date(entry.kept).toLocaleDateString(document.documentElement.lang || undefined);
      return el("li", {"data-slug": entry.slug}, [
        el("a", {href: "/rules/" + entry.slug + "/", lang: entry.language, text: entry.title}),
        " ", fmt(_("version %(version)s, %(clauses)s clauses, %(size)s, kept on %(date)s"), {
          version: entry.version || "—", clauses: (entry.clauses || 0).toLocaleString(), size: offline.size(entry.bytes), date: when,
        }, true), " ", remove,
      ]);
    }));
    return list;
  }

  async function showCatalogue() {
    var section = document.getElementById("offline-available");
    var documents;
    try {
      documents = await offline.catalogue();
    } catch (error) {
      section.hidden = true;  // no network: only what is kept
      return;
    }
    var keptUrls = (await offline.kept()).map(function (k) { return k.url; });
    var ul = document.getElementById("offline-catalogue");
    ul.replaceChildren.apply(ul, documents.filter(function (d) { return d.current && keptUrls.indexOf(d.url) < 0; }).map(function (entry) {
      var button = el("button", {type: "button", "class": "offline-add", text: _("Keep offline")});
      button.setAttribute("aria-label", fmt(_("Keep %(title)s offline"), {title: entry.title}, true));
      var bar = el("progress", {max: "100", value: "0", hidden: ""});
      var state = el("span", {"class": "offline-state", role: "status"});
      button.addEventListener("click", async function () {
        button.disabled = true;
        bar.hidden = false;
        try {
          await offline.keep(entry, function (fraction) {
            bar.value = Math.round(fraction * 100);
            state.textContent = fmt(_("Downloading: %(done)s of %(size)s"), {done: offline.size(fraction * entry.gzip_bytes), size: offline.size(entry.gzip_bytes)}, true);
          });
        } catch (error) {
          state.textContent = _("The download failed: check the connection and try again.");
          button.disabled = false;
          return;
        }
        loaded = {};
        searchIndex = null;
        await showKept();
        await showCatalogue();
      });
      return el("li", {"data-slug": entry.slug}, [el("span", {lang: entry.language, text: entry.title}), " ",
        fmt(_("(%(size)s to download)"), {size: offline.size(entry.gzip_bytes)}, true), " ", button, " ", bar, " ", state]);
    }));
    section.hidden = false;
  }

  // Kept documents that offline.js replaced by their series' new version, said once.
  function replacedNotice() {
    var replaced = JSON.parse(localStorage.getItem("judgeapp-offline-replaced") || "[]");
    localStorage.removeItem("judgeapp-offline-replaced");
    if (!replaced.length) return;
    say(replaced.map(function (pair) {
      return fmt(_("A new version was published and is now kept in place of the old one: %(title)s, version %(version)s."),
        {title: pair[1].title, version: pair[1].version || "—"}, true);
    }).join(" "));
  }

  // --- routing -----------------------------------------------------------------------------------

  async function route() {
    if (!offline || !offline.supported) {
      // Browsers give service workers and their caches to secure pages only: https://, or localhost.
      say(window.isSecureContext ? _("This browser cannot keep documents offline.")
        : _("Documents can be kept offline only when the site is opened over https:// (the venue's server needs a certificate)."));
      return;
    }
    var path = location.pathname, params = new URLSearchParams(location.search), m;
    document.getElementById("offline-search").addEventListener("submit", function (event) {
      event.preventDefault();
      var query = document.getElementById("offline-q").value;
      history.replaceState(null, "", "/offline/?q=" + encodeURIComponent(query));
      search(query, true);
    });
    await showKept();
    if (path === "/offline/") {
      replacedNotice();
      showCatalogue();
      if (params.get("q")) search(params.get("q"), false);
      return;
    }
    if ((m = /^\/rules\/([^/]+)\/jump\/$/.exec(path))) return jump(decodeURIComponent(m[1]), params.get("n"));
    if ((m = /^\/rules\/([^/]+)\/(?:id\/([^/]+)|([^/]+))\/$/.exec(path))) {
      var slug = decodeURIComponent(m[1]);
      var doc = await documentFor(slug);
      if (!doc) return notKept(slug);
      if (m[3] === "glossary") return showGlossary(doc);
      var clause = m[2] ? doc.byAddress["id/" + decodeURIComponent(m[2]) + "/"] : doc.byNumber[normalNumber(decodeURIComponent(m[3]))];
      if (clause) return showClause(doc, clause);
      showContents(doc);
      return say(fmt(_("%(title)s has no clause %(number)s."), {title: doc.title, number: decodeURIComponent(m[3] || m[2])}, true));
    }
    if ((m = /^\/rules\/([^/]+)\/$/.exec(path))) {
      var contents = await documentFor(decodeURIComponent(m[1]));
      return contents ? showContents(contents) : notKept(decodeURIComponent(m[1]));
    }
    if (path === "/search/") {
      say(_("You are offline: searching the documents kept on this device."));
      return search(params.get("q") || "", true);
    }
    if (path === "/" || path === "/rules/") return say(_("You are offline: the documents below are kept on this device."));
    say(_("You are offline, and this page needs the network: the sandbox, the comparisons and the staff pages are worked out by the server. The documents kept on this device can still be read and searched."));
  }

  route();
})();
