"""The front door in a real browser: the home page reaches the sandbox, the compare pages
and the API docs in one tap at phone and desktop widths; no page kind is wider than a 360 px
phone; no page asks for an asset the server does not have."""
import pytest

PHONE = {"width": 360, "height": 800}
DESKTOP = {"width": 1280, "height": 800}

# Every kind of page a judge or a translator opens (the API docs and the sandbox pages are added in the test).
PAGES = [
    ("home", "/"),
    ("document", "/rules/vg-cr-it-2.2/"),
    ("document-altered", "/rules/altered-cr-it/"),
    ("clause", "/rules/vg-cr-it-2.2/7.3.1.3.1/"),
    ("clause-altered", "/rules/altered-cr-it/1.1.1.c/"),
    ("clause-playbook", "/rules/vg-playbook-it-3.00/Q07/"),
    ("clause-404", "/rules/vg-cr-it-2.2/99.99/"),
    ("glossary", "/rules/vg-cr-it-2.2/glossary/"),
    ("glossary-en", "/rules/vg-cr-en-1.48/glossary/"),
    ("glossary-altered", "/rules/altered-cr-it/glossary/"),
    ("search", "/search/?q=guardiano"),
    ("search-empty", "/search/"),
    ("compare", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/"),
    ("compare-terminology", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/"),
    ("sandbox", "/sandbox/"),
    ("sandbox-example", "/sandbox/examples/playbook-q07/"),
    ("not-found", "/no/such/page/"),
]

WIDER_THAN_VIEWPORT = """() => [...document.querySelectorAll('body *')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > innerWidth + 0.5; })
  .slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${e.className} (right ${Math.round(e.getBoundingClientRect().right)})`)"""


@pytest.fixture
def corpus(load_documents):
    from rulesdb.management.commands.seed_glossary import glossary_seed

    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "altered-cr-it")
    glossary_seed()  # the glossary pages show translations from the bilingual glossary


def failed_responses(page, own: str | None = None) -> list[str]:
    """Answers >= 400 and failed requests; given the site's own address, also any request for
    another host (every asset is served by the site itself)."""
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    if own:
        page.on("request", lambda r: failed.append(f"other host {r.url}")
                if r.url.startswith(("http:", "https:")) and not r.url.startswith(own) else None)
    # A request the next navigation cancels (net::ERR_ABORTED) is not a missing asset: a missing one answers 404.
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url} {r.failure}")
            if "ERR_ABORTED" not in (r.failure or "") else None)
    return failed


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
def test_home_reaches_sandbox_compare_and_api_docs_in_one_tap(browser, site_server, corpus, screenshot_dir, viewport):
    phone = viewport is PHONE
    context = browser.new_context(viewport=viewport, has_touch=phone)
    page = context.new_page()
    failed = failed_responses(page)
    try:
        for link, landing in (
            ('main a[href="/sandbox/"]', "**/sandbox/"),
            ('main a[href^="/compare/vg-cr-"]', "**/compare/vg-cr-*/vg-cr-*/"),
            ('main a[href="/api/docs/try/"]', "**/api/docs/try/"),
        ):
            page.goto(f"{site_server.url}/")
            target = page.locator(link).first
            target.scroll_into_view_if_needed()
            target.tap() if phone else target.click()
            page.wait_for_url(landing)
        page.wait_for_load_state("networkidle")  # Swagger UI fetches its scripts and the schema
        assert page.locator("#swagger-ui").count() == 1
        # Its light reference, one tap from the home page too.
        page.goto(f"{site_server.url}/")
        page.locator('main a[href="/api/docs/"]').first.click()
        page.wait_for_url("**/api/docs/")
        assert page.locator(".api-reference .api-op").count() > 10
        # The header navigation reaches the same places from any page, and its targets are 44 px.
        page.goto(f"{site_server.url}/rules/vg-cr-it-2.2/7.3.1.3.1/")
        nav = page.locator("nav.site-nav a")
        assert nav.count() == 5
        for i in range(nav.count()):
            box = nav.nth(i).bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, nav.nth(i).inner_text()
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        page.goto(f"{site_server.url}/")
        # The documents table never breaks a word letter by letter ("La/ng/ua/ge", "202/3-/11-/22"):
        # every short cell and every header is on one line.
        broken = page.evaluate("""() => [...document.querySelectorAll('table.documents td:not(:first-child), table.documents th')]
          .filter(cell => { const range = document.createRange(); range.selectNodeContents(cell);
                            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1; })
          .map(cell => cell.textContent)""")
        assert broken == []
        page.screenshot(path=str(screenshot_dir / f"home-{viewport['width']}.png"), full_page=True)
        assert failed == []
    finally:
        context.close()


def test_no_page_is_wider_than_a_phone_or_asks_for_a_missing_asset(browser, site_server, corpus, screenshot_dir):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    failed = failed_responses(page, own=site_server.url)
    try:
        page.goto(f"{site_server.url}/sandbox/")
        page.click("#sb-new")  # a board of this browser: the sandbox detail page
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        pages = PAGES + [("sandbox-detail", page.url.removeprefix(site_server.url)), ("api-docs", "/api/docs/"),
                         ("api-try", "/api/docs/try/"), ("sandbox-readings", "/sandbox/assumptions/")]
        too_wide = {}
        for name, path in pages:
            failed.clear()
            page.goto(f"{site_server.url}{path}")
            page.wait_for_load_state("networkidle")
            expected_errors = ["404 " + f"{site_server.url}{path}"] if name in ("clause-404", "not-found") else []
            assert failed == expected_errors, name
            if page.evaluate("document.documentElement.scrollWidth") > page.evaluate("innerWidth"):
                too_wide[name] = page.evaluate(WIDER_THAN_VIEWPORT)
                page.screenshot(path=str(screenshot_dir / f"too-wide-{name}.png"), full_page=True)
        assert too_wide == {}
        # The favicon browsers ask for on their own is there too.
        response = page.goto(f"{site_server.url}/favicon.ico")
        assert response.ok and response.headers["content-type"] == "image/png"
    finally:
        context.close()
