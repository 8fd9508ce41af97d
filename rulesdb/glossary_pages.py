"""A document's glossary page: each term with its definition (the defining clause's first sentences),
its translations from the game's bilingual glossary, and every clause that uses it.

Its own module because it builds on both the document index (selectors) and the reader's
rendering of clause text (rendering), which itself builds on the index."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import rendering, selectors
from .models import Clause, Document, GlossaryTerm
from .selectors import DocumentIndex


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[\"“«(]?[A-ZÀ-ÖØ-Þ])")
_MARKDOWN_EMPHASIS = re.compile(r"(\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w))")
DEFINITION_SENTENCES = 2
DEFINITION_MAX_CHARS = 420


@dataclass
class GlossaryEntry:
    """One term of a document's glossary page."""

    term: GlossaryTerm
    anchor: str
    """The term's id on the page (`#term-vincolo`)."""
    clause: Clause
    """The clause that defines the term."""
    definition: str
    """The first sentences of the definition, plain text (lost icons named)."""
    definition_clause: Clause | None
    """Where the definition text comes from: the defining clause, or its first sub-clause with text
    when the defining clause is a bare heading (Vanguard's keyword sections)."""
    uses: list[Clause]
    """Every other clause whose text uses the term, in printed order."""
    translations: list[str] = field(default_factory=list)
    """The term in the other language, from the game's bilingual glossary."""
    other_anchor: str = ""
    """The translation's anchor on the other language's glossary page, when that page has it."""


def _term_key(text: str) -> str:
    from .parsers.base import fold

    return re.sub(r"\s+", " ", fold(text).replace("’", "'")).strip()


def glossary_anchors(terms: list[GlossaryTerm]) -> dict[int, str]:
    """A stable, unique page anchor per term: `term-` and the term's slug (`term-2` suffixes for clashes)."""
    from django.utils.text import slugify

    anchors: dict[int, str] = {}
    taken: set[str] = set()
    for term in terms:
        base = f"term-{slugify(term.term) or term.pk}"
        anchor, n = base, 2
        while anchor in taken:
            anchor, n = f"{base}-{n}", n + 1
        taken.add(anchor)
        anchors[term.pk] = anchor
    return anchors


def _anchors(index: DocumentIndex) -> dict[int, str]:
    anchors = index.cache.get("glossary_anchors")
    if anchors is None:
        anchors = index.cache["glossary_anchors"] = glossary_anchors(index.glossary)
    return anchors


def clause_glossary_terms(*, index: DocumentIndex, clause: Clause) -> list[tuple[GlossaryTerm, str]]:
    """The glossary terms a clause's page uses (its text and the sub-clauses it prints), each once in
    order of first use, with the term's anchor on the glossary page: a judge reading a rule reaches
    the definitions and translations of its words in one tap."""
    anchors = _anchors(index)
    found: dict[int, tuple[GlossaryTerm, str]] = {}
    for shown in [clause, *(c for c, _ in index.subtree(clause))]:
        for _, _, term in rendering.glossary_spans(index, shown):
            if term is not None and term.pk in anchors:
                found.setdefault(term.pk, (term, anchors[term.pk]))
    return list(found.values())


def _definition(index: DocumentIndex, clause: Clause) -> tuple[str, Clause | None]:
    source = clause if clause.text.strip() else next(
        (c for c, _ in index.subtree(clause) if c.text.strip() and c.kind not in ("note", "example")), None
    )
    if source is None:
        return "", None
    text = _MARKDOWN_EMPHASIS.sub("", rendering.clause_plain_text(index, source))
    text = re.sub(r"\s+", " ", text).strip()
    sentences = _SENTENCE_END.split(text)
    excerpt = " ".join(sentences[:DEFINITION_SENTENCES])
    if len(excerpt) > DEFINITION_MAX_CHARS:
        excerpt = excerpt[:DEFINITION_MAX_CHARS].rsplit(" ", 1)[0] + " …"
    elif len(sentences) > DEFINITION_SENTENCES:
        excerpt += " …"
    return excerpt, source


def _glossary_uses(index: DocumentIndex) -> dict[int, list[Clause]]:
    """Clauses using each term (by term id), as the reader links them; computed once per imported document."""
    uses = index.cache.get("glossary_uses")
    if uses is None:
        uses = {}
        for clause in index.clauses:
            for _, _, term in rendering.glossary_spans(index, clause):
                if term is not None and term.clause_id != clause.pk and clause not in uses.get(term.pk, ()):
                    uses.setdefault(term.pk, []).append(clause)
        index.cache["glossary_uses"] = uses
    return uses


def _listed_uses(uses: list[Clause], definition_source: Clause | None, language: str) -> list[Clause]:
    """The uses a term's entry lists: each once by what the page calls it (a number printed twice
    would read as the same clause listed twice; its page lists the other printing), and not the
    clause the definition is quoted from, which the entry already names."""
    listed: dict[str, Clause] = {}
    for clause in uses:
        if definition_source is None or clause.pk != definition_source.pk:
            listed.setdefault(rendering.clause_label(clause, language), clause)
    return list(listed.values())


# The bilingual glossary pairs English with Italian: a document in one has its translations in the other.
TRANSLATION_LANGUAGE = {"en": "it", "it": "en"}


def _stem_key(text: str, language: str) -> str:
    """The term's words stemmed in ``language`` ("Guardiani" and "guardiano" meet): the fallback when
    no spelling matches, since a glossary heading and the bilingual glossary often differ in number."""
    from .search.analysis import LANGUAGES, terms

    return " ".join(terms(text, language)) if language in LANGUAGES else ""


def _translations(document: Document) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Folded term → its translations, from the game's bilingual glossary (English ↔ Italian); and the
    same by stemmed term."""
    from .models import BilingualTerm

    out: dict[str, list[str]] = {}
    stemmed: dict[str, list[str]] = {}

    def add(form: str, translations: list[str]) -> None:
        out.setdefault(_term_key(form), []).extend(translations)
        key = _stem_key(form, document.language)
        if key:
            stemmed.setdefault(key, []).extend(translations)

    for entry in BilingualTerm.objects.filter(game_id=document.game_id):
        if document.language == "en":
            add(entry.english, list(entry.italian))
        elif document.language == "it":
            for italian in entry.italian:
                add(italian, [entry.english])
    return out, stemmed


@dataclass
class GlossaryPage:
    entries: list[GlossaryEntry]
    translation_language: str
    """The language of the entries' translations (`en` for an Italian document); empty when none can have one."""
    other: Document | None
    """The other language's document whose glossary page the translations link to (None without one)."""


def glossary_page(*, document: Document) -> GlossaryPage:
    """The document's glossary page: each term with its definition, translations and uses."""
    index = selectors.document_index(document=document)
    anchors = _anchors(index)
    uses = _glossary_uses(index)
    translations, stemmed_translations = _translations(document)
    language = TRANSLATION_LANGUAGE.get(document.language, "")
    other = selectors.document_other_language(document=document)
    other_anchors: dict[str, str] = {}
    stemmed_anchors: dict[str, str] = {}
    if other is not None and other.language == language:
        other_terms = selectors.document_index(document=other).glossary
        other_ids = glossary_anchors(other_terms)
        for term in other_terms:
            for form in [term.term, *term.term.split("/")]:
                other_anchors.setdefault(_term_key(form), other_ids[term.pk])
                stemmed_anchors.setdefault(_stem_key(form, language), other_ids[term.pk])
        stemmed_anchors.pop("", None)
    entries = []
    for term in index.glossary:
        clause = index.by_id.get(term.clause_id)
        if clause is None:
            continue
        definition, source = _definition(index, clause)
        found: list[str] = []
        forms = [term.term, *term.term.split("/")]
        for form in forms:
            for translation in translations.get(_term_key(form), ()):
                if translation not in found:
                    found.append(translation)
        if not found:  # no spelling matches: the same words in another number or form
            for form in forms:
                for translation in stemmed_translations.get(_stem_key(form, document.language), ()):
                    if translation not in found:
                        found.append(translation)
        other_anchor = next((other_anchors[_term_key(t)] for t in found if _term_key(t) in other_anchors), "")
        if not other_anchor:
            other_anchor = next((stemmed_anchors[_stem_key(t, language)] for t in found
                                 if _stem_key(t, language) in stemmed_anchors), "")
        entries.append(GlossaryEntry(term, anchors[term.pk], clause, definition, source,
                                     _listed_uses(uses.get(term.pk, []), source, document.language),
                                     found, other_anchor))
    return GlossaryPage(entries, language, other if other_anchors else None)
