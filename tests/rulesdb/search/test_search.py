"""Clause search (rulesdb.search, its page, its API, its commands) on the real corpus."""
from __future__ import annotations

import re
import threading

import pytest
from django.core.management import call_command
from django.test import override_settings

from rulesdb import search
from rulesdb.search.analysis import stem, terms
from rulesdb.search.index import index_rows, searcher_borrow
from rulesdb.search.query import query_parse, query_plan
from rulesdb.search.ranking import IndexData, games_implied, index_data, query_scores
from rulesdb.search.vocabulary import word_weight

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def search_index(tmp_path_factory, django_db_setup, django_db_blocker):
    """One index of the whole corpus, in a temporary directory, for the module."""
    root = tmp_path_factory.mktemp("search")
    with override_settings(SEARCH_INDEX_DIR=root), django_db_blocker.unblock():
        search.index_rebuild()
        yield root


@pytest.fixture
def glossary(search_index):
    """The vendored bilingual glossary and search synonyms, seeded for one test (rolled back after it)."""
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed

    glossary_seed()
    synonyms_seed()
    yield
    search.glossary_cache_clear()


def ids(results) -> list[str]:
    return [f"{hit.document}:{hit.stable_id}" for hit in results.hits]


def unmarked(snippet: str) -> str:
    return snippet.replace("<mark>", "").replace("</mark>", "")


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


def test_words_that_change_a_ruling_are_not_stop_words(search_index):
    negative = search.clause_search(query='"non può attaccare"', document="vg-cr-it-2.2")
    positive = search.clause_search(query='"può attaccare"', document="vg-cr-it-2.2")
    assert "vg-cr-it-2.2:10.27.15" in ids(negative)
    assert 0 < negative.count < positive.count
    assert search.clause_search(query='"cannot attack"', document="vg-cr-en-1.48").count > 0


def test_a_misspelt_word_finds_the_right_one(search_index):
    results = search.clause_search(query="contrattaco", document="vg-cr-it-2.2")
    assert ids(results)[0] in {"vg-cr-it-2.2:10.16", "vg-cr-it-2.2:10.16.1"}


def test_a_word_cut_short_matches_as_a_prefix(search_index):
    results = search.clause_search(query="contrat", document="vg-cr-it-2.2")
    assert any("Contrattacco" in hit.title for hit in results.hits)


def test_altered_glossary_markers_never_reach_the_index(search_index):
    # The parser strips the marker `i` (`oggettoi`); the exact word is nowhere, the real one is.
    assert search.clause_search(query='"oggettoi"').count == 0
    found = search.clause_search(query='"oggetti"', document="altered-cr-it")
    assert found.count > 10
    loose = search.clause_search(query="oggettoi", document="altered-cr-it")
    assert all("oggettoi" not in unmarked(hit.snippet).lower() for hit in loose.hits)


# -- clause numbers ------------------------------------------------------------


@pytest.mark.parametrize("query", ["7.3.1.4", "7.3.1.4.", " 7.3.1.4 "])
def test_a_clause_number_comes_first(search_index, query):
    results = search.clause_search(query=query, document="vg-cr-it-2.2")
    assert ids(results)[0] == "vg-cr-it-2.2:7.3.1.4"
    assert results.number_match.stable_id == "7.3.1.4"


def test_a_lettered_number_comes_first(search_index):
    results = search.clause_search(query="1.1.4.g")
    assert ids(results)[0] == "altered-cr-it:1.1.4.g"


def test_a_number_prefix_lists_its_subtree_in_order(search_index):
    results = search.clause_search(query="7.3", document="vg-cr-en-1.48", page_size=50)
    numbers = [hit.number for hit in results.hits]
    assert numbers[0] == "7.3"
    assert all(n == "7.3" or n.startswith("7.3.") for n in numbers)
    assert results.count > 1 and results.number_match is not None


def test_the_page_jumps_to_a_number_that_exists_once(client, search_index):
    response = client.get("/search/", {"q": "7.3.1.4", "document": "vg-cr-it-2.2"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/vg-cr-it-2.2/7.3.1.4/"


def test_the_page_lists_a_number_printed_in_several_documents(client, search_index):
    response = client.get("/search/", {"q": "7.3"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "vg-cr-it-2.2" in html and "vg-cr-en-1.48" in html


# -- phrases, snippets, facets, pages ---------------------------------------------


def test_a_quoted_phrase_must_match_in_order(search_index):
    results = search.clause_search(query='"check timing"', page_size=50)
    assert results.count > 10
    for hit in results.hits:
        assert re.search(r"check\W+timing", unmarked(hit.snippet) + " " + hit.title, re.I), hit


def test_snippets_escape_the_text_and_mark_the_hits(search_index):
    results = search.clause_search(query="unità attaccante", document="vg-cr-it-2.2", page_size=50)
    snippets = [hit.snippet for hit in results.hits]
    assert any("<mark>" in s for s in snippets)
    assert any("&quot;" in s or "&#x27;" in s for s in snippets)  # quotes in the text, escaped
    for s in snippets:
        assert "<" not in unmarked(s), s


def test_results_carry_facets_and_pages(search_index):
    first = search.clause_search(query="zona danni", page=1, page_size=10)
    second = search.clause_search(query="zona danni", page=2, page_size=10)
    assert first.count == second.count > 20
    assert set(ids(first)).isdisjoint(ids(second))
    assert sum(first.facets["document"].values()) == first.count
    assert sum(first.facets["kind"].values()) == first.count
    scoped = search.clause_search(query="zona danni", document="vg-playbook-it-3.00", kind="qa")
    assert scoped.count == len([1 for h in scoped.hits]) or scoped.count > 10
    assert {h.document for h in scoped.hits} == {"vg-playbook-it-3.00"} and {h.kind for h in scoped.hits} == {"qa"}


def test_the_page_shows_document_language_and_facets(client, search_index):
    response = client.get("/search/", {"q": "zona danni"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="facets"' in html and "?q=zona+danni&amp;document=vg-cr-it-2.2" in html
    # Document titles and language names, never slugs or codes.
    assert "Comprehensive Rules (Regolamento completo) 2.2</span> · Italian · rule" in html
    assert "<mark>" in html and 'rel="next"' in html


# -- cross-language ----------------------------------------------------------------


@pytest.mark.parametrize(
    "query, italian, expected",
    [
        ("drive check", "controllo d'assalto", {"10.14", "10.14.1", "2.16.1", "7.5.1.2"}),
        ("rear-guard", "retroguardia", {"3.10", "3.10.1"}),
        ("damage zone", "zona danni", {"4.8", "4.8.1", "4.8.2", "4.8.3"}),
    ],
)
def test_english_terms_search_the_italian_rules_through_the_glossary(client, glossary, query, italian, expected):
    response = client.get("/api/v1/search/", {"q": query, "document": "vg-cr-it-2.2"})
    body = response.json()
    assert response.status_code == 200
    assert italian in body["expanded_terms"]
    top = {hit["id"] for hit in body["results"][:5]}
    assert top & expected, (query, top)


def test_italian_terms_search_the_english_rules_too(glossary):
    results = search.clause_search(query="zona danni", document="vg-cr-en-1.48")
    assert "damage zone" in results.expanded_terms
    assert ids(results)[0] in {f"vg-cr-en-1.48:{n}" for n in ("4.8", "4.8.1", "4.8.2", "4.8.3")}


def test_italian_synonyms_and_loanwords_find_each_other(glossary):
    # The Italian rules say "Deck" where a judge types "mazzo".
    results = search.clause_search(query="inneschi mazzo", document="vg-cr-it-2.2")
    assert "deck" in [t.lower() for t in results.expanded_terms]
    assert "vg-cr-it-2.2:5.2.2.3" in ids(results)[:5]


def test_a_term_in_several_games_glossaries_expands_to_each_translation(glossary):
    # "owner": "proprietario" in Vanguard, "possessore" too in Weiss Schwarz.
    results = search.clause_search(query="owner")
    assert {"proprietario", "possessore"} <= set(results.expanded_terms)


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


def test_a_bare_integer_among_words_is_a_count_not_a_clause_number(search_index):
    parsed = query_parse("weiss level 4 lose")
    assert "4" in parsed.words and not parsed.numbers and parsed.whole_number is None
    assert query_parse("regola 4").numbers == ["4"]
    assert query_parse("7.3 drive").numbers == ["7.3"]
    results = search.clause_search(query="weiss level 4 lose")
    assert ids(results)[0].startswith("ws-cr-it:")


def test_a_word_only_one_game_uses_ranks_that_games_rules_first(search_index):
    # "retroguardie" is Vanguard's word; "al massimo" is said most often in Altered's deck rules.
    results = search.clause_search(query="quante retroguardie al massimo")
    assert ids(results)[0].startswith("vg-cr-it-2.2:3.10") and "vg-cr-it-2.2:3.10.1.1" in ids(results)[:3]
    with searcher_borrow() as searcher:
        data = index_data(searcher)
        plan = query_plan(query_parse("stock nascosta"), searcher.reader(), search.SearchResults(query=""))
        assert games_implied(searcher, data, ["stock", "nascosta"], plan.word_weights) == {"weiss-schwarz"}
        plan = query_plan(query_parse("carte mano"), searcher.reader(), search.SearchResults(query=""))
        assert games_implied(searcher, data, ["carte", "mano"], plan.word_weights) == frozenset()


def test_counts_in_letters_find_digits(search_index):
    results = search.clause_search(query="level quattro carte", document="ws-cr-it")
    assert any("<mark>4</mark>" in hit.snippet for hit in results.hits[:5])


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


@pytest.mark.parametrize(
    "query, document, synonym, expected",
    [
        # Magic's "tap" is Vanguard's "rest"; "graveyard" its drop zone; "cimitero" the Italian one.
        ("tapped", "vg-cr-en-1.48", "rest", {"3.17.1.2", "3.17.1.2.1"}),
        ("graveyard", "vg-cr-en-1.48", "drop zone", {"4.4", "4.4.1", "4.4.2"}),
        ("cimitero", "vg-cr-it-2.2", "zona scarti", {"4.4", "4.4.1", "4.4.2"}),
        # A paraphrase the rules put otherwise: "flip" for "turn ... face up".
        ("flip damage face up", "vg-cr-en-1.48", "turn face up", {"10.30.1"}),
    ],
)
def test_everyday_words_find_the_rules_words_through_the_synonyms(glossary, query, document, synonym, expected):
    results = search.clause_search(query=query, document=document)
    assert synonym in results.expanded_terms
    top = {hit.stable_id for hit in results.hits[:5]}
    assert top & expected, (query, top)


def test_without_the_synonyms_those_words_miss(search_index):
    results = search.clause_search(query="graveyard", document="vg-cr-en-1.48")
    assert not {hit.stable_id for hit in results.hits[:5]} & {"4.4", "4.4.1", "4.4.2"}


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


def test_the_api_returns_exactly_the_documented_shape(client, search_index):
    body = client.get("/api/v1/search/", {"q": "sentinel", "document": "vg-cr-en-1.48"}).json()
    assert set(body) == {"count", "results", "expanded_terms", "did_you_mean", "number_choices", "suggestions"}
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


@pytest.mark.parametrize(
    "query",
    ['"check timing', "(zona danni", "zona) danni))", "AND OR NOT", "AND", '""', "*", "?~^", "\x00\x07 danni\x1b",
     "zona:danni", "7.3.1.4.4.4.4.4", "-", "'", "«»"],
)
def test_malformed_queries_never_fail(client, search_index, query):
    for url in ("/api/v1/search/", "/search/"):
        response = client.get(url, {"q": query})
        assert response.status_code in (200, 302, 400), (url, query, response.status_code)


def test_too_long_a_query_is_a_400_that_says_why(client, search_index):
    response = client.get("/api/v1/search/", {"q": "danni " * 2000})
    assert response.status_code == 400
    assert "limit is 200" in response.json()["detail"]
    page = client.get("/search/", {"q": "x" * 10_000})
    assert page.status_code == 400 and b"limit is 200" in page.content


def test_unknown_filters_are_a_400(client, search_index):
    response = client.get("/api/v1/search/", {"q": "danni", "document": "no-such-doc"})
    assert response.status_code == 400 and "no-such-doc" in response.json()["detail"]
    assert client.get("/api/v1/search/", {"q": "danni", "kind": "nope"}).status_code == 400
    assert client.get("/api/v1/search/", {"q": "danni", "page": "zero"}).status_code == 400
    assert client.get("/search/", {"q": "danni", "document": "no-such-doc"}).status_code == 400


# -- the index on disk ------------------------------------------------------------------


def test_a_missing_index_is_built_on_the_first_search(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path / "fresh"):
        assert not search.index_exists()
        results = search.clause_search(query="sentinella")
        assert results.count > 0 and search.index_exists()


def test_searches_keep_answering_during_a_rebuild(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        rows = index_rows()  # read in this thread: the test's database connection
        before = (tmp_path / "CURRENT").read_text()
        errors: list[BaseException] = []

        def rebuild():
            try:
                with override_settings(SEARCH_INDEX_DIR=tmp_path):
                    search.index_rebuild(rows=rows)
            except BaseException as error:  # noqa: BLE001 - reported below
                errors.append(error)

        thread = threading.Thread(target=rebuild)
        thread.start()
        answered = 0
        while thread.is_alive() or answered < 3:
            assert search.clause_search(query="zona danni").count > 0
            answered += 1
        thread.join()
        assert not errors
        after = (tmp_path / "CURRENT").read_text()
        assert after != before
        assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == [after]
        assert search.clause_search(query="zona danni").count > 0


def test_rebuild_index_command(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        call_command("rebuild_index", "--if-missing")
        first = (tmp_path / "CURRENT").read_text()
        call_command("rebuild_index", "--if-missing")
        assert (tmp_path / "CURRENT").read_text() == first
        call_command("rebuild_index")
        assert (tmp_path / "CURRENT").read_text() != first


def test_every_import_refreshes_an_existing_index(tmp_path, django_capture_on_commit_callbacks):
    from rulesdb import services

    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        before = (tmp_path / "CURRENT").read_text()
        with django_capture_on_commit_callbacks(execute=True):
            services.vendored_load(slugs=["altered-cr-it"])
        assert (tmp_path / "CURRENT").read_text() != before
        assert search.clause_search(query="oggetti", document="altered-cr-it").count > 0


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


def _whoosh_scores(searcher, query) -> dict[int, float]:
    return {hit.docnum: hit.score for hit in searcher.search(query, limit=None)}


@pytest.mark.parametrize(
    "fieldname, text",
    [("text_it", stem("danni", "it")), ("title_it", stem("sentinella", "it")),
     ("text_en", stem("guardian", "en")), ("exact", "retroguardia"), ("context_en", stem("battle", "en"))],
)
def test_a_terms_scores_are_whooshs_bm25f(search_index, fieldname, text):
    from whoosh.query import Term

    with searcher_borrow() as searcher:
        data = IndexData(searcher.reader())
        ours = data.leaf_scores(searcher, Term(fieldname, text))
        theirs = _whoosh_scores(searcher, Term(fieldname, text))
    assert ours and ours.keys() == theirs.keys()
    assert all(ours[n] == pytest.approx(theirs[n], rel=1e-9) for n in theirs)


def test_combined_queries_score_as_whoosh_combines_them(search_index):
    from whoosh.query import And, AndMaybe, Or, Phrase, Term

    it = lambda word: stem(word, "it")  # noqa: E731
    query = AndMaybe(
        Or([Phrase("text_it", [it("zona"), it("danni")], slop=1), Term("title_it", it("danni"), boost=3.0)]),
        Or([And([Term("text_it", it("carte")), Term("text_it", it("perdere"))], boost=2.0), Term("number", "8.1.2")]),
    )
    with searcher_borrow() as searcher:
        ours = query_scores(searcher, IndexData(searcher.reader()), query)
        theirs = _whoosh_scores(searcher, query)
    assert len(ours) > 20 and ours.keys() == theirs.keys()
    assert all(ours[n] == pytest.approx(theirs[n], rel=1e-9) for n in theirs)


def test_a_searcher_serves_one_thread_at_a_time_and_is_reused(search_index):
    search.clause_search(query="sentinella")
    with searcher_borrow() as first:
        with searcher_borrow() as second:  # while `first` is lent, another is opened
            assert second is not first
    seen = []

    def borrow():
        with searcher_borrow() as searcher:
            seen.append(searcher)

    thread = threading.Thread(target=borrow)
    thread.start()
    thread.join()
    assert seen[0] in (first, second)  # a new thread reuses an idle searcher


def test_a_rebuild_retires_the_old_searchers(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        with searcher_borrow() as old:
            pass
        search.index_rebuild()
        with searcher_borrow() as new:
            assert new is not old and new.index_key != old.index_key
        assert old.is_closed
        assert search.clause_search(query="zona danni").count > 0


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


def test_the_term_score_cache_stays_within_its_budget(search_index):
    from whoosh.query import Term

    with searcher_borrow() as searcher:
        data = IndexData(searcher.reader())
        data.LEAF_CACHE_POSTINGS = 300
        for word in ("danni", "carte", "turno", "unita", "forza", "attacco"):
            data.leaf_scores(searcher, Term("exact", word))
            assert data.leaves_postings == sum(len(v) for v in data.leaves.values())
            assert data.leaves_postings <= 300 or len(data.leaves) == 1  # one list over budget is kept alone


# -- a number in several documents, did you mean, nothing found ----------------------


def test_a_number_printed_in_several_documents_offers_each_documents_clause(search_index):
    results = search.clause_search(query="7.3.1", page_size=50)
    assert results.number_choices
    documents = [hit.document for hit in results.hits]
    assert len(documents) == len(set(documents)) >= 4  # one clause per document, not its subtree
    assert all(hit.number == "7.3.1" for hit in results.hits)
    assert results.count == len(results.hits)
    # A heading with no words of its own shows the first words under it.
    assert all(unmarked(hit.snippet).strip() for hit in results.hits)


def test_a_number_in_one_document_still_lists_its_subtree(search_index):
    results = search.clause_search(query="7.3.1", document="vg-cr-en-1.48", page_size=50)
    assert not results.number_choices and results.count > 1


def test_the_page_offers_the_documents_of_a_shared_number(client, search_index):
    html = client.get("/search/", {"q": "7.3.1"}).content.decode()
    results = search.clause_search(query="7.3.1")
    assert f"7.3.1 is printed in {results.count} documents" in html
    assert len(re.findall(r'<li class="result[ "]', html)) == results.count


def test_a_misspelt_word_is_corrected_and_offered(search_index):
    results = search.clause_search(query="guardain")
    assert results.did_you_mean == "guardian"
    # The swap of two letters is one edit: "guardare" (to look, two edits) is not searched.
    assert all("guardare" not in unmarked(hit.snippet).casefold() for hit in results.hits[:5])
    assert "guardian" in unmarked(results.hits[0].snippet).casefold()


def test_a_word_the_index_knows_is_not_corrected(search_index):
    assert search.clause_search(query="guardian").did_you_mean == ""


def test_the_page_puts_the_corrected_query_one_tap_away(client, search_index):
    html = client.get("/search/", {"q": "sentinela guardain"}).content.decode()
    assert 'Did you mean <a href="?q=sentinella+guardian">sentinella guardian</a>?' in html


def test_a_filtered_query_that_finds_nothing_offers_every_document(client, search_index):
    results = search.clause_search(query="intercetto", document="ws-cr-it")
    assert results.count == 0 and results.unscoped_count > 0
    html = client.get("/search/", {"q": "intercetto", "document": "ws-cr-it"}).content.decode()
    assert "in every document" in html and 'href="?q=intercetto"' in html


def test_a_phrase_that_is_nowhere_offers_its_words_that_are(search_index):
    results = search.clause_search(query='"intercetto fantasma"')
    assert results.count == 0
    suggested = dict(results.suggestions)
    assert suggested["intercetto fantasma"] == search.clause_search(query="intercetto fantasma").count > 0
    assert suggested["intercetto"] == search.clause_search(query="intercetto").count
    assert "fantasma" not in suggested  # it finds nothing either


def test_nothing_found_says_what_to_try(client, search_index):
    html = client.get("/search/", {"q": "qwxzv"}).content.decode()
    assert "Nothing found" in html and "Try" in html


# -- answers shaped for a judge ----------------------------------------------------------


def test_the_top_hit_shows_its_whole_text_and_the_heading_it_is_under(client, search_index):
    results = search.clause_search(query="intercept", document="vg-cr-en-1.48")
    top = results.hits[0]
    html = client.get("/search/", {"q": "intercept", "document": "vg-cr-en-1.48"}).content.decode()
    assert 'class="result top-hit"' in html
    assert "Under " in html
    assert top.parent_title and top.parent_title in html
    long_hit = next(h for h in results.hits if len(h.text) > 300)
    if long_hit is top:
        assert long_hit.text[250:290] in html  # the whole text, not a 240-character window


def test_on_a_phone_the_results_come_before_the_facets(client, search_index):
    html = client.get("/search/", {"q": "guardian"}).content.decode()
    assert html.index('class="results"') < html.index('class="facets"')
    assert html.index('class="results"') < html.index('class="expanded"') if 'class="expanded"' in html else True


# -- language and game sense, cross-language through the alignment ------------------------


def test_the_querys_language_comes_first_when_both_translations_answer(glossary):
    results = search.clause_search(query="what does intercept do")
    first_english = next(i for i, h in enumerate(results.hits) if h.document == "vg-cr-en-1.48" and h.number.startswith("11.3"))
    italian = [i for i, h in enumerate(results.hits) if h.document == "vg-cr-it-2.2" and h.number in ("11.2", "11.2.1")]
    assert not italian or first_english < min(italian)


def test_english_words_find_italian_clauses_through_their_aligned_counterpart(search_index):
    # No glossary seeded: "boost" reaches "supporto" only through the aligned English text.
    results = search.clause_search(query="boost", document="vg-cr-it-2.2")
    assert results.hits
    for hit in results.hits[:3]:
        assert "support" in f"{hit.title} {unmarked(hit.snippet)}".casefold(), hit


def test_the_aligned_words_weigh_less_than_a_clauses_own(search_index):
    results = search.clause_search(query="boost")
    first_italian = next(i for i, h in enumerate(results.hits) if h.language == "it")
    first_english = next(i for i, h in enumerate(results.hits) if h.language == "en")
    assert first_english < first_italian


def test_index_rows_carry_the_counterpart_and_the_heading(search_index):
    rows = {(r["document"], r["stable_id"]): r for r in index_rows()}
    english = rows[("vg-cr-en-1.48", "11.3.1")]
    assert english["aligned_language"] == "it" and "Intercetto" in english["aligned"] or "intercett" in english["aligned"].casefold()
    assert english["parent_number"] == "11.3"
    assert rows[("altered-cr-it", "7.4.1.b")]["aligned"] == ""  # no translation of Altered here


def test_each_series_newest_version_comes_first():
    import datetime as dt
    from types import SimpleNamespace

    from rulesdb.search.index import _current_first

    def doc(slug, series, year):
        return SimpleNamespace(slug=slug, series=series, date=dt.date(year, 1, 1), imported_at=dt.datetime(2026, 1, 1))

    ordered = _current_first([doc("vg-cr-it-2.1", "vg-cr-it", 2021), doc("ws-cr-it", "ws-cr-it", 2020), doc("vg-cr-it-2.2", "vg-cr-it", 2023)])
    assert [d.slug for d in ordered] == ["ws-cr-it", "vg-cr-it-2.2", "vg-cr-it-2.1"]


def test_an_index_of_an_earlier_release_is_rebuilt_on_the_first_search(tmp_path):
    from whoosh import index as whoosh_index
    from whoosh.fields import ID, Schema

    from rulesdb.search.index import SCHEMA

    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        old = tmp_path / "ix-old"
        old.mkdir()
        whoosh_index.create_in(str(old), Schema(key=ID(unique=True))).writer().commit()
        (tmp_path / "CURRENT").write_text("ix-old")
        results = search.clause_search(query="intercept")
        assert results.count > 0
        with searcher_borrow() as searcher:
            assert set(searcher.schema.names()) == set(SCHEMA.names())
