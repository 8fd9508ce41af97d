"""A published document as one compact JSON a phone keeps offline (reads only).

A bundle holds every clause of one document: its number, its address under the document's URL,
its label, title, kind, parent and its text as the reader shows it (the same sanitised HTML with
the same reference and glossary links, rulesdb.rendering.clause_html); and the document's glossary
page as data (rulesdb.glossary_pages: each term with its anchor, definition, translations and the
clauses defining and using it, by their position in the clause list).  The offline page renders
clauses, contents, the glossary, jumps and search from it in the browser.

Clauses are arrays, not objects: the keys repeated for every clause would be a fifth of the
bundle.  A bundle is built once per imported document and process; its address carries a hash of
its content, so the phone keeps it as long as it likes and a new version (or a new import) has a
new address.  The glossary's translations come from the game's bilingual glossary, which staff edit
without an import, as they edit the judges' words: their content is part of the cache key, so an edit
gives a new bundle (and address).

For the offline search (static/judgeapp/offline-search.js) a bundle also carries its game and the words
that name it ("ws", "weiss"), the judges' words of each clause that its text does not print (`asked`),
and the game's equivalents: groups of words and phrases that mean the same (glossary terms in English
and Italian, everyday words, judges' words), each searched for the others.
"""
from __future__ import annotations

import functools
import gzip
import hashlib
import json
from dataclasses import dataclass

import brotli
from django.db.models import Q
from django.urls import reverse

from rulesdb import glossary_pages, rendering, selectors, versions
from rulesdb.models import BilingualTerm, Document, SearchSynonym
from rulesdb.search.lexicon import word_groups
from rulesdb.search.rows import written_words
from rulesdb.search.vocabulary import game_words

FORMAT = "judgeapp-offline/1"
CLAUSE_FIELDS = ["number", "address", "label", "title", "kind", "parent", "html", "asked"]
"""The order of each clause array's items; `parent` is the parent's position in the list, or -1; `asked`,
the judges' words for the clause that its text does not print (rulesdb.search.rows.written_words), for the
offline search (bundles made before it have no `asked`: the page reads them as having none)."""
TERM_FIELDS = ["term", "anchor", "clause", "definition", "definition_clause", "uses", "translations", "other_anchor"]
"""The order of each glossary term array's items; clauses are positions in the clause list
(`definition_clause` -1 when the document prints no text under the term)."""


@dataclass(frozen=True)
class Bundle:
    slug: str
    content: bytes
    """The JSON, UTF-8."""
    digest: str
    """12 hex digits of its SHA-256: part of its address."""
    gzip_bytes: int
    brotli_bytes: int
    clause_count: int

    @property
    def url(self) -> str:
        return reverse("offline:bundle", args=[self.slug, self.digest])


def document_bundle(*, document: Document) -> Bundle:
    """The offline bundle of `document` (built once per import of it and state of its game's bilingual glossary
    and judges' words)."""
    return _bundle(document.pk, document.imported_at, _vocabulary_stamp(document.game_id))


def _vocabulary_stamp(game_id) -> str:
    """A digest of what staff edit that a bundle carries: the game's bilingual glossary and the judges' words.
    Without it, two server processes could hold bundles built before and after an edit, each redirecting the
    other's address to its own."""
    terms = BilingualTerm.objects.filter(game_id=game_id).order_by("pk").values_list("pk", "english", "italian")
    synonyms = _synonyms(game_id).order_by("pk").values_list("pk", "terms")
    return hashlib.sha256(json.dumps([list(terms), list(synonyms)], ensure_ascii=False).encode()).hexdigest()[:16]


def _synonyms(game_id):
    return SearchSynonym.objects.filter(Q(game_id=game_id) | Q(game__isnull=True))


def _equivalents(game_id) -> list[list[str]]:
    """Words and phrases that mean the same when searching the game's rules, one group a meaning, for the
    offline search to search each for the others, as the site's search does: the game's glossary (English and
    Italian: a judge's English over the Italian rules), the everyday words of the word table
    (rulesdb/sources/search-words.json) and the judges' words (SearchSynonym, this game's and every game's)."""
    groups = [[english, *italian] for english, italian in
              BilingualTerm.objects.filter(game_id=game_id).order_by("pk").values_list("english", "italian")]
    groups += [group.get("en", []) + group.get("it", []) for group in word_groups()]
    groups += [list(terms) for terms in _synonyms(game_id).order_by("pk").values_list("terms", flat=True)]
    return [kept for kept in (list(dict.fromkeys(t.strip() for t in group if t.strip())) for group in groups) if len(kept) > 1]


def _glossary(document: Document, position: dict[int, int]) -> dict:
    """The glossary page's content (rulesdb/glossary_pages.py), clauses by position."""
    page = glossary_pages.glossary_page(document=document)
    terms = [
        [
            entry.term.term,
            entry.anchor,
            position[entry.clause.pk],
            entry.definition,
            position[entry.definition_clause.pk] if entry.definition_clause else -1,
            [position[clause.pk] for clause in entry.uses],
            entry.translations,
            entry.other_anchor if page.other else "",
        ]
        for entry in page.entries
    ]
    return {
        "fields": TERM_FIELDS,
        "terms": terms,
        "translation_language": page.translation_language,
        "other": {"slug": page.other.slug, "series": page.other.series, "language": page.other.language,
                  "url": rendering.document_url(page.other.slug) + "glossary/"} if page.other else None,
    }


@functools.lru_cache(maxsize=8)
def _bundle(document_id: int, imported_at, vocabulary_stamp: str) -> Bundle:
    document = Document.objects.get(pk=document_id)
    index = selectors.document_index(document=document)
    slug = document.slug
    position = {clause.pk: i for i, clause in enumerate(index.clauses)}
    asked = written_words(document)
    clauses = [
        [
            clause.number,
            rendering.clause_url(index, clause, slug)[len(rendering.document_url(slug)):],
            rendering.clause_label(clause, document.language),
            clause.title,
            clause.kind,
            position.get(clause.parent_id, -1),
            str(rendering.clause_html(index, clause, slug)),
            asked.get(clause.pk, ""),
        ]
        for clause in index.clauses
    ]
    payload = {
        "format": FORMAT,
        "slug": slug,
        "series": document.series,
        "title": document.title,
        "language": document.language,
        "version": document.version,
        "date": document.date.isoformat() if document.date else "",
        "url": rendering.document_url(slug),
        "game": document.game.slug,
        "game_words": sorted(word for word, game in game_words().items() if game == document.game.slug),
        "fields": CLAUSE_FIELDS,
        "clauses": clauses,
        "glossary": _glossary(document, position),
        "equivalents": _equivalents(document.game_id),
    }
    content = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Bundle(
        slug=slug,
        content=content,
        digest=hashlib.sha256(content).hexdigest()[:12],
        gzip_bytes=len(gzip.compress(content, compresslevel=6)),
        brotli_bytes=len(brotli.compress(content, quality=5)),
        clause_count=len(clauses),
    )


def catalogue(*, user, series: list[str] | None = None) -> list[dict]:
    """What the visitor may keep offline: each published document's bundle address and sizes,
    and whether it is its series' current version (a phone replaces a kept older one with it).
    `series`: only those series' documents (a bundle is built on first use: a document page's keep
    box and the check for new versions need only their own)."""
    documents = Document.objects.visible_to(user).filter(published=True).order_by("series", "slug")
    if series is not None:
        documents = documents.filter(series__in=series)
    documents = list(documents)
    current_of_series = {}
    for document in documents:
        if document.series not in current_of_series:
            current = versions.series_current(series=document.series)
            current_of_series[document.series] = current.slug if current is not None else document.slug
    entries = []
    for document in documents:
        bundle = document_bundle(document=document)
        entries.append({
            "slug": document.slug,
            "series": document.series,
            "title": document.title,
            "language": document.language,
            "version": document.version,
            "current": current_of_series[document.series] == document.slug,
            "url": bundle.url,
            "bytes": len(bundle.content),
            "gzip_bytes": bundle.gzip_bytes,
            "brotli_bytes": bundle.brotli_bytes,
            "clauses": bundle.clause_count,
        })
    return entries
