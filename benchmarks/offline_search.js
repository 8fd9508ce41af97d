// Runs the offline page's search (static/judgeapp/offline-search.js, with the MiniSearch the page loads) over
// bundles and questions written by benchmarks/offline_search.py; prints each question's first ten hits as JSON.
// Usage: node benchmarks/offline_search.js INPUT.json
"use strict";
const fs = require("fs");
const path = require("path");
const root = path.resolve(__dirname, "..");
const MiniSearch = require(path.join(root, "static/vendor/minisearch-7.2.0/minisearch.js"));
const ranking = require(path.join(root, "static/judgeapp/offline-search.js"));

const ENTITIES = {amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: "\u00a0"};

// The text a browser's <template> gives for the reader's sanitised HTML: tags dropped, entities read.
function plain(html) {
  return html.replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, function (all, name) {
    if (name[0] === "#") return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name] !== undefined ? ENTITIES[name] : all;
  });
}

// A bundle as offline-reader.js holds it: clauses as objects with their position, by number.
function documentRead(bundle, ids) {
  const doc = Object.assign({}, bundle, {byNumber: {}, ids: ids});
  doc.clauses = bundle.clauses.map(function (row, position) {
    const clause = {position: position};
    bundle.fields.forEach(function (field, i) { clause[field] = row[i]; });
    return clause;
  });
  doc.clauses.forEach(function (clause) {
    if (clause.number && !(clause.number.toLowerCase() in doc.byNumber)) doc.byNumber[clause.number.toLowerCase()] = clause;
  });
  return doc;
}

// OFFLINE_WEIGHTS='{"asked": 1}': the ranking's weights changed, to compare.
Object.assign(ranking.weights, JSON.parse(process.env.OFFLINE_WEIGHTS || "{}"));
const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const docs = input.documents.map(function (d) { return documentRead(d.bundle, d.ids); });
let started = process.hrtime.bigint();
const index = ranking.createIndex(MiniSearch, docs, plain);
const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
const answers = [], times = [];
input.questions.forEach(function (question) {
  started = process.hrtime.bigint();
  let hits = ranking.numberHits(docs, question.q);
  if (!hits.length) hits = ranking.wordHits(index, docs, question.q);
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
  if (question.document) hits = hits.filter(function (hit) { return hit.doc.slug === question.document; });
  answers.push(hits.slice(0, 10).map(function (hit) { return hit.doc.slug + ":" + hit.doc.ids[hit.clause.position]; }));
});
process.stdout.write(JSON.stringify({build_ms: buildMs, times_ms: times, hits: answers}));
