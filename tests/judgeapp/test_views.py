"""Site pages."""
import pytest

pytestmark = pytest.mark.django_db


def test_home_lists_the_five_documents_with_counts(client):
    from rulesdb.models import Clause

    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    for game in ("Cardfight!! Vanguard", "Weiss Schwarz", "Altered TCG"):
        assert game in html
    for slug in ("vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"):
        assert f'href="/rules/{slug}/"' in html
        count = Clause.objects.filter(document__slug=slug).count()
        assert f"<td>{count:,}</td>" in html  # grouped as English writes it


def test_unknown_page_is_a_404_page_not_a_traceback(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert b"Traceback" not in response.content


def test_home_presents_the_three_jobs_and_the_api(client):
    html = client.get("/").content.decode()
    assert 'href="/sandbox/"' in html
    assert 'href="/sandbox/examples/playbook-q01/"' in html
    assert 'href="/compare/vg-cr-en-1.48/vg-cr-it-2.2/"' in html or 'href="/compare/vg-cr-it-2.2/vg-cr-en-1.48/"' in html
    assert 'href="/api/docs/"' in html and 'href="/api/schema/"' in html
    assert 'action="/search/"' in html
    # The word-break that split "Language" letter by letter is gone: a stacked row per document.
    assert 'class="documents"' in html


def test_every_page_has_the_site_navigation_and_icons(client):
    for url in ("/", "/rules/vg-cr-it-2.2/", "/search/?q=guardian", "/sandbox/", "/no/such/page/"):
        html = client.get(url).content.decode()
        nav = html.split('<nav class="site-nav"')[1].split("</nav>")[0]
        for href in ('href="/#rules"', 'href="/search/"', 'href="/sandbox/"', 'href="/#compare"', 'href="/api/docs/"'):
            assert href in nav, (url, href)
        assert 'rel="icon"' in html and 'rel="apple-touch-icon"' in html and 'rel="manifest"' in html


def test_favicon_ico_redirects_to_an_icon_that_exists(client):
    from django.contrib.staticfiles import finders

    response = client.get("/favicon.ico")
    assert response.status_code == 301
    location = response["Location"]
    assert location.startswith("/static/")
    assert finders.find(location.removeprefix("/static/"))


def test_home_jump_box_goes_to_the_clause_and_refuses_unknown_documents(client):
    response = client.get("/", {"doc": "vg-cr-it-2.2", "n": "7.3.1"})
    assert response.status_code == 302 and response["Location"] == "/rules/vg-cr-it-2.2/jump/?n=7.3.1"
    assert client.get(response["Location"], follow=True).request["PATH_INFO"] == "/rules/vg-cr-it-2.2/7.3.1/"
    assert client.get("/", {"doc": "vg-cr-it-2.2", "n": ""})["Location"] == "/rules/vg-cr-it-2.2/"
    bad = client.get("/", {"doc": "<script>", "n": "1"})
    assert bad.status_code == 400 and b"<script>" not in bad.content


def test_home_lists_this_browsers_recent_boards(client):
    response = client.post("/sandbox/new/")
    assert response.status_code == 302
    board = response["Location"]
    html = client.get("/").content.decode()
    assert f'href="{board}"' in html
    # Another browser does not see it.
    from django.test import Client

    assert f'href="{board}"' not in Client().get("/").content.decode()


def test_comparisons_pair_languages_by_newest_version_and_each_version_with_the_one_before():
    import datetime

    from rulesdb import selectors
    from rulesdb.models import Document

    def doc(slug, language, date, game=1, kind="cr"):
        return Document(slug=slug, game_id=game, kind=kind, language=language, date=date,
                        imported_at=datetime.datetime(2024, 1, 1))

    it_old, it_new = doc("x-it-1", "it", datetime.date(2020, 1, 1)), doc("x-it-2", "it", datetime.date(2023, 1, 1))
    en = doc("x-en-1", "en", datetime.date(2018, 1, 1))
    playbook = doc("x-pb-it", "it", datetime.date(2020, 1, 1), kind="playbook")
    other_game = doc("y-en", "en", datetime.date(2020, 1, 1), game=2)
    pairs = selectors.document_comparisons(documents=[it_new, en, it_old, playbook, other_game])
    assert [(a.slug, b.slug) for a, b in pairs] == [("x-en-1", "x-it-2"), ("x-it-1", "x-it-2")]
