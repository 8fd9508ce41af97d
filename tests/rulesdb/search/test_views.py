"""rulesdb/search/views.py: the search page (jumps, facets, did you mean, nothing found, the phone layout)."""
from __future__ import annotations

import re

import pytest

from rulesdb import search

pytestmark = pytest.mark.django_db


def test_the_page_jumps_to_a_number_that_exists_once(client, search_index):
    response = client.get("/search/", {"q": "7.3.1.4", "document": "vg-cr-it-2.2"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/vg-cr-it-2.2/7.3.1.4/"


def test_the_page_lists_a_number_printed_in_several_documents(client, search_index):
    response = client.get("/search/", {"q": "7.3"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "vg-cr-it-2.2" in html and "vg-cr-en-1.48" in html


def test_the_page_shows_document_language_and_facets(client, search_index):
    response = client.get("/search/", {"q": "zona danni"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="facets"' in html and "?q=zona+danni&amp;document=vg-cr-it-2.2" in html
    # Document titles and language names, never slugs or codes.
    assert "Comprehensive Rules (Regolamento completo) 2.2</span> · Italian · rule" in html
    assert "<mark>" in html and 'rel="next"' in html


def test_the_page_offers_the_documents_of_a_shared_number(client, search_index):
    html = client.get("/search/", {"q": "7.3.1"}).content.decode()
    results = search.clause_search(query="7.3.1")
    assert f"7.3.1 is printed in {results.count} documents" in html
    assert len(re.findall(r'<li class="result[ "]', html)) == results.count


def test_the_page_puts_the_corrected_query_one_tap_away(client, search_index):
    html = client.get("/search/", {"q": "sentinela guardain"}).content.decode()
    assert 'Did you mean <a href="?q=sentinella+guardian">sentinella guardian</a>?' in html


def test_a_filtered_query_that_finds_nothing_offers_every_document(client, search_index):
    results = search.clause_search(query="intercetto", document="ws-cr-it")
    assert results.count == 0 and results.unscoped_count > 0
    html = client.get("/search/", {"q": "intercetto", "document": "ws-cr-it"}).content.decode()
    assert "in every document" in html and 'href="?q=intercetto"' in html


def test_a_quoted_phrase_no_clause_has_is_searched_apart_and_the_page_says_so(client, search_index):
    html = client.get("/search/", {"q": 'what does "attack fantasma step" mean'}).content.decode()
    assert "No clause has “attack fantasma step” word for word" in html
    assert '<li class="result' in html
    italian = client.get("/search/", {"q": '"intercetto fantasma"'}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Nessuna regola contiene “intercetto fantasma” parola per parola" in italian


def test_the_page_says_when_the_game_named_has_none_of_the_words(client, search_index):
    html = client.get("/search/", {"q": "intercept weiss"}).content.decode()
    assert "No Weiss Schwarz rule has these words: these results are from the other games' rules." in html.replace("&#x27;", "'")
    italian = client.get("/search/", {"q": "intercetto weiss"}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Nessuna regola di Weiss Schwarz contiene queste parole" in italian


def test_nothing_found_says_what_to_try(client, search_index):
    html = client.get("/search/", {"q": "qwxzv"}).content.decode()
    assert "Nothing found" in html and "Try" in html


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


def test_the_terms_also_searched_say_their_language(client, glossary):
    # An English query on the Italian page: its English words and the Italian terms they were read as
    # each carry their own language, so that a screen reader does not read English with Italian sounds.
    html = client.get("/search/", {"q": "drop zone"}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    expanded = html[html.index('class="expanded"'):]
    expanded = expanded[:expanded.index("</p>")]
    assert '<span lang="en">drop zone</span> → <span lang="it">zona scarti</span>' in expanded
