"""The translator's compare page in a real browser, at desktop and phone widths: filter by status
and section, follow a clause link into the reader."""
from urllib.parse import parse_qs, urlparse

import pytest

PHONE = {"width": 360, "height": 800}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "360"])
def test_compare_filter_by_status_and_section_then_open_the_reader(browser, site_server, load_documents,
                                                                   screenshot_dir, viewport):
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48")
    width = viewport["width"]
    context = browser.new_context(viewport=viewport, has_touch=width < 500, is_mobile=width < 500)
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/compare/vg-cr-it-2.2/vg-cr-en-1.48/")
        assert page.locator("h1").count() == 1
        assert page.locator("table.compare tbody tr").count() > 10
        # Nothing wider than the viewport: the table fits, long words wrap.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(screenshot_dir / f"compare-{width}.png"))

        page.get_by_label("Status").select_option("renumbered")
        page.get_by_label("Section").select_option("7")
        page.get_by_role("button", name="Filter").click()
        page.wait_for_url("**/compare/vg-cr-it-2.2/vg-cr-en-1.48/?*")
        query = parse_qs(urlparse(page.url).query)
        assert query["status"] == ["renumbered"] and query["section"] == ["7"]
        assert page.get_by_label("Status").input_value() == "renumbered"
        assert page.get_by_label("Section").input_value() == "7"
        rows = page.locator("table.compare tbody tr")
        assert rows.count() > 0
        assert rows.count() == page.locator("table.compare tbody tr.status-renumbered").count()
        left_numbers = page.locator("table.compare tbody tr td:first-child > a").all_inner_texts()
        assert left_numbers and all(n == "7" or n.startswith("7.") for n in left_numbers)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(screenshot_dir / f"compare-filtered-{width}.png"))

        row = page.locator("table.compare tbody tr", has=page.locator('a[href="/rules/vg-cr-it-2.2/7.2/"]'))
        assert "Start Step" in row.inner_text()
        link = row.locator('a[href="/rules/vg-cr-en-1.48/7.3/"]')
        if width < 500:
            link.tap()
        else:
            link.click()
        page.wait_for_url("**/rules/vg-cr-en-1.48/7.3/")
        assert page.locator("#clause > .clause-text").get_attribute("lang") == "en"
        assert page.locator("h1 .num").inner_text() == "7.3"
    finally:
        context.close()
