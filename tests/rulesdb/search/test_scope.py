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


def test_filters_become_the_field_values_a_clause_must_have():
    from rulesdb.search.scope import scope_fields

    assert scope_fields(document="vg-cr-it-2.2", game="", language="", kind="") == {"document": "vg-cr-it-2.2"}
    assert scope_fields(document="", game="vanguard", language="it", kind="") == {
        "game": "vanguard", "language": "it", "current": "yes"}
    assert scope_fields(document="", game="", language="", kind="heading", version="2.2") == {
        "kind": "heading", "version": "2.2"}
    assert scope_fields(document="", game="", language="", kind="", version="all") == {}


def test_an_unknown_version_is_refused_with_the_known_ones():
    from rulesdb.search.results import SearchQueryError
    from rulesdb.search.scope import scope_check

    with pytest.raises(SearchQueryError, match="2.2"):
        scope_check(version="9.9")
    scope_check(version="all")  # every version: nothing to check


@pytest.mark.parametrize("typed, slug", [
    ("vanguard", "vanguard"), ("VG", "vanguard"), ("Cardfight!! Vanguard", "vanguard"),
    ("ws", "weiss-schwarz"), ("Weiss Schwarz", "weiss-schwarz"), ("weiss", "weiss-schwarz"),
    ("Altered TCG", "altered"), ("ALTERED", "altered"),
])
def test_a_game_is_found_by_its_name_code_or_a_word_of_it(typed, slug):
    from rulesdb.search.scope import scope_resolve

    assert scope_resolve(game=typed)["game"] == slug


def test_languages_documents_kinds_and_versions_as_people_write_them():
    from rulesdb.search.scope import scope_resolve

    assert scope_resolve(language="ITA")["language"] == "it"
    assert scope_resolve(language="English")["language"] == "en"
    assert scope_resolve(document="VG-CR-EN-1.48")["document"] == "vg-cr-en-1.48"
    assert scope_resolve(document="vg-cr-it")["document"] == "vg-cr-it-2.2"  # a series: its current version
    assert scope_resolve(kind="Domanda")["kind"] == "qa"
    assert scope_resolve(kind="Question")["kind"] == "qa"
    assert scope_resolve(version="v2.2")["version"] == "2.2"
    assert scope_resolve(version="ALL")["version"] == "all"
    # What names nothing is left as typed, for scope_check to refuse in words.
    assert scope_resolve(game="poker")["game"] == "poker"
    assert scope_resolve(language="fr")["language"] == "fr"


def test_the_api_answers_a_game_named_in_words_and_refuses_an_unknown_one_naming_the_known(client, search_index):
    by_code = client.get("/api/v1/search/", {"q": "encore", "game": "WS"})
    assert by_code.status_code == 200
    assert {hit["document"] for hit in by_code.json()["results"]} == {"ws-cr-it"}
    unknown = client.get("/api/v1/search/", {"q": "encore", "game": "poker"})
    assert unknown.status_code == 400
    assert "Weiss Schwarz" in unknown.json()["detail"] and "poker" in unknown.json()["detail"]
    version = client.get("/api/v1/search/", {"q": "encore", "version": "9.9"}).json()["detail"]
    assert "“9.9”" in version and "'" not in version  # words, not a Python repr
