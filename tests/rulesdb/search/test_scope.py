"""rulesdb/search/scope.py: the search filters, checked and turned into index terms."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_unknown_filters_are_a_400(client, search_index):
    response = client.get("/api/v1/search/", {"q": "danni", "document": "no-such-doc"})
    assert response.status_code == 400 and "no-such-doc" in response.json()["detail"]
    assert client.get("/api/v1/search/", {"q": "danni", "kind": "nope"}).status_code == 400
    assert client.get("/api/v1/search/", {"q": "danni", "page": "zero"}).status_code == 400
    assert client.get("/search/", {"q": "danni", "document": "no-such-doc"}).status_code == 400


def test_only_current_versions_unless_a_document_or_version_is_named():
    from rulesdb.search.scope import version_scope

    assert version_scope(document="", version="") == {"current": "yes"}
    assert version_scope(document="vg-cr-it-2.2", version="") == {}
    assert version_scope(document="", version="all") == {}
    assert version_scope(document="", version="2.2") == {"version": "2.2"}


def test_filters_become_one_term_or_their_conjunction():
    from whoosh.query import And, Term

    from rulesdb.search.scope import scope_filter

    assert scope_filter(document="vg-cr-it-2.2", game="", language="", kind="") == Term("document", "vg-cr-it-2.2")
    both = scope_filter(document="", game="vanguard", language="it", kind="")
    assert isinstance(both, And)
    assert set(both.subqueries) == {Term("game", "vanguard"), Term("language", "it"), Term("current", "yes")}
    assert scope_filter(document="", game="", language="", kind="", version="all") is None


def test_an_unknown_version_is_refused_with_the_known_ones():
    from rulesdb.search.results import SearchQueryError
    from rulesdb.search.scope import scope_check

    with pytest.raises(SearchQueryError, match="2.2"):
        scope_check(version="9.9")
    scope_check(version="all")  # every version: nothing to check
