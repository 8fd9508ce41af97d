"""The reader's pages: every clause page, redirects, duplicates, 404s, links."""
import html as html_module
import re
import time

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulesdb import glossary_pages, rendering, selectors
from rulesdb.models import Clause, Document

pytestmark = pytest.mark.django_db

SLUGS = ["vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"]
MAX_QUERIES = 10


def _precompute_alignments():
    """The stored IT/EN alignment is computed once per import, not by a page view."""
    try:
        from rulesdb.translation import alignment
    except ImportError:
        return
    it = Document.objects.get(slug="vg-cr-it-2.2")
    en = Document.objects.get(slug="vg-cr-en-1.48")
    if hasattr(alignment, "alignment_get_or_compute"):
        alignment.alignment_get_or_compute(left=it, right=en)


def _urls(slug):
    document = Document.objects.get(slug=slug)
    index = selectors.document_index(document=document)
    return [rendering.clause_url(index, c, slug) for c in index.clauses]


def test_every_clause_page_of_every_document_renders_within_the_query_budget(client):
    _precompute_alignments()
    urls_by_slug = {slug: _urls(slug) for slug in SLUGS}
    selectors._document_index.cache_clear()  # the first page of each document builds its index: count that too
    started = time.perf_counter()
    walked = worst = 0
    worst_url = ""
    for slug, urls in urls_by_slug.items():
        assert len(urls) == Clause.objects.filter(document__slug=slug).count()
        for url in urls:
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            assert response.status_code == 200, url
            if len(queries) > worst:
                worst, worst_url = len(queries), url
            walked += 1
    elapsed = time.perf_counter() - started
    assert walked > 3000
    assert worst <= MAX_QUERIES, f"{worst_url} issued {worst} queries"
    # Speed is measured by benchmarks/pages.py, not asserted here.
    print(f"walked {walked} clause pages in {elapsed:.1f} s; at most {worst} queries ({worst_url})")


def test_document_page_has_a_collapsible_table_of_contents_and_a_jump_box(client):
    html = client.get("/rules/vg-cr-it-2.2/").content.decode()
    # The interface in the visitor's language (English in the suite), the document's own words in Italian.
    assert '<html lang="en">' in html and '<h1 lang="it">' in html
    assert "<details><summary>" in html
    assert 'href="/rules/vg-cr-it-2.2/7.3.1.4/"' in html
    assert 'action="/rules/vg-cr-it-2.2/jump/"' in html


def test_jump_box_redirects_to_the_clause_and_shows_the_nearest_for_an_unknown_number(client):
    assert client.get("/rules/vg-cr-it-2.2/jump/", {"n": " 7.3.1.4. "})["Location"] == "/rules/vg-cr-it-2.2/7.3.1.4/"
    assert client.get("/rules/vg-playbook-it-3.00/jump/", {"n": "q01"})["Location"] == "/rules/vg-playbook-it-3.00/Q01/"
    response = client.get("/rules/vg-cr-it-2.2/jump/", {"n": "7.1.5.2"})
    assert response.status_code == 404
    html = response.content.decode()
    assert 'href="/rules/vg-cr-it-2.2/7.1/"' in html and 'href="/rules/vg-cr-it-2.2/7.1.2/"' in html


def test_versionless_urls_redirect_to_the_newest_published_version(client):
    assert client.get("/rules/vg-cr-it/7.3.1.4/")["Location"] == "/rules/vg-cr-it-2.2/7.3.1.4/"
    assert client.get("/rules/vg-cr-it/")["Location"] == "/rules/vg-cr-it-2.2/"
    assert client.get("/rules/vg-cr-en/glossary/")["Location"] == "/rules/vg-cr-en-1.48/glossary/"


def test_a_number_ending_with_a_dot_is_normalised(client):
    response = client.get("/rules/vg-cr-it-2.2/7.3.1.4./")
    assert response.status_code == 301
    assert response["Location"] == "/rules/vg-cr-it-2.2/7.3.1.4/"


def test_playbook_and_altered_numbers_resolve(client):
    for url in ("/rules/vg-playbook-it-3.00/Q01/", "/rules/vg-playbook-it-3.00/G01/", "/rules/vg-playbook-it-3.00/3.1/",
                "/rules/altered-cr-it/1.1.4.g/", "/rules/altered-cr-it/id/1.1.4.e~n1/"):
        assert client.get(url).status_code == 200, url


def test_a_duplicated_number_resolves_to_its_first_occurrence_and_lists_the_others(client):
    html = client.get("/rules/vg-cr-it-2.2/11.15.1.1/").content.decode()
    assert 'href="/rules/vg-cr-it-2.2/id/11.15.1.1~2/"' in html
    second = client.get("/rules/vg-cr-it-2.2/id/11.15.1.1~2/")
    assert second.status_code == 200
    assert 'href="/rules/vg-cr-it-2.2/11.15.1.1/"' in second.content.decode()
    assert "this is printing 2" in second.content.decode()
    assert client.get("/rules/vg-cr-it-2.2/id/11.15.1.1~9/").status_code == 404


def test_a_rule_whose_announced_list_the_extraction_lost_says_so(client):
    lost = "This rule announces a list that is missing from the text this site was made from"
    # Altered 4.2.4.h: "... se le tre seguenti condizioni sono vere:", and the source goes on with 4.2.5.a.
    assert lost in client.get("/rules/altered-cr-it/4.2.4.h/").content.decode()
    # 2.3.2.c's list is the rules beside it (2.3.2.d, 2.3.2.e): nothing is missing.
    assert lost not in client.get("/rules/altered-cr-it/2.3.2.c/").content.decode()


def test_a_misprinted_number_is_shown_as_printed_with_a_note_at_its_address(client):
    html = client.get("/rules/vg-cr-it-2.2/11.6.1/").content.decode()
    assert '<span class="num">11.5.1</span>' in html
    assert "Misprinted number: the rules print this rule as 11.5.1, but it stands under 11.6" in html
    assert "Vincolo" in html.split('class="clause-text"')[1]
    # The printed number's own page names the clauses that print it by mistake.
    resist = client.get("/rules/vg-cr-it-2.2/11.5.1/").content.decode()
    assert "also printed, by mistake, on 2 other rules" in resist
    assert 'href="/rules/vg-cr-it-2.2/11.4.2/"' in resist and 'href="/rules/vg-cr-it-2.2/11.6.1/"' in resist
    # Ids of the earlier imports (the n-th printing of a number) lead to the same clauses.
    for old, new in (("11.5.1~2", "11.5.1"), ("11.5.1~3", "11.6.1"), ("11.3.1~2", "11.3.1"), ("10.30~2", "11.30")):
        response = client.get(f"/rules/vg-cr-it-2.2/id/{old}/")
        assert response.status_code == 301 and response["Location"] == f"/rules/vg-cr-it-2.2/{new}/", old


def test_an_unknown_number_gives_a_404_page_with_the_nearest_clauses(client):
    response = client.get("/rules/vg-cr-it-2.2/7.3.1.99/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Nearest clauses" in html
    assert 'href="/rules/vg-cr-it-2.2/7.3.1/"' in html
    assert 'href="/rules/vg-cr-it-2.2/7.3.1.4/"' in html


@pytest.mark.parametrize("url", ["/rules/nope/", "/rules/nope/1.2/", "/rules/vg-cr-it-2.2/%3Cscript%3E/",
                                 "/rules/vg-cr-it-2.2/" + "9" * 300 + "/", "/rules/vg-cr-it-2.2/id/nope/preview/"])
def test_bad_addresses_are_404_pages_with_a_message(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert b"Traceback" not in response.content and b"<script>" not in response.content


def test_clause_page_has_breadcrumb_subclauses_pager_and_copy_link(client):
    html = client.get("/rules/vg-cr-it-2.2/7.3.1/").content.decode()
    assert re.search(r'<nav class="breadcrumb".*href="/rules/vg-cr-it-2.2/7/".*href="/rules/vg-cr-it-2.2/7.3/"', html, re.S)
    for child in ("7.3.1.1", "7.3.1.3.2", "7.3.1.4.1"):  # children, recursively
        assert f'href="/rules/vg-cr-it-2.2/{child}/"' in html
    assert 'rel="prev" href="/rules/vg-cr-it-2.2/7.3/"' in html
    assert 'rel="next" href="/rules/vg-cr-it-2.2/7.3.1.1/"' in html
    assert 'class="copy-link"' in html


def test_altered_rule_shows_its_notes(client):
    html = client.get("/rules/altered-cr-it/1.1.4.e/").content.decode()
    assert 'href="/rules/altered-cr-it/id/1.1.4.e~n1/"' in html
    assert "contrariamente a molti altri giochi" in html


def test_references_are_links_with_a_preview_and_cited_by_lists_the_sources(client):
    html = client.get("/rules/vg-cr-it-2.2/7.3.1.3.1/").content.decode()
    assert ('<a class="ref" href="/rules/vg-cr-it-2.2/7.3.1.3/"' in html
            and 'data-preview="/rules/vg-cr-it-2.2/7.3.1.3/preview/"' in html)
    target = client.get("/rules/vg-cr-it-2.2/7.3.1.3/").content.decode()
    cited = target.split('class="cited-by"')[1]
    assert 'href="/rules/vg-cr-it-2.2/7.3.1.3.1/"' in cited
    assert 'href="/rules/vg-cr-it-2.2/7.3.1.3.2/"' in cited


def test_a_misnumbered_reference_links_the_keyword_it_quotes_and_says_so(client):
    html = client.get("/rules/vg-cr-it-2.2/2.10.1.1/").content.decode()
    assert '<a class="ref" href="/rules/vg-cr-it-2.2/11.1/"' in html
    assert "11.4, numero errato: è la 11.1 Supporto</a>" in html


def test_a_dangling_reference_is_marked_in_words_not_linked_nor_struck(client):
    html = client.get("/rules/vg-cr-it-2.2/7.5.1.3/").content.decode()
    assert ('<span class="ref dangling" title="la 7.1.5.2 non è una clausola di questo documento">'
            '7.1.5.2 (clausola assente in questo documento)</span>' in html)
    assert "line-through" not in (settings.BASE_DIR / "static/judgeapp/site.css").read_text()


def test_preview_is_an_html_fragment_and_json_on_request(client):
    response = client.get("/rules/vg-cr-it-2.2/7.3.1.4/preview/")
    assert response.status_code == 200
    assert b"<html" not in response.content and b"Giocatore di Turno" in response.content
    data = client.get("/rules/vg-cr-it-2.2/7.3.1.4/preview/", {"format": "json"}).json()
    assert data["number"] == "7.3.1.4" and data["url"] == "/rules/vg-cr-it-2.2/7.3.1.4/"


def test_canonical_and_hreflang_point_at_the_clause_and_its_counterpart(client):
    _precompute_alignments()
    html = client.get("/rules/vg-cr-it-2.2/7.2.1.2.2/").content.decode()
    assert '<link rel="canonical" href="http://testserver/rules/vg-cr-it-2.2/7.2.1.2.2/">' in html
    assert '<link rel="alternate" hreflang="it" href="http://testserver/rules/vg-cr-it-2.2/7.2.1.2.2/">' in html
    assert '<link rel="alternate" hreflang="en" href="http://testserver/rules/vg-cr-en-1.48/7.3.1.2.2/">' in html


def _head_links(html: str) -> tuple[list[str], list[tuple[str, str]]]:
    head = html.split("</head>")[0]
    canonical = re.findall(r'<link rel="canonical" href="([^"]+)">', head)
    alternates = re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', head)
    return canonical, alternates


@pytest.mark.parametrize(
    "url, canonical, alternates",
    [
        ("/rules/vg-cr-it-2.2/", "/rules/vg-cr-it-2.2/", {"it": "/rules/vg-cr-it-2.2/", "en": "/rules/vg-cr-en-1.48/"}),
        ("/rules/vg-cr-en-1.48/", "/rules/vg-cr-en-1.48/", {"en": "/rules/vg-cr-en-1.48/", "it": "/rules/vg-cr-it-2.2/"}),
        ("/rules/vg-cr-it-2.2/glossary/", "/rules/vg-cr-it-2.2/glossary/",
         {"it": "/rules/vg-cr-it-2.2/glossary/", "en": "/rules/vg-cr-en-1.48/glossary/"}),
        ("/rules/vg-cr-en-1.48/glossary/", "/rules/vg-cr-en-1.48/glossary/",
         {"en": "/rules/vg-cr-en-1.48/glossary/", "it": "/rules/vg-cr-it-2.2/glossary/"}),
        # A versionless document (no other language loaded): itself only.
        ("/rules/ws-cr-it/", "/rules/ws-cr-it/", {"it": "/rules/ws-cr-it/"}),
        ("/rules/ws-cr-it/glossary/", "/rules/ws-cr-it/glossary/", {"it": "/rules/ws-cr-it/glossary/"}),
    ],
)
def test_document_and_glossary_pages_have_canonical_and_one_hreflang_per_language(client, url, canonical, alternates):
    response = client.get(url)
    assert response.status_code == 200
    found_canonical, found_alternates = _head_links(response.content.decode())
    assert found_canonical == [f"http://testserver{canonical}"]
    languages = [language for language, _ in found_alternates]
    assert len(languages) == len(set(languages)), "one alternate per language"
    assert dict(found_alternates) == {language: f"http://testserver{path}" for language, path in alternates.items()}
    assert found_alternates[0] == (languages[0], f"http://testserver{canonical}"), "the page itself comes first"


@pytest.mark.parametrize("series, versioned", [
    ("/rules/vg-cr-it/", "/rules/vg-cr-it-2.2/"),
    ("/rules/vg-cr-en/glossary/", "/rules/vg-cr-en-1.48/glossary/"),
])
def test_a_versionless_series_url_lands_on_a_page_whose_canonical_is_the_versioned_one(client, series, versioned):
    response = client.get(series, follow=True)
    assert response.redirect_chain[-1][0] == versioned
    found_canonical, found_alternates = _head_links(response.content.decode())
    assert found_canonical == [f"http://testserver{versioned}"]
    assert all("-" in url.rstrip("/").split("/rules/")[1].split("/")[0] for _, url in found_alternates)
    assert {language for language, _ in found_alternates} == {"it", "en"}


def test_alternates_leave_out_unpublished_documents_and_follow_the_newest_version(client):
    newer = Document.objects.get(slug="vg-cr-en-1.48")
    try:
        Document.objects.filter(pk=newer.pk).update(published=False)
        _, alternates = _head_links(client.get("/rules/vg-cr-it-2.2/").content.decode())
        assert [language for language, _ in alternates] == ["it"]
    finally:
        Document.objects.filter(pk=newer.pk).update(published=True)


def test_other_language_lands_on_the_same_content_not_the_same_number(client):
    _precompute_alignments()
    html = client.get("/rules/vg-cr-it-2.2/7.2/").content.decode()
    other = html.split('class="other-language"')[1].split("</section>")[0]
    assert 'href="http://testserver/rules/vg-cr-en-1.48/7.3/"' in other
    assert 'class="how"' in other
    back = client.get("/rules/vg-cr-en-1.48/7.3.1.2/").content.decode()
    assert 'href="http://testserver/rules/vg-cr-it-2.2/7.2.1.2/"' in back.split('class="other-language"')[1]


def test_the_fallback_matcher_follows_the_layout_when_numbers_shift():
    it = selectors.document_index(document=Document.objects.get(slug="vg-cr-it-2.2"))
    en = selectors.document_index(document=Document.objects.get(slug="vg-cr-en-1.48"))
    found, how = selectors.clause_counterpart_by_number(clause=it.by_number["7.2.1.2.2"][0], index=it, other=en)
    assert found.number == "7.3.1.2.2" and "structure" in how
    found, how = selectors.clause_counterpart_by_number(clause=it.by_number["1.1.1"][0], index=it, other=en)
    assert found.number == "1.1.1" and how == "matched by number"


def test_vanguard_glossary_terms_are_linked_once_per_clause(client):
    html = client.get("/rules/vg-cr-en-1.48/7.3.1.2.1/").content.decode()
    text = html.split('<div class="clause-text" lang="en">')[1].split("</div>")[0]
    assert '<a class="term"' in text
    assert len(re.findall(r'title="glossary: ([^"]+)"', text)) == len(set(re.findall(r'title="glossary: ([^"]+)"', text)))


def test_altered_glossary_words_come_from_the_stored_term_links(client):
    from rulesdb.models import TermLink

    link = TermLink.objects.filter(clause__document__slug="altered-cr-it").order_by("clause__order", "start").first()
    document = Document.objects.get(slug="altered-cr-it")
    index = selectors.document_index(document=document)
    html = client.get(rendering.clause_url(index, index.by_id[link.clause_id], document.slug)).content.decode()
    if link.term_id:
        assert re.search(rf'title="glossario: {re.escape(link.term.term)}"[^>]*>{re.escape(link.surface)}</a>', html)
    else:
        assert re.search(rf'<span class="term missing" title="[^"]+">{link.surface}</span>', html)


def test_glossary_page_lists_terms_with_previews(client):
    html = client.get("/rules/vg-cr-it-2.2/glossary/").content.decode()
    assert "Legion" in html and 'data-preview="/rules/vg-cr-it-2.2/' in html
    assert client.get("/rules/ws-cr-it/glossary/").status_code == 200


def test_playbook_entries_link_the_rules_that_govern_them(client):
    html = client.get("/rules/vg-playbook-it-3.00/G03/").content.decode()
    related = html.split('class="related"')[1].split("</section>")[0]
    assert 'href="/rules/vg-cr-it-2.2/' in related
    assert "glossary term" in related or "rules heading" in related


def test_search_box_and_keyboard_script_are_on_every_page(client):
    html = client.get("/rules/ws-cr-it/").content.decode()
    assert '<form class="site-search" action="/search/" role="search">' in html
    assert 'name="q" id="site-search"' in html
    assert "judgeapp/reader.js" in html


def test_other_language_link_needs_no_alignment_work_at_page_time(client):
    """Imports align the Vanguard translations, so a clause page only reads the stored pairs."""
    from rulesdb.models import Alignment

    it = Document.objects.get(slug="vg-cr-it-2.2")
    en = Document.objects.get(slug="vg-cr-en-1.48")
    assert Alignment.objects.filter(left=it, right=en).exists()
    client.get("/rules/vg-cr-it-2.2/1/")  # builds the per-document index
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/rules/vg-cr-it-2.2/7.2/")
    assert response.status_code == 200
    assert not any("INSERT" in q["sql"] or "DELETE" in q["sql"] for q in queries.captured_queries)


def test_playbook_question_links_to_its_sandbox_example(client):
    html = client.get("/rules/vg-playbook-it-3.00/Q01/").content.decode()
    assert 'href="/sandbox/examples/playbook-q01/"' in html
    assert client.get("/sandbox/examples/playbook-q01/").status_code == 200
    # A rule an example relies on links to it too ("try it in the sandbox").
    rule = client.get("/rules/vg-cr-it-2.2/4.6.6.2/").content.decode()
    assert 'href="/sandbox/examples/playbook-q07/"' in rule and "Try it in the sandbox" in rule
    # A Playbook entry that is not a question has no example.
    assert "/sandbox/examples/" not in client.get("/rules/vg-playbook-it-3.00/G01/").content.decode()


def test_glossary_page_gives_each_term_an_anchor_definition_translation_and_uses(client):
    from rulesdb.management.commands.seed_glossary import glossary_seed

    glossary_seed()
    html = client.get("/rules/vg-cr-it-2.2/glossary/").content.decode()
    entry = html.split('id="term-ardente"')[1].split('<div class="glossary-entry"')[0]
    # The definition is the text printed under the bare 11.21 heading, not a clause number list.
    assert "Abilità Automatica" in entry and "Sottofase di Attacco" in entry
    assert 'href="#term-ardente"' in entry
    assert 'href="/rules/vg-cr-it-2.2/11.21/"' in entry
    # Its English name from the bilingual glossary, linked to the English glossary's entry for it.
    assert '<span lang="en">blaze</span>' in entry
    assert 'href="/rules/vg-cr-en-1.48/glossary/#term-blaze"' in entry
    english = client.get("/rules/vg-cr-en-1.48/glossary/").content.decode()
    assert 'id="term-blaze"' in english
    # Every clause using it, each a link, but the one the definition is quoted from (named beside it).
    document = Document.objects.get(slug="vg-cr-it-2.2")
    index = selectors.document_index(document=document)
    users = [c for c in index.clauses for _, _, t in rendering.glossary_spans(index, c)
             if t is not None and t.term == "Ardente" and t.clause_id != c.pk and c.number != "11.21.1"]
    assert users
    assert '(text from <a href="/rules/vg-cr-it-2.2/11.21.1/"' in entry
    assert f"Used in {len(users)} clause" in entry
    for clause in users:
        assert f'href="{rendering.clause_url(index, clause, document.slug)}"' in entry


def test_glossary_anchors_are_unique_and_every_term_has_one(client):
    for slug in SLUGS:
        html = client.get(f"/rules/{slug}/glossary/").content.decode()
        anchors = re.findall(r'<div class="glossary-entry" id="([^"]+)"', html)
        assert len(anchors) == Document.objects.get(slug=slug).glossary.count()
        assert len(anchors) == len(set(anchors))
        for anchor in anchors:
            assert f'href="#{anchor}"' in html


def test_glossary_definitions_are_plain_first_sentences(client):
    html = client.get("/rules/altered-cr-it/glossary/").content.decode()
    definitions = re.findall(r'<p class="definition" lang="it">([^<]*)</p>', html)
    assert len(definitions) == Document.objects.get(slug="altered-cr-it").glossary.count()
    for definition in map(html_module.unescape, definitions):
        assert "**" not in definition and "()" not in definition
        assert len(definition) <= glossary_pages.DEFINITION_MAX_CHARS + 2


def test_glossary_translations_meet_across_singular_and_plural(client):
    """A heading and its bilingual glossary entry often differ in number ("azioni rapide", "quick action";
    "Dealing Damage", "deal damage"): stems match where no spelling does."""
    from rulesdb.management.commands.seed_glossary import glossary_seed

    glossary_seed()
    altered = client.get("/rules/altered-cr-it/glossary/").content.decode()
    entry = altered.split('id="term-azioni-rapide"')[1].split('<div class="glossary-entry"')[0]
    assert '<span lang="en">quick action</span>' in entry
    italian = client.get("/rules/vg-cr-it-2.2/glossary/").content.decode()
    entry = italian.split('id="term-infliggere-danno"')[1].split('<div class="glossary-entry"')[0]
    assert 'href="/rules/vg-cr-en-1.48/glossary/#term-dealing-damage"' in entry
    # An exact spelling still wins over a stem: Ardente is "blaze", nothing else.
    entry = italian.split('id="term-ardente"')[1].split('<div class="glossary-entry"')[0]
    assert entry.count('<span lang="en">') == 1


@pytest.mark.parametrize("clause_url", ["/rules/vg-cr-it-2.2/7.3.1/", "/rules/altered-cr-it/"])
def test_a_clause_page_links_the_glossary_entries_of_its_words(client, clause_url):
    if clause_url.endswith("altered-cr-it/"):
        # Altered's source marks its glossary words: the first rule that marks one.
        document = Document.objects.get(slug="altered-cr-it")
        index = selectors.document_index(document=document)
        clause = next(c for c in index.clauses if c.number and any(
            l.term_id for l in index.term_links.get(c.pk, ())))
        clause_url = rendering.clause_url(index, clause, document.slug)
    page = client.get(clause_url).content.decode()
    block = page[page.index('class="clause-terms"'):]
    block = block[:block.index("</section>")]
    links = re.findall(r'href="(/rules/[^"#]+/glossary/)#([^"]+)"', block)
    assert links
    for glossary_url, anchor in links:
        # Each link lands on its entry of the glossary page, one tap from the rule.
        assert f'id="{anchor}"' in client.get(glossary_url).content.decode()


def test_words_in_the_jump_box_search_the_document(client):
    # site-walk4: "encore" in the jump box answered "no rule encore" with rules 11.1.1.x as the nearest
    response = client.get("/rules/ws-cr-it/jump/", {"n": " encore "})
    assert response.status_code == 302
    assert response["Location"] == "/search/?q=encore&document=ws-cr-it"
    assert client.get("/rules/vg-playbook-it-3.00/jump/", {"n": "q01"})["Location"] == "/rules/vg-playbook-it-3.00/Q01/"


def test_the_jump_box_reads_a_clause_number_in_the_shapes_a_judge_types(client):
    # site-walk5: "2.2.11a", "9,4,1,1", "art. 9.4.1.1" answered "no such rule" on a phone
    for typed, address in (("2.2.11a", "/rules/altered-cr-it/2.2.11.a/"), ("2.2.11 a", "/rules/altered-cr-it/2.2.11.a/"),
                           ("2,2,11,a", "/rules/altered-cr-it/2.2.11.a/"), ("9,4,1,1", "/rules/ws-cr-it/9.4.1.1/"),
                           ("art. 9.4.1.1", "/rules/ws-cr-it/9.4.1.1/"), ("9 4 1 1", "/rules/ws-cr-it/9.4.1.1/"),
                           ("regola 7-3-1", "/rules/ws-cr-it/7.3.1/")):
        slug = address.split("/")[2]
        assert client.get(f"/rules/{slug}/jump/", {"n": typed})["Location"] == address, typed
    assert client.get("/rules/ws-cr-it/jump/", {"n": "9,4,1,9"}).status_code == 404  # still no such rule
