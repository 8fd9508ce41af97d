"""The judge's reader in a real browser: phone and desktop widths, references,
previews on hover and keyboard focus, the jump box, IT↔EN."""
import pytest

PHONE = {"width": 360, "height": 800}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
def test_clause_page_references_previews_and_jump_box(browser, site_server, load_documents, screenshot_dir, viewport):
    load_documents("vg-cr-it-2.2")
    page = browser.new_page(viewport=viewport)
    try:
        page.goto(f"{site_server.url}/rules/vg-cr-it-2.2/7.3.1.3.1/")
        # The interface in the browser's language (English here), the rule in its own.
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator("#clause > .clause-text").get_attribute("lang") == "it"
        assert page.locator("h1 .num").inner_text() == "7.3.1.3.1"
        # Readable on a phone: nothing wider than the viewport.
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        ref = page.locator('#clause > .clause-text a.ref[href="/rules/vg-cr-it-2.2/7.3.1.3/"]').first

        ref.hover()
        preview = page.locator("#preview")
        preview.wait_for(state="visible")
        assert "7.3.1.3" in preview.inner_text()
        # It holds a link: a named non-modal dialog, not a tooltip; the reference says it is open.
        assert preview.get_attribute("role") == "dialog" and preview.get_attribute("aria-label")
        assert ref.get_attribute("aria-expanded") == "true"
        page.screenshot(path=str(screenshot_dir / f"preview-hover-{viewport['width']}.png"))

        page.mouse.move(0, 0)
        page.locator("#preview").wait_for(state="hidden")
        ref.focus()  # keyboard focus shows the same preview
        preview.wait_for(state="visible")
        assert "Giocatore di turno" in preview.inner_text() or "Giocatore di Turno" in preview.inner_text()
        page.keyboard.press("Escape")
        preview.wait_for(state="hidden")

        ref.click()
        page.wait_for_url("**/rules/vg-cr-it-2.2/7.3.1.3/")
        assert "7.3.1.3.1" in page.locator(".cited-by").inner_text()
        page.screenshot(path=str(screenshot_dir / f"clause-{viewport['width']}.png"), full_page=True)

        page.locator("body").click(position={"x": 5, "y": 200})
        page.keyboard.press("g")
        jump = page.locator("#jump-number")
        assert jump.evaluate("el => el === document.activeElement")
        jump.fill("7.2.1.2.")
        jump.press("Enter")
        page.wait_for_url("**/rules/vg-cr-it-2.2/7.2.1.2/")
        page.keyboard.press("j")
        page.wait_for_url("**/rules/vg-cr-it-2.2/7.2.1.2.1/")
        page.keyboard.press("k")
        page.wait_for_url("**/rules/vg-cr-it-2.2/7.2.1.2/")
        page.keyboard.press("/")
        assert page.locator("#site-search").evaluate("el => el === document.activeElement")
    finally:
        page.close()


def test_switching_language_lands_on_the_same_content(browser, site_server, load_documents, screenshot_dir):
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48")
    page = browser.new_page(viewport=PHONE)
    try:
        # Italian 7.2 (Sottofase Iniziale) is English 7.3 (Start Step).
        page.goto(f"{site_server.url}/rules/vg-cr-it-2.2/7.2.1.2.2/")
        assert "Fase Finale" in page.locator("#clause").inner_text()
        link = page.locator("a.counterpart")
        assert link.get_attribute("hreflang") == "en"
        page.screenshot(path=str(screenshot_dir / "other-language-it.png"), full_page=True)
        link.click()
        page.wait_for_url("**/rules/vg-cr-en-1.48/7.3.1.2.2/")
        assert page.locator("html").get_attribute("lang") == "en"
        assert "chooses not to attack" in page.locator("#clause").inner_text()
        page.screenshot(path=str(screenshot_dir / "other-language-en.png"), full_page=True)
        page.locator("a.counterpart").click()
        page.wait_for_url("**/rules/vg-cr-it-2.2/7.2.1.2.2/")
    finally:
        page.close()


def test_touch_first_tap_previews_second_tap_follows_tap_elsewhere_closes(browser, site_server, load_documents,
                                                                           screenshot_dir):
    """A phone has no hover: a tap on a reference opens its preview (and stays on the page), a second
    tap on the same reference follows it, a tap anywhere else closes the preview (reader.js)."""
    load_documents("vg-cr-it-2.2")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        start = f"{site_server.url}/rules/vg-cr-it-2.2/7.3.1.3.1/"
        page.goto(start)
        ref = page.locator('#clause > .clause-text a.ref[href="/rules/vg-cr-it-2.2/7.3.1.3/"]').first
        preview = page.locator("#preview")

        ref.tap()
        preview.wait_for(state="visible")
        assert page.url == start
        assert "7.3.1.3" in preview.inner_text()
        assert ref.get_attribute("aria-describedby") == "preview"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(screenshot_dir / "preview-tap-360.png"))

        # A tap elsewhere (a spot of the page outside the preview and off any control) closes the preview and
        # goes nowhere. (Where the preview opens depends on where its link sits: above it near the screen's foot.)
        spot = page.evaluate("""() => {
          for (let y = 10; y < innerHeight; y += 20) for (let x = 10; x < innerWidth; x += 20) {
            const el = document.elementFromPoint(x, y);
            if (el && el.closest('main') && !el.closest('#preview, a, button, input, select, textarea, summary, label, [onclick]')) return [x, y];
          }
          return null;
        }""")
        assert spot, "no spot outside the preview to tap"
        page.touchscreen.tap(*spot)
        preview.wait_for(state="hidden")
        assert page.url == start

        # Tapping a reference again opens the preview again; a second tap follows the link.
        ref.tap()
        preview.wait_for(state="visible")
        assert page.url == start
        ref.tap()
        page.wait_for_url("**/rules/vg-cr-it-2.2/7.3.1.3/")

        # In the "cited by" list too, and the preview's own heading link follows.
        cited = page.locator('.cited-by a[data-preview]').first
        cited.tap()
        preview.wait_for(state="visible")
        assert page.url.endswith("/rules/vg-cr-it-2.2/7.3.1.3/")
        target = preview.locator(".preview-head a").get_attribute("href")
        preview.locator(".preview-head a").tap()
        page.wait_for_url(f"**{target}")
    finally:
        context.close()


def test_keyboard_hints_show_only_where_there_is_a_keyboard(browser, site_server, load_documents):
    """A touch phone (coarse pointer, no hover) shows no "j/k", "g" or "/" hints; a desktop does."""
    load_documents("vg-cr-it-2.2")
    for touch, visible in ((True, False), (False, True)):
        context = browser.new_context(viewport=PHONE if touch else DESKTOP, has_touch=touch, is_mobile=touch)
        page = context.new_page()
        try:
            page.goto(f"{site_server.url}/rules/vg-cr-it-2.2/7.2.1.2/")
            assert page.locator(".pager kbd.key-hint").first.is_visible() is visible
            assert page.locator("#jump summary kbd").is_visible() is visible
            assert page.locator(".site-footer .keys").is_visible() is visible
            assert ("( / )" in page.locator("#site-search").get_attribute("placeholder")) is visible
        finally:
            context.close()
