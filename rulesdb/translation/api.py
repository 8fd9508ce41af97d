"""JSON API of the alignment (/api/v1/compare/?left=&right=) and of the translation QA (/api/v1/compare/qa/)."""
from django.urls import path
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.response import Response

from .. import selectors
from . import alignment as aligning
from . import qa, terminology


class _PairRefused(Exception):
    """The ?left= and ?right= of a request name no pair of documents of one game: the answer says why."""

    def __init__(self, response: Response):
        self.response = response


def _document_pair(request):
    """The two documents a compare request names (both published, or visible to staff, of one game)."""
    left, right = request.query_params.get("left", ""), request.query_params.get("right", "")
    if not left or not right:
        raise _PairRefused(Response({"detail": gettext("Give both ?left=SLUG and ?right=SLUG.")}, status=400))
    try:
        a = selectors.document_get(slug=left, user=request.user)
        b = selectors.document_get(slug=right, user=request.user)
    except selectors.DocumentNotFound as error:
        raise _PairRefused(Response({"detail": str(error)}, status=404)) from None
    if a.game_id != b.game_id:
        raise _PairRefused(Response({"detail": gettext("%(left)s and %(right)s are documents of different games.")
                                     % {"left": a.slug, "right": b.slug}}, status=400))
    return a, b


@extend_schema(
    parameters=[
        OpenApiParameter("left", OpenApiTypes.STR, required=True, description="Slug of the left document."),
        OpenApiParameter("right", OpenApiTypes.STR, required=True, description="Slug of the right document."),
        OpenApiParameter("status", OpenApiTypes.STR, description="Keep one status (same, renumbered, left-only…)."),
    ],
    responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
)
@api_view(["GET"])
def compare(request):
    """Clause-by-clause alignment of two documents of one game: pairs with ids, numbers, status, score."""
    try:
        a, b = _document_pair(request)
    except _PairRefused as refused:
        return refused.response
    stored = aligning.alignment_get_or_compute(left=a, right=b)
    pairs = aligning.alignment_pairs(alignment=stored, status=request.query_params.get("status", ""))

    def side(clause):
        return None if clause is None else {"id": clause.stable_id, "number": clause.number}

    return Response(
        {
            "left": a.slug,
            "right": b.slug,
            "counts": aligning.alignment_counts(alignment=stored),
            "pairs": [
                {
                    "order": p.order, "left": side(p.left_clause), "right": side(p.right_clause), "status": p.status,
                    "score": round(p.score, 3),
                    "uncertain": a.language != b.language and aligning.pair_uncertain(status=p.status, score=p.score),
                }
                for p in pairs
            ],
        }
    )


@extend_schema(
    parameters=[
        OpenApiParameter("left", OpenApiTypes.STR, required=True, description="Slug of one document (English or Italian)."),
        OpenApiParameter("right", OpenApiTypes.STR, required=True, description="Slug of its translation."),
        OpenApiParameter("check", OpenApiTypes.STR, description="Keep one check (missing, numbers, references…)."),
    ],
    responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
)
@api_view(["GET"])
def compare_qa(request):
    """Translation QA of an English and an Italian document: the open findings (dismissed ones left out)."""
    try:
        a, b = _document_pair(request)
    except _PairRefused as refused:
        return refused.response
    check = request.query_params.get("check", "")
    if check and check not in terminology.CHECKS:
        return Response({"detail": gettext("There is no such check; one of %(checks)s.") % {"checks": ", ".join(terminology.CHECKS)}}, status=400)
    try:
        view = qa.qa_view(left=a, right=b)
    except qa.QAError as error:
        return Response({"detail": str(error)}, status=400)
    findings = [f for f in view.findings if not check or f.check == check]
    return Response(
        {
            "english": view.english.slug,
            "italian": view.italian.slug,
            "dismissed": len(view.dismissed),
            "findings": [
                {
                    "key": f.key, "check": f.check, "term": f.term, "detail": f.detail,
                    "english": {"id": f.english_id, "number": f.english_number},
                    "italian": {"id": f.italian_id, "number": f.italian_number},
                }
                for f in findings
            ],
        }
    )


urlpatterns = [path("compare/", compare, name="api-compare"), path("compare/qa/", compare_qa, name="api-compare-qa")]
