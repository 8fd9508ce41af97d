"""Clause search (rulesdb.search, its page, its API, its commands) on the real corpus."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import override_settings

from rulesdb import search
from rulesdb.search.analysis import terms
from rulesdb.search.searchers import searcher_borrow
from rulesdb.search.vocabulary import word_weight

from .search_helpers import ids, unmarked

pytestmark = pytest.mark.django_db


# -- analysis ----------------------------------------------------------------


def test_accents_are_folded(search_index):
    results = search.clause_search(query="abilita automatica", document="vg-cr-it-2.2")
    assert results.count > 0
    assert any("<mark>Abilità</mark>" in hit.snippet or "<mark>abilità</mark>" in hit.snippet for hit in results.hits)


def test_italian_and_english_words_are_stemmed(search_index):
    plural = search.clause_search(query="retroguardie", document="vg-cr-it-2.2")
    assert "vg-cr-it-2.2:3.10" in ids(plural)  # the heading "Retroguardia"
    english = search.clause_search(query="sentinels", document="vg-cr-en-1.48")
    assert ids(english)[0].startswith("vg-cr-en-1.48:11.9")


def test_altered_glossary_markers_never_reach_the_index(search_index):
    # The parser strips the marker `i` (`oggettoi`); the exact word is nowhere, the real one is.
    exact = search.clause_search(query='"oggettoi"')
    assert exact.unquoted == ["oggettoi"]  # no clause has it word for word
    assert all("oggettoi" not in unmarked(hit.snippet).lower() for hit in exact.hits)
    found = search.clause_search(query='"oggetti"', document="altered-cr-it")
    assert found.count > 10
    loose = search.clause_search(query="oggettoi", document="altered-cr-it")
    assert all("oggettoi" not in unmarked(hit.snippet).lower() for hit in loose.hits)


# -- phrases, snippets, facets, pages ---------------------------------------------


def test_snippets_escape_the_text_and_mark_the_hits(search_index):
    results = search.clause_search(query="unità attaccante", document="vg-cr-it-2.2", page_size=50)
    snippets = [hit.snippet for hit in results.hits]
    assert any("<mark>" in s for s in snippets)
    assert any("&quot;" in s or "&#x27;" in s for s in snippets)  # quotes in the text, escaped
    for s in snippets:
        assert "<" not in unmarked(s), s


# -- cross-language ----------------------------------------------------------------


def test_glossary_terms_that_stem_alike_expand_to_the_one_typed(glossary):
    # "units" stems like "unite" (a keyword, "legame"); it means "unit" ("unità").
    results = search.clause_search(query="trigger units", document="vg-cr-en-1.48")
    assert ("units" not in dict(results.expansions)) or dict(results.expansions)["units"] == "unità"
    assert "legame" not in results.expanded_terms


def test_question_words_weigh_little(search_index):
    with searcher_borrow() as searcher:
        reader = searcher.reader()
        assert word_weight("quante", reader, "it") < word_weight("danni", reader, "it")
        assert word_weight("how", reader, "en") < word_weight("damage", reader, "en")


def test_seed_glossary_loads_the_file_once(glossary):
    from rulesdb.models import BilingualTerm

    count = BilingualTerm.objects.count()
    # The Vanguard file also holds the senses translation QA tells apart (`draw (result)`, `call (name)`).
    assert 60 <= BilingualTerm.objects.filter(game__slug="vanguard").count() <= 160
    assert {"altered", "vanguard", "weiss-schwarz"} == set(BilingualTerm.objects.values_list("game__slug", flat=True))
    call_command("seed_glossary", "--if-empty")
    assert BilingualTerm.objects.count() == count
    term = BilingualTerm.objects.get(english="counter blast")
    assert term.italian == ["contrattacco"] and term.forbidden == ["contro-attacco"]


def test_a_synonym_added_in_the_admin_reaches_search_at_once(admin_client, glossary):
    from rulesdb.models import SearchSynonym

    assert "zona danni" not in search.clause_search(query="pilaccia", document="vg-cr-it-2.2").expanded_terms
    response = admin_client.post(
        "/admin/rulesdb/searchsynonym/add/",
        {"language": "it", "terms": '["pilaccia", "zona danni"]', "note": "gergo"},
    )
    assert response.status_code == 302, response.content[:500]
    results = search.clause_search(query="pilaccia", document="vg-cr-it-2.2")
    assert ("pilaccia", "zona danni") in results.expansions
    assert results.hits and results.hits[0].stable_id.startswith("4.8")
    synonym = next(row for row in SearchSynonym.objects.all() if "pilaccia" in row.terms)
    admin_client.post(f"/admin/rulesdb/searchsynonym/{synonym.pk}/delete/", {"post": "yes"})
    assert "zona danni" not in search.clause_search(query="pilaccia", document="vg-cr-it-2.2").expanded_terms


def test_a_glossary_term_edited_in_the_admin_reaches_search_at_once(admin_client, glossary):
    from rulesdb.models import BilingualTerm

    term = BilingualTerm.objects.get(game__slug="vanguard", english="drop zone")
    assert "zona scarti" in search.clause_search(query="drop zone", document="vg-cr-it-2.2").expanded_terms
    response = admin_client.post(
        f"/admin/rulesdb/bilingualterm/{term.pk}/change/",
        {"game": term.game_id, "english": "drop zone", "italian": '["zona di scarto"]', "forbidden": "[]", "note": ""},
    )
    assert response.status_code == 302, response.content[:500]
    expanded = search.clause_search(query="drop zone", document="vg-cr-it-2.2").expanded_terms
    assert "zona di scarto" in expanded and "zona scarti" not in expanded


def test_seed_glossary_loads_the_synonyms_and_names_a_bad_entry(glossary, tmp_path):
    from rulesdb.management.commands import seed_glossary
    from rulesdb.models import SearchSynonym

    count = SearchSynonym.objects.count()
    assert count >= 20
    call_command("seed_glossary", "--if-empty")
    assert SearchSynonym.objects.count() == count
    bad = tmp_path / "search-synonyms.json"
    bad.write_text('[{"language": "it", "terms": ["a", "b"]}, {"language": "fr", "terms": ["x", "y"]}]')
    with pytest.raises(ValueError, match="entry 2: language"):
        seed_glossary.synonyms_read(bad)
    bad.write_text('[{"language": "en", "terms": ["lonely"]}]')
    with pytest.raises(ValueError, match="entry 1: 'terms'"):
        seed_glossary.synonyms_read(bad)


# -- the API --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    ['"check timing', "(zona danni", "zona) danni))", "AND OR NOT", "AND", '""', "*", "?~^", "\x00\x07 danni\x1b",
     "zona:danni", "7.3.1.4.4.4.4.4", "-", "'", "«»"],
)
def test_malformed_queries_never_fail(client, search_index, query):
    for url in ("/api/v1/search/", "/search/"):
        response = client.get(url, {"q": query})
        assert response.status_code in (200, 302, 400), (url, query, response.status_code)


# -- the index on disk ------------------------------------------------------------------


def test_rebuild_index_command(small_corpus_index, tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        call_command("rebuild_index", "--if-missing")
        first = (tmp_path / "CURRENT").read_text()
        call_command("rebuild_index", "--if-missing")
        assert (tmp_path / "CURRENT").read_text() == first
        call_command("rebuild_index")
        assert (tmp_path / "CURRENT").read_text() != first


def test_an_empty_database_gives_a_clear_message(tmp_path):
    from rulesdb.models import Document

    Document.objects.all().delete()  # rolled back after the test
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        results = search.clause_search(query="zona")
    assert results.count == 0 and "No documents" in results.notice


def test_snippets_carry_no_markdown_emphasis(search_index):
    results = search.clause_search(query="turno extra giocatore di turno", document="vg-cr-it-2.2")
    snippets = " ".join(hit.snippet for hit in results.hits)
    assert results.hits and "**" not in snippets


# -- scoring outside whoosh's matchers ------------------------------------------


def test_every_glossary_translation_is_a_word_of_that_games_rules(search_index):
    """A translation search expands to must be in the texts as imported (as the index has
    them: stemmed), or the expansion finds nothing and shows the judge a term that does not exist."""
    import json

    from rulesdb.management.commands.seed_glossary import glossary_files
    from rulesdb.models import Clause

    for game, path in glossary_files().items():
        rows = Clause.objects.filter(document__game__slug=game, document__language="it").values_list("title", "text")
        words = " " + " ".join(terms(" ".join(f"{title} {text}" for title, text in rows), "it")) + " "
        absent = [
            term
            for entry in json.loads(path.read_text(encoding="utf-8"))
            for term in entry["italian"] + entry["forbidden"]
            if " " + " ".join(terms(term, "it")) + " " not in words
        ]
        assert not absent, (game, absent)


# -- language and game sense, cross-language through the alignment ------------------------


def test_english_words_find_italian_clauses_through_their_aligned_counterpart(search_index):
    # No glossary seeded: "boost" reaches "supporto" only through the aligned English text.
    results = search.clause_search(query="boost", document="vg-cr-it-2.2")
    assert results.hits
    for hit in results.hits[:3]:
        assert "support" in f"{hit.title} {unmarked(hit.snippet)}".casefold(), hit




def test_a_word_typed_over_and_over_counts_three_times_at_most():
    from rulesdb.search.parsing import query_parse

    assert query_parse("a " * 100).words == ["a", "a", "a"]
    assert query_parse("grado 2 su grado 1").words.count("grado") == 2  # typed again, it counts again
    assert query_parse("Carta carta CARTA carta").words == ["Carta", "carta", "CARTA"]
