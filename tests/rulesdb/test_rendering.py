"""Clause text to safe HTML: links placed by offsets before Markdown, then sanitised."""
import pytest

from rulesdb import rendering, selectors, services
from rulesdb.rendering import Link, markdown_html

HOSTILE = """Sezione 1: Regole ostili

1.1. Intestazione

1.1.1. Testo.

1.1. Una regola con <script>alert("x")</script> dentro e un'immagine <img src=x onerror="alert(1)"> rotta.

1.2. Un [collegamento](javascript:alert(1)) e <a href="javascript:alert(2)" onclick="alert(3)">un altro</a>, vedi 1.1. e 1.3.

1.3. Un <b onmouseover="alert(4)">grassetto</b> e un [sito](https://example.com/regole) vero.
"""


def test_markdown_is_rendered_and_links_land_on_their_offsets():
    text = "Vedi **7.3.1.4** e la tabella.\nRiga due, poi 7.2."
    start = text.index("7.3.1.4")
    end2 = text.index("7.2.") + 3
    html = markdown_html(text, [Link(start, start + 7, "ref", "/r/7.3.1.4/", "t", "/r/7.3.1.4/preview/"),
                                Link(end2 - 3, end2, "ref dangling", None, "points at 7.2")])
    assert '<strong><a class="ref" href="/r/7.3.1.4/" title="t" data-preview="/r/7.3.1.4/preview/">7.3.1.4</a></strong>' in html
    assert '<br>' in html or '<br />' in html
    assert '<span class="ref dangling" title="points at 7.2">7.2</span>.' in html


def test_overlapping_and_out_of_range_links_are_dropped():
    html = markdown_html("abc def", [Link(0, 3, "ref", "/a/"), Link(1, 5, "ref", "/b/"), Link(5, 99, "ref", "/c/")])
    assert html.count("<a ") == 1 and 'href="/a/"' in html


def test_a_link_inside_a_markdown_link_url_stays_plain_text():
    text = "[vedi](https://example.com/7.3.1) qui"
    start = text.index("7.3.1")
    html = markdown_html(text, [Link(start, start + 5, "ref", "/r/7.3.1/")])
    assert 'href="https://example.com/7.3.1"' in html
    assert "/r/7.3.1/" not in html


def test_a_link_inside_link_text_is_not_nested():
    text = "[la 7.3.1](https://example.com/)"
    start = text.index("7.3.1")
    html = markdown_html(text, [Link(start, start + 5, "ref", "/r/7.3.1/")])
    assert html.count("<a ") == 1 and ">la 7.3.1</a>" in html


def test_surface_text_of_a_link_is_escaped():
    text = "x <b>y</b> z"
    html = markdown_html(text, [Link(2, 10, "term", "/g/", "t")])
    assert "&lt;b&gt;y&lt;/b&gt;" in html


@pytest.mark.django_db
def test_hostile_text_imported_through_the_service_renders_inert():
    spec = services.DocumentSpec(slug="test-hostile", game="vanguard", kind="cr", language="it", version="0",
                                 family="vanguard-cr")
    document = services.ruleset_import(spec=spec, data=HOSTILE.encode(), published=False)
    index = selectors.document_index(document=document)
    html = "".join(rendering.clause_html(index, c, document.slug) for c in index.clauses)
    lowered = html.lower()
    for bad in ("<script", "onerror", "onclick", "onmouseover", "javascript:", "<img"):
        assert bad not in lowered, bad
    assert 'href="https://example.com/regole"' in html
    assert 'rel="nofollow noopener noreferrer"' in html
    assert '<a class="ref" href="/rules/test-hostile/1.1/"' in html
    assert '<span class="ref dangling" title="points at 1.3' not in html  # 1.3 exists
    assert '<a class="ref" href="/rules/test-hostile/1.3/"' in html
