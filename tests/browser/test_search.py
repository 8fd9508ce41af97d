"""The search page in a real browser: the site search box in the header, results at phone and
desktop widths, a clause number that jumps straight to its clause; on a short phone screen the
first result is read without scrolling, and the corrected query is one tap away."""
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import override_settings

PHONE = {"width": 360, "height": 800}
DESKTOP = {"width": 1280, "height": 800}
SHORT_PHONE = {"width": 360, "height": 640}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
def test_site_search_box_lands_on_results_and_a_clause_number_jumps_to_the_clause(
    browser, site_server, load_documents, screenshot_dir, viewport
):
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48")  # the import rebuilds the search index from these
    width = viewport["width"]
    context = browser.new_context(viewport=viewport, has_touch=width < 500, is_mobile=width < 500)
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/")
        box = page.locator("#site-search")
        box.fill("giocatore di turno")
        box.press("Enter")
        page.wait_for_url("**/search/?q=*")
        assert parse_qs(urlparse(page.url).query)["q"] == ["giocatore di turno"]
        assert page.locator("h1").inner_text() == "Search the rules"
        assert page.locator("#search-q").input_value() == "giocatore di turno"
        hits = page.locator("ol.results li.result")
        assert hits.count() > 0
        # The document by its title and version, in words (no slug on a page a judge reads).
        where = hits.first.locator(".where").inner_text()
        assert "Regolamento completo" in where and "2.2" in where and "vg-cr-it" not in where
        assert page.locator(".facets").count() == 1
        # Readable on a phone: nothing wider than the viewport, the results start on the first screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert hits.first.bounding_box()["y"] < viewport["height"]
        page.screenshot(path=str(screenshot_dir / f"search-{width}.png"))

        # A facet narrows the results to one document.
        page.locator(".facets a", has_text="Regolamento completo").first.click()
        page.wait_for_url("**document=vg-cr-it-2.2*")
        assert all("Regolamento completo" in where for where in page.locator("ol.results .where").all_inner_texts())

        # A clause number printed in one document only: straight to the clause.
        box = page.locator("#site-search")
        box.fill("7.3.1.4")
        box.press("Enter")
        page.wait_for_url("**/rules/vg-cr-it-2.2/7.3.1.4/")
        assert page.locator("h1 .num").inner_text() == "7.3.1.4"
    finally:
        context.close()

@pytest.fixture
def corpus(load_documents, tmp_path):
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed

    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00")
    glossary_seed()
    synonyms_seed()
    with override_settings(SEARCH_INDEX_DIR=tmp_path / "search"):
        yield


@pytest.mark.parametrize("query", ["what does intercept do", "quante carte nella zona danni per perdere", "guardain",
                                   'what does "attack fantasma step" mean'])
def test_the_first_result_is_above_the_fold_on_a_phone(browser, site_server, corpus, screenshot_dir, query):
    context = browser.new_context(viewport=SHORT_PHONE, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/search/?q={query}")
        first = page.locator("ol.results li.result").first
        box = first.locator("h3").bounding_box()
        assert box is not None and box["y"] + box["height"] <= SHORT_PHONE["height"], box
        # And some of its text under the heading too.
        text = first.locator(".clause-text, .snippet").first.bounding_box()
        assert text is not None and text["y"] + 20 <= SHORT_PHONE["height"], text
        if '"' in query:  # the phrase no clause has word for word is said, above the results
            assert page.locator("p.notice").first.inner_text().startswith("No clause has “attack fantasma step”")
        suffix = "-quoted" if '"' in query else ""
        page.screenshot(path=str(screenshot_dir / f"search-phone-{query.split()[0]}{suffix}.png"))
    finally:
        context.close()


def test_the_corrected_query_is_one_tap_away(browser, site_server, corpus):
    context = browser.new_context(viewport=SHORT_PHONE, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/search/?q=guardain")
        link = page.locator(".did-you-mean a")
        assert link.inner_text() == "guardian"
        link.tap()
        page.wait_for_url("**/search/?q=guardian")
        assert page.locator(".did-you-mean").count() == 0
        assert page.locator("ol.results li.result").count() > 0
    finally:
        context.close()
