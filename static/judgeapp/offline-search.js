/* The offline search: how the offline page (offline-reader.js) indexes the kept documents and ranks
   their clauses for what a judge types, with no network.

   It is its own file so that the benchmark measuring it against the site's question sets
   (benchmarks/offline_search.py, which runs it under node) measures this very code, not a copy.
   It reads documents as offline-reader.js holds them: each bundle's clauses as objects, with their
   position in the list, and a function giving a clause's text without its markup. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.judgeappOfflineSearch = factory();
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // Words that only say a number follows ("regola 4.5", "art. 9.4.1.1", "domanda 33"), and the language
  // they tell (the rules in that language are offered first), as the site's search reads them.
  var NUMBER_WORDS = {"§": "", "sezione": "it", "section": "en", "regola": "it", "rule": "en", "sec": "",
    "art": "it", "articolo": "it", "clause": "en", "paragrafo": "it", "domanda": "it", "question": "en", "faq": "", "q": ""};
  var QUESTION_WORDS = ["domanda", "question", "faq", "q"];
  var NUMBER = /^(?:q|g)?\d+(?:\.\d+)*(?:\.?[a-z])?$/;

  // The ranking's weights (measured with benchmarks/offline_search.py, which may set them to compare).
  var WEIGHTS = {title: 1, asked: 1, coverageFloor: 0.2, coveragePower: 4, fuzzy: 0.2, equivalent: 0.5,
    equivalentShare: 0.8, otherLanguage: 0.8, kind: {heading: 0.6, section: 0.5}};

  var TOKEN = /[\n\r\p{Z}\p{P}]+/u;  // MiniSearch's own word boundaries

  function fold(term) {
    return term.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  // The words naming a document's game ("ws", "weiss", "vg", "vanguard") and the document itself
  // ("playbook"); bundles made before they carried their game's words are named by their address's code.
  function documentWords(doc) {
    var words = {};
    (doc.game_words || []).forEach(function (w) { words[fold(w)] = true; });
    (doc.slug || "").split("-").forEach(function (part) { if (/^[a-z]{2,}$/.test(part)) words[part] = true; });
    delete words.cr; delete words.it; delete words.en;
    return words;
  }

  // The clause number a query is, with the documents and language its other words name: "ws 5.1.2.2",
  // "regola 10,26,3 vanguard", "VG 9.2.4", "playbook Q22", "2.2.11a". Null when the query is not a number.
  function numberRead(docs, query) {
    var language = "", named = [], rest = [], asked = false;
    var text = fold(query).replace(/(\d)\s*[,\/-]\s*(?=\d)/g, "$1.").replace(/(\d)\s+(?=[a-z]$)/, "$1");
    var words = docs.map(documentWords);
    text.split(/[\s:;!?()]+/).forEach(function (token) {
      var bare = token.replace(/\.+$/, "");
      if (!bare) return;
      if (bare in NUMBER_WORDS) {
        language = language || NUMBER_WORDS[bare];
        asked = asked || QUESTION_WORDS.indexOf(bare) >= 0;
      } else if (words.some(function (w) { return w[bare]; })) {
        named.push(bare);
      } else {
        rest.push(bare);
      }
    });
    if (rest.length !== 1 || !NUMBER.test(rest[0])) return null;
    var chosen = docs.filter(function (doc, d) { return named.every(function (n) { return words[d][n]; }); });
    // "domanda 33": the Playbook's question Q33.
    var number = asked && /^\d+$/.test(rest[0]) ? "q" + rest[0] : rest[0];
    return {number: number, docs: chosen.length ? chosen : docs, language: language};
  }

  // The numbers a clause number may be printed as: "2.2.11a" or "2.2.11.a".
  function numberSpellings(number) {
    var all = [number, number.replace(/(\d)([a-z])$/, "$1.$2"), number.replace(/\.([a-z])$/, "$1")];
    return all.filter(function (n, i) { return all.indexOf(n) === i; });
  }

  // The clauses of every document whose number the query is (the documents it names, the language
  // of "regola" or "rule" first), or [] when the query is not a number.
  function numberHits(docs, query) {
    var read = numberRead(docs, query);
    if (!read) return [];
    var hits = [];
    read.docs.forEach(function (doc) {
      var found = numberSpellings(read.number).filter(function (n) { return doc.byNumber[n]; })[0];
      if (found) hits.push({doc: doc, clause: doc.byNumber[found]});
    });
    if (read.language) {
      hits.sort(function (a, b) { return (a.doc.language !== read.language) - (b.doc.language !== read.language); });
    }
    return hits;
  }

  // The search of the kept documents: MiniSearch over one row a clause of every document (a row's id says
  // which document, id / 1e6, and which clause), and the words each language's rules print, which tell a
  // query's language when its function words do not ("guardiano intercetta" is Italian).
  function createIndex(MiniSearch, docs, plain) {
    var engine = new MiniSearch({
      fields: ["title", "text", "asked"],
      processTerm: function (term) { var folded = fold(term); return folded.length > 1 ? folded : null; },
      searchOptions: {
        boost: {title: WEIGHTS.title, asked: WEIGHTS.asked}, prefix: true, combineWith: "AND",
        fuzzy: function (term) { return term.length > 4 ? WEIGHTS.fuzzy : 0; },
      },
    });
    var rows = [], printed = {};
    docs.forEach(function (doc, d) {
      var words = printed[doc.language] = printed[doc.language] || new Set();
      doc.clauses.forEach(function (clause) {
        // `asked`: the judges' words for the clause (absent from bundles kept before it was added).
        var row = {id: d * 1000000 + clause.position, title: clause.title, text: plain(clause.html), asked: clause.asked || ""};
        (row.title + " " + row.text).split(TOKEN).forEach(function (w) { words.add(fold(w)); });
        rows.push(row);
      });
    });
    engine.addAll(rows);
    return {engine: engine, printed: printed};
  }

  // Words that say little about which clause is meant ("di", "the", "posso", "what"): a question's other
  // words choose its clauses. They are searched only when the query has nothing else.
  var FUNCTION_WORDS = {}, LANGUAGE_OF = {};
  var ITALIAN_WORDS = ("ad al alla alle allo ai agli all anche ancora che chi ci cio come con contro cosa cui da dal " +
    "dalla dalle dai dagli degli dei del della delle dello dentro di dopo dove e ed era essere fa fare gia gli ha hanno " +
    "ho il io la le lei li lo loro lui ma me mi mia mie miei mio ne negli nei nel nella nelle nello noi non nostro o od " +
    "ogni per perche piu po poi posso puo puoi qual quale quali quando quanto quanti quante quello quella questa " +
    "queste questi questo qui se sei si sia sono su sua sue sui sul sulla sulle suo suoi ti tra tu tua tuo un una uno " +
    "va vengono viene vi vuol sempre succede").split(" ");
  var ENGLISH_WORDS = ("about after an and any are as at be been before being but by can could did do does doing during " +
    "each for from had has have how if into is it its my not of on once only or other our out over same should so " +
    "some such than that the their them then there these they this those through too under until up very was we " +
    "were what when where which while who whom why will with would you your happens").split(" ");
  ITALIAN_WORDS.forEach(function (w) { FUNCTION_WORDS[w] = true; LANGUAGE_OF[w] = "it"; });
  ENGLISH_WORDS.forEach(function (w) { FUNCTION_WORDS[w] = true; LANGUAGE_OF[w] = LANGUAGE_OF[w] ? "" : "en"; });
  ["a", "do", "i", "me", "no", "in", "to", "up"].forEach(function (w) { FUNCTION_WORDS[w] = true; });


  // The one language whose rules print more of the words than any other's, or "".
  function printedLanguage(index, words) {
    var counts = Object.keys(index.printed).map(function (language) {
      return [words.filter(function (w) { return index.printed[language].has(w); }).length, language];
    }).sort(function (a, b) { return b[0] - a[0]; });
    return counts.length && counts[0][0] > 0 && (counts.length === 1 || counts[0][0] > counts[1][0]) ? counts[0][1] : "";
  }

  function gameOf(doc) { return doc.game || (doc.slug || "").split("-")[0]; }

  // The query's words as the index has them, less its function words (all of them if it has nothing else)
  // and the words naming a game ("weiss", "vg"); the games it names; its language, when its function
  // words tell ("cosa succede se", "what happens if").
  function queryRead(docs, query) {
    var named = docs.map(documentWords), games = {}, votes = {it: 0, en: 0};
    var all = query.split(TOKEN).map(fold).filter(function (w, i, list) { return w.length > 0 && list.indexOf(w) === i; });
    all.forEach(function (w) { if (LANGUAGE_OF[w]) votes[LANGUAGE_OF[w]]++; });
    var words = all.filter(function (w) {
      var naming = docs.filter(function (doc, d) { return named[d][w]; });
      naming.forEach(function (doc) { games[gameOf(doc)] = true; });
      return !naming.length && w.length > 1;
    });
    var content = words.filter(function (w) { return !FUNCTION_WORDS[w]; });
    return {
      words: content.length ? content : words,
      games: games,
      language: votes.it > votes.en ? "it" : votes.en > votes.it ? "en" : "",
    };
  }

  // Each word or phrase of the kept documents' equivalents (their game's glossary in both languages, the
  // everyday words' translations, the judges' words) -> the words it is also searched as.
  var equivalentsKept = new WeakMap();

  function equivalents(docs) {
    var found = equivalentsKept.get(docs);
    if (found) return found;
    found = {};
    docs.forEach(function (doc) {
      (doc.equivalents || []).forEach(function (group) {
        var phrases = group.map(function (phrase) { return phrase.split(TOKEN).map(fold).filter(Boolean).join(" "); });
        phrases.forEach(function (phrase) {
          var others = found[phrase] = found[phrase] || {};
          phrases.forEach(function (other) { if (other !== phrase) others[other] = true; });
        });
      });
    });
    equivalentsKept.set(docs, found);
    return found;
  }

  // The words searched for the query: its own (each the word it stands for), and those its words and
  // phrases are also said as ("damage zone" -> "zona danni": each stands for both of the query's words).
  function searchedWords(docs, words) {
    var table = equivalents(docs), searched = {};
    words.forEach(function (word, i) { searched[word] = {own: true, stands: [i]}; });
    for (var size = 3; size >= 1; size--) {
      for (var start = 0; start + size <= words.length; start++) {
        var others = table[words.slice(start, start + size).join(" ")];
        if (!others) continue;
        Object.keys(others).forEach(function (phrase) {
          phrase.split(" ").forEach(function (word) {
            if (word.length < 2 || FUNCTION_WORDS[word]) return;
            var entry = searched[word] = searched[word] || {own: false, stands: []};
            for (var i = start; i < start + size; i++) if (entry.stands.indexOf(i) < 0) entry.stands.push(i);
          });
        });
      }
    }
    return searched;
  }

  // The clauses having any of the query's words, best first: by their score, times the share of the
  // query's words they have (or a word they are also said as), so that a clause with all of them
  // outranks one with its rarest word often.
  function wordHits(index, docs, query) {
    var read = queryRead(docs, query), words = read.words;
    if (!words.length) return [];
    if (!read.language) read.language = printedLanguage(index, words);
    var searched = searchedWords(docs, words);
    // A clause in another language than the query's, where the game has rules in the query's language:
    // the judge who types English reads the English rules first.
    var spoken = {};
    docs.forEach(function (doc) { if (doc.language === read.language) spoken[gameOf(doc)] = true; });
    var found = index.engine.search(Object.keys(searched).join(" "), {
      combineWith: "OR",
      boostTerm: function (term) { return searched[term] && !searched[term].own ? WEIGHTS.equivalent : 1; },
    });
    found.forEach(function (hit) {
      // A word the clause says as the query does counts whole; one it says otherwise, a little less.
      var covered = {}, share = 0;
      hit.queryTerms.forEach(function (term) {
        var entry = searched[term], part = entry && entry.own ? 1 : WEIGHTS.equivalentShare;
        (entry ? entry.stands : []).forEach(function (i) { covered[i] = Math.max(covered[i] || 0, part); });
      });
      Object.keys(covered).forEach(function (i) { share += covered[i] / words.length; });
      hit.doc = docs[Math.floor(hit.id / 1000000)];
      hit.rank = hit.score / hit.queryTerms.length * Math.pow(WEIGHTS.coverageFloor + (1 - WEIGHTS.coverageFloor) * share, WEIGHTS.coveragePower);
      if (read.language && hit.doc.language !== read.language && spoken[gameOf(hit.doc)]) hit.rank *= WEIGHTS.otherLanguage;
      // A heading names its topic; the rules under it say what happens (all sets: 0.789 -> 0.807).
      var kind = hit.doc.clauses[hit.id % 1000000].kind;
      if (WEIGHTS.kind[kind]) hit.rank *= WEIGHTS.kind[kind];
    });
    // The game the query names comes first ("... weiss"): the judge said where to look.
    var named = Object.keys(read.games).length > 0;
    found.sort(function (a, b) {
      return (named ? !read.games[gameOf(a.doc)] - !read.games[gameOf(b.doc)] : 0) || b.rank - a.rank;
    });
    var hits = found.map(function (hit) { return {doc: hit.doc, clause: hit.doc.clauses[hit.id % 1000000]}; });
    return numberedFirst(docs, query, hits, read);
  }

  // A clause number among words ("what does rule 9.2.4 say about damage"): the clauses printed with that
  // number first, in the query's language and then the game it names, then the words' hits, as the site does.
  function numberedFirst(docs, query, hits, read) {
    var numbers = fold(query).split(/[\s:;!?()"]+/).map(function (t) { return t.replace(/\.+$/, ""); })
      .filter(function (t) { return t.indexOf(".") > 0 && NUMBER.test(t); });
    if (numbers.length !== 1) return hits;
    var first = [];
    docs.forEach(function (doc) {
      var found = numberSpellings(numbers[0]).filter(function (n) { return doc.byNumber[n]; })[0];
      if (found) first.push({doc: doc, clause: doc.byNumber[found]});
    });
    var position = function (item) {
      var i = hits.findIndex(function (hit) { return hit.clause === item.clause; });
      return i < 0 ? hits.length : i;
    };
    var named = Object.keys(read.games).length > 0;
    first.sort(function (a, b) {
      return (read.language ? (a.doc.language !== read.language) - (b.doc.language !== read.language) : 0) ||
        (named ? !read.games[gameOf(a.doc)] - !read.games[gameOf(b.doc)] : 0) || position(a) - position(b);
    });
    return first.concat(hits.filter(function (hit) {
      return !first.some(function (item) { return item.clause === hit.clause; });
    }));
  }

  return {weights: WEIGHTS, fold: fold, numberHits: numberHits, createIndex: createIndex, wordHits: wordHits};
}));
