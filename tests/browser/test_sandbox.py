"""The scenario sandbox in a real browser, at desktop and phone widths: build a board from
scratch, attack with a boost, guard, drive check to the damage step, undo, branch and compare,
save, reload the permalink, export and import the JSON."""
import json

import pytest

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def swapped(page, action) -> None:
    """Run ``action`` (a click that submits a sandbox form) and wait for the in-place swap."""
    before = page.evaluate("Number(document.documentElement.dataset.sbSwaps || 0)")
    action()
    # A function, not an expression string: the page's Content-Security-Policy forbids eval.
    page.wait_for_function("(before) => Number(document.documentElement.dataset.sbSwaps || 0) > before", arg=before)


def add_card(page, player: str, zone: str, template: str, count: int = 1, name: str = "") -> None:
    page.select_option("#sb-add-player", player)
    page.select_option("#sb-add-zone", zone)
    page.select_option("#sb-add-template", template)
    page.fill("#sb-add-name", name)
    page.fill("#sb-add-count", str(count))
    swapped(page, lambda: page.click("#sb-add-submit"))
    assert page.locator("#sb-error").count() == 0


def answer(page, label_start: str) -> None:
    button = page.locator("#decision button.sb-option", has_text=label_start).first
    button.wait_for()
    swapped(page, button.click)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_build_play_branch_save_export_import(browser, site_server, screenshot_dir, viewport,
                                              tmp_path):
    width = viewport["width"]
    context = browser.new_context(viewport=viewport, has_touch=width < 500, accept_downloads=True)
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/sandbox/")
        page.click("#sb-new")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        permalink = page.url

        # Build both fields from scratch with the templates.
        add_card(page, "0", "vanguard", "grade3")
        add_card(page, "0", "back_centre", "grade1")
        add_card(page, "0", "deck", "critical")
        add_card(page, "0", "deck", "grade1", 3)
        add_card(page, "1", "vanguard", "grade3")
        add_card(page, "1", "hand", "grade1", name="<b>Guard</b> <script>window.pwned=1</script>")
        add_card(page, "1", "deck", "grade2", 4)
        # A custom card whose ability has two effects, built field by field (no JSON typed).
        page.select_option("#sb-add-player", "0")
        page.select_option("#sb-add-zone", "drop")
        page.select_option("#sb-add-template", "custom")
        page.fill("#sb-add-name", "Two-effect unit")
        page.fill("#sb-add-count", "1")
        page.locator(".sb-custom > summary").click()
        page.select_option("#sb-ab-timing", "on_attack")
        page.select_option("#sb-ab-effect-1", "power")
        page.fill("#sb-ab-effect-amount-1", "5000")
        page.select_option("#sb-ab-effect-target-1", "self")
        page.select_option("#sb-ab-effect-duration-1", "end_of_battle")
        page.locator("details.sb-more", has=page.locator("#sb-ab-effect-2")).locator("summary").click()
        page.select_option("#sb-ab-effect-2", "draw")
        page.fill("#sb-ab-effect-count-2", "1")
        swapped(page, lambda: page.click("#sb-add-submit"))
        assert page.locator("#sb-error").count() == 0
        assert "then draw 1 card" in page.locator(".sb-a-drop .sb-ab").first.inner_text()
        page.fill("#sb-settings input[name=turn]", "2")
        page.select_option("#sb-settings select[name=turn_player]", "0")
        page.select_option("#sb-settings select[name=first_player]", "1")
        page.select_option("#sb-settings select[name=phase]", "battle")
        swapped(page, lambda: page.click("#sb-settings button"))
        assert page.locator(".sb-a-vanguard .sb-card").count() == 2
        assert page.evaluate("window.pwned") is None
        assert "<b>Guard</b>" in page.locator(".sb-hand .sb-name").first.inner_text()
        page.screenshot(path=str(screenshot_dir / f"sandbox-builder-{width}.png"), full_page=True)

        swapped(page, lambda: page.click("#sb-start"))
        assert page.locator("#sb-error").count() == 0
        swapped(page, lambda: page.click("#decision button[value=decision]"))
        answer(page, "Attack")
        answer(page, "Target")
        answer(page, "Boost")
        answer(page, "Guard")  # player 1 guards with the grade 1 from hand
        # The critical trigger on the drive check asks where its bonuses go.
        answer(page, "Choose")
        answer(page, "Choose")
        log = page.locator("#sb-log")
        text = log.inner_text()
        for words in ("boosts", "guardian circle", "drive check", "critical trigger", "damage"):
            assert words in text, words
        drive_ref = log.locator('a.clause-ref[href="/rules/vg-cr-it-2.2/7.5.1.2/"]').first
        assert drive_ref.get_attribute("data-preview") == "/rules/vg-cr-it-2.2/7.5.1.2/preview/"
        assert page.locator(".sb-mat-top .sb-a-damage .sb-count").inner_text() != "0"
        page.screenshot(path=str(screenshot_dir / f"sandbox-damage-step-{width}.png"), full_page=True)

        # A judge action, logged as one.
        page.locator("#judge summary").click()
        judge_form = page.locator("#judge form").filter(has=page.locator("input[value=judge_set_damage]"))
        judge_form.locator("select[name=player]").select_option("0")
        judge_form.locator("input[name=count]").fill("1")
        swapped(page, lambda: judge_form.locator("button").click())
        assert "judge sets the second player's damage to 1" in page.locator("#sb-log").inner_text()

        # Undo back to the guard decision, then pass instead: a second branch.
        for _ in range(10):  # (a point where the engine stopped at the battle's end asks nothing)
            prompt = page.locator("#decision .sb-prompt")
            if prompt.count() and prompt.inner_text().find("guardian") >= 0:
                break
            swapped(page, lambda: page.click("#sb-undo"))
        assert "guardian" in page.locator("#decision .sb-prompt").inner_text()
        answer(page, "Pass")
        assert page.locator(".sb-branches > li").count() == 2
        page.click("#sb-compare-form button")
        page.wait_for_url("**/compare/**")
        assert page.locator(".sb-compare > section").count() == 2
        assert "guardian circle" in page.locator(".sb-side-a").inner_text() + page.locator(".sb-side-b").inner_text()
        page.screenshot(path=str(screenshot_dir / f"sandbox-compare-{width}.png"), full_page=True)

        # Player views hide the opponent's hand and every deck.
        page.goto(permalink + "?view=p0")
        assert page.locator(".sb-mat-top .sb-hand .sb-back").count() == 1
        assert page.locator(".sb-a-deck .sb-card:not(.sb-back)").count() == 0

        # Save the ruling, reload the permalink.
        page.goto(permalink)
        page.fill("#sb-f-title", "Boosted attack into a guard")
        page.fill("#sb-f-question", "Does the guard stop a boosted twin-drive attack?")
        page.fill("#sb-f-tags", "battle, guard")
        page.fill("#sb-f-clauses", "7.4.1.2.2 7.5.1.2")
        swapped(page, lambda: page.click("#sb-save"))
        page.goto(permalink)
        assert page.locator("#sb-title").inner_text() == "Boosted attack into a guard"
        assert page.locator('#ruling a.clause-ref[href="/rules/vg-cr-it-2.2/7.5.1.2/"]').count() == 1
        assert page.locator(".sb-branches > li").count() == 2

        # Export, then import the file as a new scenario.
        with page.expect_download() as info:
            page.click("#sb-export")
        path = tmp_path / "scenario.json"
        info.value.save_as(path)
        exported = json.loads(path.read_text(encoding="utf-8"))
        assert exported["format"] == "judgeapp-scenario/2"
        assert exported["metadata"]["title"] == "Boosted attack into a guard"
        page.goto(f"{site_server.url}/sandbox/")
        page.set_input_files("#sb-import-file", str(path))
        page.click("#sb-import")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        assert page.url != permalink
        assert page.locator("#sb-title").inner_text() == "Boosted attack into a guard"
        assert "guardian circle" not in page.locator("#sb-log").inner_text()  # the exported line passed
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(screenshot_dir / f"sandbox-imported-{width}.png"), full_page=True)
    finally:
        context.close()
