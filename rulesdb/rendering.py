"""Clause text to safe HTML, with reference and glossary links.

Clause text is Markdown extracted from outside sources, so it is untrusted.
Links come from stored offsets (Reference, TermLink) or, for documents whose
glossary words are not marked, from the document's glossary terms. They are
placed BEFORE Markdown runs: each linked span is swapped for a placeholder
token made of letters and digits only (Markdown leaves it alone and it keeps
the offsets of the raw text meaningful), Markdown renders, nh3 sanitises, and
only then are the tokens replaced by anchors we build ourselves. Anchors never
pass through the sanitiser and the sanitiser never sees our markup.
"""
from __future__ import annotations

import functools
import html
import re
import threading
from dataclasses import dataclass
from typing import Iterable, Sequence

import markdown
import nh3
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy

from .models import Clause
from .parsers.base import fold
from .parsers.icons import lost_icons, with_placeholders
from .selectors import DocumentIndex
from .glossary_matching import _folded_match, glossary_matcher  # noqa: F401 (read from here too)
from .term_sense import other_sense

ALLOWED_TAGS = {
    "p", "br", "ul", "ol", "li", "strong", "em", "b", "i", "code", "pre", "blockquote",
    "table", "thead", "tbody", "tr", "th", "td", "hr", "a", "sup", "sub", "h3", "h4", "h5", "h6",
}
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
URL_SCHEMES = {"http", "https"}
MARKDOWN_EXTENSIONS = ["tables", "sane_lists", "nl2br"]

_TOKEN = "qzjdg{}gdjzq"
_TOKEN_RE = re.compile(r"qzjdg(\d+)gdjzq")
_TAG_SPLIT = re.compile(r"(<[^>]*>)")
_local = threading.local()


@dataclass(frozen=True)
class Link:
    """A span of the raw clause text to show as a link (or as a marked dead end)."""

    start: int
    end: int
    css: str
    """`ref`, `ref dangling` or `term`."""
    href: str | None = None
    """None: not a link (a dangling reference)."""
    title: str = ""
    preview: str | None = None
    """URL of the target's preview fragment."""
    display: str | None = None
    """Text shown instead of the span (a lost icon's placeholder); None: the span itself."""


def _markdown(text: str) -> str:
    md = getattr(_local, "md", None)
    if md is None:
        md = _local.md = markdown.Markdown(extensions=MARKDOWN_EXTENSIONS)
    md.reset()
    return md.convert(text)


def sanitise(fragment: str) -> str:
    """HTML from outside to HTML with a small tag set, http(s)/relative links, no scripts or event attributes."""
    return nh3.clean(
        fragment,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="nofollow noopener noreferrer",
        strip_comments=True,
    )


def markdown_html(text: str, links: Sequence[Link] = ()) -> SafeString:
    """Render untrusted Markdown `text` to safe HTML with `links` placed on their spans."""
    chosen: list[Link] = []
    last_end = -1
    for link in sorted(links, key=lambda l: (l.start, -l.end)):
        if link.start >= last_end and 0 <= link.start < link.end <= len(text):
            chosen.append(link)
            last_end = link.end
    pieces, cursor = [], 0
    for i, link in enumerate(chosen):
        pieces.append(text[cursor : link.start])
        pieces.append(_TOKEN.format(i))
        cursor = link.end
    pieces.append(text[cursor:])
    safe = sanitise(_markdown("".join(pieces)))
    if not chosen:
        return mark_safe(safe)
    surfaces = [text[l.start : l.end] if l.display is None else l.display for l in chosen]
    out, in_anchor = [], 0
    for part in _TAG_SPLIT.split(safe):
        if part.startswith("<"):
            lowered = part[:3].lower()
            if lowered.startswith("<a ") or lowered == "<a>":
                in_anchor += 1
            elif lowered.startswith("</a"):
                in_anchor = max(0, in_anchor - 1)
            # A token inside an attribute (a reference in a Markdown link's URL) becomes its text again.
            out.append(_TOKEN_RE.sub(lambda m: html.escape(surfaces[int(m.group(1))]), part))
        elif in_anchor:
            out.append(_TOKEN_RE.sub(lambda m: html.escape(surfaces[int(m.group(1))]), part))
        else:
            out.append(_TOKEN_RE.sub(lambda m: _anchor(chosen[int(m.group(1))], surfaces[int(m.group(1))]), part))
    return mark_safe("".join(out))


def _anchor(link: Link, surface: str) -> str:
    if link.href is None:
        return format_html('<span class="{}" title="{}">{}</span>', link.css, link.title, surface)
    if link.preview:
        return format_html(
            '<a class="{}" href="{}" title="{}" data-preview="{}">{}</a>',
            link.css, link.href, link.title, link.preview, surface,
        )
    return format_html('<a class="{}" href="{}" title="{}">{}</a>', link.css, link.href, link.title, surface)


# --- URLs ---------------------------------------------------------------------

@functools.lru_cache(maxsize=256)
def document_url(slug: str) -> str:
    """`/rules/<slug>/`; clause URLs append to it (cached: a page builds dozens)."""
    return reverse("rulesdb:document", args=[slug])


def clause_url(index: DocumentIndex, clause: Clause, slug: str) -> str:
    """The clause's own address: by number for the first clause printed with
    that number, by stable id for the others (duplicates, notes, examples)."""
    if index.is_first_occurrence(clause):
        return f"{document_url(slug)}{clause.number}/"
    return f"{document_url(slug)}id/{clause.stable_id}/"


def preview_url(index: DocumentIndex, clause: Clause, slug: str) -> str:
    return clause_url(index, clause, slug) + "preview/"


# Unnumbered clauses are named by what they are, in the document's language.
_KIND_WORDS = {
    "it": {"note": "Nota", "example": "Esempio", "qa": "Domanda", "glossary": "Voce del glossario",
           "changelog": "Modifica", "section": "Sezione", "heading": "Titolo", "rule": "Regola"},
    "en": {"note": "Note", "example": "Example", "qa": "Question", "glossary": "Glossary entry",
           "changelog": "Change", "section": "Section", "heading": "Heading", "rule": "Rule"},
}


def clause_label(clause: Clause, language: str = "en") -> str:
    """What a page calls a clause: the number it prints (a misprint as printed); an
    unnumbered note or example by its kind and the number of the rule it belongs to
    (`Esempio (2.2.1.h)`), never its internal id."""
    if clause.number:
        return clause.printed_number or clause.number
    word = _KIND_WORDS.get(language[:2], _KIND_WORDS["en"]).get(clause.kind, clause.kind)
    owner = clause.stable_id.split("~")[0]
    return f"{word} ({owner})" if "~" in clause.stable_id and not owner.startswith("u") else word


def kind_words(kind: str, language: str | None = None) -> str:
    """A clause kind in plain words (`qa` is `Domanda`/`Question`), in ``language`` or else the
    interface language."""
    language = language or get_language() or "en"
    return _KIND_WORDS.get(language[:2], _KIND_WORDS["en"]).get(kind, kind)


# --- Glossary matching -------------------------------------------------------

def glossary_spans(index: DocumentIndex, clause: Clause) -> list[tuple[int, int, object]]:
    """(start, end, GlossaryTerm) for the first occurrence of each term in the clause
    text; stored TermLink offsets when the source marked its glossary words (the
    term is None when the marked word has no entry in the document's glossary)."""
    links = index.term_links.get(clause.pk)
    if links is not None or any(index.term_links.values()):
        return [(l.start, l.end, index_term(index, l.term_id) if l.term_id else None) for l in links or ()]
    pattern, by_form = glossary_matcher(index)
    if pattern is None:
        return []
    seen: set[int] = set()
    spans = []
    for match in pattern.finditer(clause.text):
        term = by_form.get(_folded_match(match.group(0)))
        if term is None or term.pk in seen or term.clause_id == clause.pk:
            continue
        if other_sense(index, clause.text, match.start(), match.end(), term):  # "ends in a draw" (term_sense.py)
            continue
        seen.add(term.pk)
        spans.append((match.start(), match.end(), term))
    return spans


def index_term(index: DocumentIndex, term_id: int):
    terms = index.cache.get("terms_by_id")
    if terms is None:
        terms = index.cache["terms_by_id"] = {t.pk: t for t in index.glossary}
    return terms.get(term_id)


# --- Clauses ------------------------------------------------------------------

def clause_links(index: DocumentIndex, clause: Clause, slug: str) -> list[Link]:
    links = []
    for ref in index.references.get(clause.pk, ()):
        target = index.by_id.get(ref.target_id) if ref.target_id else None
        if target is None:
            # Said in words, never struck through: a struck reference reads as deleted text.
            links.append(
                Link(ref.start, ref.end, "ref dangling",
                     title=_said(DANGLING_TITLE, index) % {"number": ref.target_number},
                     display=f"{clause.text[ref.start:ref.end]} {DANGLING_NOTE.get(index.language[:2], DANGLING_NOTE['en'])}")
            )
        else:
            # A reference whose number names another keyword's heading than the one it quotes
            # links to the quoted keyword's heading (services._named_heading) and says so.
            shown = None
            if target.number and target.number != ref.target_number:
                note = MISDIRECTED_NOTE.get(index.language[:2], MISDIRECTED_NOTE["en"])
                shown = f"{clause.text[ref.start:ref.end]}, {note} {_preview_title(target, index.language)}"
            links.append(
                Link(ref.start, ref.end, "ref", clause_url(index, target, slug),
                     title=_preview_title(target, index.language), preview=preview_url(index, target, slug),
                     display=shown)
            )
    for start, end, term in glossary_spans(index, clause):
        if term is None:
            links.append(
                Link(start, end, "term missing",
                     title=_said(TERM_MISSING_TITLE, index))
            )
            continue
        target = index.by_id.get(term.clause_id)
        if target is None or target.pk == clause.pk:
            continue
        links.append(
            Link(start, end, "term", clause_url(index, target, slug),
                 title=_said(GLOSSARY_TITLE, index) % {"term": term.term}, preview=preview_url(index, target, slug))
        )
    return links + lost_icon_links(index, clause)


def lost_icon_links(index: DocumentIndex, clause: Clause) -> list[Link]:
    """A placeholder where the extraction dropped an icon, never empty punctuation."""
    return [
        Link(icon.start, icon.end, "lost-icon", title=_said(LOST_ICON_TITLE, index),
             display=icon.display)
        for icon in lost_icons(clause.text, language=index.language)
    ]


DANGLING_NOTE = {"it": "(clausola assente in questo documento)", "en": "(clause not in this document)"}
# The tooltips of the rules text, in the document's language as the notes beside them are: the rendered text is
# kept once per document, whatever language the page around it speaks.
DANGLING_TITLE = {"it": "la %(number)s non è una clausola di questo documento",
                  "en": "%(number)s is not a clause of this document"}
TERM_MISSING_TITLE = {"it": "segnata come parola del glossario nel testo originale; questo documento non ha la sua voce",
                      "en": "marked as a glossary word in the source; this document has no entry for it"}
GLOSSARY_TITLE = {"it": "glossario: %(term)s", "en": "glossary: %(term)s"}
LOST_ICON_TITLE = {"it": "un'icona delle regole stampate, persa nell'estrazione del testo",
                   "en": "an icon of the printed rules, lost in the text extraction"}


def _said(words: dict[str, str], index: DocumentIndex) -> str:
    return words.get(index.language[:2], words["en"])
MISDIRECTED_NOTE = {"it": "numero errato: è la", "en": "misnumbered: it is"}


def clause_plain_text(index: DocumentIndex, clause: Clause) -> str:
    """The clause text as plain text for labels and excerpts, lost icons named."""
    return with_placeholders(clause.text, language=index.language)


ORIGIN_LABELS = {
    "derived": gettext_lazy("heading derived from the numbering"),
    "inferred": gettext_lazy("number inferred from the sequence"),
}


def _preview_title(clause: Clause, language: str = "en") -> str:
    return f"{clause_label(clause, language)} {clause.title}".strip()


def clause_html(index: DocumentIndex, clause: Clause, slug: str) -> SafeString:
    """The clause text as safe HTML with its links; computed once per imported document."""
    key = ("html", clause.pk, slug)
    rendered = index.cache.get(key)
    if rendered is None:
        rendered = index.cache[key] = markdown_html(clause.text, clause_links(index, clause, slug))
    return rendered


def toc_html(index: DocumentIndex, slug: str, marks: dict[str, str] | None = None) -> SafeString:
    """The table of contents as nested <details>/<summary>, built once per imported document.
    `marks` (stable id -> "changed", "new"…, versions.version_marks) label what this version changed."""
    marks = marks or {}
    key = ("toc", slug, get_language(), tuple(sorted(marks.items())))  # its notes are interface words
    if key in index.cache:
        return index.cache[key]
    parts: list[str] = []

    def label(clause: Clause) -> str:
        mark = marks.get(clause.stable_id)
        if mark:
            return format_html('{} <span class="version-mark">({} in this version)</span>', plain_label(clause), mark)
        return plain_label(clause)

    def plain_label(clause: Clause) -> str:
        title = clause.title or clause_plain_text(index, clause)[:80]
        origin = ORIGIN_LABELS.get(clause.origin)
        if clause.printed_number:
            origin = gettext("misprinted number; filed as %(number)s") % {"number": clause.number}
        if origin:
            return format_html(
                '<a href="{}"><span class="num">{}</span> {}</a> <span class="origin" lang="{}">({})</span>',
                clause_url(index, clause, slug), clause_label(clause, index.language), title, get_language(), origin,
            )
        return format_html(
            '<a href="{}"><span class="num">{}</span> {}</a>',
            clause_url(index, clause, slug), clause_label(clause, index.language), title,
        )

    def walk(nodes: Iterable[Clause]) -> None:
        parts.append("<ul>")
        for node in nodes:
            if node.kind in ("note", "example"):
                continue
            kids = [c for c in index.children.get(node.pk, []) if c.kind not in ("note", "example")]
            if kids:
                parts.append(f"<li><details><summary>{label(node)}</summary>")
                walk(kids)
                parts.append("</details></li>")
            else:
                parts.append(f"<li>{label(node)}</li>")
        parts.append("</ul>")

    walk(index.children.get(None, []))
    result = index.cache[key] = mark_safe("".join(parts))
    return result
