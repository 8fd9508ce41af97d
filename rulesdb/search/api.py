"""GET /api/v1/search/: clause search as JSON (the same search as the /search/ page)."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from django.urls import path

from .parsing import MAX_QUERY_CHARS
from .results import SearchQueryError, SearchUnavailable
from .selectors import clause_search

PAGE_SIZE = 10
MAX_PAGE = 1000


class SearchParamsSerializer(serializers.Serializer):
    q = serializers.CharField(allow_blank=True, trim_whitespace=False, required=False, default="")
    document = serializers.CharField(required=False, default="", allow_blank=True)
    game = serializers.CharField(required=False, default="", allow_blank=True)
    language = serializers.CharField(required=False, default="", allow_blank=True)
    kind = serializers.CharField(required=False, default="", allow_blank=True)
    version = serializers.CharField(required=False, default="", allow_blank=True, max_length=20)
    page = serializers.IntegerField(required=False, default=1, min_value=1, max_value=MAX_PAGE)


class SearchHitSerializer(serializers.Serializer):
    document = serializers.CharField(help_text="Document slug.")
    id = serializers.CharField(source="stable_id", help_text="The clause's stable id.")
    number = serializers.CharField()
    title = serializers.CharField()
    snippet = serializers.CharField(help_text="HTML: escaped clause text, query words in <mark>.")
    score = serializers.FloatField()
    parent_number = serializers.CharField(help_text="Number of the heading the clause is printed under.")
    parent_title = serializers.CharField(help_text="Title of the heading the clause is printed under.")


class SuggestionSerializer(serializers.Serializer):
    q = serializers.CharField()
    count = serializers.IntegerField()


class SearchResponseSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = SearchHitSerializer(many=True)
    expanded_terms = serializers.ListField(
        child=serializers.CharField(), help_text="Glossary translations of query terms that were searched too."
    )
    did_you_mean = serializers.CharField(
        help_text="The query with misspelt words corrected (close spellings are searched too); empty when none."
    )
    number_choices = serializers.BooleanField(
        help_text="The query is a clause number printed in several documents: the results are each document's clause."
    )
    suggestions = SuggestionSerializer(many=True, help_text="For a query that found nothing: queries that find something.")
    unquoted = serializers.ListField(
        child=serializers.CharField(),
        help_text="Quoted phrases no clause has word for word: the results are for the query with their words apart.",
    )


class SearchErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class SearchView(APIView):
    @extend_schema(
        operation_id="clause_search",
        summary="Search clauses",
        description=(
            "Words (Italian or English; accents, stemming and typos tolerated), \"quoted phrases\" or a "
            "clause number (`7.3.1.4`: that clause first, then its subtree; a number printed in several "
            "documents answers each document's clause, `number_choices`). English words also search the "
            "Italian rules, through the bilingual glossary (`expanded_terms`) and the aligned translation; "
            "judges' words (\"CB\", \"PG\") find the rules' terms. A misspelt word is searched as its "
            "closest spellings and `did_you_mean` gives the corrected query; quoted phrases no clause "
            "has word for word are searched with their words apart (`unquoted`); a query that finds nothing "
            f"gets `suggestions`. Queries over "
            f"{MAX_QUERY_CHARS} characters and unknown filter values are a 400. {PAGE_SIZE} results a page."
        ),
        parameters=[
            OpenApiParameter("q", {"type": "string", "maxLength": MAX_QUERY_CHARS}, description="The query."),
            OpenApiParameter("document", str, description="Only this document (slug)."),
            OpenApiParameter("game", str, description="Only this game (slug)."),
            OpenApiParameter("language", str, description="Only documents in this language (`it`, `en`)."),
            OpenApiParameter("kind", str, description="Only clauses of this kind (`rule`, `heading`, `qa`…)."),
            OpenApiParameter("version", str, description="Each series' current version is searched unless this asks for "
                             "one version (`2.2`) or for every version (`all`); naming a `document` searches that version."),
            OpenApiParameter("page", {"type": "integer", "minimum": 1, "maximum": MAX_PAGE, "default": 1},
                             description=f"1-based page number, at most {MAX_PAGE}."),
        ],
        responses={200: SearchResponseSerializer, 400: SearchErrorSerializer, 503: SearchErrorSerializer},
    )
    def get(self, request: Request) -> Response:
        params = SearchParamsSerializer(data=request.query_params)
        if not params.is_valid():
            detail = "; ".join(f"{name}: {' '.join(map(str, errors))}" for name, errors in params.errors.items())
            return Response({"detail": detail}, status=status.HTTP_400_BAD_REQUEST)
        data = params.validated_data
        try:
            results = clause_search(
                query=data["q"],
                document=data["document"],
                game=data["game"],
                language=data["language"],
                kind=data["kind"],
                version=data["version"],
                page=data["page"],
                page_size=PAGE_SIZE,
            )
        except SearchQueryError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        except SearchUnavailable as error:
            return Response({"detail": str(error)}, status=status.HTTP_503_SERVICE_UNAVAILABLE)
        body = {
            "count": results.count,
            "results": results.hits,
            "expanded_terms": results.expanded_terms,
            "did_you_mean": results.did_you_mean,
            "number_choices": results.number_choices,
            "suggestions": [{"q": q, "count": n} for q, n in results.suggestions],
            "unquoted": results.unquoted,
        }
        return Response(SearchResponseSerializer(body).data)


urlpatterns = [
    path("search/", SearchView.as_view(), name="api-search"),
]
