"""Search results show clause text as the reader does (rulesdb/search/snippets.py)."""
import html
import re

import pytest

from rulesdb.parsers.icons import lost_icons
from rulesdb.search.snippets import snippet_html

pytestmark = pytest.mark.django_db


def _plain(snippet: str) -> str:
    return html.unescape(re.sub(r"</?mark>", "", snippet))


def test_a_snippet_names_a_lost_icon_as_the_reader_does():
    fields = {"text_raw": "Un mazzo costruito può includere al massimo 15 carte rare ().", "language": "it"}
    assert _plain(snippet_html(fields, {"rare"}, set())) == (
        "Un mazzo costruito può includere al massimo 15 carte rare ([icona rara])."
    )


@pytest.mark.parametrize("query", ["carte rare", "icona", "icon", "simbolo", "inneschi"])
def test_search_page_and_api_serve_no_empty_punctuation_left_by_a_lost_icon(client, query):
    api = client.get("/api/v1/search/", {"q": query}).json()["results"]
    page = client.get("/search/", {"q": query}).content.decode()
    assert api, query
    for hit in api:
        text = _plain(hit["snippet"]).strip(" …")
        assert lost_icons(text, language="it" if "-it" in hit["document"] else "en") == [], (hit["document"], text)
        assert not re.search(r"(?<![\w(])\(\s*\)", hit["title"] + text), text
    snippets = re.findall(r'<p class="snippet"[^>]*>(.*?)</p>', page, re.S)
    assert snippets and not any(re.search(r"(?<![\w(])\(\s*\)", _plain(s)) for s in snippets)


def test_a_hit_is_labelled_as_its_page_labels_it(client):
    """The Supporto rule is printed 11.2.1 under 11.1: its hit says 11.2.1 and opens its address 11.1.1."""
    page = client.get("/search/", {"q": "supporto abilita colonna", "document": "vg-cr-it-2.2"}).content.decode()
    assert '<h3><a href="/rules/vg-cr-it-2.2/11.1.1/" lang="it">11.2.1</a></h3>' in page
