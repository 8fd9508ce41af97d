"""The reader's JSON API, under /api/v1/: documents, clauses with their
children, references and cited-by, glossaries. Unknown slugs or numbers are
404s with a message."""
from django.urls import path
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from judgeapp.errors import NotFound

from . import rendering, selectors, versions
from .models import Clause, Document
from .parsers.icons import with_placeholders, with_placeholders_mapped
from .serializers import (
    ClauseHistorySerializer, ClauseSerializer, DocumentSerializer, ErrorSerializer, GlossaryEntrySerializer,
)

_NOT_FOUND = {404: OpenApiResponse(ErrorSerializer, description="Unknown document or clause.")}


def _document(slug: str) -> Document:
    """A published version by its slug, or a series' current version by the series slug (`vg-cr-it`)."""
    document = Document.objects.published().select_related("game").filter(slug=slug).first()
    if document is None:
        document = versions.series_current(series=slug)
    if document is None:
        raise NotFound(gettext("There is no published document “%(slug)s”; see /api/v1/documents/.") % {"slug": slug[:60]})
    return document


def _document_data(document: Document, clause_count: int) -> dict:
    return {
        "slug": document.slug, "series": document.series, "game": document.game.slug, "kind": document.kind,
        "language": document.language, "version": document.version, "date": document.date,
        "title": document.title, "credit": document.credit, "clause_count": clause_count,
        "url": rendering.document_url(document.slug),
    }


def _summary(index, clause: Clause, slug: str) -> dict:
    return {
        "number": clause.number, "printed_number": clause.printed_number, "stable_id": clause.stable_id,
        "kind": clause.kind, "title": with_placeholders(clause.title, language=index.language),
        "url": rendering.clause_url(index, clause, slug),
    }


@extend_schema(responses=DocumentSerializer(many=True), summary="Published documents")
@api_view(["GET"])
def document_list(request: Request) -> Response:
    data = [_document_data(d, d.clause_count) for d in selectors.document_list()]
    return Response(DocumentSerializer(data, many=True).data)


@extend_schema(responses={200: DocumentSerializer, **_NOT_FOUND}, summary="One document")
@api_view(["GET"])
def document_detail(request: Request, slug: str) -> Response:
    document = _document(slug)
    slug = document.slug  # a series slug answers its current version
    index = selectors.document_index(document=document)
    return Response(DocumentSerializer(_document_data(document, len(index.clauses))).data)


def _clauses_at(index, slug: str, number: str) -> list:
    """The clauses printed at ``number`` (the first, then any printed again under it), or a 404 naming
    the nearest numbers."""
    normal = selectors.number_normalise(number)
    clauses = index.by_number.get(index.address_of(normal) or "")
    if clauses:
        return clauses
    nearest = ", ".join(c.number for c in index.nearest(normal)[:5]) if selectors.number_is_plausible(normal) else ""
    if nearest:
        raise NotFound(gettext("%(slug)s has no clause “%(number)s”; nearest: %(nearest)s.")
                       % {"slug": slug, "number": number[:60], "nearest": nearest})
    raise NotFound(gettext("%(slug)s has no clause “%(number)s”.") % {"slug": slug, "number": number[:60]})


@extend_schema(
    responses={200: ClauseSerializer, **_NOT_FOUND},
    summary="One clause by number (first occurrence) with children, references and cited-by",
)
@api_view(["GET"])
def clause_detail(request: Request, slug: str, number: str) -> Response:
    document = _document(slug)
    slug = document.slug  # a series slug answers its current version
    index = selectors.document_index(document=document)
    clauses = _clauses_at(index, slug, number)
    clause = clauses[0]
    parent = index.by_id.get(clause.parent_id)
    # The text as the reader shows it (lost icons named, never "()"); reference offsets follow it.
    text, moved = with_placeholders_mapped(clause.text, language=index.language)
    references = []
    for ref in index.references.get(clause.pk, ()):
        target = index.by_id.get(ref.target_id) if ref.target_id else None
        references.append({
            "raw": ref.raw, "target_number": ref.target_number, "start": moved(ref.start), "end": moved(ref.end),
            "target_url": rendering.clause_url(index, target, slug) if target else None,
        })
    cited = {}
    for ref in index.cited_by.get(clause.pk, ()):
        cited.setdefault(ref.source_id, index.by_id[ref.source_id])
    data = {
        **_summary(index, clause, slug),
        "document": slug,
        "text": text,
        "parent": _summary(index, parent, slug) if parent else None,
        "children": [_summary(index, c, slug) for c in index.children.get(clause.pk, [])],
        "duplicates": [_summary(index, c, slug) for c in clauses[1:]],
        "references": references,
        "cited_by": [_summary(index, c, slug) for c in cited.values()],
    }
    return Response(ClauseSerializer(data).data)


@extend_schema(responses={200: GlossaryEntrySerializer(many=True), **_NOT_FOUND}, summary="A document's glossary")
@api_view(["GET"])
def glossary(request: Request, slug: str) -> Response:
    document = _document(slug)
    slug = document.slug  # a series slug answers its current version
    index = selectors.document_index(document=document)
    data = [
        {"term": t.term, "clause": _summary(index, index.by_id[t.clause_id], slug)}
        for t in index.glossary
        if t.clause_id in index.by_id
    ]
    return Response(GlossaryEntrySerializer(data, many=True).data)


@extend_schema(
    responses={200: ClauseHistorySerializer, **_NOT_FOUND},
    summary="One clause in every version of its series (through renumbering), with word diffs and change-report entries",
)
@api_view(["GET"])
def clause_history(request: Request, slug: str, number: str) -> Response:
    document = _document(slug)
    slug = document.slug  # a series slug answers its current version
    index = selectors.document_index(document=document)
    clauses = _clauses_at(index, slug, number)
    current = versions.series_current(series=document.series)
    steps = []
    for step in versions.clause_history(document=document, clause=clauses[0]):
        step_index = selectors.document_index(document=step.document)
        row = step.row
        steps.append({
            "document": step.document.slug, "version": step.document.version, "date": step.document.date,
            "current": current is not None and current.pk == step.document.pk, "status": step.status,
            "clause": _summary(step_index, step.clause, step.document.slug) if step.clause else None,
            "text": with_placeholders(step.clause.text, language=step_index.language) if step.clause else "",
            "diff": [{"op": op, "words": words} for op, words in step.diff],
            "change": {k: row[k] for k in ("change", "old_number", "new_number", "detail")} if row else None,
        })
    return Response(ClauseHistorySerializer({"series": document.series, "steps": steps}).data)


urlpatterns = [
    path("documents/<str:slug>/clauses/<str:number>/history/", clause_history, name="api-clause-history"),
    path("documents/", document_list, name="api-document-list"),
    path("documents/<str:slug>/", document_detail, name="api-document-detail"),
    path("documents/<str:slug>/clauses/<str:number>/", clause_detail, name="api-clause-detail"),
    path("documents/<str:slug>/glossary/", glossary, name="api-glossary"),
]
