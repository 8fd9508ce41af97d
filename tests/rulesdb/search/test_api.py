"""rulesdb/search/api.py: the search API's shape, its schema, and its refusals in words."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_api_returns_exactly_the_documented_shape(client, search_index):
    body = client.get("/api/v1/search/", {"q": "sentinel", "document": "vg-cr-en-1.48"}).json()
    assert set(body) == {"count", "results", "expanded_terms", "did_you_mean", "number_choices", "suggestions",
                         "unquoted"}
    assert body["count"] > 0
    assert set(body["results"][0]) == {
        "document", "id", "number", "title", "snippet", "score", "parent_number", "parent_title",
    }
    assert body["results"][0]["parent_title"]
    assert body["results"][0]["document"] == "vg-cr-en-1.48"


def test_the_api_is_in_the_openapi_schema(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/v1/search/" in response.content


def test_too_long_a_query_is_a_400_that_says_why(client, search_index):
    response = client.get("/api/v1/search/", {"q": "danni " * 2000})
    assert response.status_code == 400
    assert "limit is 200" in response.json()["detail"]
    page = client.get("/search/", {"q": "x" * 10_000})
    assert page.status_code == 400 and b"limit is 200" in page.content


def test_a_quoted_phrase_no_clause_has_is_named_in_the_answer(client, search_index):
    body = client.get("/api/v1/search/", {"q": '"intercetto fantasma"'}).json()
    assert body["unquoted"] == ["intercetto fantasma"] and body["count"] > 0
    assert client.get("/api/v1/search/", {"q": '"unità attaccante"'}).json()["unquoted"] == []
