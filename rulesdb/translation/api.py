"""JSON API of the alignment: /api/v1/compare/?left=&right=."""
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.response import Response

from .. import selectors
from . import alignment as aligning


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
    left, right = request.query_params.get("left", ""), request.query_params.get("right", "")
    if not left or not right:
        return Response({"detail": "give both ?left=SLUG and ?right=SLUG"}, status=400)
    try:
        a = selectors.document_get(slug=left, user=request.user)
        b = selectors.document_get(slug=right, user=request.user)
    except selectors.DocumentNotFound as error:
        return Response({"detail": str(error)}, status=404)
    if a.game_id != b.game_id:
        return Response({"detail": f"{a.slug} and {b.slug} are documents of different games"}, status=400)
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
                {"order": p.order, "left": side(p.left_clause), "right": side(p.right_clause), "status": p.status, "score": round(p.score, 3)}
                for p in pairs
            ],
        }
    )


urlpatterns = [path("compare/", compare, name="api-compare")]
