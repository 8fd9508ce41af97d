"""The API console (/api/docs/try/) in Chromium: a light page first; Swagger UI's files only when
asked for, then the console works; a browser that opened it before gets it at once."""
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}


def test_the_console_is_loaded_when_asked_for_and_at_once_the_next_time(browser, site_server):
    context = browser.new_context(base_url=site_server.url, viewport=PHONE)
    page = context.new_page()
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    try:
        page.goto("/api/docs/try/")
        page.wait_for_load_state("networkidle")
        assert not [url for url in fetched if "swagger-ui" in url or "/api/schema/" in url]
        assert page.locator("#swagger-ui").inner_html() == ""

        page.get_by_role("button", name="Open the console").click()
        # Swagger UI draws the operations from the schema.
        expect(page.locator("#swagger-ui .opblock").first).to_be_visible(timeout=30_000)
        expect(page.locator("#api-console-start")).to_be_hidden()
        assert any("swagger-ui-bundle" in url for url in fetched) and any("/api/schema/" in url for url in fetched)

        # Opened before: the next visit draws it without being asked.
        page.goto("/api/docs/")
        page.goto("/api/docs/try/")
        expect(page.locator("#swagger-ui .opblock").first).to_be_visible(timeout=30_000)
    finally:
        context.close()
