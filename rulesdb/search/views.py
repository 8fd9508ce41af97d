"""The search page: one box, results with facets; a clause number jumps to the clause."""
from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from ..models import Document
from ..rendering import clause_label, kind_words
from ..selectors import document_index
from ..rendering import markdown_html
from .results import SearchQueryError, SearchUnavailable
from .selectors import clause_search

FILTERS = ("document", "game", "language", "kind", "version")
PAGE_SIZE = 20


def _page_number(value: str | None) -> int:
    try:
        return max(1, min(int(value or 1), 1000))
    except ValueError:
        return 1


def search_page(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")
    filters = {name: request.GET.get(name, "").strip() for name in FILTERS}
    page = _page_number(request.GET.get("page"))
    context = {"query": query, "filters": filters}
    try:
        results = clause_search(query=query, page=page, page_size=PAGE_SIZE, **filters)
    except SearchQueryError as error:
        return render(request, "rulesdb/search.html", {**context, "error": str(error)}, status=400)
    except SearchUnavailable as error:
        return render(request, "rulesdb/search.html", {**context, "error": str(error)}, status=503)
    if results.number_match is not None and page == 1:
        return redirect(results.number_match.url)

    def link(**changes) -> str:
        params = {"q": results.query, **filters, "page": page, **changes}
        return "?" + urlencode({k: v for k, v in params.items() if v not in ("", None, 1)})

    # A judge reads document titles and plain words, never slugs or kind codes.
    documents = {d.slug: d for d in Document.objects.all()}
    titles = {slug: d.title for slug, d in documents.items()}
    for hit in results.hits:
        hit.document_title = titles.get(hit.document, hit.document)
        if hit.document in documents:
            # The same label as the clause's page: a misprinted number as printed, a note by its kind.
            document = documents[hit.document]
            clause = document_index(document=document).by_stable_id.get(hit.stable_id)
            hit.label = clause_label(clause, document.language) if clause is not None else ""
    labels = {"document": lambda value: titles.get(value, value), "kind": kind_words}
    facets = {
        name: [
            {"value": value, "label": labels.get(name, str)(value), "count": count,
             "url": link(**{name: value, "page": None}), "active": filters[name] == value}
            for value, count in sorted(counts.items(), key=lambda item: -item[1])
        ]
        for name, counts in results.facets.items()
    }
    top = results.hits[0] if results.hits and page == 1 and not results.number_choices else None
    context.update(
        results=results,
        top=top,
        top_text=markdown_html(top.text) if top and top.text else "",
        did_you_mean_url=link(q=results.did_you_mean, page=None) if results.did_you_mean else "",
        suggestions=[{"query": q, "count": n, "url": link(q=q, page=None)} for q, n in results.suggestions],
        unscoped_url=link(page=None, **dict.fromkeys(FILTERS, "")) if results.unscoped_count else "",
        facets=facets,
        clear_filters={name: link(**{name: "", "page": None}) for name in FILTERS if filters[name]},
        previous_url=link(page=page - 1) if page > 1 else "",
        next_url=link(page=page + 1) if page < results.pages else "",
    )
    return render(request, "rulesdb/search.html", context)
