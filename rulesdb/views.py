"""The judge's reader: documents, clause permalinks, previews, glossary.

Views check the arguments, call selectors, and render. Clause neighbourhoods
come from the per-document index (selectors.document_index), so a clause page
costs a couple of queries whatever its size.
"""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext

from judgeapp.errors import NotFound

from . import glossary_pages, lint, rendering, selectors, versions
from .models import Clause, Document
from .page_cache import reader_page

from .translation import alignment


class _Redirect(Exception):
    def __init__(self, url: str, permanent: bool = False):
        self.url, self.permanent = url, permanent


def _document(request: HttpRequest, slug: str, rest: str = "") -> Document:
    """The document `slug` (a draft only for staff); a series slug (`vg-cr-it`) redirects to its
    newest published version."""
    document, newest = selectors.document_resolve(slug=slug, user=request.user)
    if document is not None:
        return document
    if newest is not None:
        raise _Redirect(rendering.document_url(newest.slug) + rest)
    raise NotFound(gettext("There is no document “%(slug)s”.") % {"slug": slug})


def _not_found_clause(request, document: Document, index, number: str, message: str = "") -> HttpResponse:
    plausible = selectors.number_is_plausible(number)
    suggestions = index.nearest(number) if plausible else []
    # A number an older version printed: the clause's number here, or the version that removed it.
    renumbered, removed_in = versions.number_renumbered(document=document, number=number) if plausible and not message else (None, None)
    return render(
        request,
        "rulesdb/clause_404.html",
        {
            "document": document,
            "message": message or gettext("%(title)s has no clause %(number)s.") % {"title": document.title, "number": number},
            "suggestions": [(c, rendering.clause_url(index, c, document.slug)) for c in suggestions],
            "renumbered": (renumbered, rendering.clause_url(index, renumbered, document.slug)) if renumbered else None,
            "removed_in": removed_in,
            "number": number,
        },
        status=404,
    )


def _redirecting(view):
    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except _Redirect as r:
            return HttpResponsePermanentRedirect(r.url) if r.permanent else redirect(r.url)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def _other_languages(document: Document) -> list[Document]:
    """Per other language, the newest published document of the same game and kind."""
    newest: dict[str, Document] = {}
    others = (
        Document.objects.published().filter(game_id=document.game_id, kind=document.kind)
        .exclude(language=document.language).order_by("language", "-date", "-imported_at")
    )
    for other in others:
        newest.setdefault(other.language, other)
    return list(newest.values())


def _alternates(request, document: Document, glossary: bool = False) -> tuple[str, list[tuple[str, str]]]:
    """(canonical URL, [(language, URL)…]) of a document page or its glossary: the page itself,
    always under its versioned slug (a series slug redirects there), then one alternate per other
    language, the same page of that language's newest published document. A glossary's
    alternates leave out documents without a glossary."""
    def absolute(doc: Document) -> str:
        url = rendering.document_url(doc.slug)
        return request.build_absolute_uri(url + "glossary/" if glossary else url)

    canonical = absolute(document)
    alternates = [(document.language, canonical)]
    for other in _other_languages(document):
        if glossary and not other.glossary.exists():
            continue
        alternates.append((other.language, absolute(other)))
    return canonical, alternates


@reader_page
@_redirecting
def document_detail(request: HttpRequest, slug: str) -> HttpResponse:
    document = _document(request, slug)
    index = selectors.document_index(document=document)
    canonical, alternates = _alternates(request, document)
    return render(
        request,
        "rulesdb/document.html",
        {
            "document": document,
            "canonical": canonical,
            "alternates": alternates,
            "toc": rendering.toc_html(index, document.slug, versions.version_marks(document=document)),
            "clause_count": len(index.clauses),
            "glossary_count": len(index.glossary),
            "current": versions.series_current(series=document.series),
            "version_report": versions.version_report(document=document),
        },
    )


@_redirecting
def clause_jump(request: HttpRequest, slug: str) -> HttpResponse:
    """The jump box: `?n=7.3.1.4` → that clause; an unknown number → the 404 page with the nearest."""
    # A series slug jumps within its current version, the number kept.
    document = _document(request, slug, rest="jump/" + (f"?{request.GET.urlencode()}" if request.GET else ""))
    raw = request.GET.get("n", "")
    number = selectors.number_normalise(raw)
    if not number:
        return redirect(rendering.document_url(document.slug))
    if not any(ch.isdigit() for ch in raw):
        # Every clause number has a digit: words typed in the jump box ("encore", on a phone the nearest box)
        # are a question for this document's search, not an unknown number with its "nearest" rules.
        return redirect(f"{reverse('search')}?{urlencode({'q': raw.strip(), 'document': document.slug})}")
    index = selectors.document_index(document=document)
    address = next(filter(None, map(index.address_of, selectors.number_spellings(raw))), None)
    if address is None:
        return _not_found_clause(request, document, index, number)
    return redirect(rendering.clause_url(index, index.by_number[address][0], document.slug))


def _clause_by_number(request, slug: str, number: str, suffix: str = ""):
    document = _document(request, slug, rest=f"{number}/{suffix}")
    normal = selectors.number_normalise(number)
    if not selectors.number_is_plausible(normal):
        return document, None, None, _not_found_clause(
            request, document, selectors.document_index(document=document), normal,
            gettext("“%(number)s” is not a clause number.") % {"number": number[:60]},
        )
    index = selectors.document_index(document=document)
    # A different case, or a number printed by mistake on a clause filed elsewhere, goes to its address.
    normal = index.address_of(normal) or normal
    if normal != number:
        raise _Redirect(f"{rendering.document_url(document.slug)}{normal}/{suffix}", permanent=True)
    if normal not in index.by_number:
        return document, index, None, _not_found_clause(request, document, index, normal)
    return document, index, index.by_number[normal][0], None


def _clause_by_id(request, slug: str, stable_id: str, suffix: str = ""):
    document = _document(request, slug, rest=f"id/{stable_id}/{suffix}")
    index = selectors.document_index(document=document)
    clause = index.by_stable_id.get(stable_id)
    if clause is None and (moved := index.printed_occurrence(stable_id)) is not None:
        raise _Redirect(rendering.clause_url(index, moved, document.slug) + suffix, permanent=True)
    if clause is None:
        return document, index, None, _not_found_clause(
            request, document, index, stable_id.split("~")[0], gettext("%(title)s has no clause with id %(id)s.") % {"title": document.title, "id": stable_id}
        )
    return document, index, clause, None


@reader_page
@_redirecting
def clause_detail(request: HttpRequest, slug: str, number: str) -> HttpResponse:
    document, index, clause, response = _clause_by_number(request, slug, number)
    return response or _clause_page(request, document, index, clause)


@reader_page
@_redirecting
def clause_by_id(request: HttpRequest, slug: str, stable_id: str) -> HttpResponse:
    document, index, clause, response = _clause_by_id(request, slug, stable_id)
    return response or _clause_page(request, document, index, clause)


@reader_page
@_redirecting
def clause_preview(request: HttpRequest, slug: str, number: str) -> HttpResponse:
    document, index, clause, response = _clause_by_number(request, slug, number, suffix="preview/")
    return response or _preview(request, document, index, clause)


@reader_page
@_redirecting
def clause_by_id_preview(request: HttpRequest, slug: str, stable_id: str) -> HttpResponse:
    document, index, clause, response = _clause_by_id(request, slug, stable_id, suffix="preview/")
    return response or _preview(request, document, index, clause)


def _preview(request, document: Document, index, clause: Clause) -> HttpResponse:
    url = rendering.clause_url(index, clause, document.slug)
    html = rendering.clause_html(index, clause, document.slug)
    if request.GET.get("format") == "json":
        return JsonResponse(
            {"number": clause.number, "stable_id": clause.stable_id, "title": clause.title, "url": url, "html": html}
        )
    return render(request, "includes/_preview.html", {"clause": clause, "url": url, "html": html})


def _counterpart(document: Document, index, clause: Clause) -> tuple[Document | None, Clause | None, str, str]:
    """(other document, its clause, how it was matched, its URL) for the other language."""
    other = selectors.document_other_language(document=document)
    if other is None:
        return None, None, "", ""
    try:
        # The index's clauses are shared between requests: hand over a detached copy.
        detached = Clause(
            id=clause.pk, document=document, stable_id=clause.stable_id, number=clause.number,
            printed_number=clause.printed_number,
            parent_id=clause.parent_id, order=clause.order, depth=clause.depth, kind=clause.kind,
            title=clause.title, text=clause.text,
        )
        found, how = alignment.clause_counterpart(clause=detached, other_document=other)
    except Exception:  # noqa: BLE001 - a failing matcher must not take the page down
        found, how = None, ""
    if found is None and not how:
        other_index = selectors.document_index(document=other)
        found, how = selectors.clause_counterpart_by_number(clause=clause, index=index, other=other_index)
    url = ""
    if found is not None:
        # A number's first occurrence has the number as its stable id (services._stable_ids).
        if found.number and found.stable_id == found.number:
            url = f"{rendering.document_url(other.slug)}{found.number}/"
        else:
            url = f"{rendering.document_url(other.slug)}id/{found.stable_id}/"
    return other, found, how, url


def _clause_page(request, document: Document, index, clause: Clause) -> HttpResponse:
    slug = document.slug
    url = lambda c: rendering.clause_url(index, c, slug)  # noqa: E731
    previous, following = index.neighbours(clause)
    # A worked example under this clause carries its own links (a sandbox replaying it), shown beside it.
    subtree = [
        {"clause": c, "level": level, "url": url(c), "html": rendering.clause_html(index, c, slug),
         "tryouts": selectors.clause_tryouts(document=document, clause=c) if c.kind == "example" else []}
        for c, level in index.subtree(clause)
    ]
    cited_by = []
    for ref in index.cited_by.get(clause.pk, ()):
        source = index.by_id[ref.source_id]
        if not cited_by or cited_by[-1][0].pk != source.pk:
            cited_by.append((source, url(source)))
    duplicates, occurrence = [], 0
    if clause.number:
        printed_alike = index.by_number[clause.number]
        occurrence = next(i for i, c in enumerate(printed_alike, start=1) if c.pk == clause.pk)
        duplicates = [(c, url(c), index.by_id.get(c.parent_id)) for c in printed_alike if c.pk != clause.pk]
    # Clauses that print this clause's number by mistake (their own address is elsewhere).
    misprinted_here = [
        (c, url(c), index.by_id.get(c.parent_id)) for c in index.misprinted_as.get(clause.number, ())
        if c.pk != clause.pk
    ] if clause.number else []
    other, counterpart, how, counterpart_url = _counterpart(document, index, clause)
    position = index.position.get(clause.pk)
    lost_list = position is not None and lint.list_lost(index.clauses, position)
    related = []
    if document.kind == "playbook" and clause.kind in ("qa", "glossary"):
        rules_doc = (
            Document.objects.published().filter(game_id=document.game_id, kind="cr", language=document.language)
            .order_by("-date", "-imported_at").first()
        )
        if rules_doc is not None:
            rules = selectors.document_index(document=rules_doc)
            related = [
                (c, why, rendering.clause_url(rules, c, rules_doc.slug))
                for c, why in selectors.clause_related_rules(clause=clause, rules=rules)
            ]
    tryouts = selectors.clause_tryouts(document=document, clause=clause)
    glossary_url = f"{rendering.document_url(slug)}glossary/"
    terms = [(term, f"{glossary_url}#{anchor}")
             for term, anchor in glossary_pages.clause_glossary_terms(index=index, clause=clause)]
    return render(
        request,
        "rulesdb/clause.html",
        {
            **_version_context(document, index, clause),
            "document": document,
            "clause": clause,
            "tryouts": tryouts,
            "label": rendering.clause_label(clause, document.language),
            "parent": index.by_id.get(clause.parent_id),
            "occurrence": occurrence,
            "misprinted_here": misprinted_here,
            "lost_list": lost_list,
            "canonical": request.build_absolute_uri(url(clause)),
            "html": rendering.clause_html(index, clause, slug),
            "ancestors": [(c, url(c)) for c in index.ancestors(clause)],
            "subtree": subtree,
            "previous": (previous, url(previous)) if previous else None,
            "next": (following, url(following)) if following else None,
            "cited_by": cited_by,
            "duplicates": duplicates,
            "is_duplicate": bool(clause.number) and not index.is_first_occurrence(clause),
            "other": other,
            "counterpart": counterpart,
            "counterpart_how": how,
            "counterpart_url": request.build_absolute_uri(counterpart_url) if counterpart_url else "",
            "related": related,
            "terms": terms,
        },
    )


def _version_context(document: Document, index, clause: Clause) -> dict:
    """The clause page's version notices: superseded (with the same clause in the current version,
    or the version that removed it), what this version changed, and a counterpart flag."""
    from .translation import freshness

    superseded = versions.clause_in_current(document=document, clause=clause)
    current_url = ""
    if superseded is not None and superseded.clause is not None:
        current_url = rendering.clause_url(
            selectors.document_index(document=superseded.current), superseded.clause, superseded.current.slug
        )
    flag, dismissed = versions.clause_flags(document=document, clause=clause)
    report = versions.version_report(document=document)
    return {
        "superseded": superseded,
        "superseded_url": current_url,
        "version_mark": versions.version_marks(document=document).get(clause.stable_id, ""),
        "version_report": report,
        "history_url": f"{rendering.document_url(document.slug)}{clause.number}/history/" if clause.number else "",
        "freshness_flag": flag,
        "freshness_text": freshness.flag_explanation(flag) if flag else "",
        "freshness_dismissed": dismissed,
    }



@_redirecting
def clause_history(request: HttpRequest, slug: str, number: str) -> HttpResponse:
    """The clause in every version of its series (through renumbering), each step's word diff and
    the change-report entry that recorded it."""
    document, index, clause, response = _clause_by_number(request, slug, number, suffix="history/")
    if response is not None:
        return response
    return render(request, "rulesdb/clause_history.html", {
        "document": document, "clause": clause, "steps": versions.clause_history(document=document, clause=clause),
        "clause_url": rendering.clause_url(index, clause, document.slug),
    })


# Not kept by the page cache: translations come from the bilingual glossary, which staff edit in the
# admin without any import, so the corpus stamp would not see the change.
@_redirecting
def glossary(request: HttpRequest, slug: str) -> HttpResponse:
    """Each term with its definition (the defining clause's first sentences), its translation and the clauses using it."""
    document = _document(request, slug, rest="glossary/")
    index = selectors.document_index(document=document)
    page = glossary_pages.glossary_page(document=document)

    def link(clause) -> dict:
        return {"clause": clause, "url": rendering.clause_url(index, clause, document.slug),
                "preview": rendering.preview_url(index, clause, document.slug)}

    terms = [
        {"entry": entry, "defined_in": link(entry.clause),
         "definition_from": link(entry.definition_clause) if entry.definition_clause else None,
         "uses": [link(clause) for clause in entry.uses]}
        for entry in page.entries
    ]
    canonical, alternates = _alternates(request, document, glossary=True)
    return render(
        request, "rulesdb/glossary.html",
        {"document": document, "terms": terms, "other": page.other, "translation_language": page.translation_language,
         "canonical": canonical, "alternates": alternates},
    )


def series_index(request: HttpRequest) -> HttpResponse:
    """`/rules/` itself: the home page lists the documents."""
    return redirect(reverse("home"))
